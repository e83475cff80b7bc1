"""Fallback renderer for games without their own module: a text panel of the view.

Shows the game id, status, result scores and one line per public top-level field
(scalars as values, lists and maps by their size or a short summary, per-seat lists of
dicts as one line per seat with their plain values).  It draws only
what the view holds, so it is as safe as the view itself.
"""
from __future__ import annotations

from contextlib import nullcontext
from typing import Any, Mapping

from PIL import Image, ImageDraw

from render import kit

WIDTH = 720
LINE = 24
GLANCE = kit.glance_px(WIDTH)              # 17 px: reads inline on a phone
MAX_LINES = 40
_SKIP = {"game", "seat", "players", "finished", "result", "seat_names"}


def _summary(value: Any, locale: str) -> str:
    if isinstance(value, (list, tuple)):
        if all(isinstance(v, (str, int, float, bool)) or v is None for v in value):
            return ", ".join(str(v) for v in value) or "—"
        return kit.label("common", "items", locale, n=len(value))
    if isinstance(value, Mapping):
        return kit.label("common", "items", locale, n=len(value))
    return str(value)


def _lines(view: Mapping, locale: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    result = view.get("result") or {}
    for seat, score in sorted((result.get("scores") or {}).items(), key=lambda kv: int(kv[0])):
        won = int(seat) in (result.get("winners") or [])
        out.append((kit.seat_name(view, int(seat), locale),
                    f"{score}" + ("  ★ " + kit.label("common", "winner", locale) if won else "")))
    for key, value in view.items():
        if key in _SKIP:
            continue
        if _per_seat(view, value):
            for seat, entry in enumerate(value):
                scalars = ", ".join(f"{k}={v}" for k, v in entry.items()
                                    if isinstance(v, (str, int, float, bool)) and k != "seat")
                out.append((f"{key} · {kit.seat_name(view, seat, locale)}", scalars or "—"))
        else:
            out.append((key, _summary(value, locale)))
    return out[:MAX_LINES]


def _per_seat(view: Mapping, value: Any) -> bool:
    """A list with one dict per seat (players' boards, estates, ...)."""
    return (isinstance(value, list) and len(value) == view.get("players")
            and all(isinstance(v, Mapping) for v in value))


def render_table(view: dict, locale: str) -> Image.Image:
    """A readable summary image of any game's view."""
    lines = _lines(view, locale)
    height = max(600, 110 + LINE * len(lines))
    img = Image.new("RGB", (WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    status = kit.label("common", "finished" if view.get("finished") else "in_progress", locale)
    players = f'{kit.label("common", "players", locale)}: {view.get("players", "?")}'
    scores = len((view.get("result") or {}).get("scores") or {})
    with kit.glance():                          # the game, its status and the scores
        kit.draw_text(draw, (24, 20), str(view.get("game", "?")), 28, bold=True)
        kit.draw_text(draw, (24, 58), f"{status} · {players}", GLANCE, kit.MUTED)
    y = 96
    for i, (key, value) in enumerate(lines):
        size = GLANCE if i < scores else 15
        with kit.glance() if i < scores else nullcontext():
            kit.draw_text(draw, (24, y), key, size, kit.MUTED, bold=True, max_width=220)
            kit.draw_text(draw, (256, y), value, size, max_width=WIDTH - 280)
        y += LINE
    return img


def render_private(view: dict, locale: str) -> Image.Image | None:
    """No private image without a game-specific renderer."""
    return None
