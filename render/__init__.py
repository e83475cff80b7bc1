"""Renderers: one module per game (``render/<game_id>.py``), built on ``render.kit``.

Every renderer module offers ``render_table(view, locale) -> Image`` and
``render_private(view, locale) -> Image | None``; both are pure functions of an engine
view.  ``renderer(game_id)`` finds the module, falling back to ``render.generic``.
"""
from __future__ import annotations

import importlib
import re
from types import ModuleType

_GAME_ID = re.compile(r"[a-z][a-z0-9_]*\Z")


def renderer(game_id: str) -> ModuleType:
    """The render module of ``game_id``, or ``render.generic`` if it has none yet."""
    if _GAME_ID.match(game_id or ""):
        try:
            module = importlib.import_module(f"render.{game_id}")
        except ModuleNotFoundError as err:
            if err.name != f"render.{game_id}":
                raise                      # a real import error inside the module
        else:
            if hasattr(module, "render_table") and hasattr(module, "render_private"):
                return module
    return importlib.import_module("render.generic")
