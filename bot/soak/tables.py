"""Tables on the real offline Discord stack (``bot/offline.py``) for the soak probes."""
from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import AsyncIterator

from bot.offline import FakeDiscord, OfflineDiscord, TablePlayer, User, block_sockets
from engine import registry

__all__ = ["users_for", "offline_bot", "start_table", "click_for"]


def users_for(game_id: str, base: int = 300) -> tuple[User, ...]:
    """Human players for a ``game_id`` table: up to four, at least the game's minimum."""
    game = registry.get(game_id)
    seats = max(game.min_seats, min(4, game.max_seats))
    return tuple(User(base + i, f"Player {i}", "cs-CZ" if i % 2 else "en-US") for i in range(seats))


@contextlib.asynccontextmanager
async def offline_bot(path: Path, fake: FakeDiscord | None = None
                      ) -> AsyncIterator[OfflineDiscord]:
    """The real bot on the SQLite file ``path`` (talking to ``fake``), network blocked,
    no images."""
    with block_sockets():
        async with OfflineDiscord.open(path, images=False, fake=fake) as d:
            yield d


async def start_table(d: OfflineDiscord, game_id: str, users: tuple[User, ...], seed: int,
                      rnd: random.Random | None = None) -> TablePlayer:
    """A started all-human ``game_id`` table of ``users`` with a fixed ``seed``."""
    host, *guests = users
    table_id, _lobby = await d.open_lobby(host, game_id, tuple(guests))
    await d.table.start(table_id, None, seed=seed)
    return TablePlayer(d, table_id, {u.id: u for u in users}, rnd)


def click_for(panel, option: str) -> tuple[str, list[str] | None]:
    """(custom id, select values) that choose ``option`` on ``panel``."""
    for c in panel.components:
        cid = c["custom_id"]
        if cid.startswith("c1:") and cid.split(":", 3)[3] == option:
            return cid, None
        if cid.startswith("s1:") and option in [o["value"] for o in c["options"]]:
            return cid, [option]
    raise LookupError(f"option {option} is not offered: {panel.custom_ids()}")
