"""A castle grown by one room extends its parent's grid masks (``Castle.grown``) and tries
the parent's witness first (``placement.placeable``); placements are judged on the masks
(``placement.check``).  All must answer exactly what a castle built from scratch answers,
and every verdict what the element sets say (``check_anew``)."""
import random

import pytest

from engine.ludwig import data as D
from engine.ludwig.castle import XB, Castle, castle_of
from engine.ludwig import placement as P
from engine.ludwig.placement import check, check_anew, legal, placeable
from engine.ludwig.shapes import ORIENTS, unkey

TILES = list(D.ROOM_IDS) + [D.HALLWAY, D.STAIRS]


def _scratch(rooms: list[dict]) -> Castle:
    """The index of ``rooms`` built room by room, outside the cache (no parent)."""
    c = Castle()
    for r in rooms:
        c.add(dict(r))
    return c


def _grow(seed: int, size: int):
    """Random castles grown room by room through the cache; at every step the parent was
    asked about many tiles first (so the child has a memory to reuse)."""
    rnd = random.Random(seed)
    rooms = [{"tile": D.FOYER, "rot": 0, "x": 0, "y": 0, "side": "front"}]
    asked = rnd.sample(TILES, 24)
    while len(rooms) < size:
        c = castle_of(rooms)
        for tile in asked[:12]:
            placeable(c, tile)
        for tile in asked[12:]:
            legal(c, tile)
        tile = rnd.choice(asked)
        cands = legal(c, tile)
        if not cands:
            asked = rnd.sample(TILES, 24)
            continue
        rot, x, y, side = rnd.choice(cands)[:4]
        rooms.append({"tile": tile, "rot": rot, "x": x, "y": y, "side": side})
        yield rooms, asked


@pytest.mark.parametrize("seed", range(8))
def test_grown_castles_answer_like_fresh_ones(seed):
    grown = extended = 0
    for rooms, asked in _grow(seed, 16):
        c, fresh = castle_of(rooms), _scratch(rooms)
        assert c.witnesses is not None
        grown += 1
        extended += c._grid is not None     # extended from the parent's, not built anew
        for tile in asked:
            assert placeable(c, tile) == placeable(fresh, tile), tile
            assert legal(c, tile) == legal(fresh, tile), tile
        for name in ("full", "part", "contact", "fence", "doors"):
            assert _window(c.grid(), name, fresh.grid()) == getattr(fresh.grid(), name), name
    assert grown >= 14 and extended >= grown // 2


def _window(g, name: str, other) -> int:
    """Mask ``name`` of grid ``g`` redrawn on the window of grid ``other``."""
    out, mask = 0, getattr(g, name)
    while mask:
        low = mask & -mask
        mask ^= low
        cell, k = divmod(low.bit_length() - 1, 4)
        y, x = divmod(cell, g.w)
        out |= 1 << other.offset(x + g.x0, y + g.y0) + k
    return out


@pytest.mark.parametrize("seed", range(4))
def test_every_verdict_on_the_masks_is_the_exact_one(seed):
    """Every placement where a door of the tile meets an open castle door, judged on the
    grown castles' masks, against the rules worked out anew from the element sets, legal
    and illegal ones alike."""
    judged, legal_ones, illegal = 0, 0, 0
    for rooms, asked in _grow(100 + seed, 14):
        c = castle_of(rooms)
        for tile in asked:
            for o, x, y, side in door_pair_candidates(c, tile):
                assert c.grid().fits(o, x, y)
                got = check(c, o, x, y, side)
                assert got == check_anew(c, o, x, y, side)
                judged += 1
                legal_ones += got is not None
                illegal += got is None
    assert judged > 2000 and legal_ones > 500 and illegal > 500


