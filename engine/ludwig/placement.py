"""Legal placements of a tile in a castle (rulebook placement rules 1-8, section 6).

Candidates come only from door pairs: for every open door of the castle and every door
of every distinct rotation of the tile facing it, the offset that makes them meet.
Each candidate is then checked exactly on the castle's grid masks (``grid``): no overlap
(triangle masks, exact disc test), no fence contact, floors of meeting doors agree
(cross-floor contact is illegal by flag 13.2.1), no stairs door on a stairs door, and
afterwards some door still leads outside.  ``check_anew`` judges the same from the
castle's element sets: the reference the tests hold the masks to.

A placement is ``(rot, x, y, side)``; ``side`` is the hallway's floor, else None.
"""
from __future__ import annotations

from typing import NamedTuple

from . import data as D
from .castle import CROSS_FLOOR_ILLEGAL, XB, Castle, door_floor, door_floors
from .grid import Masks, masks
from .shapes import ORIENTS, Orient, get, shift, unkey

_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def sides_of(tile: str) -> tuple:
    return ("ground", "downstairs") if tile == D.HALLWAY else (None,)


def check(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> set[int] | None:
    """The rooms the placement connects to, or None if it is illegal.

    Judged on the castle's grid; outside it (a typed answer far away, never an offered
    one) worked out from the element sets."""
    g = castle.grid()
    if not g.fits(o, ox, oy):
        return check_anew(castle, o, ox, oy, side)
    m, off = masks(o, g.w), g.offset(ox, oy)
    if (g.full >> off) & m.any:
        return None
    verdict = _verdict(castle, g, o, m, door_floors(o, side), side, off, ox, oy, -1, 0)
    return set(_rooms(verdict >> 1)) if verdict > 0 and verdict & 1 else None


_SIDES = {None: 0, "ground": 1, "downstairs": 2}


def _verdict(castle: Castle, g, o: Orient, m, floors: tuple, side: str | None, off: int,
             ox: int, oy: int, door_bit: int, door_room: int) -> int:
    """-1 if rules 1-4 or 6-8 forbid the placement, else the bit mask of the rooms it
    links to, shifted once, plus 1 if it keeps an exit (rule 5).  The callers have
    tested the commonest refusal already: no full triangle of the castle under the tile.

    ``door_bit``: the tile's door known to meet an open door of room ``door_room`` on the
    same floor (a scan's door pair; -1 if none is known): when it is the only door that
    meets one, the links are known without looking the doors up."""
    if g.part and m.full and (g.part >> off) & m.full:
        return -1
    if o.circle and castle.circles and _discs_meet(castle, o, ox, oy):
        return -1
    if (g.fence and (g.fence >> off) & m.contact) or (m.fence and (g.contact >> off) & m.fence):
        return -1
    meet = (g.doors >> off) & m.doors
    links = 0
    if meet == door_bit:
        if o.tile == D.STAIRS and castle.rooms[door_room]["tile"] == D.STAIRS:
            return -1
        links = 1 << door_room
    elif meet:
        sh = shift(ox, oy)
        doors, stairs = castle.doors, o.tile == D.STAIRS
        while meet:
            low = meet & -meet
            meet ^= low
            n, elem = m.door_at[low.bit_length() - 1]
            other = doors[elem + sh]
            if other[2] == floors[n]:
                if stairs and castle.rooms[other[0]]["tile"] == D.STAIRS:
                    return -1
                links |= 1 << other[0]
            elif CROSS_FLOOR_ILLEGAL:
                return -1
    if not links:
        return -1
    return links << 1 | _keeps_exit(castle, o, ox, oy, side)


_ROOMS: dict[int, frozenset[int]] = {}


def _rooms(mask: int) -> frozenset[int]:
    """The rooms of a bit mask (shared: one frozenset per mask)."""
    found = _ROOMS.get(mask)
    if found is None:
        if len(_ROOMS) > 1 << 16:
            _ROOMS.clear()
        out, rest = set(), mask
        while rest:
            low = rest & -rest
            out.add(low.bit_length() - 1)
            rest ^= low
        found = _ROOMS[mask] = frozenset(out)
    return found


def check_anew(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> set[int] | None:
    """:func:`check` worked out from the castle's element sets, without its grid or
    memory (the reference for tests, and the judge far outside the grid)."""
    links = _local(castle, o, ox, oy, side)
    return set(_rooms(links)) if links and _keeps_exit(castle, o, ox, oy, side) else None


def _discs_meet(castle: Castle, o: Orient, ox: int, oy: int) -> bool:
    """Does the disc of ``o`` at (ox, oy) overlap a disc of the castle (exact)?"""
    cx, cy, r = 2 * ox + o.circle[0], 2 * oy + o.circle[1], o.circle[2]
    for _i, x2, y2, r2 in castle.circles:
        if (cx - x2) ** 2 + (cy - y2) ** 2 < (r + r2) ** 2:
            return True
    return False


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
    return bool(o.circle) and _discs_meet(castle, o, ox, oy)


def _local(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> int:
    """Rules 1-4 and 6-8 (everything but the exit) from the element sets: the bit mask
    of the rooms linked, 0 if the placement is illegal."""
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
_FAR = 1 << 30


class _Rays:
    """Open doors of the castle whose straight strip to infinity is empty, each as the
    strip's closed box of cells ``(x0, x1, y0, y1)`` (unbounded sides at +-_FAR), found
    door by door only as far as a question needs (most placements miss the first)."""

    __slots__ = ("found", "doors", "next", "grid")

    def __init__(self, castle: Castle) -> None:
        self.found: list[tuple[int, int, int, int]] = []
        self.doors = castle.open_doors()
        self.next = 0
        self.grid = castle.grid()

    def more(self) -> bool:
        """Look at open doors until one more ray is found; False when none is left."""
        while self.next < len(self.doors):
            _e, cx, cy, facing, _floor = self.doors[self.next]
            self.next += 1
            if facing == "N":
                cy -= 1
            elif facing == "W":
                cx -= 1
            if self.grid.strip_free(facing, cx, cy):
                self.found.append((cx, cx, -_FAR, cy) if facing == "N" else
                                  (cx, cx, cy, _FAR) if facing == "S" else
                                  (cx, _FAR, cy, cy) if facing == "E" else (-_FAR, cx, cy, cy))
                return True
        return False


def _keeps_exit(castle: Castle, o: Orient, ox: int, oy: int, side: str | None) -> bool:
    """Rule 5, exactly: quick sufficient tests (an empty straight strip from an open door
    of the castle the tile's box misses, or from an open door of the new tile), else the
    courtyard flood fill."""
    rays = castle._rays
    if rays is None:
        rays = castle._rays = _Rays(castle)
    x1, y1 = ox + o.w - 1, oy + o.h - 1
    for rx0, rx1, ry0, ry1 in rays.found:
        if ox > rx1 or rx0 > x1 or oy > ry1 or ry0 > y1:
            return True
    while rays.more():
        rx0, rx1, ry0, ry1 = rays.found[-1]
        if ox > rx1 or rx0 > x1 or oy > ry1 or ry0 > y1:
            return True
    grid = rays.grid
    sh = shift(ox, oy)
    for d in o.doors:
        if d.elem + sh in castle.contact:
            continue
        cx, cy, _q = unkey(d.out + sh)
        if ox <= cx < ox + o.w and oy <= cy < oy + o.h:
            continue
        if grid.strip_free(d.facing, cx, cy):
            return True
    trial = castle.copy()
    trial.add({"tile": o.tile, "rot": o.rot, "x": ox, "y": oy, "side": side})
    return trial.has_exit()


# -- generation -----------------------------------------------------------------------
class _Fit(NamedTuple):
    """One way a tile meets a castle door: orientation ``o`` (with ``side``) whose door
    cell lies at (lx, ly) of its box."""
    o: Orient
    side: str | None
    lx: int
    ly: int
    back: int       # bit offset from the tile's box corner to that door cell
    rank: int       # the placement key without its offset (rotation and side)
    masks: Masks
    floors: tuple[str, ...]
    door_bit: int   # that door's element in ``masks``
    solid: int      # ``masks.any``: the triangles it covers


_FITS: dict[tuple[str, int], dict[tuple[str, str], list[tuple[int, int, _Fit]]]] = {}


def _fits(tile: str, w: int) -> dict[tuple[str, str], list[tuple[int, int, int, _Fit]]]:
    """(facing, floor) of a castle door -> ``(back, solid, rank, fit)`` for every
    rotation, door and side of ``tile`` that can meet it, in the stable order, for a grid
    ``w`` cells wide (the ints first: most fits are refused on them alone).

    Built for every tile at once when a width is first asked (a few ms, about five
    times per process), rather than tile by tile in many later moves."""
    found = _FITS.get((tile, w))
    if found is None:
        for other in D.TILES:
            _FITS[(other, w)] = _fits_of(other, w)
        found = _FITS[(tile, w)]
    return found


def _fits_of(tile: str, w: int) -> dict[tuple[str, str], list[tuple[int, int, _Fit]]]:
    found: dict[tuple[str, str], list[tuple[int, int, _Fit]]] = {}
    for o in ORIENTS[tile]:
        m = masks(o, w)
        for d in o.doors:
            for side in sides_of(tile):
                lx, ly, k = unkey(d.elem)
                back = (ly * w + lx) << 2
                fit = _Fit(o, side, lx, ly, back, o.rot * 3 + _SIDES[side], m,
                           door_floors(o, side), 1 << (back + k), m.any)
                found.setdefault((_OPPOSITE[d.facing], door_floor(tile, d.floor, side)),
                                 []).append((back, fit.solid, fit.rank, fit))
    return found


def _scan(castle: Castle, tile: str, first: bool) -> list[tuple]:
    """Legal placements ``(rot, x, y, side, links, door)`` in the stable order: by open
    castle door, then rotation, tile door and side; each placement once.  ``first``:
    stop at the first one.  ``links`` is a frozenset shared by equal ones."""
    g = castle.grid()
    fits = _fits(tile, g.w)
    seen: set[int] = set()
    out = []
    x0, y0, w, doors, full = g.x0, g.y0, g.w, castle.doors, g.full
    for e, ex, ey, facing, floor in castle.open_doors():
        group = fits.get((facing, floor))
        if not group:
            continue
        at = ((ey - y0) * w + ex - x0) << 2
        room = -1
        for back, solid, rank, fit in group:
            off = at - back
            if (full >> off) & solid:
                continue        # the commonest refusal, worth a test before the rest
            n = len(seen)
            seen.add(off * 12 + rank)
            if len(seen) == n:
                continue        # met at an earlier door
            if room < 0:
                room = doors[e][0]
            o, side, lx, ly, _back, _rank, m, floors, door_bit, _solid = fit
            x, y = ex - lx, ey - ly
            verdict = _verdict(castle, g, o, m, floors, side, off, x, y, door_bit, room)
            if verdict > 0 and verdict & 1:
                out.append((o.rot, x, y, side, _rooms(verdict >> 1), e))
                if first:
                    return out
    return out


def legal(castle: Castle, tile: str) -> list[tuple]:
    """Every legal placement ``(rot, x, y, side, links, door)`` of ``tile``, in a stable order
    (built once per castle; do not change it).

    ``door`` is the element key of the castle door it attaches at (the lowest one).
    """
    found = castle.legal.get(tile)
    if found is None:
        found = castle.legal[tile] = _scan(castle, tile, False)
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
    if castle.witnesses is not None:
        old = castle.witnesses.get(tile)
        if old and _still_legal(castle, tile, old):
            return old
    return (_scan(castle, tile, True) or [()])[0]


def _still_legal(castle: Castle, tile: str, old: tuple) -> bool:
    """Is ``old``, legal in the castle without its last room, legal in ``castle``?

    A placement at least one cell away from the last room shares no triangle, element
    or door with it, so rules 1-4 and 6-8 judge it as before: only rule 5 (an exit is
    kept) can have changed.  Nearer, it is judged anew."""
    rot, x, y, side = old[:4]
    o = get(tile, rot)
    last, room = castle.orients[-1], castle.rooms[-1]
    lx, ly = room["x"], room["y"]
    if x + o.w < lx or lx + last.w < x or y + o.h < ly or ly + last.h < y:
        return _keeps_exit(castle, o, x, y, side)
    return check(castle, o, x, y, side) is not None


def is_legal(castle: Castle, tile: str, rot: int, x: int, y: int, side: str | None) -> bool:
    return check(castle, get(tile, rot), x, y, side) is not None
