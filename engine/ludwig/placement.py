"""Legal placements of a tile in a castle (rulebook placement rules 1-8, section 6).

Candidates come only from door pairs: for every open door of the castle and every door
of every distinct rotation of the tile facing it, the offset that makes them meet.
Each candidate is then checked exactly: no overlap (triangle masks, exact disc test),
no fence contact, floors of meeting doors agree (cross-floor contact is illegal by flag
13.2.1), no stairs door on a stairs door, and afterwards some door still leads outside.

A placement is ``(rot, x, y, side)``; ``side`` is the hallway's floor, else None.
"""
from __future__ import annotations

from . import data as D
from .castle import CROSS_FLOOR_ILLEGAL, XB, Castle, door_floor
from .shapes import ORIENTS, Orient, get, shift, unkey

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
    """The rooms the placement connects to, or None if it is illegal.

    Remembered per castle (``castle.checks``).  A castle grown by one room reuses its
    parent's local verdict (overlap, fences, doors) for a placement whose closed box
    does not touch the new room's: nothing it could touch has changed.  Rule 5 (an exit
    stays) is global, so it is asked again.  Far outside any castle (a typed answer,
    never an offered one) it is worked out without the memory: its key would not be
    unique there."""
    if not (-_REACH < ox < _REACH and -_REACH < oy < _REACH):
        return check_anew(castle, o, ox, oy, side)
    memo = castle.checks.get(o.tile)
    if memo is None:
        memo = castle.checks[o.tile] = {}
    k = _key(o.rot, ox, oy, side)
    verdict = memo.get(k)
    if verdict is None:
        verdict = memo[k] = _verdict(castle, o, ox, oy, side, k)
    return _rooms(verdict >> 1) if verdict > 0 and verdict & 1 else None


_SIDES = {None: 0, "ground": 1, "downstairs": 2}
_REACH = 2048       # |x|, |y| below this have unique keys (castles stay near 0)


def _key(rot: int, x: int, y: int, side: str | None) -> int:
    """A placement of one tile as one int.  Verdicts are ints too (see :func:`_verdict`):
    dicts of ints only are not tracked by the garbage collector, so this memory does not
    slow its passes."""
    return (((x + 4096) * 8192 + y + 4096) * 4 + rot) * 3 + _SIDES[side]


def _verdict(castle: Castle, o: Orient, ox: int, oy: int, side: str | None, k: int) -> int:
    """-1 if rules 1-4 or 6-8 forbid the placement, else the bit mask of the rooms it
    links to, shifted once, plus 1 if it keeps an exit (rule 5)."""
    links = -1
    if castle.parent is not None:
        checks, (x0, y0, x1, y1), _placeable = castle.parent
        memo = checks.get(o.tile)
        known = memo.get(k) if memo is not None else None
        if known is not None and (ox + o.w < x0 or x1 < ox or oy + o.h < y0 or y1 < oy):
            links = known >> 1 if known > 0 else 0
    if links < 0:
        links = _local(castle, o, ox, oy, side)
    if not links:
        return -1
    return links << 1 | _keeps_exit(castle, o, ox, oy, side)


def _rooms(mask: int) -> set[int]:
    out = set()
    while mask:
        low = mask & -mask
        out.add(low.bit_length() - 1)
        mask ^= low
    return out


