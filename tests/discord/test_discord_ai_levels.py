"""AI levels from the lobby: easy / normal / hard seats, their names, their storage, a
game played by them in a worker process while the bot stays responsive."""
from __future__ import annotations

import asyncio

from bot.i18n import t
from engine import registry
from engine.search import Budget, knowledge
from harness import ALICE, new_table
from storage.ai_levels import AiLevels

TINY = {"normal": Budget(iterations=4, seconds=1.0), "hard": Budget(iterations=60, seconds=0.3)}


async def test_lobby_adds_ai_seats_at_each_level(offline):
    gid, lobby = await new_table(offline, ALICE)
    for verb in ("ai", "ai_normal", "ai_hard"):
        await offline.click(ALICE, offline.fake.messages[lobby.message_id], f"l1:{gid}:{verb}")
    row = await offline.table.db.load_game(gid)
    loc = row.locale
    names = [t("ai.name_level", loc, n=n, level=t(f"ai.level.{level}", loc))
             for n, level in ((1, "easy"), (2, "normal"), (3, "hard"))]
    assert [s.name for s in row.seats][1:] == names
    content = offline.fake.messages[lobby.message_id].content
    assert all(name in content for name in names)               # shown in the lobby
    levels = await AiLevels(offline.table.db).of_table(gid)
    assert [levels[n] for n in names] == ["easy", "normal", "hard"] and levels[""] == "hard"


async def test_searching_seats_play_in_a_worker_while_the_bot_stays_responsive(offline):
    offline.table.ai.budgets = dict(TINY)
    gid, lobby = await new_table(offline, ALICE)
    for verb in ("ai_normal", "ai_hard", "ai_hard"):
        await offline.click(ALICE, offline.fake.messages[lobby.message_id], f"l1:{gid}:{verb}")
    await offline.click(ALICE, offline.fake.messages[lobby.message_id], f"l1:{gid}:start")
    row = await offline.table.db.load_game(gid)
    game = registry.get(row.type)
    human = row.seat_of(ALICE.id)
    assert {d.seat for d in game.pending(row.state)} == {human}  # the AI seats have moved
    ticks = 0

    async def tick():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    ticker = asyncio.create_task(tick())
    view = knowledge(game, row.state, human)                    # a search of ~0.3 s CPU
    try:
        pick = await offline.table.ai._search(row.type, view, "hard", 1)
    finally:
        ticker.cancel()
    assert pick in view["my_decision"]["options"]
    assert ticks > 5, "the event loop ran while the worker process searched"
    levels = {s.seat: await offline.table.ai.level_of(row, s.seat) for s in row.seats if s.is_ai}
    assert sorted(levels.values()) == ["hard", "hard", "normal"]
    # a player handed to the AI plays at the table's level (the last chosen)
    assert await offline.table.ai.level_of(row, human) == "hard"
