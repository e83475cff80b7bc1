"""What a render worker runs: a view in, encoded picture bytes out.

The bot's render workers import this module and what it draws with, nothing of the
bot (its event loop, storage or Discord): see :mod:`render.workers`.
"""
from __future__ import annotations

import os
import time
from typing import Callable

__all__ = ["render_bytes", "timed_render", "warm_worker"]


def warm_worker(nice: int = 0) -> None:
    """Runs once in each worker: lower its priority by ``nice`` (the bot's event loop,
    which every click passes through, then goes first when both want a core), import
    Pillow, every game's render module and the fonts."""
    from bot import gc_policy
    from engine import registry
    from render import kit, renderer

    if nice:
        os.nice(nice)
    gc_policy.tune()
    for game_id in registry.available():
        renderer(game_id)
    kit.font(16)
    kit.font(16, bold=True)


def render_bytes(game_id: str, view: dict, locale: str, which: str = "table"):
    """(encoded bytes, extension) of a table or private image, or None when there is none."""
    from render import kit, renderer  # Pillow is imported only where images are made

    module = renderer(game_id)
    fn = module.render_table if which == "table" else module.render_private
    image = fn(view, locale)
    if image is None:
        return None
    return kit.encode(image), kit.FILENAME_EXT


def timed_render(game_id: str, view: dict, locale: str, which: str,
                 draw: Callable = render_bytes):
    """``draw`` (:func:`render_bytes`) and the seconds it took (from the worker's point of
    view: the view has arrived; the bytes still have to travel back)."""
    start = time.perf_counter()
    out = draw(game_id, view, locale, which)
    return out, time.perf_counter() - start
