"""One bot process of the PostgreSQL race test (test_pg_race.py): the real
TableService on a shared database, clicking what every other worker clicks.

    python race_worker.py URL clicks TABLE_ID...
    python race_worker.py URL deadlines NOW

The test drives the workers in rounds: a worker prepares its round, prints ``ready``
and waits for a line on its standard input; the test sends it to every worker at once
when all are ready.  ``clicks``: in each of ``ROUNDS`` rounds, click on every table the option the engine's AI picks for the table's
current seq with a seed made of (table, seq): workers at the same seq make identical
clicks.  ``deadlines``: one round: run the turn clock as if it were ``NOW``.  Prints
one JSON line: every click as ``[table, expected_seq, "applied" | "stale" | error]``, or
the tables where the clock timed a seat out and the DMs it sent (reminders).
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
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


async def _go() -> None:
    """Ready; wait for the test's signal (sent to every worker at once)."""
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)


async def clicks(svc: TableService, tables: list[int]) -> dict:
    done = []
    for _ in range(ROUNDS):
        fires = [await _click(svc, t) for t in tables]
        await _go()
        done += await asyncio.gather(*(fire() for fire in fires))
    return {"clicks": done}


async def deadlines(svc: TableService, now: float) -> dict:
    await _go()
    timed_out = await svc.enforce_deadlines(now)
    return {"timed_out": timed_out, "dms": svc.notifier.dms}


async def main(url: str, mode: str, args: list[str]) -> dict:
    db = await open_database(url)
    try:
        svc = TableService(db, LoadNotifier(), renderer=Renderer(enabled=False))
        if mode == "clicks":
            return await clicks(svc, [int(a) for a in args])
        return await deadlines(svc, float(args[0]))
    finally:
        await db.close()


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))), flush=True)
