"""What a candidate placement would score and where to label it (for options and views)."""
from __future__ import annotations

from .castle import Castle
from .points import counts_adjacent, placement_points
from .shapes import get, unkey


def preview_points(castle: Castle, tile: str, cand: tuple) -> int:
    """Points the placement scores at once (base + own bonus + triggered bonuses).

    Remembered per castle by (tile, links) when no bonus counts adjacent rooms: then
    the points do not depend on where the links are made (a listing of 24 placements
    usually has a handful of distinct link sets)."""
    rot, x, y, _side, links = cand[:5]
    k = (tile, links)
    found = castle.previews.get(k)
    if found is None:
        found = placement_points(castle, tile, get(tile, rot), x, y, links)
        if not counts_adjacent(castle, tile):
            castle.previews[k] = found
    return found


def door_anchor(elem: int) -> list[int]:
    """Midpoint of a door element in doubled castle coordinates."""
    x, y, kind = unkey(elem)
    return [2 * x + 1, 2 * y] if kind == 0 else [2 * x, 2 * y + 1]


def centre_anchor(tile: str, cand: tuple) -> list[int]:
    """Centre of the placed tile's bounding box in doubled castle coordinates."""
    rot, x, y = cand[:3]
    o = get(tile, rot)
    return [2 * x + o.w, 2 * y + o.h]
