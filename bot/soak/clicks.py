"""The ``clicks`` probe: many identical concurrent clicks on one decision apply exactly
one move; two players picking at once in a simultaneous pick both land (through the
table service on a real SQLite file)."""
from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from engine import registry

from bot.soak.tables import click_for, offline_bot, start_table, users_for

__all__ = ["probe"]

#: moves played while looking for a simultaneous pick, by size
MAX_STEPS = {"small": 40, "full": 400}


async def _moves(player) -> int:
    return len(await player.d.table.db.moves(player.game_id))


async def _burst(player, clicks: int) -> dict:
    """``clicks`` identical clicks on the current decision at once."""
    user, decision = await player.next_turn()
    panel = await player.open_panel(user)
    cid, values = click_for(panel, await player.wanted_option(decision))
    before = await _moves(player)
    payloads = [player.d.click_payload(user, panel, cid, values) for _ in range(clicks)]
    exchanges = await asyncio.gather(*(player.d.feed(user, p, panel.message_id) for p in payloads))
    applied = await _moves(player) - before
    return {"clicks": clicks, "applied": applied,
            "unanswered": sum(not ex.responses for ex in exchanges)}


async def _simultaneous(player, rnd: random.Random, steps: int) -> dict:
    """Play on until two humans must pick at once; both click together; both must land."""
    game = registry.get((await player.row()).type)
    for _ in range(steps):
        row = await player.row()
        if row.status != "active":
            break
        pending = game.pending(row.state)
        seats = {d.seat: d for d in pending}
        if len(seats) >= 2:
            users = {s.seat: player.users[s.user_id] for s in row.seats}
            pair = rnd.sample(sorted(seats), 2)
            clicks = []
            for seat in pair:
                panel = await player.open_panel(users[seat])
                clicks.append((users[seat], panel,
                               *click_for(panel, await player.wanted_option(seats[seat]))))
            before = await _moves(player)
            await asyncio.gather(*(player.d.feed(u, player.d.click_payload(u, p, cid, v),
                                                 p.message_id) for u, p, cid, v in clicks))
            moves = await player.d.table.db.moves(player.game_id)
            landed = sorted(m["seat"] for m in moves[before:])
            return {"simultaneous_found": True, "simultaneous_landed": landed == sorted(pair)}
        await player.step()
    return {"simultaneous_found": False, "simultaneous_landed": None}


async def _probe_game(game_id: str, clicks: int, seed: int, steps: int) -> dict:
    started = time.perf_counter()
    rnd = random.Random(f"clicks:{game_id}:{seed}")
    with tempfile.TemporaryDirectory() as tmp:
        async with offline_bot(Path(tmp) / "clicks.sqlite") as d:
            player = await start_table(d, game_id, users_for(game_id), seed, rnd)
            for _ in range(rnd.randint(1, 6)):
                await player.step()
            figure = await _burst(player, clicks)
            figure.update(await _simultaneous(player, rnd, steps))
            problems = list(d.problems)
    figure["harness_problems"] = len(problems)
    figure["failures"] = ((figure["applied"] != 1) + figure["unanswered"]
                          + (figure["simultaneous_landed"] is False) + len(problems))
    figure["seconds"] = round(time.perf_counter() - started, 1)
    if problems:
        figure["examples"] = [p[:300] for p in problems[:3]]
    return {"game": game_id, **figure}


def probe(games: list[str], clicks: int, size: str):
    for game_id in games:
        yield asyncio.run(_probe_game(game_id, clicks, 20261124, MAX_STEPS[size]))
