"""One test per building, the building limit and City Hall chains.

Spec §11, examples 18, 19, 21, 22.
"""
import pytest

from engine.core import Action, RuleError
from engine.burgundy import GAME
from engine.burgundy.data import TILES
from burgundy_helpers import (
    act, between_actions, cover, decision, kinds, learn, me, new, on_depot, options, player,
    set_dice, store,
)


def _place_building(state, kind, space=12):
    """Place a stored building of ``kind`` on a die-3 city space next to the start castle."""
    tile = store(state, me(state), kind)
    set_dice(state, 3, 1)
    return act(state, "die:0", f"place:{tile}", f"space:{space}")


def test_warehouse_sells_a_whole_type_with_knowledge_3_and_4():    # example 22
    state = new(2)
    p = player(state)
    learn(state, me(state), 3, 4)
    p["goods"] = [0, 0, 0, 0, 0, 0, 3]
    silver, workers = p["silver"], p["workers"]
    _place_building(state, "warehouse", space=26)
    assert decision(state).kind == "warehouse" and options(state) == ["sell:6", "decline"]
    act(state, "sell:6")
    assert p["parts"]["sales"] == 6 and p["silver"] == silver + 2 and p["workers"] == workers + 1
    assert p["goods"][6] == 0 and p["used"] == [True, False]


def test_warehouse_without_goods_loses_its_benefit():
    state = new(3)
    player(state)["goods"] = [0] * 7
    events = _place_building(state, "warehouse")
    assert "effect_lost" in kinds(events) and between_actions(state)


def test_watchtower():
    state = new(3)
    _place_building(state, "watchtower", space=26)
    assert player(state)["vp"] == 4 and player(state)["parts"] == {"buildings": 4}


def test_carpenters_workshop_takes_only_buildings():
    state = new(3)
    church = on_depot(state, 2, "church", slot=0)
    ship = on_depot(state, 4, "ship", slot=0)
    _place_building(state, "carpenters_workshop", space=26)
    opts = options(state)
    assert f"take:2:{church}" in opts and f"take:4:{ship}" not in opts and opts[-1] == "decline"
    assert all(TILES[o.split(":")[2]].category == "building" for o in opts[:-1])
    act(state, f"take:2:{church}")
    assert church in player(state)["store"] and state["depots"][1][0] is None


def test_church_takes_mine_knowledge_or_castle():
    state = new(3)
    on_depot(state, 5, "mine", slot=0)
    _place_building(state, "church", space=26)
    cats = {TILES[o.split(":")[2]].category for o in options(state)[:-1]}
    assert cats and cats <= {"mine", "knowledge", "castle"}
    assert "mine" in cats


def test_market_takes_ship_or_animal():
    state = new(3)
    on_depot(state, 4, "ship", slot=0)
    _place_building(state, "market", space=26)
    cats = {TILES[o.split(":")[2]].category for o in options(state)[:-1]}
    assert cats and cats <= {"ship", "animal"} and "ship" in cats
    act(state, "decline")
    assert between_actions(state)


def test_boarding_house_ignores_knowledge_13_and_14():    # example 21
    state = new(3)
    p = player(state)
    learn(state, me(state), 13, 14)
    workers, silver = p["workers"], p["silver"]
    _place_building(state, "boarding_house", space=26)
    assert p["workers"] == workers + 4 and p["silver"] == silver


def test_bank():
    state = new(3)
    p = player(state)
    silver = p["silver"]
    _place_building(state, "bank", space=26)
    assert p["silver"] == silver + 2


def test_city_hall_chain():                                    # example 19
    state = new(3)
    p = player(state)
    watch = store(state, me(state), "watchtower")
    _place_building(state, "city_hall", space=12)
    assert decision(state).kind == "city_hall"
    assert options(state) == [f"place:{watch}", "decline"]
    act(state, f"place:{watch}")
    spaces = options(state)
    assert "space:26" in spaces and "space:23" not in spaces       # 23 touches nothing
    act(state, "space:26")
    assert p["vp"] == 11 + 4 == 15
    assert p["parts"] == {"regions": 11, "buildings": 4}


def test_city_hall_places_a_city_hall_which_triggers_again():
    state = new(3)
    p = player(state)
    hall2 = store(state, me(state), "city_hall")
    bank = store(state, me(state), "bank")
    _place_building(state, "city_hall", space=12)
    act(state, f"place:{hall2}", "space:26")
    assert decision(state).kind == "city_hall"
    silver = p["silver"]
    act(state, f"place:{bank}", "space:27")
    assert p["silver"] == silver + 2 and between_actions(state)


def test_city_hall_space_back_returns_to_city_hall():
    state = new(3)
    watch = store(state, me(state), "watchtower")
    _place_building(state, "city_hall", space=12)
    act(state, f"place:{watch}", "back")
    assert decision(state).kind == "city_hall"


def test_one_building_of_each_kind_per_city():            # example 18
    state = new(3)
    seat = me(state)
    cover(state, seat, 26, "bank")
    bank = store(state, seat, "bank")
    set_dice(state, 1, 1)
    player(state)["workers"] = 0
    act(state, "die:0")
    assert f"place:{bank}" not in options(state)           # 27 (die 1) is the only reach
    with pytest.raises(RuleError):
        GAME.apply(state, seat, Action("die_action", f"place:{bank}"))
    act(state, "back")
    learn(state, seat, 1)
    act(state, "die:0", f"place:{bank}", "space:27")
    assert player(state)["sp"][27] == bank
