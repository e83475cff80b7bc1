"""How long one button click takes end to end in the offline harness.

A click is timed from the interaction payload entering discord.py until every reply,
channel post, DM and edit it caused has been delivered (to the fake Discord).  The
clicks are real moves of four humans playing Citadels from their private panels.

    python -m bot bench        # (the CLI prints ``summary(await click_latency_ms(200))``)
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bot.offline import OfflineDiscord, TablePlayer, User, block_sockets

PLAYERS = tuple(User(200 + i, f"Player {i}", "cs" if i % 2 else "en-US") for i in range(1, 5))


async def _new_game(d: OfflineDiscord, seed: int) -> TablePlayer:
    host, *guests = PLAYERS
    lobby = (await d.slash(host, "game new", game="citadels")).last
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    for guest in guests:
        await d.click(guest, lobby, f"l1:{game_id}:join")
    await d.table.start(game_id, host.id, seed=seed)
    return TablePlayer(d, game_id, {u.id: u for u in PLAYERS})


async def click_latency_ms(n: int = 200, *, images: bool = False) -> list[float]:
    """Milliseconds for each of ``n`` decision clicks (games are replayed as needed)."""
    samples: list[float] = []
    with block_sockets(), tempfile.TemporaryDirectory() as tmp:
        async with OfflineDiscord.open(Path(tmp) / "bench.sqlite", images=images) as d:
            seed = 1
            player = await _new_game(d, seed)
            while len(samples) < n:
                turn = await player.next_turn()
                if turn is None:
                    seed += 1
                    player = await _new_game(d, seed)
                    continue
                user, decision = turn
                panel = await player.panel_for(user)
                option = await player.wanted_option(decision)
                start = time.perf_counter()
                await player.choose(user, panel, option)
                samples.append((time.perf_counter() - start) * 1000)
            if d.problems:
                raise AssertionError(f"Discord limits violated: {d.problems[:3]}")
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"clicks": len(ordered), "median_ms": round(statistics.median(ordered), 2),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
            "max_ms": round(ordered[-1], 2)}
