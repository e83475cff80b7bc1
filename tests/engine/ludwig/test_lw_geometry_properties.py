"""Geometry properties on random castles: translation invariance, no overlap (checked by an
independent point test), door rules, and the generator equals a brute-force search."""
import random
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from engine.ludwig import data as D
from engine.ludwig.castle import castle_of, door_floor
from engine.ludwig.placement import check, legal, sides_of
from engine.ludwig.preview import preview_points
from engine.ludwig.shapes import ORIENTS, get

from lw_helpers import FOYER, random_rooms, room

TILES = list(D.ROOM_IDS) + [D.STAIRS, D.HALLWAY] * 8


def random_castle(seed: int, size: int):
    return random_rooms(seed, size, TILES)


def inside(o, ox, oy, px: Fraction, py: Fraction) -> bool:
    """Exact strict point-in-shape test, independent of the triangle masks."""
    if o.circle:
        cx, cy, r = Fraction(o.circle[0], 2) + ox, Fraction(o.circle[1], 2) + oy, Fraction(o.circle[2], 2)
        return (px - cx) ** 2 + (py - cy) ** 2 < r * r
    poly = [(Fraction(x, 2) + ox, Fraction(y, 2) + oy) for x, y in o.outline]
    hit = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def overlap_by_points(a, b) -> bool:
    (oa, ax, ay), (ob, bx, by) = a, b
    x0, x1 = max(ax, bx), min(ax + oa.w, bx + ob.w)
    y0, y1 = max(ay, by), min(ay + oa.h, by + ob.h)
    for i in range((x1 - x0) * 8):
        for j in range((y1 - y0) * 8):
            px, py = x0 + Fraction(2 * i + 1, 16), y0 + Fraction(2 * j + 1, 16)
            if inside(oa, ax, ay, px, py) and inside(ob, bx, by, px, py):
                return True
    return False


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(-20, 20), st.integers(-20, 20))
def test_translation_invariance(seed, dx, dy):
    rooms = random_castle(seed, 8)
    moved = [dict(r, x=r["x"] + dx, y=r["y"] + dy) for r in rooms]
    for tile in ("parlor", "hallway", "stairs", "throne_room", "orangery"):
        a, b = castle_of(rooms), castle_of(moved)
        got_a = sorted((c[0], c[1] + dx, c[2] + dy, c[3], preview_points(a, tile, c))
                       for c in legal(a, tile))
        got_b = sorted((c[0], c[1], c[2], c[3], preview_points(b, tile, c)) for c in legal(b, tile))
        assert got_a == got_b


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_legal_castles_never_overlap_and_doors_obey_floors(seed):
    rooms = random_castle(seed, 12)
    c = castle_of(rooms)
    placed = [(c.orients[i], r["x"], r["y"]) for i, r in enumerate(rooms)]
    for i in range(len(placed)):
        for j in range(i):
            assert not overlap_by_points(placed[i], placed[j])
    doors: dict = {}
    for i, r in enumerate(rooms):
        for d in c.orients[i].doors:
            doors.setdefault(d.elem + c.shifts[i], []).append(
                (i, door_floor(r["tile"], d.floor, r.get("side")), r["tile"]))
    for met in doors.values():
        if len(met) == 2:
            assert met[0][1] == met[1][1]                  # no cross-floor door contact
            assert not met[0][2] == met[1][2] == D.STAIRS   # no stairs on stairs
    for i in range(1, len(rooms)):
        assert c.links[i], "every placed tile is connected by a door"
    assert c.exits(), "some door leads outside"


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["buttery", "piano_room", "hallway", "stairs",
                                               "stables", "kitchen", "the_hole", "porch"]))
def test_generator_equals_brute_force(seed, tile):
    rooms = random_castle(seed, 6)
    c = castle_of(rooms)
    x0, y0, x1, y1 = c.box
    brute = set()
    for o in ORIENTS[tile]:
        for side in sides_of(tile):
            for x in range(x0 - o.w - 1, x1 + 2):
                for y in range(y0 - o.h - 1, y1 + 2):
                    if check(c, o, x, y, side) is not None:
                        brute.add((o.rot, x, y, side))
    assert {cand[:4] for cand in legal(c, tile)} == brute
    for rot, x, y, _side in brute:
        o = get(tile, rot)
        assert all(not overlap_by_points((o, x, y), (c.orients[i], r["x"], r["y"]))
                   for i, r in enumerate(rooms))