def check_anew(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> set[int] | None:
    """:func:`check` worked out again, without the castle's memory (for tests that alter
    an index in place)."""
    links = _local(castle, o, ox, oy, side)
    return _rooms(links) if links and _keeps_exit(castle, o, ox, oy, side) else None


def _local(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> int:
    """Rules 1-4 and 6-8 (everything but the exit): the bit mask of the rooms linked, 0
    if the placement is illegal."""
    if _overlaps(castle, o, ox, oy):
        return 0
    sh = shift(ox, oy)
    fence, contact = castle.fence, castle.contact
    if fence:
        for e in o.contact:
            if e + sh in fence:
                return 0
    for e in o.fence:
        if e + sh in contact:
            return 0
    links = 0
    stairs = o.tile == D.STAIRS
    for d in o.doors:
        other = castle.doors.get(d.elem + sh)
        if other is None:
            continue
        floor = door_floor(o.tile, d.floor, side)
        if other[2] == floor:
            if stairs and castle.rooms[other[0]]["tile"] == D.STAIRS:
                return 0
            links |= 1 << other[0]
        elif CROSS_FLOOR_ILLEGAL:
            return 0
    return links


# -- rule 5: some door still leads outside ---------------------------------------------
class _Rows:
    """The castle's occupied cells per row, with running ORs from the top and from the
    bottom of its box, so a strip to infinity is tested in one step."""

    __slots__ = ("rows", "y0", "y1", "up", "down")

    def __init__(self, castle: Castle) -> None:
        full, part = castle.full, castle.part
        self.rows = rows = {y: full.get(y, 0) | part.get(y, 0) for y in set(full) | set(part)}
        _x0, self.y0, _x1, self.y1 = castle.box
        span = range(self.y0, self.y1 + 1)
        self.up, self.down = [], [0] * len(span)
        acc = 0
        for y in span:
            acc |= rows.get(y, 0)
            self.up.append(acc)
        acc = 0
        for n in range(len(span) - 1, -1, -1):
            acc |= rows.get(self.y0 + n, 0)
            self.down[n] = acc

    def strip_free(self, facing: str, cx: int, cy: int) -> bool:
        """No tile lies in the unit strip from cell (cx, cy) towards ``facing``."""
        if facing == "N" or facing == "S":
            if facing == "N":
                if cy < self.y0:
                    return True
                above = self.up[min(cy, self.y1) - self.y0]
            else:
                if cy > self.y1:
                    return True
                above = self.down[max(cy, self.y0) - self.y0]
            return not (above >> ((cx + XB) * 4)) & 15
        row = self.rows.get(cy, 0)
        if facing == "E":
            return not row >> ((cx + XB) * 4)
        return not row & ((1 << ((cx + XB + 1) * 4)) - 1)


def _rays(castle: Castle) -> tuple[list[tuple[str, int, int]], _Rows]:
    """Open doors whose straight strip to infinity is empty: (facing, cell x, cell y)."""
    cached = castle._rays
    if cached is not None:
        return cached
    out = []
    rows = _Rows(castle)
    for e, cx, cy, facing, _floor in castle.open_doors():
        if facing == "N":
            cy -= 1
        elif facing == "W":
            cx -= 1
        if rows.strip_free(facing, cx, cy):
            out.append((facing, cx, cy))
    castle._rays = out, rows
    return castle._rays


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
        if rows.strip_free(d.facing, cx, cy):
            return True
    trial = castle.copy()
    trial.add({"tile": o.tile, "rot": o.rot, "x": ox, "y": oy, "side": side})
    return trial.has_exit()


# -- generation -----------------------------------------------------------------------
_FITS: dict[str, dict[tuple[str, str], list]] = {}


def _fits(tile: str) -> dict[tuple[str, str], list]:
    """(facing, floor) of a castle door -> ``(orient, door cell x, y, side)`` of every
    rotation, door and side of ``tile`` that can meet it, in the stable order."""
    found = _FITS.get(tile)
    if found is None:
        found = _FITS[tile] = {}
        for o in ORIENTS[tile]:
            for d in o.doors:
                for side in sides_of(tile):
                    lx, ly, _k = unkey(d.elem)
                    found.setdefault((_OPPOSITE[d.facing], door_floor(tile, d.floor, side)),
                                     []).append((o, lx, ly, side))
    return found


def _scan(castle: Castle, tile: str):
    """Legal placements ``(rot, x, y, side, links, door)`` in the stable order: by open
    castle door, then rotation, tile door and side; each placement once."""
    fits = _fits(tile)
    seen: set[int] = set()
    memo = castle.checks.get(tile)
    if memo is None:
        memo = castle.checks[tile] = {}
    for e, ex, ey, facing, floor in castle.open_doors():
        for o, lx, ly, side in fits.get((facing, floor), ()):
            dx, dy = ex - lx, ey - ly
            k = _key(o.rot, dx, dy, side)
            if k in seen:
                continue
            seen.add(k)
            verdict = memo.get(k)
            if verdict is None:
                verdict = memo[k] = _verdict(castle, o, dx, dy, side, k)
            if verdict > 0 and verdict & 1:
                yield (o.rot, dx, dy, side, _rooms(verdict >> 1), e)


def legal(castle: Castle, tile: str) -> list[tuple]:
    """Every legal placement ``(rot, x, y, side, links, door)`` of ``tile``, in a stable order
    (built once per castle; do not change it).

    ``door`` is the element key of the castle door it attaches at (the lowest one).
    """
    found = castle.legal.get(tile)
    if found is None:
        found = castle.legal[tile] = list(_scan(castle, tile))
    return found


def placeable(castle: Castle, tile: str) -> bool:
    """Has ``tile`` a legal placement?  (Remembered per castle: ``pending`` asks often.)
    The parent castle's witness is tried first: it usually stays legal."""
    found = castle.placeable.get(tile)
    if found is None:
        listed = castle.legal.get(tile)
        if listed is not None:
            found = listed[0] if listed else ()
        else:
            found = _witness(castle, tile)
        castle.placeable[tile] = found
    return bool(found)


def _witness(castle: Castle, tile: str) -> tuple:
    """A legal placement of ``tile``, or ()."""
    if castle.parent is not None:
        old = castle.parent[2].get(tile)
        if old and check(castle, get(tile, old[0]), old[1], old[2], old[3]) is not None:
            return old
    return next(_scan(castle, tile), ())


def is_legal(castle: Castle, tile: str, rot: int, x: int, y: int, side: str | None) -> bool:
    return check(castle, get(tile, rot), x, y, side) is not None
