"""The engine's shortcuts give the answers of the plain computations they skip: a
placement's remembered preview points, the grid bands a grown castle keeps from its
parent (cut anew, they are the same), and whether a tile can be placed when an ancestor
castle could not place it (only the doors of the rooms added since are scanned)."""
import pytest

from engine.ludwig import data as D
from engine.ludwig import placement as P
from engine.ludwig.castle import Castle, castle_of
from engine.ludwig.grid import Band
from engine.ludwig.placement import legal, placeable
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
def test_bands_kept_by_grown_castles_are_never_stale(seed):
    """Each room of a random castle is added to a castle whose grid has a band at every
    row scanned so far; the bands the child keeps equal bands cut from its own masks."""
    rooms = random_rooms(seed, 16, TILES)
    kept = 0
    for n in range(2, len(rooms) + 1):
        parent = castle_of(rooms[:n - 1])
        for tile in ("parlor", D.HALLWAY, "great_hall"):
            legal(parent, tile)
        child = castle_of(rooms[:n])
        g = child.grid()
        for row, band in g._bands.items():
            kept += 1
            fresh = Band(g, row)
            assert [getattr(band, k) for k in Band.__slots__] == \
                [getattr(fresh, k) for k in Band.__slots__], (n, row)
    assert kept


@pytest.mark.parametrize("seed", range(3))
def test_placeable_after_an_ancestor_could_not_place_the_tile(seed, monkeypatch):
    """Castles grown room by room through the cache, every tile asked at every step: each
    answer equals a whole scan of the same castle built anew, and some answers came from
    scans limited to the rooms added since an ancestor had no placement."""
    limited = []
    scan = P._scan

    def spy(castle, tile, first, since=0):
        found = scan(castle, tile, first, since)
        if since:
            limited.append(bool(found))
        return found

    monkeypatch.setattr(P, "_scan", spy)
    rooms = random_rooms(seed, 22, TILES)
    for n in range(1, len(rooms) + 1):
        c = castle_of(rooms[:n])
        fresh = Castle()
        for r in rooms[:n]:
            fresh.add(dict(r))
        for tile in sorted(set(TILES)):
            assert placeable(c, tile) == bool(scan(fresh, tile, False)), (n, tile)
    assert limited and True in limited
