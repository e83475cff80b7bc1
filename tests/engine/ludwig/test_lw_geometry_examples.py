"""Derived geometry examples D1-D7 and D18 of the spec (section 14), exact coordinates."""
from engine.ludwig.castle import castle_of
from engine.ludwig.placement import _overlaps, check
from engine.ludwig.points import adjacent_to
from engine.ludwig.scoring import measures
from engine.ludwig.shapes import get, shift

from lw_helpers import FOYER, castle, legal_here, points, room


def test_d1_hall_of_mirrors_meets_the_foyer():
    c = castle()
    assert legal_here(c, "hall_of_mirrors", 3, 0) == {0}
    assert adjacent_to(c, get("hall_of_mirrors", 0), 3, 0) == {0}
    assert points(c, "hall_of_mirrors", 3, 0) == 5


def test_d2_rotated_audience_room_point_contact_is_not_adjacency():
    c = castle(room("hall_of_mirrors", 3, 0))
    o = get("audience_room", 2)
    doors = sorted((d.facing, d.label) for d in o.doors)
    assert len(doors) == 3
    assert legal_here(c, "audience_room", -3, -4, rot=2) == {0}
    assert adjacent_to(c, o, -3, -4) == {0}        # the foyer only, not the Hall of Mirrors
    assert points(c, "audience_room", -3, -4, rot=2) == 5


def test_d3_fence_contact():
    c = castle()
    assert legal_here(c, "porch", -3, -2) == {0}
    assert points(c, "porch", -3, -2) == 1
    c = castle(room("porch", -3, -2))
    assert legal_here(c, "buttery", -1, -4) is None          # touches the fence
    o = get("buttery", 0)
    assert adjacent_to(c, o, 2, -3) == {1}                   # right wall, no fence
    assert not any(e + shift(2, -3) in c.fence for e in o.contact)
    assert any(e + shift(-1, -4) in c.fence for e in o.contact)


def test_d4_circle_tangent_contacts():
    c = castle_of([room("piano_room", 0, 0)])
    o = get("buttery", 0)
    assert adjacent_to(c, o, 3, 0) == {0}
    assert check(c, o, 3, 0, None) is None                   # Buttery's W door misses the E door
    assert adjacent_to(c, o, 3, 1) == {0}
    assert check(c, o, 3, 1, None) == {0}
    assert adjacent_to(c, o, 3, -1) == set()


def test_d5_octagon_diagonals():
    c = castle_of([room("throne_room", 0, 0)])
    o = get("vestibule", 0)
    assert not _overlaps(c, o, -6, -3)
    assert adjacent_to(c, o, -6, -3) == {0}
    assert not _overlaps(c, o, -6, -4)
    assert adjacent_to(c, o, -6, -4) == set()


def test_d6_circle_bounding_boxes():
    c = castle_of([room("orangery", 0, 0)])
    assert not _overlaps(c, get("venus_grotto", 0), 4, 4)
    c = castle_of([room("study", 0, 0)])
    assert _overlaps(c, get("piano_room", 0), 2, 2)


def test_d7_floors():
    c = castle()
    assert legal_here(c, "stairs", -3, 1) == {0}
    assert legal_here(c, "stairs", -3, 1, rot=2) is None     # dark end against the foyer
    c = castle(room("stairs", -3, 1))
    assert legal_here(c, "armory", -9, 0) == {1}
    assert points(c, "armory", -9, 0) == 1                   # no activity room yet
    c = castle(room("stairs", -3, 1), room("music_room", 3, 0))   # one activity room
    assert points(c, "armory", -9, 0) == 1 + 2


def test_d18_external_entrances():
    rooms = [dict(FOYER), room("hall_of_mirrors", 3, 0)]
    state = {"players": [{"rooms": rooms, "money": 0}]}
    assert measures(state, 0)["external"] == 3
