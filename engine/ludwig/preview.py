"""What a candidate placement would score and where to label it (for options and views)."""
from __future__ import annotations

from .castle import Castle
from .points import adjacent_to, gain
from .shapes import get, unkey

_CACHE: dict = {}


def preview_points(castle: Castle, tile: str, cand: tuple) -> int:
    """Points the placement scores at once (base + own bonus + triggered bonuses)."""
    k = (id(castle), len(castle.rooms), tile, cand[:4])
    hit = _CACHE.get(k)
    if hit is not None and hit[0] is castle:
        return hit[1]
    rot, x, y, _side, links = cand[:5]
    parts = gain(castle, tile, links, adjacent_to(castle, get(tile, rot), x, y))
    points = parts["base"] + parts["own"] + parts["others"]
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[k] = (castle, points)
    return points


def door_anchor(elem: int) -> list[int]:
    """Midpoint of a door element in doubled castle coordinates."""
    x, y, kind = unkey(elem)
    return [2 * x + 1, 2 * y] if kind == 0 else [2 * x, 2 * y + 1]


def centre_anchor(tile: str, cand: tuple) -> list[int]:
    """Centre of the placed tile's bounding box in doubled castle coordinates."""
    rot, x, y = cand[:3]
    o = get(tile, rot)
    return [2 * x + o.w, 2 * y + o.h]
