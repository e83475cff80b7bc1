"""A castle as bit masks on a compact grid, so one placement is judged by a few shifts.

The grid is a window of cells ``[x0, x0 + w) x [y0, ...)`` numbered row by row; cell
(x, y) owns bits ``((y - y0) * w + x - x0) * 4 + k``.  In a triangle mask ``k`` is the
triangle q, in an element mask the element kind, exactly as :func:`shapes.key` numbers
them.  Translating a tile by one cell is then a shift by 4 bits, and testing it against
the castle is a shift of the castle mask and an AND (Python ints are the bit vectors:
no library is needed for masks of a few thousand bits).

The window holds the castle's box with :data:`MARGIN` cells on every side: any tile
touching the castle (its doors lie on the box or inside) fits in it without wrapping
into the next row.  A castle grown by one room extends its parent's grid when the room
keeps that margin, else builds a new one with room to grow (:data:`SLACK`).
"""
from __future__ import annotations

from typing import NamedTuple

from .shapes import Orient, unkey

MARGIN = 8      # > the largest tile side (7): a tile at a castle door stays inside
SLACK = 4       # extra cells on each side of a new grid, so growth rarely rebuilds it


class Masks(NamedTuple):
    """One orientation of a tile as masks for a grid ``w`` cells wide (origin = its box
    corner)."""
    any: int        # triangles, full or clipped by its disc
    full: int       # full triangles
    contact: int    # boundary elements
    fence: int      # fence elements
    doors: int      # door elements
    door_at: dict   # lowest bit of a door element -> (door index, local element key)
    o: Orient       # held, so the id keying these stays its own


_MASKS: dict[tuple[int, int], Masks] = {}


def _bits(keys, w: int) -> int:
    out = 0
    for k in keys:
        x, y, q = unkey(k)
        out |= 1 << ((y * w + x) * 4 + q)
    return out


def masks(o: Orient, w: int) -> Masks:
    """The masks of orientation ``o`` on a grid ``w`` cells wide (built once, keyed by
    the id of ``o``, which the entry holds so that id is never another's)."""
    found = _MASKS.get((id(o), w))
    if found is None:
        full = part = 0
        for dy, fm, pm in o.rows:       # the rows' bits are x * 4 + q already
            full |= fm << (dy * w << 2)
            part |= pm << (dy * w << 2)
        door_at = {}
        for n, d in enumerate(o.doors):
            door_at[_bits((d.elem,), w).bit_length() - 1] = (n, d.elem)
        found = _MASKS[(id(o), w)] = Masks(
            full | part, full, _bits(o.contact, w), _bits(o.fence, w),
            _bits((d.elem for d in o.doors), w), door_at, o)
    return found


class Grid:
    """The masks of one castle (built from its rooms; extended, never changed)."""

    __slots__ = ("x0", "y0", "w", "x1", "full", "part", "contact", "fence", "doors", "_occupied")

    def __init__(self, box: list[int], room_orients) -> None:
        bx0, by0, bx1, by1 = box
        self.x0, self.y0 = bx0 - MARGIN - SLACK, by0 - MARGIN - SLACK
        # cells past x1 + MARGIN stay free for a tile's right edge and its elements
        self.w = -(-(bx1 - bx0 + 2 * (MARGIN + SLACK) + 2) // 8) * 8
        self.x1 = self.x0 + self.w - 1 - MARGIN    # the box may grow up to here
        self.full = self.part = self.contact = self.fence = self.doors = 0
        self._occupied: int | None = None
        for o, x, y in room_orients:
            self.put(o, x, y)

    def holds(self, box) -> bool:
        """Does the window keep :data:`MARGIN` cells around ``box`` (x0, y0, x1, y1)?"""
        return (box[0] - MARGIN > self.x0 and box[1] - MARGIN > self.y0
                and box[2] < self.x1)

    def copy(self) -> "Grid":
        g = Grid.__new__(Grid)
        g.x0, g.y0, g.w, g.x1 = self.x0, self.y0, self.w, self.x1
        g.full, g.part, g.contact, g.fence, g.doors = (
            self.full, self.part, self.contact, self.fence, self.doors)
        g._occupied = None
        return g

    def offset(self, x: int, y: int) -> int:
        """The bit offset of cell (x, y)."""
        return ((y - self.y0) * self.w + x - self.x0) << 2

    def fits(self, o: Orient, x: int, y: int) -> bool:
        """Do the cells and elements of ``o`` at (x, y) lie inside the window?"""
        return x >= self.x0 and y >= self.y0 and x + o.w < self.x0 + self.w

    def put(self, o: Orient, x: int, y: int) -> None:
        """Add a room (orientation ``o`` at x, y) to the masks."""
        m, off = masks(o, self.w), self.offset(x, y)
        self.full |= m.full << off
        if m.any != m.full:
            self.part |= (m.any ^ m.full) << off
        self.contact |= m.contact << off
        if m.fence:
            self.fence |= m.fence << off
        self.doors |= m.doors << off
        self._occupied = None

    def strip_free(self, facing: str, cx: int, cy: int) -> bool:
        """No tile lies in the unit strip from cell (cx, cy) towards ``facing`` (to
        infinity; the castle lies inside the window, so the window is enough)."""
        occ = self._occupied
        if occ is None:
            occ = self._occupied = self.full | self.part
        x0, w = self.x0, self.w
        if facing == "N" or facing == "S":
            if not x0 <= cx < x0 + w:
                return True
            if facing == "N":
                if cy < self.y0:
                    return True
                occ &= (1 << self.offset(x0, cy + 1)) - 1
                return not (occ >> ((cx - x0) << 2)) & _column(w)
            return not (occ >> self.offset(cx, max(cy, self.y0))) & _column(w)
        if cy < self.y0:
            return True
        if facing == "E":
            start = max(cx, x0)
            return start >= x0 + w or not (
                (occ >> self.offset(start, cy)) & ((1 << ((x0 + w - start) << 2)) - 1))
        end = min(cx, x0 + w - 1)
        return end < x0 or not (occ >> self.offset(x0, cy)) & ((1 << ((end - x0 + 1) << 2)) - 1)


_COLUMNS: dict[int, int] = {}
_ROWS = 1024        # rows of a column mask: far more than any castle spans


def _column(w: int) -> int:
    """The four bits of the first cell of every row, for a grid ``w`` cells wide."""
    found = _COLUMNS.get(w)
    if found is None:
        found = _COLUMNS[w] = int(("0" * (w * 4 - 4) + "1111") * _ROWS, 2)
    return found
