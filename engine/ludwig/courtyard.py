"""Which free space is "outside": flood fill of the triangle grid around a castle.

Free space is the plane minus every tile (both floors).  A triangle full for some tile is
solid; one a disc only clips keeps its free part (connected: checked by a test).  Two
neighbouring free triangles are joined iff their shared edge keeps a point outside
every closed disc clipping them (exact: the discs of a legal castle are disjoint or
tangent).  Point contacts therefore seal courtyards (ruling 13.2.3).
"""
from __future__ import annotations

from fractions import Fraction

from .shapes import SPAN, unkey

_UP, _RIGHT = -2, 4 * SPAN + 2            # key deltas to the triangle across N / E
_ACROSS = (-2, 4 * SPAN + 2, 2, -4 * SPAN - 2)


def _edge(k: int, q_to: int | None) -> tuple[tuple[int, int], tuple[int, int]]:
    """Doubled endpoints of the edge triangle ``k`` shares with its neighbour.

    ``q_to`` None: the outer edge of the triangle (across the cell side); else the
    half-diagonal shared with triangle ``q_to`` of the same cell.
    """
    cx, cy, q = unkey(k)
    x, y = 2 * cx, 2 * cy
    corners = ((x, y), (x + 2, y), (x + 2, y + 2), (x, y + 2))  # NW NE SE SW
    if q_to is None:
        return corners[q], corners[(q + 1) % 4]
    shared = corners[(q + 1) % 4] if q_to == (q + 1) % 4 else corners[q]
    return shared, (x + 1, y + 1)


def _inside(p, disc) -> bool:
    return (p[0] - disc[0]) ** 2 + (p[1] - disc[1]) ** 2 <= disc[2] ** 2


def _covered(a, b, discs) -> bool:
    """True iff the closed segment a-b lies inside the union of the closed discs."""
    for d in discs:
        if _inside(a, d) and _inside(b, d):
            return True
    for d1 in discs:
        for d2 in discs:
            if d1 is d2 or not (_inside(a, d1) and _inside(b, d2)):
                continue
            dist2 = (d1[0] - d2[0]) ** 2 + (d1[1] - d2[1]) ** 2
            if dist2 != (d1[2] + d2[2]) ** 2:
                continue            # disjoint discs cannot cover a segment together
            t = Fraction(d1[2], d1[2] + d2[2])
            tx, ty = d1[0] + t * (d2[0] - d1[0]), d1[1] + t * (d2[1] - d1[1])
            cross = (b[0] - a[0]) * (ty - a[1]) - (b[1] - a[1]) * (tx - a[0])
            if cross == 0 and min(a[0], b[0]) <= tx <= max(a[0], b[0]) \
                    and min(a[1], b[1]) <= ty <= max(a[1], b[1]):
                return True
    return False


def outside(full: set[int], clipped: dict[int, list], box: tuple[int, int, int, int]) -> set[int]:
    """Triangle keys of the free space connected to infinity.

    ``full``: solid triangles; ``clipped``: triangle -> discs (doubled cx, cy, r) clipping
    it; ``box``: (x0, y0, x1, y1) cells covering every tile.  The fill runs in the box
    grown by one cell, whose rim is outside by construction.
    """
    x0, y0, x1, y1 = box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1
    from .shapes import key
    seen: set[int] = set()
    stack = []
    for cx in range(x0, x1 + 1):
        for cy in (y0, y1):
            for q in range(4):
                stack.append(key(cx, cy, q))
    for cy in range(y0, y1 + 1):
        for cx in (x0, x1):
            for q in range(4):
                stack.append(key(cx, cy, q))
    seen.update(stack)
    lo_x, hi_x, lo_y, hi_y = x0, x1, y0, y1
    while stack:
        k = stack.pop()
        q = k & 3
        base = k - q
        for n, q_to in ((base + (q + 1) % 4, (q + 1) % 4), (base + (q + 3) % 4, (q + 3) % 4),
                        (k + _ACROSS[q], None)):
            if n in seen or n in full:
                continue
            if q_to is None:
                cx, cy, _ = unkey(n)
                if not (lo_x <= cx <= hi_x and lo_y <= cy <= hi_y):
                    continue
            discs = clipped.get(k, []) + clipped.get(n, [])
            if discs:
                a, b = _edge(k, q_to)
                if _covered(a, b, discs):
                    continue
            seen.add(n)
            stack.append(n)
    return seen
