"""What a candidate placement would score and where to label it (for options and views)."""
from __future__ import annotations

from .castle import Castle
from .grid import masks
from .points import adjacent_to, weights
from .shapes import get, unkey


def preview_points(castle: Castle, tile: str, cand: tuple) -> int:
    """Points the placement scores at once (base + own bonus + triggered bonuses)."""
    return previews(castle, tile, (cand,))[0]


def previews(castle: Castle, tile: str, cands) -> list[int]:
    """:func:`preview_points` of each candidate: a fixed part plus a weight per linked
    and per adjacent room (:func:`points.weights`, worked out once per castle and
    tile), so each of the many candidates of a listing costs a few look-ups.  Whether
    it touches a room with a weight is one mask test per such room (the room's
    ``Castle.owned_contacts``), for a candidate on the castle's grid."""
    found = castle.previews.get(tile)
    if found is None:
        fixed, by_link, by_adjacent = weights(castle, tile)
        owned = castle.owned_contacts() if by_adjacent and not castle.vertices else None
        near = tuple((owned[j], w) for j, w in by_adjacent.items() if w) if owned else ()
        found = castle.previews[tile] = (fixed, by_link, by_adjacent, near)
    fixed, by_link, by_adjacent, near = found
    if not by_link and not by_adjacent:
        return [fixed] * len(cands)
    g = castle.grid() if near else None
    out = []
    for cand in cands:
        points = fixed
        for j in cand[4]:
            points += by_link.get(j, 0)
        if by_adjacent:
            o = get(tile, cand[0])
            if near and g.fits(o, cand[1], cand[2]):
                touch, off = masks(o, g.w).contact, g.offset(cand[1], cand[2])
                for mask, weight in near:
                    if (mask >> off) & touch:
                        points += weight
            else:
                for j in adjacent_to(castle, o, cand[1], cand[2]):
                    points += by_adjacent.get(j, 0)
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
