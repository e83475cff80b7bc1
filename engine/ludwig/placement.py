"""Legal placements of a tile in a castle (rulebook placement rules 1-8, section 6).

Candidates come only from door pairs: for every open door of the castle and every door
of every distinct rotation of the tile facing it, the offset that makes them meet.
Each candidate is then checked exactly: no overlap (triangle masks, exact disc test),
no fence contact, floors of meeting doors agree (cross-floor contact is illegal by flag
13.2.1), no stairs door on a stairs door, and afterwards some door still leads outside.

A placement is ``(rot, x, y, side)``; ``side`` is the hallway's floor, else None.
"""
from __future__ import annotations

from collections import OrderedDict

from . import data as D
from .castle import CROSS_FLOOR_ILLEGAL, XB, Castle, door_floor
from .shapes import ORIENTS, Orient, get, key, shift, unkey

_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def sides_of(tile: str) -> tuple:
    return ("ground", "downstairs") if tile == D.HALLWAY else (None,)


def _overlaps(castle: Castle, o: Orient, ox: int, oy: int) -> bool:
    s = (ox + XB) * 4
    full, part = castle.full, castle.part
    for dy, fm, pm in o.rows:
        cf = full.get(oy + dy)
        if cf and (cf >> s) & (fm | pm):
            return True
        if fm:
            cp = part.get(oy + dy)
            if cp and (cp >> s) & fm:
                return True
    if o.circle:
        cx, cy, r = 2 * ox + o.circle[0], 2 * oy + o.circle[1], o.circle[2]
        for _i, x2, y2, r2 in castle.circles:
            if (cx - x2) ** 2 + (cy - y2) ** 2 < (r + r2) ** 2:
                return True
    return False


