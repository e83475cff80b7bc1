"""Figures for the game rows LiveDatabase keeps (storage/live.py), printed as JSON lines
(not a test):

    python tests/storage/live_figures.py [--database PATH] [--games 10000] [--repeat 5]

1. per game type: microseconds to hand out a state, ``json.loads`` of its stored text
   against ``marshal.loads`` of the kept bytes (and ``copy.deepcopy`` of the object);
2. per game type: microseconds of a whole ``load_game``, from the database
   (Database) against from memory (LiveDatabase: the ``rev`` read and the copy);
3. memory: bytes per kept row (tracemalloc, and the RSS growth) with up to ``--games``
   rows of the database kept.

``--database``: a SQLite file with stored games, e.g. the loadtest's; without it, 100
real games of every type (30 moves deep) are played into a temporary file (tests/storage/real_games.py).
Times are this process's CPU time (others' work on a shared machine does not count),
the best of ``--repeat`` rounds per figure.
"""
from __future__ import annotations

import argparse
import asyncio
import copy
import gc
import json
import marshal
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.loadtest import rss_mib  # noqa: E402
from real_games import fill  # noqa: E402
from storage import open_database  # noqa: E402
from storage.live import LiveDatabase  # noqa: E402


def best_us(fn, repeat: int, number: int = 200) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            fn()
        times.append((time.process_time() - start) / number)
    return round(min(times) * 1e6, 1)


async def best_async_us(fn, repeat: int, number: int = 200) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            await fn()
        times.append((time.process_time() - start) / number)
    return round(min(times) * 1e6, 1)


async def one_of_each_type(db) -> dict[str, int]:
    """A started game of each type (the one with the largest stored state)."""
    async with db._db.transaction(write=False) as tx:
        rows = await tx.fetchall("SELECT id, type, length(state) AS n FROM games"
                                 " WHERE state IS NOT NULL ORDER BY n")
    return {r["type"]: r["id"] for r in rows}


async def figures(database: str, games: int, repeat: int) -> None:
    async with LiveDatabase(await open_database(database), games=games) as live:
        for game_type, game_id in sorted((await one_of_each_type(live.inner)).items()):
            row = await live.inner.load_game(game_id)
            text = json.dumps(row.state, separators=(",", ":"), ensure_ascii=False)
            kept = marshal.dumps(row.state)
            await live.load_game(game_id)
            print(json.dumps({
                "game": game_type, "state_bytes_json": len(text), "state_bytes_kept": len(kept),
                "json_loads_us": best_us(lambda: json.loads(text), repeat),
                "marshal_loads_us": best_us(lambda: marshal.loads(kept), repeat),
                "deepcopy_us": best_us(lambda: copy.deepcopy(row.state), repeat, 20),
                "load_game_database_us": await best_async_us(
                    lambda: live.inner.load_game(game_id), repeat),
                "load_game_memory_us": await best_async_us(
                    lambda: live.load_game(game_id), repeat)}))
        async with live.inner._db.transaction(write=False) as tx:
            ids = [r[0] for r in await tx.fetchall(
                "SELECT id FROM games WHERE state IS NOT NULL ORDER BY id LIMIT ?", (games,))]
        live._games.clear()
        gc.collect()
        rss = rss_mib()
        for game_id in ids:
            await live.load_game(game_id)
        gc.collect()
        rss = rss_mib() - rss
        live._games.clear()
        gc.collect()
        tracemalloc.start()
        for game_id in ids:
            await live.load_game(game_id)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(json.dumps({
            "rows_kept": len(live._games), "bytes_per_row": round(held / len(live._games)),
            "mib_kept": round(held / 2**20, 1),
            "rss_growth_mib": round(rss, 1)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database
        if database is None:
            database = str(Path(tmp) / "games.sqlite")
            asyncio.run(fill(database, 500, moves=30))
        asyncio.run(figures(database, args.games, args.repeat))


if __name__ == "__main__":
    main()