def test_far_placements_are_judged_without_the_grid():
    """A typed placement outside the castle's grid window is refused by the element sets
    (not wrapped around the masks into another row)."""
    c = castle_of([{"tile": D.FOYER, "rot": 0, "x": 0, "y": 0, "side": "front"}])
    o = ORIENTS["parlor"][0]
    for x, y in [(c.grid().x0 + c.grid().w, 0), (-100, 3), (5000, 5000)]:
        assert not c.grid().fits(o, x, y)
        assert check(c, o, x, y, None) is None


def door_pair_candidates(c, tile):
    """Every (orient, x, y, side) where some door of ``tile`` lies on an open castle door."""
    return [(o, ex - lx, ey - ly, side)
            for _e, ex, ey, _facing, _floor in c.open_doors()
            for o in ORIENTS[tile] for d in o.doors for side in P.sides_of(tile)
            for lx, ly, _k in [unkey(d.elem)]]


def test_a_rooms_list_asked_again_gets_the_castle_of_its_rooms_now():
    """``castle_of`` knows a list it saw by identity; appending a room, setting the
    foyer's side or changing the last room in place still give that list's castle."""
    rooms = [{"tile": D.FOYER, "rot": 0, "x": 0, "y": 0, "side": "front"}]
    first = castle_of(rooms)
    assert castle_of(rooms) is first
    rooms[0]["side"] = "four_doors"
    assert castle_of(rooms).orients[0] is not first.orients[0]
    assert castle_of(rooms).open_doors() == _scratch(rooms).open_doors()
    rooms[0]["side"] = "front"
    for tile in ("parlor", "hallway", "dining_room"):
        cands = legal(castle_of(rooms), tile)
        rot, x, y, side = cands[-1][:4]
        rooms.append({"tile": tile, "rot": rot, "x": x, "y": y, "side": side})
        assert len(castle_of(rooms).rooms) == len(rooms)
    rooms[0]["side"] = "four_doors"
    assert castle_of(rooms).open_doors() == _scratch(rooms).open_doors()
    rooms[0]["side"] = "front"
    rot, x, y, side = legal(castle_of(rooms[:-1]), "dining_room")[0][:4]
    rooms[-1].update(rot=rot, x=x, y=y, side=side)
    for c in (castle_of(rooms), castle_of([dict(r) for r in rooms])):
        assert c.open_doors() == _scratch(rooms).open_doors()
        assert [r["x"] for r in c.rooms] == [r["x"] for r in rooms]


def _occupied_cell(c, x: int, y: int) -> bool:
    """Does some tile cover part of cell (x, y)?  (From the castle's row dicts.)"""
    s = (x + XB) * 4
    return bool(((c.full.get(y, 0) | c.part.get(y, 0)) >> s) & 15)


def _strip_free_by_cells(c, facing: str, cx: int, cy: int) -> bool:
    x0, y0, x1, y1 = c.box
    if facing in "NS":
        ys = range(y0, min(cy, y1) + 1) if facing == "N" else range(max(cy, y0), y1 + 1)
        return not any(_occupied_cell(c, cx, y) for y in ys)
    xs = range(max(cx, x0), x1 + 1) if facing == "E" else range(x0, min(cx, x1) + 1)
    return not any(_occupied_cell(c, x, cy) for x in xs)


@pytest.mark.parametrize("seed", range(3))
def test_strips_on_the_grid_are_the_cells_they_cross(seed):
    """Rule 5's quick test (no tile in a straight strip to infinity) on the grid masks
    equals walking the strip cell by cell, from every cell in and around the castle."""
    free = blocked = 0
    for rooms, _asked in _grow(200 + seed, 12):
        c = castle_of(rooms)
        g, (x0, y0, x1, y1) = c.grid(), c.box
        for cx in range(x0 - 2, x1 + 3):
            for cy in range(y0 - 2, y1 + 3):
                for facing in "NESW":
                    got = g.strip_free(facing, cx, cy)
                    assert got == _strip_free_by_cells(c, facing, cx, cy), (facing, cx, cy)
                    free += got
                    blocked += not got
    assert free > 1000 and blocked > 1000
