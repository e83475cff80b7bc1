"""A database filled with real games of every type, played by the engines through the
repository, with something in every table (messages, preferences, notices, undo
points, ratings, clocks, vacations, AI levels, the outbox).  For the migrate-db test
and its figures; run as a script: ``python tests/storage/real_games.py PATH GAMES``.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from engine import ai, registry
from storage import SeatRow, open_database
from storage.ai_levels import AiLevels
from storage.clock import ClockStore, SeatClock
from storage.memory import Memory, Rating
from storage.outbox import Outbox

USER = 1_000_000_000_000_000_000  # Discord snowflakes are this large


async def fill(target, games: int, *, seed: int = 1, moves: int = 12) -> list[int]:
    """Play ``games`` games (types in turn) ``moves`` moves deep into ``target``."""
    rng = random.Random(seed)
    types = registry.available()
    db = await open_database(target)
    memory, clocks = Memory(db), ClockStore(db)
    ids = []
    try:
        for n in range(games):
            ids.append(await _one_game(db, memory, clocks, registry.get(types[n % len(types)]),
                                       rng, n, moves))
        await db.set_user_pref(USER + 1, locale="cs", dm_closed=True)
        await clocks.set_notify(USER + 2, "reminders")
        await clocks.add_vacation(USER + 1, 1000.5, 2000.25)
    finally:
        await db.close()
    return ids


async def _one_game(db, memory, clocks, game, rng, n, moves) -> int:
    seats = rng.randint(game.min_seats, game.max_seats)
    users = [USER + rng.randrange(50) * 7 + i for i in range(seats)]
    game_id = await db.create_game(game.id, engine_version=1, options={"n": n},
                                   guild_id=USER + n % 3, channel_id=USER + n,
                                   host_id=users[0], locale=rng.choice(["en", "cs"]),
                                   turn_timeout=3600)
    rows = [SeatRow(i, u, False, f"Hráč {i} ✨") for i, u in enumerate(users)]
    state = game.setup(seats, {}, rng.randrange(1 << 48))
    await db.start_game(game_id, rows, state, seed=rng.randrange(1 << 48))
    for seq in range(moves):
        pending = game.pending(state)
        if not pending:
            break
        decision = pending[0]
        action = ai.choose(game, state, decision, rng, smart=False)
        before = state
        state = _copy(state)
        events = game.apply(state, decision.seat, action)
        await db.append_move(game_id, expected_seq=seq, seat=decision.seat,
                             action=action.to_json(), state=state,
                             events=[e.to_json() for e in events])
        if seq == 0:
            await memory.push_undo(game_id, seq + 1, decision.seat, before, state)
    await db.record_message(game_id, "board", USER + n, USER + 10 * n, seq=1, turn="t")
    await db.add_notice(game_id, users[0], f"notice {n}")
    await clocks.put([SeatClock(game_id, 0, "null", 1.5, 3601.5, None, 0, 3000.0 + n, 0)])
    await clocks.set_settings(game_id, reminders=[0.5, 0.9], zombie_after=3)
    if n % 4 == 0:
        await db.set_status(game_id, "finished")
        await memory.save_ratings(game_id, USER + n % 3, game.id,
                                  [Rating(u, 25.0 + i / 3, 8.333, 1) for i, u in enumerate(users)])
    await AiLevels(db).set(game_id, "AI 2 (hard)", "hard")
    await Outbox(db).open(game_id, 1, {"turn": None}, actor=0)
    await Outbox(db).mark(game_id, "board:1", 1, {"message": USER + n})
    return game_id


def _copy(state):
    return json.loads(json.dumps(state))


if __name__ == "__main__":
    path, count = sys.argv[1], int(sys.argv[2])
    Path(path).unlink(missing_ok=True)
    asyncio.run(fill(path, count))
    print(f"{count} games in {path}")
