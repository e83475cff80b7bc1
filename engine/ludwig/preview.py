"""What a candidate placement would score and where to label it (for options and views)."""
from __future__ import annotations

from .castle import Castle
from .points import counts_adjacent, link_weights, placement_points
from .shapes import get, unkey


def preview_points(castle: Castle, tile: str, cand: tuple) -> int:
    """Points the placement scores at once (base + own bonus + triggered bonuses)."""
    return previews(castle, tile, (cand,))[0]


def previews(castle: Castle, tile: str, cands) -> list[int]:
    """:func:`preview_points` of each candidate.

    When no bonus counts adjacent rooms the points are a sum over the links alone:
    a fixed part plus a weight per linked room (:func:`points.link_weights`), worked out
    once per castle and tile, so each of the many candidates of a listing costs a few
    look-ups."""
    found = castle.previews.get(tile)
    if found is None:
        found = castle.previews[tile] = (
            False if counts_adjacent(castle, tile) else link_weights(castle, tile))
    if found is False:
        return [placement_points(castle, tile, get(tile, cand[0]), cand[1], cand[2], cand[4])
                for cand in cands]
    fixed, weights = found
    if not weights:
        return [fixed] * len(cands)
    out = []
    for cand in cands:
        points = fixed
        for j in cand[4]:
            points += weights.get(j, 0)
        out.append(points)
    return out


def door_anchor(elem: int) -> list[int]:
    """Midpoint of a door element in doubled castle coordinates."""
    x, y, kind = unkey(elem)
    return [2 * x + 1, 2 * y] if kind == 0 else [2 * x, 2 * y + 1]


def centre_anchor(tile: str, cand: tuple) -> list[int]:
    """Centre of the placed tile's bounding box in doubled castle coordinates."""
    rot, x, y = cand[:3]
    o = get(tile, rot)
    return [2 * x + o.w, 2 * y + o.h]
