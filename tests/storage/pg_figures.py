"""Figures for the PostgreSQL backend, printed as JSON lines (not a test):

    python tests/storage/pg_figures.py [--moves 500] [--games 1000] [--repeat 3]

1. ``append_move`` latency (ms per committed move, one game, ~3 kB snapshots) on a SQLite
   file and on PostgreSQL over loopback (storage/bench.py), best and median of repeats;
2. ``python -m bot migrate-db`` of a SQLite file with ``--games`` real games of every
   type (tests/storage/real_games.py) into an empty PostgreSQL database: its own output.

Starts its own throwaway server (pg_server.py).  The test server runs with fsync off,
so PostgreSQL's figures leave out the disk flush a production server would make.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pg_server import PgServer  # noqa: E402
from real_games import fill  # noqa: E402
from storage.bench import measure_commit_times  # noqa: E402


async def _create(server: PgServer, name: str) -> str:
    await server.execute(f"CREATE DATABASE {name}")
    return server.url(name)


def _summary(times: list[float]) -> dict:
    times = sorted(times)
    return {"p50_ms": round(times[len(times) // 2], 3),
            "p99_ms": round(times[int(len(times) * 0.99)], 3),
            "moves_per_s": round(1000 * len(times) / sum(times))}


async def latency(server: PgServer, folder: Path, moves: int, repeat: int) -> list[dict]:
    out = []
    for backend in ("sqlite", "postgresql"):
        runs = []
        for n in range(repeat):
            target = folder / f"bench{n}.sqlite" if backend == "sqlite" \
                else await _create(server, f"bench{n}")
            runs.append(_summary(await measure_commit_times(target, moves)))
        best = min(runs, key=lambda r: r["p50_ms"])
        out.append({"figure": "append_move", "backend": backend, "moves": moves,
                    "best": best, "median_p50_ms": statistics.median(r["p50_ms"] for r in runs),
                    "median_p99_ms": statistics.median(r["p99_ms"] for r in runs)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    server = PgServer.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for line in asyncio.run(latency(server, folder, args.moves, args.repeat)):
                print(json.dumps(line), flush=True)
            source = folder / "games.sqlite"
            started = time.perf_counter()
            asyncio.run(fill(source, args.games))
            print(json.dumps({"figure": "real_games", "games": args.games,
                              "seconds": round(time.perf_counter() - started, 1),
                              "sqlite_bytes": source.stat().st_size}), flush=True)
            target = asyncio.run(_create(server, "migrated"))
            done = subprocess.run([sys.executable, "-m", "bot", "migrate-db", "--from",
                                   f"sqlite:{source}", "--to", target], cwd=ROOT,
                                  capture_output=True, text=True)
            print(done.stdout + done.stderr, end="", flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
