"""Packaged data: estate geometry, tiles, depots (spec §2-§4, examples 4 and 12)."""
from collections import Counter

from engine.burgundy.data import (
    BLACK_PER_PHASE, DEPOT_SPACES, DIE, ESTATES, NEIGHBOURS, REGION_VP, PHASE_BONUS, SPACES, TILES,
)


def test_estate_1_cities_and_centre_castle():          # example 4
    e1 = ESTATES[1]
    cities = sorted(len(r) for r in e1.regions if e1.colour[r[0]] == "city")
    assert cities == [1, 3, 3, 5]
    assert e1.colour[19] == "castle" and DIE[19] == 6


def test_every_estate_has_the_same_colour_counts_and_connected_regions():
    for estate in ESTATES.values():
        counts = Counter(estate.colour[s] for s in SPACES)
        assert counts == {"city": 12, "river": 6, "pasture": 6, "knowledge": 6,
                          "castle": 4, "mine": 3}
        for region in estate.regions:
            assert len({estate.colour[s] for s in region}) == 1
            seen, todo = {region[0]}, [region[0]]
            while todo:
                for nb in NEIGHBOURS[todo.pop()]:
                    if nb in region and nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            assert seen == set(region)


def test_neighbours_are_symmetric_and_hexagonal():
    for s in SPACES:
        assert 3 <= len(NEIGHBOURS[s]) <= 6
        for nb in NEIGHBOURS[s]:
            assert s in NEIGHBOURS[nb]
    assert sorted(NEIGHBOURS[19]) == [12, 13, 18, 20, 25, 26]


def test_uncertain_estates_stay_flagged_as_data():
    assert not ESTATES[4].sources_agree and not ESTATES[8].sources_agree
    assert ESTATES[1].confidence == "high"


def test_tile_components():
    assert len(TILES) == 164
    assert sum(t.back == "black" for t in TILES.values()) == 40
    black_knowledge = sorted(t.number for t in TILES.values()
                             if t.category == "knowledge" and t.back == "black")
    assert black_knowledge == [7, 12, 14, 15, 24, 25]


def test_region_sizes_and_phase_bonus():                # example 12
    assert [REGION_VP[n] for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert PHASE_BONUS == (10, 8, 6, 4, 2)


def test_depot_spaces_per_player_count():
    for n, total in ((2, 12), (3, 18), (4, 24)):
        assert sum(1 for spaces in DEPOT_SPACES.values() for _, m in spaces if m <= n) == total
    assert BLACK_PER_PHASE == {2: 4, 3: 6, 4: 8}
