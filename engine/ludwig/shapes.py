"""Exact tile geometry, precomputed once per tile and rotation at import.

The plane is cut into unit cells (1 unit = 5 ft, y grows down) and every cell into four
triangles by its diagonals (q: 0 N, 1 E, 2 S, 3 W).  Every tile edge lies on a grid line
or on a cell diagonal (octagon cuts), so a polygon tile is exactly a union of triangles
("full").  A disc is not: a triangle its interior meets without containing is "partial"
(decided with exact rational arithmetic).  Two tiles overlap iff they share a triangle
that is full for one of them, or both are discs whose exact distance test says so.

Boundary pieces are "elements": unit edges (kind 0 horizontal ``(x,y)-(x+1,y)``, kind 1
vertical ``(x,y)-(x,y+1)``) and cell diagonals (kind 2 ``(x,y)-(x+1,y+1)``, kind 3
``(x+1,y)-(x,y+1)``).  Walls touch (adjacency) iff two tiles share an element; doors
meet iff they are the same element; a circle's contacts are its four tangent unit
segments (its only points on the grid lines, data ``boundary_contact_segments``).

Keys pack a point or element into one int, so translating a placement is one addition:
``key(x, y, k) = ((x + BIAS) * SPAN + (y + BIAS)) * 4 + k``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from . import data as D

BIAS = 1 << 12
SPAN = 1 << 13
FACINGS = "NESW"
_ROT = {"N": "E", "E": "S", "S": "W", "W": "N"}


def key(x: int, y: int, k: int) -> int:
    return ((x + BIAS) * SPAN + (y + BIAS)) * 4 + k


def unkey(value: int) -> tuple[int, int, int]:
    k = value & 3
    rest = value >> 2
    return rest // SPAN - BIAS, rest % SPAN - BIAS, k


def shift(dx: int, dy: int) -> int:
    """What to add to a key to translate it by ``(dx, dy)``."""
    return (dx * SPAN + dy) * 4


class Door(NamedTuple):
    elem: int          # element key (local)
    facing: str        # N/E/S/W
    floor: str | None  # "ground" / "downstairs"; None = the hallway's chosen side
    label: str
    out: int           # key of the triangle just outside the door (local)


class Orient(NamedTuple):
    """One tile in one rotation, in local coordinates (bounding box at the origin)."""
    tile: str
    rot: int
    w: int
    h: int
    rows: tuple[tuple[int, int, int], ...]  # (dy, full mask, partial mask); bit = x*4+q
    full: tuple[int, ...]                   # triangle keys
    partial: tuple[int, ...]
    circle: tuple[int, int, int] | None     # doubled centre x, y and doubled radius
    contact: tuple[int, ...]                # element keys
    doors: tuple[Door, ...]
    fence: tuple[int, ...]
    outline: tuple[tuple[int, int], ...]    # doubled polygon points (circles: empty)
    vertices: tuple[int, ...]               # polygon corner points as keys (k = 0)
    door_segments: tuple[tuple[int, int, int, int], ...]  # doubled endpoints per door


def _rotate(points, h):
    return [(h - y, x) for x, y in points]


def _element(p, q) -> tuple[int, int, int]:
    (x1, y1), (x2, y2) = p, q
    if y1 == y2:
        return (min(x1, x2), y1, 0)
    if x1 == x2:
        return (x1, min(y1, y2), 1)
    return (min(x1, x2), min(y1, y2), 2 if (x2 - x1) * (y2 - y1) > 0 else 3)


def _unit_pieces(p, q):
    """An axis-aligned or one-cell diagonal segment as unit elements."""
    (x1, y1), (x2, y2) = p, q
    if x1 != x2 and y1 != y2:
        return [_element(p, q)]
    n = abs(x2 - x1) + abs(y2 - y1)
    sx, sy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
    return [_element((x1 + i * sx, y1 + i * sy), (x1 + (i + 1) * sx, y1 + (i + 1) * sy))
            for i in range(n)]


def _inside(poly, px, py) -> bool:
    """Even-odd test; (px, py) never lies on an edge here."""
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > py) != (y2 > py):
            xcross = x1 + Fraction((py - y1) * (x2 - x1), y2 - y1)
            if px < xcross:
                inside = not inside
    return inside


_CENTROID6 = ((3, 1), (5, 3), (3, 5), (1, 3))   # triangle centroids in sixths of a cell


def triangle2(cx: int, cy: int, q: int) -> tuple[tuple[int, int], ...]:
    """Doubled vertices of triangle q of cell (cx, cy)."""
    x, y = 2 * cx, 2 * cy
    mid = (x + 1, y + 1)
    return (((x, y), (x + 2, y)), ((x + 2, y), (x + 2, y + 2)),
            ((x, y + 2), (x + 2, y + 2)), ((x, y), (x, y + 2)))[q] + (mid,)


def _dist2_segment(p, a, b) -> Fraction:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = Fraction((px - ax) * dx + (py - ay) * dy, dx * dx + dy * dy)
    t = min(Fraction(1), max(Fraction(0), t))
    cx, cy = ax + t * dx - px, ay + t * dy - py
    return cx * cx + cy * cy


def _in_triangle(p, tri) -> bool:
    signs = []
    for i in range(3):
        (ax, ay), (bx, by) = tri[i], tri[(i + 1) % 3]
        signs.append((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax))
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def disc_triangles(w: int, h: int) -> tuple[list, list]:
    """(full, partial) triangles of the disc inscribed in a w x h box (exact)."""
    centre, r2 = (w, h), w * w          # doubled centre, squared doubled radius
    full, partial = [], []
    for cx in range(w):
        for cy in range(h):
            for q in range(4):
                tri = triangle2(cx, cy, q)
                d2 = [(vx - centre[0]) ** 2 + (vy - centre[1]) ** 2 for vx, vy in tri]
                if max(d2) <= r2:
                    full.append((cx, cy, q))
                elif _in_triangle(centre, tri) or min(
                        _dist2_segment(centre, tri[i], tri[(i + 1) % 3]) for i in range(3)) < r2:
                    partial.append((cx, cy, q))
    return full, partial


def _polygon_triangles(poly, w, h) -> list:
    poly6 = [(6 * x, 6 * y) for x, y in poly]
    return [(cx, cy, q) for cx in range(w) for cy in range(h) for q in range(4)
            if _inside(poly6, 6 * cx + _CENTROID6[q][0], 6 * cy + _CENTROID6[q][1])]


def _door_out(ex: int, ey: int, kind: int, facing: str) -> tuple[int, int, int]:
    if kind == 0:
        return (ex, ey - 1, 2) if facing == "N" else (ex, ey, 0)
    return (ex - 1, ey, 1) if facing == "W" else (ex, ey, 3)


def _rows(full, partial) -> tuple:
    rows: dict[int, list[int]] = {}
    for cx, cy, q in full:
        rows.setdefault(cy, [0, 0])[0] |= 1 << (cx * 4 + q)
    for cx, cy, q in partial:
        rows.setdefault(cy, [0, 0])[1] |= 1 << (cx * 4 + q)
    return tuple((dy, f, p) for dy, (f, p) in sorted(rows.items()))


def orient(tile: str, rot: int, doors_data: list[dict] | None = None) -> Orient:
    """Tile ``tile`` rotated ``rot`` quarter turns clockwise (doors may be overridden)."""
    spec = D.TILES[tile]
    shape = D.SHAPES[spec["shape"]]
    w, h = shape["w"], shape["h"]
    is_circle = shape["kind"] == "circle"
    poly = [tuple(p) for p in shape.get("polygon", [])]
    contact_segs = [[tuple(a), tuple(b)] for a, b in shape["boundary_contact_segments"]]
    door_segs = []
    for d in doors_data if doors_data is not None else spec["doors"]:
        x, y = d["x"], d["y"]
        end = (x + 1, y) if d["facing"] in "NS" else (x, y + 1)
        door_segs.append([(x, y), end, d["facing"], d.get("floor"), d["label"]])
    fence_segs = [[tuple(a), tuple(b)] for a, b in spec.get("fence") or []]
    for _ in range(rot):
        poly = _rotate(poly, h)
        contact_segs = [_rotate(s, h) for s in contact_segs]
        fence_segs = [_rotate(s, h) for s in fence_segs]
        door_segs = [_rotate(s[:2], h) + [_ROT[s[2]], s[3], s[4]] for s in door_segs]
        w, h = h, w
    if is_circle:
        full, partial = disc_triangles(w, h)
        circle = (w, h, w)
    else:
        full, partial, circle = _polygon_triangles(poly, w, h), [], None
    contact = sorted({key(*e) for a, b in contact_segs for e in _unit_pieces(a, b)})
    doors = []
    for a, b, facing, floor, label in door_segs:
        ex, ey, kind = _element(a, b)
        doors.append(Door(key(ex, ey, kind), facing, floor, label,
                          key(*_door_out(ex, ey, kind, facing))))
    fence = sorted({key(*e) for a, b in fence_segs for e in _unit_pieces(a, b)})
    return Orient(
        tile, rot, w, h, _rows(full, partial), tuple(key(*t) for t in full),
        tuple(key(*t) for t in partial), circle, tuple(contact), tuple(doors), tuple(fence),
        tuple((2 * x, 2 * y) for x, y in poly), tuple(key(x, y, 0) for x, y in poly),
        tuple((2 * a[0], 2 * a[1], 2 * b[0], 2 * b[1]) for a, b, *_ in door_segs))


def _signature(o: Orient) -> tuple:
    return (o.full, o.partial, o.fence, tuple(sorted((d.elem, d.facing, d.floor) for d in o.doors)))


def _orients(tile: str, doors_data=None) -> tuple[Orient, ...]:
    """The geometrically distinct rotations of a tile (a hallway has two)."""
    out, seen = [], set()
    for rot in range(4):
        o = orient(tile, rot, doors_data)
        sig = _signature(o)
        if sig not in seen:
            seen.add(sig)
            out.append(o)
    return tuple(out)


#: geometry id -> distinct rotations; ``foyer4`` is the foyer's four-door side
ORIENTS: dict[str, tuple[Orient, ...]] = {t: _orients(t) for t in D.TILES}
ORIENTS["foyer4"] = _orients(D.FOYER, D.FOYER_FOUR_DOORS)
BY_ROT: dict[tuple[str, int], Orient] = {(g, o.rot): o for g, os in ORIENTS.items() for o in os}


def get(geom: str, rot: int) -> Orient:
    """The orientation ``rot`` of geometry ``geom`` (tile id, or ``foyer4``)."""
    found = BY_ROT.get((geom, rot))
    if found is None:
        found = BY_ROT[(geom, rot)] = orient(D.FOYER if geom == "foyer4" else geom, rot,
                                             D.FOYER_FOUR_DOORS if geom == "foyer4" else None)
    return found
