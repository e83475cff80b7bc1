"""Rendering for the bot: off the event loop, cached per (game, seq, viewer).

The renderer only ever receives a view (what one seat or a spectator may know), so a
picture cannot leak what it never receives.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict

log = logging.getLogger(__name__)


class Renderer:
    """Turns views into encoded images; ``enabled=False`` skips images entirely."""

    def __init__(self, *, enabled: bool = True, cache_size: int = 64) -> None:
        self.enabled = enabled
        self._cache: OrderedDict[tuple, tuple[bytes, str]] = OrderedDict()
        self._size = cache_size

    async def table(self, game_id: str, view: dict, locale: str, table_id: int, seq: int):
        return await self._render(("table", game_id, table_id, seq, None, locale), game_id, view, locale, "table")

    async def private(self, game_id: str, view: dict, locale: str, table_id: int, seq: int, seat: int):
        return await self._render(("private", game_id, table_id, seq, seat, locale), game_id, view, locale, "private")

    async def _render(self, key: tuple, game_id: str, view: dict, locale: str, which: str):
        if not self.enabled:
            return None
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        try:
            out = await asyncio.to_thread(render_bytes, game_id, view, locale, which)
        except Exception:  # a picture must never block a move that is already saved
            log.exception("rendering %s %s failed; posting without an image", game_id, which)
            return None
        if out is not None:
            self._cache[key] = out
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return out


def render_bytes(game_id: str, view: dict, locale: str, which: str = "table"):
    """(encoded bytes, extension) of a table or private image, or None when there is none."""
    from render import kit, renderer  # Pillow is imported only where images are made

    module = renderer(game_id)
    fn = module.render_table if which == "table" else module.render_private
    image = fn(view, locale)
    if image is None:
        return None
    return kit.encode(image), kit.FILENAME_EXT
