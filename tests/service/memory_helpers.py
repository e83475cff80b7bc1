"""Shared by the memory tests: a table of human seats played through the table service
with seeded random choices (a real SQLite file, no Discord)."""
from __future__ import annotations

import random

from bot.access import Caller
from bot.table import TableService
from engine import registry
from storage import open_database
from tests.service.test_table import Outbox

GUILD, CHANNEL = 7, 500
USERS = [201, 202, 203, 204, 205, 206]


def at(user_id: int) -> Caller:
    return Caller(user_id, GUILD, CHANNEL)


async def service(path) -> tuple[TableService, Outbox]:
    out = Outbox()
    svc = TableService(await open_database(path), out)
    svc.renderer.enabled = False
    return svc, out


async def human_table(svc: TableService, game_id: str, seed: int, *, seats: int | None = None,
                      ai: int = 0) -> int:
    """A started table of ``seats`` humans (default: the game's minimum) plus ``ai`` AI seats."""
    game = registry.get(game_id)
    humans = (seats or game.min_seats) - ai
    row = await svc.create_lobby(game_id, guild_id=GUILD, channel_id=CHANNEL, host_id=USERS[0],
                                 host_name="P1")
    for i in range(1, humans):
        await svc.join(row.id, at(USERS[i]), f"P{i + 1}")
    for _ in range(ai):
        await svc.add_ai(row.id, at(USERS[0]))
    await svc.start(row.id, at(USERS[0]), seed=seed)
    return row.id


async def random_move(svc: TableService, game_id: int, rnd: random.Random):
    """One seeded random move of a waiting human: (user, seat, option id), after it is made."""
    row = await svc.db.load_game(game_id)
    game = registry.get(row.type)
    humans = {s.seat: s.user_id for s in row.seats if not s.is_ai}
    decision = rnd.choice([d for d in game.pending(row.state) if d.seat in humans])
    option = rnd.choice(decision.options).id
    await svc.act(game_id, at(humans[decision.seat]), option, row.seq, panel_image=False)
    return humans[decision.seat], decision.seat, option


async def play_out(svc: TableService, game_id: int, rnd: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        if (await svc.db.load_game(game_id)).status != "active":
            return
        await random_move(svc, game_id, rnd)
    raise AssertionError("game did not finish")
