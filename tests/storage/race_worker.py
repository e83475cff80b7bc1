"""One bot process of the PostgreSQL race test (test_pg_race.py): the real
TableService on a shared database, clicking what every other worker clicks.

    python race_worker.py URL clicks ROUND_S TABLE_ID...
    python race_worker.py URL deadlines NOW

Once connected, a worker prints ``ready`` and reads START (a wall-clock time, the same
for every worker) from its standard input.  ``clicks``: for each round ``r``, at
``START + r * ROUND_S``, click on every table the option the engine's AI picks for the table's
current seq with a seed made of (table, seq): workers at the same seq make identical
clicks.  ``deadlines``: at ``START``, run the turn clock as if it were ``NOW``.  Prints
one JSON line: every click as ``[table, expected_seq, "applied" | "stale" | error]``, or
the tables where the clock timed a seat out and the DMs it sent (reminders).
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.access import Caller  # noqa: E402
from bot.loadtest import LoadNotifier  # noqa: E402
from bot.render_service import Renderer  # noqa: E402
from bot.table import TableError, TableService  # noqa: E402
from engine import ai, registry  # noqa: E402
from storage import open_database  # noqa: E402

ROUNDS = 8


async def _click(svc: TableService, table: int) -> list:
    """Prepare this table's click at its current seq; returns a coroutine's result later."""
    row = await svc.db.load_game(table)
    game = registry.get(row.type)
    decision = game.pending(row.state)[0]
    user = next(s.user_id for s in row.seats if s.seat == decision.seat)
    option = ai.choose(game, row.state, decision, random.Random(f"{table}:{row.seq}"),
                       smart=False).option

    async def fire() -> list:
        try:
            await svc.act(table, Caller.at_table(row, user), option, row.seq, panel_image=False)
            return [table, row.seq, "applied"]
        except TableError as err:
            return [table, row.seq, "stale" if err.key == "stale" else err.key]
    return fire


async def _sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))


async def clicks(svc: TableService, tables: list[int], start: float, round_s: float) -> dict:
    done = []
    for r in range(ROUNDS):
        fires = [await _click(svc, t) for t in tables]
        await _sleep_until(start + r * round_s)
        done += await asyncio.gather(*(fire() for fire in fires))
    return {"clicks": done}


async def deadlines(svc: TableService, start: float, now: float) -> dict:
    await _sleep_until(start)
    timed_out = await svc.enforce_deadlines(now)
    return {"timed_out": timed_out, "dms": svc.notifier.dms}


async def main(url: str, mode: str, args: list[str]) -> dict:
    db = await open_database(url)
    try:
        svc = TableService(db, LoadNotifier(), renderer=Renderer(enabled=False))
        print("ready", flush=True)
        start = float(await asyncio.to_thread(sys.stdin.readline))
        if mode == "clicks":
            return await clicks(svc, [int(a) for a in args[1:]], start, float(args[0]))
        return await deadlines(svc, start, float(args[0]))
    finally:
        await db.close()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))), flush=True)
