"""Play a whole game offline through the real stack: table service, SQLite, renderer.

Every seat is a simulated person (user ids 1001, 1002, ...) whose moves an AI chooses
and sends through ``TableService.act`` exactly like a button click, so channel posts,
private messages and the database are the ones a Discord table would get.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot.access import Caller
from bot.render_service import Renderer
from bot.compose import seat_names
from bot.table import TableService
from bot.transcript import TranscriptNotifier
from engine import ai, registry
from storage import open_database

FIRST_USER = 1001
CHANNEL = 1


def user_names(players: int, locale: str = "en") -> dict[int, str]:
    word = "Hráč" if locale == "cs" else "Player"
    return {FIRST_USER + i: f"{word} {i + 1}" for i in range(players)}


def ai_rng(state: dict, seq: int) -> random.Random:
    """The AI's randomness: a function of the game position only, so runs repeat exactly."""
    return random.Random((int(state.get("rng", 0)) << 20) ^ seq)


async def simulate(game_id: str, players: int, seed: int, out: Path, *,
                   options: dict[str, Any] | None = None, stop_after: int | None = None,
                   resume: bool = False, images: bool = True, locale: str = "en",
                   days: int | None = None) -> dict:
    """Run (or resume) one game; returns the summary printed as the last stdout line.
    ``days``: play on a simulated clock for at most that many days (``bot.simulate_days``)."""
    if days is not None:
        from bot.simulate_days import simulate_days
        return await simulate_days(game_id, players, seed, out, days, options=options,
                                   images=images, locale=locale)
    game = registry.get(game_id)
    game.check_seats(players)
    game.parse_options(options)  # refuse bad options before touching the output folder
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    db_path = out / "game.sqlite"
    if not resume:
        for stale in [db_path, *out.glob("game.sqlite-*"), out / "transcript.md", *out.glob("*.png")]:
            stale.unlink(missing_ok=True)
    db = await open_database(db_path)
    try:
        names = user_names(players, locale)
        notifier = TranscriptNotifier(out, names, images=images)
        table = TableService(db, notifier, renderer=Renderer(enabled=images))
        if resume:
            rows = await db.list_games(statuses=("active", "finished"))
            if not rows:
                raise SystemExit(f"nothing to resume in {db_path}")
            table_id = rows[0].id
        else:
            host = FIRST_USER
            row = await table.create_lobby(game_id, guild_id=None, channel_id=CHANNEL, host_id=host,
                                           host_name=names[host], options=options, locale=locale)
            table_id = row.id
            for uid in list(names)[1:]:
                await table.join(table_id, Caller.at_table(row, uid), names[uid])
            await table.start(table_id, Caller.at_table(row, host), seed=seed)
        result = await _drive(table, notifier, table_id, stop_after)
        result["seed"] = seed
        return result
    finally:
        await db.close()


async def _drive(table: TableService, notifier: TranscriptNotifier, table_id: int,
                 stop_after: int | None) -> dict:
    row = await table.db.load_game(table_id)
    game = registry.get(row.type)
    while row.status == "active":
        if stop_after is not None and row.seq >= stop_after:
            break
        decision = game.pending(row.state)[0]
        user = next(s.user_id for s in row.seats if s.seat == decision.seat)
        action = ai.choose(game, row.state, decision, ai_rng(row.state, row.seq))
        outcome = await table.act(table_id, Caller.at_table(row, user), action.option, row.seq,
                                  panel_image=False)
        notifier.ephemeral(user, outcome.panel)
        row = outcome.row
    return summary(row, game)


def summary(row, game) -> dict:
    result = game.result(row.state) if row.state else None
    names = seat_names(row)
    return {
        "game": row.type,
        "players": len(row.seats),
        "seed": None,
        "moves": row.seq,
        "status": row.status,
        "winner": [names[s] for s in result.winners] if result else [],
        "scores": {names[s]: result.scores[s] for s in sorted(result.scores)} if result else {},
    }


def dumps(summary_: dict) -> str:
    return json.dumps(summary_, ensure_ascii=False, sort_keys=False)
