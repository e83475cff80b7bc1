"""The faster Burgundy path (estate layouts as bit masks, shared options, place spans)
plays exactly like the slow one: seeded lockstep games, legal spaces against the plain
neighbour scan and place options against a fresh derivation."""
import random

import pytest

from engine.burgundy import GAME
from engine.burgundy.choices import place_options, space_costs
from engine.burgundy.data import COLOURS, TILES
from engine.burgundy.estate import (
    Layout, _layout, city_has, estate_of, layout, legal_spaces, region_spaces, touches_covered,
)
from engine.burgundy.knowledge import IGNORE_BUILDING_LIMIT
from engine.core import Action, Option

from tests.engine.lockstep import lockstep


def slow_legal_spaces(player, tile_id):
    tile, sp = TILES[tile_id], player["sp"]
    out = [s for s in estate_of(player).by_colour[tile.colour]
           if sp[s] is None and touches_covered(sp, s)]
    if tile.category == "building" and IGNORE_BUILDING_LIMIT not in player["know"]:
        out = [s for s in out if not city_has(player, s, tile.kind)]
    return out


def slow_place_options(player, die):
    """``place:<tile>`` options worked out afresh for every stored tile (no memo)."""
    out = []
    for tile in player["store"]:
        costs = [c for _, c in space_costs(player, tile, die)]
        if costs:
            low, high = min(costs), max(costs)
            label = "place" if not low else "place_cost" if low == high else "place_costs"
            out.append(Option(f"place:{tile}", label,
                              {"tile": tile, "cost": low, "max_cost": high}))
    return out


def reference_check(state):
    tiles = {t for depot in state["depots"] for t in depot if t is not None}
    for player in state["players"]:
        for tile in tiles | set(player["store"]):
            assert legal_spaces(player, tile) == slow_legal_spaces(player, tile)
        for die in (None, 1, 2, 3, 4, 5, 6):
            for _ in range(2):  # the second answer comes from the layout's memo
                assert place_options(player, die) == slow_place_options(player, die)


@pytest.mark.parametrize("seats", [4, 2, 3])
def test_fast_path_plays_like_the_slow_path(seats):
    for seed in range(3):
        assert lockstep(GAME, seats, seed, check=reference_check) > 100


def test_layout_carried_over_a_placement_equals_a_fresh_one():
    """After every move of seeded random games, each player's layout (carried over from
    placement to placement by ``estate.placed``) answers like one worked out afresh."""
    carried = 0
    for seed in range(4):
        state = GAME.setup(4, {}, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            GAME.apply(state, decision.seat, Action(decision.kind,
                                                    rnd.choice(decision.options).id))
            for player in state["players"]:
                facts = layout(player)
                carried += facts is not _layout(player["estate"], tuple(player["sp"]))
                fresh = Layout(player["estate"], tuple(player["sp"]))
                assert facts.sp == fresh.sp
                for colour in COLOURS:
                    assert facts.open_spaces(colour) == fresh.open_spaces(colour)
                for tile in TILES:
                    for any_city in (False, True):
                        assert facts.numbers(tile, any_city) == fresh.numbers(tile, any_city)
                sp = player["sp"]
                for space in range(1, 38):
                    assert facts.region_complete(space) == all(
                        sp[s] is not None for s in region_spaces(player, space))
                for colour in COLOURS:
                    assert facts.colour_complete(colour) == all(
                        sp[s] is not None for s in estate_of(player).by_colour[colour])
    assert carried > 100  # the carried-over path was exercised
