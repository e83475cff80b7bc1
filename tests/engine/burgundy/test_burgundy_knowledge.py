"""One test per knowledge tile 1-26 (spec §12, examples 5-10, 25, 35)."""
import pytest

from engine.burgundy.data import KNOWLEDGE_BUILDING
from engine.burgundy.knowledge import end_game_vp
from engine.burgundy.scoring import breakdown, phase_income
from burgundy_helpers import (
    act, cover, decision, learn, me, new, on_depot, options, player, set_dice, store,
)


def _cost(state, option_id):
    return decision(state).option(option_id).params["cost"]


def test_k1_buildings_limit_lifted_from_placement_on():
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 26, "bank")
    k1, bank = store(state, seat, "knowledge_1"), store(state, seat, "bank")
    p["workers"] = 0
    set_dice(state, 1, 1)
    act(state, "die:0")
    assert f"place:{bank}" not in options(state)
    act(state, f"place:{k1}", "space:13", "die:1", f"place:{bank}", "space:27")
    assert p["know"] == [1] and p["sp"][27] == bank


def test_k2_mine_workers():
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 25, "mine")
    workers = p["workers"]
    phase_income(state)
    assert p["workers"] == workers
    learn(state, seat, 2)
    phase_income(state)
    assert p["workers"] == workers + 1


def _sell(state, *knowledge):
    p = player(state)
    learn(state, me(state), *knowledge)
    p["goods"] = [0, 2, 0, 0, 0, 0, 0]
    silver, workers = p["silver"], p["workers"]
    set_dice(state, 1, 1)
    act(state, "die:0", "sell:1")
    return p["silver"] - silver, p["workers"] - workers


def test_k3_two_silverlings_per_sale():
    assert _sell(new(3), 3) == (2, 0)
    assert _sell(new(3)) == (1, 0)


def test_k4_worker_per_sale():
    assert _sell(new(3), 4) == (1, 1)


def test_k5_ship_from_two_adjacent_depots():
    state = new(3)
    seat = me(state)
    for pile in state["depot_goods"]:
        pile.clear()
    state["depot_goods"][1] = [2]
    learn(state, seat, 5)
    ship = store(state, seat, "ship")
    set_dice(state, 2, 2)
    act(state, "die:0", f"place:{ship}", "space:18")
    assert options(state) == ["depots:1:2", "depots:2:3", "no_goods"]


def test_k6_buy_from_a_numbered_depot():                    # example 35
    state = new(3)
    seat, p = me(state), player(state)
    learn(state, seat, 6)
    p["silver"] = 5
    tile = on_depot(state, 2, "warehouse", slot=0)
    act(state, f"buy:2:{tile}")
    assert tile in p["store"] and p["silver"] == 3 and p["used"] == [False, False]
    assert not any(o.startswith("buy") for o in options(state))


def test_k7_animal_bonus():
    state = new(3)
    seat, p = me(state), player(state)
    learn(state, seat, 7)
    cover(state, seat, 11, "sheep", animals=4)
    sheep = store(state, seat, "sheep", animals=3)
    p["workers"] = 9
    set_dice(state, 5, 5)
    act(state, "die:0", f"place:{sheep}", "space:10")
    assert p["parts"]["animals"] == 9


def test_k8_each_worker_moves_two():
    state = new(3)
    p = player(state)
    p["workers"] = 5
    tile = on_depot(state, 3, "bank", slot=1)
    set_dice(state, 6, 6)
    act(state, "die:0")
    assert _cost(state, f"take:3:{tile}") == 3
    act(state, "back")
    learn(state, me(state), 8)
    act(state, "die:0")
    assert _cost(state, f"take:3:{tile}") == 2


def _place_cost(kind, space, die, knowledge):
    state = new(3)
    seat, p = me(state), player(state)
    learn(state, seat, *knowledge)
    p["workers"] = 5
    tile = store(state, seat, kind)
    set_dice(state, die, die)
    act(state, "die:0", f"place:{tile}")
    return _cost(state, f"space:{space}")


@pytest.mark.parametrize("number, kind, space, die", [
    (9, "bank", 12, 2), (10, "ship", 18, 3), (11, "mine", 25, 5), (11, "knowledge_1", 13, 2)])
def test_k9_k10_k11_free_step_for_their_tiles(number, kind, space, die):
    assert _place_cost(kind, space, die, []) == 1
    assert _place_cost(kind, space, die, [number]) == 0
    other = {9: 10, 10: 11, 11: 9}[number]
    assert _place_cost(kind, space, die, [other]) == 1


