"""Which free space is "outside": flood fill of the triangle grid around a castle.

Free space is the plane minus every tile (both floors).  A triangle full for some tile
is solid.  A triangle some disc only clips is split into two halves by the segment
from the cell centre to the midpoint M of its outer (cell-side) edge; each half's free
part is one node of the fill.  Two neighbouring nodes are joined iff their shared edge
keeps a point outside every closed disc clipping either of them (exact: the discs of a
legal castle are disjoint or tangent).  Point contacts therefore seal courtyards
(ruling 13.2.3).

Why a half's free part is connected (so one node per half is exact; the property test
``test_disc_meets_half_edges_only_at_their_ends`` checks the facts used):

1. Discs have radius 3/2 or 5/2 and centres at half-integer points.  Every disc that
   meets an edge of a half-triangle (a half unit edge on a grid line, the centre-to-M
   segment, a half cell diagonal) also covers one of that edge's end points: no chord
   is short enough to lie strictly inside an edge, and a disc touches a grid line
   only at its compass point, which is some M.  So each component of D ∩ ∂S holds a
   vertex of the half S, and as D is convex (it holds the edge between two covered
   vertices) D ∩ ∂S is connected; S \\ D has no part away from ∂S (the complement of a
   convex set has no bounded part), hence S \\ D is connected.
2. Several discs: they meet each other only at tangent points, which lie at unit-edge
   midpoints, i.e. never inside a half and at most at its vertex M.  Each connected
   piece of the union inside S therefore meets ∂S in a connected set and encloses
   nothing, so it cannot separate S either.
A whole triangle would not do: a circle tangent to a tile at M cuts the triangle
beside M into two pieces (the two sides of the contact), which is how a circle in a
corner seals a courtyard.
"""
from __future__ import annotations

from fractions import Fraction

from .shapes import SPAN, key, unkey

_ACROSS = (-2, 4 * SPAN + 2, 2, -4 * SPAN - 2)   # key delta to the triangle across side q


def _points(k: int) -> tuple:
    """Doubled corners c[q], c[q+1], outer-edge midpoint M and centre m of triangle k."""
    cx, cy, q = unkey(k)
    x, y = 2 * cx, 2 * cy
    corners = ((x, y), (x + 2, y), (x + 2, y + 2), (x, y + 2))   # NW NE SE SW
    a, b = corners[q], corners[(q + 1) % 4]
    return a, b, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), (x + 1, y + 1)


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


def _links(k: int, h: int | None, split: bool) -> list:
    """(neighbour triangle, its half or None for "the half touching this edge",
    segment) for node (k, h); h is None for an unsplit triangle."""
    q = k & 3
    base = k - q
    nxt, prv, out = base + (q + 1) % 4, base + (q + 3) % 4, k + _ACROSS[q]
    a, b, mid, m = _points(k)
    if not split:
        return [(nxt, 0, (b, m)), (prv, 1, (a, m)), (out, 1, (a, mid)), (out, 0, (mid, b))]
    if h == 0:
        return [(prv, 1, (a, m)), (k, 1, (mid, m)), (out, 1, (a, mid))]
    return [(nxt, 0, (b, m)), (k, 0, (mid, m)), (out, 0, (mid, b))]


def outside(full: set[int], clipped: dict[int, list], box: tuple[int, int, int, int]) -> set[int]:
    """Triangle keys with some free part connected to infinity.

    ``full``: solid triangles; ``clipped``: triangle -> discs (doubled cx, cy, r) clipping
    it; ``box``: (x0, y0, x1, y1) cells covering every tile.  The fill runs in the box
    grown by one cell, whose rim is outside by construction.  A door leads outside iff
    the triangle beyond it is returned: an open door's unit edge is free (a disc touching
    it would block the door), so both halves beyond it meet near the free point M.
    """
    x0, y0, x1, y1 = box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1
    seen: set[int] = set()           # node = 2 * triangle key + half (0 for unsplit)
    stack = []
    for cx in range(x0, x1 + 1):
        for cy in (y0, y1):
            for q in range(4):
                stack.append(2 * key(cx, cy, q))
    for cy in range(y0 + 1, y1):
        for cx in (x0, x1):
            for q in range(4):
                stack.append(2 * key(cx, cy, q))
    seen.update(stack)
    reached: set[int] = {node >> 1 for node in stack}
    while stack:
        node = stack.pop()
        k, h = node >> 1, node & 1
        own = clipped.get(k)
        for n, nh, (a, b) in _links(k, h if own else None, bool(own)):
            if n in full:
                continue
            other = clipped.get(n)
            nnode = 2 * n + (nh if other else 0)
            if nnode in seen:
                continue
            if n != k and (n & 3) == (k & 3) ^ 2:     # across the cell side
                cx, cy, _ = unkey(n)
                if not (x0 <= cx <= x1 and y0 <= cy <= y1):
                    continue
            discs = (own or []) + (other or []) if n != k else own
            if discs and _covered(a, b, discs):
                continue
            seen.add(nnode)
            reached.add(n)
            stack.append(nnode)
    return reached


