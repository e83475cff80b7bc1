"""A castle grown by one room reuses its parent's placement checks far from the new room
(``Castle.grown``, ``placement.check``) and tries the parent's witness first
(``placement.placeable``): both must answer exactly what a castle built from scratch,
with no memory, answers."""
import random

import pytest

from engine.ludwig import data as D
from engine.ludwig.castle import Castle, castle_of
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
    grown = 0
    for rooms, asked in _grow(seed, 16):
        c, fresh = castle_of(rooms), _scratch(rooms)
        assert c.parent is not None
        grown += 1
        for tile in asked:
            assert placeable(c, tile) == placeable(fresh, tile), tile
            assert legal(c, tile) == legal(fresh, tile), tile
    assert grown >= 14


@pytest.mark.parametrize("seed", range(4))
def test_every_remembered_verdict_is_the_exact_one(seed):
    """Every placement where a door of the tile meets an open castle door, judged by the
    grown castles (their own verdict or one reused from the parent), against the rules
    worked out anew, legal and illegal ones alike."""
    judged = reused = 0
    for rooms, asked in _grow(100 + seed, 14):
        c = castle_of(rooms)
        parent = c.parent[0]
        for tile in asked:
            for o, x, y, side in door_pair_candidates(c, tile):
                assert check(c, o, x, y, side) == check_anew(c, o, x, y, side)
                judged += 1
                reused += P._key(o.rot, x, y, side) in parent.get(tile, {})
    assert judged > 2000 and reused > 500


def door_pair_candidates(c, tile):
    """Every (orient, x, y, side) where some door of ``tile`` lies on an open castle door."""
    return [(o, ex - lx, ey - ly, side)
            for _e, ex, ey, _facing, _floor in c.open_doors()
            for o in ORIENTS[tile] for d in o.doors for side in P.sides_of(tile)
            for lx, ly, _k in [unkey(d.elem)]]