def test_k10_free_step_for_animals():
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 12, "bank")
    cow = store(state, seat, "cow")
    learn(state, seat, 10)
    p["workers"] = 0
    set_dice(state, 2, 2)                 # space 6 shows 1
    act(state, "die:0", f"place:{cow}")
    assert _cost(state, "space:6") == 0


def test_k11_free_step_for_castles():
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 12, "bank")
    castle = store(state, seat, "castle")
    learn(state, seat, 11)
    p["workers"] = 0
    set_dice(state, 5, 5)                 # space 7 shows 6
    act(state, "die:0", f"place:{castle}")
    assert _cost(state, "space:7") == 0


def test_k12_free_step_for_taking():
    state = new(3)
    p = player(state)
    p["workers"] = 0
    tile = on_depot(state, 4, "bank", slot=1)
    set_dice(state, 3, 3)
    act(state, "die:0")
    assert f"take:4:{tile}" not in options(state)
    act(state, "back")
    learn(state, me(state), 12)
    act(state, "die:0")
    assert _cost(state, f"take:4:{tile}") == 0


def _take_workers(*knowledge):
    state = new(3)
    p = player(state)
    learn(state, me(state), *knowledge)
    workers, silver = p["workers"], p["silver"]
    act(state, "die:0", "workers")
    return p["workers"] - workers, p["silver"] - silver


def test_k13_take_workers_gives_a_silverling():
    assert _take_workers(13) == (2, 1)


def test_k14_take_workers_gives_four():
    assert _take_workers(14) == (4, 0)
    assert _take_workers() == (2, 0)


def _scorer(*know, sold=(0,) * 7):
    state = new(3)
    p = state["players"][0]
    p["know"] = list(know)
    p["sold"] = list(sold)
    return state, p


def test_k15_sold_types():                                  # example 7
    _, p = _scorer(15, sold=(0, 0, 3, 3, 4, 0, 1))
    assert end_game_vp(p) == {15: 12}


def test_k25_sold_tiles():                                  # example 8
    _, p = _scorer(25, sold=(0, 0, 3, 3, 4, 0, 1))
    assert end_game_vp(p) == {25: 11}


@pytest.mark.parametrize("number", sorted(KNOWLEDGE_BUILDING))
def test_k16_to_k23_buildings(number):
    state, p = _scorer(number)
    kind = KNOWLEDGE_BUILDING[number]
    for space in (12, 26):
        cover(state, 0, space, kind)
    cover(state, 0, 27, "bank" if kind != "bank" else "church")
    assert end_game_vp(p) == {number: 8}


def test_k17_and_k22_rulebook_example():                    # example 9
    state, p = _scorer(17, 22)
    for space in (9, 14):
        cover(state, 0, space, "watchtower")
    for space in (12, 23, 24, 26):
        cover(state, 0, space, "bank")
    assert sum(end_game_vp(p).values()) == 24


def test_k24_animal_kinds():                                # example 10
    state, p = _scorer(24)
    for space, kind in ((1, "cow"), (5, "chicken"), (6, "sheep"), (10, "cow")):
        cover(state, 0, space, kind)
    assert end_game_vp(p) == {24: 12}


def test_k26_bonus_tiles():
    _, p = _scorer(26)
    p["bonus"] = ["bonus_mine_large", "bonus_river_small"]
    assert end_game_vp(p) == {26: 4}
    assert breakdown(p)["knowledge"] == 4


def test_k9_free_step_plus_one_worker():                   # example 23
    state = new(3)
    seat, p = me(state), player(state)
    learn(state, seat, 9)
    cover(state, seat, 25, "mine")
    bank = store(state, seat, "bank")
    p["workers"] = 3
    set_dice(state, 3, 3)
    act(state, "die:0", f"place:{bank}")
    assert _cost(state, "space:24") == 1            # 3 -> 4 free, -> 5 one worker
    act(state, "space:24")
    assert p["workers"] == 2 and p["sp"][24] == bank


def test_k8_and_k9_together():                             # example 24
    state = new(3)
    seat, p = me(state), player(state)
    learn(state, seat, 8, 9)
    cover(state, seat, 14, "church")
    bank = store(state, seat, "bank")
    p["workers"] = 1
    set_dice(state, 1, 1)
    act(state, "die:0", f"place:{bank}")
    assert _cost(state, "space:9") == 1             # distance 3: free 1, then one ±2 worker
