"""One bot process of the PostgreSQL race test (test_pg_race.py): the offline Discord
stack (``bot.offline``: the real discord.py client, cogs and DynamicItems, only the
network captured) on a shared database, clicking what every other worker clicks.

    python race_worker.py URL JOURNALS INDEX clicks TABLE_ID...
    python race_worker.py URL JOURNALS INDEX deadlines NOW...

Its Discord is a :class:`ShardDiscord` journaling to ``JOURNALS/worker<INDEX>.jsonl``.
The test drives the workers in rounds: a worker prepares its round, prints ``ready``
and waits for a line on its standard input; the test sends it to every worker at once
when all are ready.  ``clicks``: in each of ``ROUNDS`` rounds, on every table the
player to move opens their panel from the table's latest board ("My hand") and the
worker prepares the click on the option the engine's AI picks with a seed made of
(table, seq): workers at the same seq make identical clicks (the same custom id).
``deadlines``: a round per ``NOW``: run the turn clock as if it were ``NOW``.  Prints
one JSON line: every click as ``[table, expected_seq, seat, option, "applied" |
"already" | "stale"]``, or per round the tables where the clock timed a seat out and
the DMs it sent (reminders); and the Discord limits or protocol problems the fake saw.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.i18n import t  # noqa: E402
from bot.offline import OfflineDiscord, Sent, User  # noqa: E402
from engine import ai, registry  # noqa: E402

from shard_discord import ShardDiscord  # noqa: E402

ROUNDS = 8
LOCALE = "en-US"


def option_component(panel: Sent, option: str) -> tuple[str, list[str] | None]:
    """The custom id (and select values) that choose ``option`` on ``panel``."""
    for c in panel.components:
        cid = c.get("custom_id", "")
        if cid.startswith("c1:") and cid.split(":", 3)[3] == option:
            return cid, None
        if cid.startswith("s1:") and option in [o["value"] for o in c["options"]]:
            return cid, [option]
    raise AssertionError(f"option {option} is not offered: {panel.custom_ids()}")


def outcome(text: str) -> str:
    """What the clicker was told: the move went in, or someone's identical one did."""
    if t("panel.already_applied", LOCALE) in text:
        return "already"
    if t("panel.stale", LOCALE) in text or t("error.stale", LOCALE) in text:
        return "stale"
    return "applied"


async def _settled_board(d: OfflineDiscord, table: int, tries: int = 100):
    """The table's latest recorded board, once it shows "My hand": another process may be
    between disabling the old board and recording its new one (it posts under its own
    lock, which this process does not share)."""
    for _ in range(tries):
        board = d.fake.find((await d.table.db.latest_message(table, "board"))["message"])
        if f"p1:{table}" in board.custom_ids():
            return board
        await asyncio.sleep(0.02)
    raise AssertionError(f"table {table}: the latest board never showed 'My hand'")


async def _click(d: OfflineDiscord, table: int):
    """Open the mover's panel and prepare this table's click at its current seq."""
    row = await d.table.db.load_game(table)
    game = registry.get(row.type)
    decision = game.pending(row.state)[0]
    user = User(next(s.user_id for s in row.seats if s.seat == decision.seat), "Player", LOCALE)
    option = ai.choose(game, row.state, decision, random.Random(f"{table}:{row.seq}"),
                       smart=False).option
    board = await _settled_board(d, table)
    panel = (await d.click(user, board, f"p1:{table}")).last
    cid, values = option_component(panel, option)
    payload = d.click_payload(user, panel, cid, values)

    async def fire() -> list:
        ex = await d.feed(user, payload, panel.message_id)
        return [table, row.seq, decision.seat, option, outcome(ex.text)]
    return fire


async def _go() -> None:
    """Ready; wait for the test's signal (sent to every worker at once)."""
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)


async def clicks(d: OfflineDiscord, tables: list[int]) -> dict:
    done = []
    for _ in range(ROUNDS):
        fires = [await _click(d, t) for t in tables]
        await _go()
        done += await asyncio.gather(*(fire() for fire in fires))
    return {"clicks": done}


async def deadlines(d: OfflineDiscord, moments: list[float]) -> dict:
    rounds = []
    for now in moments:
        await _go()
        sent = len(d.fake.sent)
        timed_out = await d.table.enforce_deadlines(now)
        await d.settle()
        rounds.append({"timed_out": timed_out,
                       "dms": sum(s.kind == "dm" for s in d.fake.sent[sent:])})
    return {"deadlines": rounds}


async def main(url: str, journals: str, index: int, mode: str, args: list[str]) -> dict:
    d = await OfflineDiscord.start(url, images=False,
                                   fake=ShardDiscord(journals, f"worker{index}", index))
    try:
        if mode == "clicks":
            result = await clicks(d, [int(a) for a in args])
        else:
            result = await deadlines(d, [float(a) for a in args])
    finally:
        await d.close()
    return {**result, "problems": d.problems}


if __name__ == "__main__":
    url, journals, index, mode, *rest = sys.argv[1:]
    print(json.dumps(asyncio.run(main(url, journals, int(index), mode, rest))), flush=True)