def check(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> set[int] | None:
    """The rooms the placement connects to, or None if it is illegal."""
    if _overlaps(castle, o, ox, oy):
        return None
    sh = shift(ox, oy)
    fence, contact = castle.fence, castle.contact
    if fence:
        for e in o.contact:
            if e + sh in fence:
                return None
    for e in o.fence:
        if e + sh in contact:
            return None
    links = set()
    stairs = o.tile == D.STAIRS
    for d in o.doors:
        other = castle.doors.get(d.elem + sh)
        if other is None:
            continue
        floor = door_floor(o.tile, d.floor, side)
        if other[2] == floor:
            if stairs and castle.rooms[other[0]]["tile"] == D.STAIRS:
                return None
            links.add(other[0])
        elif CROSS_FLOOR_ILLEGAL:
            return None
    if not links or not _keeps_exit(castle, o, ox, oy, side):
        return None
    return links


# -- rule 5: some door still leads outside ---------------------------------------------
def _occupied_rows(castle: Castle) -> dict[int, int]:
    return {y: castle.full.get(y, 0) | castle.part.get(y, 0)
            for y in set(castle.full) | set(castle.part)}


def _strip_free(castle: Castle, rows: dict[int, int], facing: str, cx: int, cy: int) -> bool:
    """No tile of ``castle`` lies in the unit strip from cell (cx, cy) towards ``facing``."""
    x0, y0, x1, y1 = castle.box
    if facing in "NS":
        col = 0b1111 << ((cx + XB) * 4)
        ys = range(y0, cy + 1) if facing == "N" else range(max(cy, y0), y1 + 1)
        return not any(rows.get(y, 0) & col for y in ys)
    row = rows.get(cy, 0)
    if facing == "E":
        return not row >> ((cx + XB) * 4)
    return not row & ((1 << ((cx + XB + 1) * 4)) - 1)


def _rays(castle: Castle) -> tuple[list[tuple[str, int, int]], dict[int, int]]:
    """Open doors whose straight strip to infinity is empty: (facing, cell x, cell y)."""
    cached = castle._rays
    if cached is not None and cached[0] == len(castle.rooms):
        return cached[1], cached[2]
    out = []
    rows = _occupied_rows(castle)
    for e, (_i, facing, _floor) in castle.doors.items():
        if e in castle.met or e in castle.shared:
            continue
        cx, cy, kind = unkey(e)
        if kind == 0:
            cy = cy - 1 if facing == "N" else cy
        else:
            cx = cx - 1 if facing == "W" else cx
        if _strip_free(castle, rows, facing, cx, cy):
            out.append((facing, cx, cy))
    castle._rays = (len(castle.rooms), out, rows)
    return out, rows


def _strip_hit(facing: str, cx: int, cy: int, ox: int, oy: int, o: Orient) -> bool:
    if facing in "NS":
        if not ox <= cx < ox + o.w:
            return False
        return oy <= cy if facing == "N" else oy + o.h - 1 >= cy
    if not oy <= cy < oy + o.h:
        return False
    return ox + o.w - 1 >= cx if facing == "E" else ox <= cx


def _keeps_exit(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> bool:
    """Rule 5, exactly: quick sufficient tests (an empty straight strip from an open door
    of the castle or of the new tile), else the courtyard flood fill."""
    rays, rows = _rays(castle)
    for facing, cx, cy in rays:
        if not _strip_hit(facing, cx, cy, ox, oy, o):
            return True
    sh = shift(ox, oy)
    for d in o.doors:
        if d.elem + sh in castle.contact:
            continue
        cx, cy, _q = unkey(d.out + sh)
        if ox <= cx < ox + o.w and oy <= cy < oy + o.h:
            continue
        if _strip_free(castle, rows, d.facing, cx, cy):
            return True
    trial = castle.copy()
    trial.add({"tile": o.tile, "rot": o.rot, "x": ox, "y": oy, "side": side})
    return trial.has_exit()


# -- generation -----------------------------------------------------------------------
_LEGAL: OrderedDict = OrderedDict()


def legal(castle: Castle, tile: str, first_only: bool = False) -> list[tuple]:
    """Every legal placement ``(rot, x, y, side, links, door)`` of ``tile``, in a stable order.

    ``door`` is the element key of the castle door it attaches at (the lowest one).
    """
    ck = (id(castle), len(castle.rooms), tile)
    hit = _LEGAL.get(ck)
    if hit is not None and hit[0] is castle:
        return hit[1]
    seen: set = set()
    out = []
    open_doors = [(e, v) for e, v in castle.doors.items()
                  if e not in castle.met and e not in castle.shared]
    open_doors.sort()
    for e, (_i, facing, floor) in open_doors:
        want = _OPPOSITE[facing]
        for o in ORIENTS[tile]:
            for d in o.doors:
                if d.facing != want:
                    continue
                for side in sides_of(tile):
                    if door_floor(tile, d.floor, side) != floor:
                        continue
                    dx, dy, _k = unkey(e - d.elem + _ZERO)
                    cand = (o.rot, dx, dy, side)
                    if cand in seen:
                        continue
                    seen.add(cand)
                    links = check(castle, o, dx, dy, side)
                    if links is not None:
                        out.append((o.rot, dx, dy, side, links, e))
                        if first_only:
                            return out
    if not first_only:
        _LEGAL[ck] = (castle, out)
        if len(_LEGAL) > 64:
            _LEGAL.popitem(last=False)
    return out


_ZERO = key(0, 0, 0)


_PLACEABLE: OrderedDict = OrderedDict()


def placeable(castle: Castle, tile: str) -> bool:
    """Has ``tile`` a legal placement?  (Cached per castle: ``pending`` asks often.)"""
    ck = (id(castle), len(castle.rooms), tile)
    for cache in (_PLACEABLE, _LEGAL):
        hit = cache.get(ck)
        if hit is not None and hit[0] is castle:
            return bool(hit[1])
    found = bool(legal(castle, tile, first_only=True))
    _PLACEABLE[ck] = (castle, found)
    if len(_PLACEABLE) > 256:
        _PLACEABLE.popitem(last=False)
    return found


def is_legal(castle: Castle, tile: str, rot: int, x: int, y: int, side: str | None) -> bool:
    return check(castle, get(tile, rot), x, y, side) is not None
