"""Clicks through the table service on a few tables, each clicked many times, with
LiveDatabase keeping ``--rows`` game rows (0: none); for counting instructions per
click with and without the game-row cache (not a test):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python tests/storage/live_clicks.py --rows 10000 --clicks 200

Run it with ``--clicks 0`` and ``--clicks N`` for each ``--rows``: the difference of
the "Collected" instruction counts divided by N is the instructions of one click
(set PYTHONHASHSEED=0 for repeatable counts).  The loadtest's tables and clicks
(bot/loadtest.py) on a fresh SQLite file, or on ``--database``, an empty PostgreSQL
database.  Prints the cache's hits and misses.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.loadtest import Load, LoadNotifier, click, create_tables  # noqa: E402
from bot.render_service import Renderer  # noqa: E402
from bot.table import TableService  # noqa: E402
from storage import open_database  # noqa: E402
from storage.live import LiveDatabase  # noqa: E402


async def clicks(target: str, rows: int, tables: int, n: int) -> dict:
    """Every table clicked once (its row then kept), then ``n`` clicks round robin."""
    db = await open_database(target)
    try:
        rnd = random.Random(1)
        playing = await create_tables(db, tables, rnd)
        svc = TableService(LiveDatabase(db, games=rows), LoadNotifier(),
                           renderer=Renderer(enabled=False, processes=False))
        await svc.delivery.start()  # each table's first board, as the loadtest's fill
        await svc.delivery.stop()
        load = Load()
        for i in range(tables + n):
            await click(svc, playing[i % tables], rnd, load)
        return {"rows": rows, "clicks": len(load.latencies), "errors": load.errors,
                "game_hits": svc.db.game_hits, "game_misses": svc.db.game_misses}
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--database")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        target = args.database or str(Path(tmp) / "clicks.sqlite")
        print(json.dumps(asyncio.run(clicks(target, args.rows, args.tables, args.clicks))))


if __name__ == "__main__":
    main()
