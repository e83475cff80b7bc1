"""The ``discord`` probe: Discord failing under real tables (``Faults`` in bot/offline.py).

Each game is played twice with the same seeds and the same choices through the real
offline stack: once with a healthy Discord (the reference) and once with failures
injected at the network edge on posts, DMs and edits: 429 with ``retry_after``,
500/502/503, timeouts before and *after* Discord made the message, and 50013 missing
permissions.  After each move the outage clears for the deliverer's retries (its clock
jumps ahead), as it would over real minutes.  Figures: every game ends, no move is
lost, every board, DM and ping of the reference run is delivered exactly once with the
same content (matched by the effect's nonce), no delivery job stays open, and the bot's
invalid requests stay far under Discord's 10,000 per 10 minutes.

A third run adds the permanent refusals, 50007 (a DM refused) and 10008 (a board deleted
by a moderator): their messages differ from the reference by design (news kept for the
panel and a ping; the board posted anew), so it checks that every game still ends, no
job stays open and no message is doubled.
"""
from __future__ import annotations

import asyncio
import logging
import random
import tempfile
from pathlib import Path

from bot.offline import Faults, FakeDiscord
from bot.soak.figures import Figure
from bot.soak.said import COUNTS, compare, said
from bot.soak.tables import click_for, offline_bot, start_table, users_for
from bot.effects import SOFT_LIMIT
from engine import ai, registry

__all__ = ["probe", "outage_game"]

RETRY_ROUNDS = 60


async def _play(game_id: str, path: Path, faults: Faults | None, moves: int,
                seed: int) -> dict:
    """One table played to its end (or ``moves`` human moves) with ``faults``."""
    users = users_for(game_id)
    fake = FakeDiscord()
    async with offline_bot(path, fake=fake) as d:
        fake.faults = faults
        player = await start_table(d, game_id, users, seed, random.Random(seed))
        made = stalls = 0
        await _drain(d)
        while made < moves:
            turn = await player.next_turn()
            if turn is None:
                break
            user, decision = turn
            row = await player.row()
            option = ai.choose(registry.get(row.type), row.state, decision,
                               random.Random(f"{seed}:{row.seq}")).option
            panel = (await d.slash(user, "game hand", game=player.game_id)).last
            cid, values = click_for(panel, option)
            await d.click(user, panel, cid, values)
            made += 1
            stalls += not await _drain(d)
        row = await player.row()
        notifier = d.table.notifier
        return {"said": said(fake), "seq": row.seq, "logged": len(await d.table.db.moves(row.id)),
                "status": row.status, "made": made, "stalls": stalls,
                "open": await d.table.delivery.outbox.count_open(),
                "invalid": notifier.invalid.count(), "nonce_hits": fake.nonce_hits,
                "deferred": d.table.delivery.deferred, "problems": len(d.problems),
                "injected": dict(faults.injected) if faults else {}}


async def _drain(d) -> bool:
    """Let the deliverer retry as if time passed until nothing is open; False if a job
    is still open after ``RETRY_ROUNDS`` rounds."""
    for _ in range(RETRY_ROUNDS):
        if await d.table.delivery.deliver_due(now=float("inf")) == 0:
            return True
        await asyncio.sleep(0)
    return False


def outage_game(game_id: str, moves: int, rate: float = 0.3, seed: int = 11) -> dict:
    """The reference, the transient-outage and the permanent-refusal runs of one table."""
    fig = Figure(game=game_id, moves=0, messages=0, missing=0, doubled=0, changed=0,
                 extra=0, moves_lost=0, games_stalled=0, jobs_left_open=0, harness_problems=0,
                 refusal_doubled=0, refusal_stalled=0, invalid_requests_10min=0,
                 nonce_resends=0, deferred_attempts=0, injected={})
    for name in ("bot.delivery", "bot.discord_notifier"):   # each deferral is expected here
        logging.getLogger(name).setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        ref = asyncio.run(_play(game_id, Path(tmp) / "ref.sqlite", None, moves, seed))
        bad = asyncio.run(_play(game_id, Path(tmp) / "bad.sqlite", Faults(rate, seed=seed),
                                moves, seed))
        mixed = asyncio.run(_play(game_id, Path(tmp) / "mix.sqlite",
                                  Faults(rate, Faults.TRANSIENT + ("50007", "10008"), seed=seed),
                                  moves, seed))
    fig["moves"], fig["messages"] = bad["made"], sum(len(v) for v in ref["said"].values())
    fig["extra"] = compare(fig, ref["said"], bad["said"])
    fig["moves_lost"] = (ref["seq"] != bad["seq"]) + (bad["logged"] != bad["seq"])
    fig["games_stalled"] = (bad["stalls"] > 0) + (bad["status"] != ref["status"])
    fig["jobs_left_open"] = bad["open"] + mixed["open"]
    fig["harness_problems"] = bad["problems"] + mixed["problems"]
    fig["refusal_doubled"] = sum(len(v) > 1 for v in mixed["said"].values())
    fig["refusal_stalled"] = (mixed["stalls"] > 0) + (mixed["status"] != ref["status"])
    fig["invalid_requests_10min"] = max(bad["invalid"], mixed["invalid"])
    fig["nonce_resends"] = bad["nonce_hits"] + mixed["nonce_hits"]
    fig["deferred_attempts"] = bad["deferred"] + mixed["deferred"]
    fig["injected"] = {k: bad["injected"].get(k, 0) + mixed["injected"].get(k, 0)
                       for k in set(bad["injected"]) | set(mixed["injected"])}
    over = fig["invalid_requests_10min"] >= SOFT_LIMIT
    return fig.done((*COUNTS, "extra", "moves_lost", "games_stalled",
                     "jobs_left_open", "harness_problems", "refusal_doubled",
                     "refusal_stalled"), extra=int(over))


def probe(games: list[str], moves: int, size: str):
    """Every game, up to ``moves`` human moves a table (small: the first game only)."""
    for game_id in games if size == "full" else games[:1]:
        yield outage_game(game_id, moves)
