"""The engine's shortcuts give the answers of the plain computations they skip: a
placement's remembered preview points; a grown castle's open doors worked out from its
parent's."""
import pytest

from engine.ludwig import data as D
from engine.ludwig.castle import Castle, castle_of
from engine.ludwig.placement import legal
from engine.ludwig.points import adjacent_to, gain
from engine.ludwig.preview import preview_points
from engine.ludwig.shapes import get

from lw_helpers import random_rooms

TILES = list(D.ROOM_IDS) + [D.STAIRS, D.HALLWAY] * 8


@pytest.mark.parametrize("seed", range(4))
def test_remembered_preview_points_equal_the_points_worked_out(seed):
    """Every legal placement of every tile, asked twice (the second answer may come from
    the memory), scores what :func:`points.gain` gives with its real neighbours; tiles
    whose bonuses count adjacent rooms are among them."""
    c = castle_of(random_rooms(seed, 14, TILES))
    adjacent_bonus = 0
    for tile in sorted(set(TILES)):
        adjacent_bonus += (D.TILES[tile].get("bonus") or {}).get("kind") == "adjacent"
        for _ask in range(2):
            for cand in legal(c, tile):
                rot, x, y, _side, links = cand[:5]
                parts = gain(c, tile, set(links), adjacent_to(c, get(tile, rot), x, y))
                assert preview_points(c, tile, cand) == sum(parts.values()), (tile, cand)
    assert adjacent_bonus and c.previews


@pytest.mark.parametrize("seed", range(4))
def test_open_doors_of_a_grown_castle_equal_a_fresh_count(seed):
    """Room by room through the cache (each parent's open doors listed first), the open
    doors of every castle equal those of the same castle built anew."""
    rooms = random_rooms(seed, 18, TILES)
    grown = 0
    for n in range(1, len(rooms) + 1):
        c = castle_of(rooms[:n])
        grown += c._open_doors_sorted is not None   # carried over from the parent
        fresh = Castle()
        for r in rooms[:n]:
            fresh.add(dict(r))
        assert c.open_doors() == fresh.open_doors(), n
    assert grown >= len(rooms) // 2