class Free:
    """The free space of one castle, answering "does the space beyond this door reach
    infinity?" by a search from the door that stops at the first cell known to be
    outside (a wholly free cell with a free straight line to the edge in some row or
    column direction); components already searched are remembered.  Same nodes and
    links as ``outside``, so the answers are the same (a property test compares them).
    """

    __slots__ = ("full", "occ", "above", "below", "clipped", "xb", "memo")

    def __init__(self, full: dict[int, int], part: dict[int, int], clipped: dict[int, list],
                 xb: int) -> None:
        self.full, self.clipped, self.xb = full, clipped, xb
        occ = {y: full.get(y, 0) | part.get(y, 0) for y in set(full) | set(part)}
        self.occ = occ
        ys = sorted(occ)
        self.above: dict[int, int] = {}
        self.below: dict[int, int] = {}
        acc = 0
        for y in ys:
            self.above[y] = acc
            acc |= occ[y]
        acc = 0
        for y in reversed(ys):
            self.below[y] = acc
            acc |= occ[y]
        self.memo: dict[int, bool] = {}

    def _known_out(self, cx: int, cy: int) -> bool:
        shift = (cx + self.xb) * 4
        row = self.occ.get(cy)
        if row is None:
            return True
        if (row >> shift) & 15:
            return False
        if not row & ((1 << shift) - 1) or not row >> (shift + 4):
            return True
        return not (self.above[cy] >> shift) & 15 or not (self.below[cy] >> shift) & 15

    def _solid(self, k: int) -> bool:
        cx, cy, q = unkey(k)
        return bool((self.full.get(cy, 0) >> ((cx + self.xb) * 4 + q)) & 1)

    def leads_out(self, k: int) -> bool:
        """Does the free space of triangle ``k`` (beyond an open door) reach infinity?

        From an unsplit triangle the links of :func:`_links` are followed without
        building their segments, which only a clipped neighbour needs (most of the
        search runs among unclipped triangles)."""
        split = k in self.clipped
        starts = [2 * k, 2 * k + 1] if split else [2 * k]
        for s in starts:
            if s in self.memo:
                return self.memo[s]
        seen = set(starts)
        stack = list(starts)
        found = False
        clipped, memo, full, xb = self.clipped, self.memo, self.full, self.xb
        while stack and not found:
            node = stack.pop()
            k = node >> 1
            own = clipped.get(k)
            if own:
                links = _links(k, node & 1, True)
            else:
                cx, cy, q = unkey(k)
                if self._known_out(cx, cy):
                    found = True
                    break
                row, at = full.get(cy, 0), (cx + xb) * 4
                base, out = k - q, k + _ACROSS[q]
                links = []
                for n, nh, side in ((base + (q + 1) % 4, 0, 0), (base + (q + 3) % 4, 1, 1),
                                    (out, 1, 2), (out, 0, 3)):
                    other = clipped.get(n)
                    nnode = 2 * n + (nh if other else 0)
                    if nnode in seen:
                        continue
                    if other:       # the general path below, with this link's segment
                        a, b, mid, m = _points(k)
                        links.append((n, nh, ((b, m), (a, m), (a, mid), (mid, b))[side]))
                        continue
                    if side < 2:
                        if (row >> (at + (n & 3))) & 1:
                            continue
                    elif self._solid(n):
                        continue
                    known = memo.get(nnode)
                    if known is not None:
                        found = known
                        if found:
                            break
                        continue
                    seen.add(nnode)
                    stack.append(nnode)
                if found:
                    break
            for n, nh, (a, b) in links:
                other = clipped.get(n)
                nnode = 2 * n + (nh if other else 0)
                if nnode in seen or self._solid(n):
                    continue
                discs = (own or []) + (other or []) if n != k else own
                if discs and _covered(a, b, discs):
                    continue
                # the memo step as in the unclipped loop above, inline: the hot path
                known = memo.get(nnode)
                if known is not None:       # True: linked to outside; False cannot link
                    found = known
                    if found:
                        break
                    continue
                seen.add(nnode)
                stack.append(nnode)
        for node in seen:
            memo[node] = found
        return found
