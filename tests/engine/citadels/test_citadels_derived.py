"""Spec §15 derived examples D-1 .. D-15."""
import json

import pytest

from engine.core import Action, RuleError
from engine.citadels import GAME
from engine.citadels.scoring import breakdown, score
from citadels_helpers import act, current, kinds, options, skip_to, table, warlord_turn


def _scoring_state(cities, gold=None, first8=None, rnd=5, haunted=None, hands=None):
    cities = list(cities) + [[]] * (2 - len(cities))
    gold = list(gold or []) + [0] * (len(cities) - len(gold or []))
    state = GAME.setup(len(cities), {}, 1)
    state["cities"] = [list(c) for c in cities]
    state["gold"] = gold
    state["first8"] = first8
    state["round"] = rnd
    state["haunted"] = {str(k): v for k, v in (haunted or {}).items()}
    if hands is not None:
        state["hands"] = hands
    return state


def test_d1_final_scoring():
    a = ["tavern", "manor", "temple", "watchtower", "keep", "castle", "university", "harbor"]
    b = ["palace", "cathedral", "fortress", "town_hall", "haunted_city", "monastery", "church",
         "prison"]
    c = ["market", "trading_post", "docks", "palace", "church", "battlefield"]
    state = _scoring_state([a, b, c], gold=[0, 0, 9], first8=0, haunted={1: 2})
    result = score(state)
    assert dict(result.scores) == {0: 32, 1: 34, 2: 17}
    assert result.winners == (1,)
    assert result.breakdown[0] == {"districts": 25, "colours": 3, "first_complete": 4,
                                   "complete": 0, "action_cards": 0}
    assert result.breakdown[1]["complete"] == 2


P23 = ["castle", "palace", "temple", "market", "watchtower", "keep", "manor", "harbor"]
Q25 = ["castle", "palace", "church", "market", "prison", "keep", "manor", "harbor"]


def test_d2_tie_break_on_district_points():
    state = _scoring_state([P23, Q25], gold=[2, 0], first8=0)
    result = score(state)
    assert dict(result.scores) == {0: 30, 1: 30}
    assert result.winners == (1,)


def test_d2_tie_break_on_gold_then_shared():
    third = ["tavern"] * 1 + ["manor", "castle", "palace", "temple", "church", "market",
                               "prison"]
    state = _scoring_state([Q25, Q25, third], gold=[2, 0, 0], first8=2)
    assert score(state).winners == (0,)
    state["gold"] = [1, 1, 0]
    assert score(state).winners == (0, 1)


D3 = ["manor", "temple", "market", "keep", "haunted_city", "castle", "church", "tavern"]


def test_d3_haunted_city_stands_in_for_red():
    state = _scoring_state([D3], haunted={0: 3}, rnd=5)
    assert breakdown(state, 0)["colours"] == 3
    state["haunted"] = {"0": 5}  # built in the final round
    assert breakdown(state, 0)["colours"] == 0
    no_keep = [d if d != "keep" else "palace" for d in D3]
    state = _scoring_state([no_keep], haunted={0: 3}, rnd=5)
    assert breakdown(state, 0)["colours"] == 0


def test_d3_haunted_city_built_through_play_records_its_round():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 5}, hands={0: ["haunted_city"]})
    act(state, "income:gold")
    act(state, "build:haunted_city")
    assert state["haunted"] == {"0": state["round"]}


def test_d4_school_of_magic_counts_for_each_income():
    city = ["manor", "castle", "tavern", "school_of_magic"]
    state, _ = table(3, {"king": 0, "merchant": 0, "bishop": 1, "warlord": 2},
                     gold={0: 0}, cities={0: city})
    assert current(state) == "king"
    act(state, "income:gold")
    act(state, "ability:income")
    assert state["gold"][0] == 2 + 3
    act(state, "end")
    skip_to(state, "merchant")
    before = state["gold"][0]
    act(state, "ability:merchant_gold")
    act(state, "ability:income")
    assert state["gold"][0] == before + 3
    colours = _scoring_state([["manor", "temple", "tavern", "prison", "school_of_magic"]])
    assert breakdown(colours, 0)["colours"] == 3  # purple for scoring


def _warlord_turn(warlord_gold, cities, held=None, **extra):
    return warlord_turn(4, held or {"warlord": 0, "king": 1}, cities, warlord_gold, **extra)


def test_d5_university_price_five():
    state = _warlord_turn(5, {1: ["university"]})
    act(state, "ability:destroy")
    act(state, "destroy:1:university")
    assert state["gold"][0] == 0
    state = _warlord_turn(4, {1: ["university"]})
    assert "ability:destroy" not in options(state)


def test_d6_graveyard_accept_decline_and_own_warlord():
    cities = {1: ["castle"], 2: ["graveyard"]}
    state = _warlord_turn(6, cities, held={"warlord": 0, "king": 1, "bishop": 3},
                          gold={2: 2})
    act(state, "ability:destroy")
    act(state, "destroy:1:castle")
    assert state["gold"][0] == 3
    decision = GAME.pending(state)[0]
    assert (decision.seat, decision.kind, decision.default) == (2, "graveyard", "decline")
    act(state, "take")
    assert state["gold"][2] == 1 and state["hands"][2][-1] == "castle"
    assert "castle" not in state["discard"]

    state = _warlord_turn(6, cities, held={"warlord": 0, "king": 1, "bishop": 3}, gold={2: 2})
    act(state, "ability:destroy")
    act(state, "destroy:1:castle")
    act(state, "decline")
    assert state["discard"][-1] == "castle" and state["gold"][2] == 2

    state = _warlord_turn(6, {0: ["graveyard"], 1: ["castle"]})
    act(state, "ability:destroy")
    act(state, "destroy:1:castle")
    assert GAME.pending(state)[0].kind == "turn" and state["discard"][-1] == "castle"


@pytest.mark.parametrize("owned,drawn,hand_gain,discards", [
    (["library"], 2, 2, 0), (["observatory"], 3, 1, 2), (["library", "observatory"], 3, 2, 1)])
def test_d7_draw_improvements(owned, drawn, hand_gain, discards):
    deck = ["temple", "church", "manor", "castle", "palace"]
    state, _ = table(4, {"king": 0, "warlord": 1}, cities={0: owned}, hands={0: []}, deck=deck)
    act(state, "income:cards")
    sub = state["turn"]["sub"]
    if sub:
        assert len(sub["drawn"]) == drawn
        while state["turn"]["sub"]:
            act(state, options(state)[0])
    assert len(state["hands"][0]) == hand_gain
    assert len(state["discard"]) == discards
    assert len(state["deck"]) == len(deck) - drawn


def test_d8_laboratory_and_smithy():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 0},
                     hands={0: ["temple", "tavern", "prison"]},
                     cities={0: ["laboratory", "smithy"]})
    act(state, "ability:laboratory")
    act(state, "discard:temple")
    assert state["gold"][0] == 1 and len(state["hands"][0]) == 2
    assert state["discard"][-1] == "temple"
    act(state, "income:gold")
    act(state, "ability:smithy")
    assert state["gold"][0] == 1 and len(state["hands"][0]) == 5
    with pytest.raises(RuleError) as err:
        GAME.apply(state, 0, Action("turn", "ability:laboratory"))
    assert err.value.key == "ability_used"


def test_d9_empty_robberies():
    state, _ = table(5, {"thief": 0, "merchant": 1, "king": 2, "warlord": 3},
                     up=("architect",), gold={1: 0})
    act(state, "income:gold")
    act(state, "ability:rob")
    assert "target:architect" in options(state)
    act(state, "target:architect")
    act(state, "end")
    thief_gold = state["gold"][0]
    skip_to(state, "-")
    assert state["gold"][0] == thief_gold

    state, _ = table(5, {"thief": 0, "merchant": 1, "king": 2}, gold={1: 0})
    act(state, "income:gold")
    act(state, "ability:rob")
    act(state, "target:merchant")
    act(state, "end")
    events = skip_to(state, "merchant")
    assert [e.params["gold"] for e in events if e.kind == "robbed"] == [0]
    act(state, "income:gold")
    act(state, "ability:merchant_gold")
    assert state["gold"][1] == 3


def test_d10_robbery_then_income():
    state, _ = table(4, {"thief": 0, "king": 1, "warlord": 2}, gold={0: 0, 1: 1},
                     cities={1: ["manor", "castle", "palace"]})
    act(state, "income:gold")
    act(state, "ability:rob")
    act(state, "target:king")
    act(state, "end")
    assert state["gold"][0] == 3 and state["gold"][1] == 0
    act(state, "income:gold")
    act(state, "ability:income")
    assert state["gold"][1] == 5 and state["gold"][0] == 3


def test_d11_income_once_and_order_matters():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 6}, hands={0: ["palace"]},
                     cities={0: ["manor"]})
    act(state, "ability:income")
    act(state, "income:gold")
    act(state, "build:palace")
    assert state["gold"][0] == 4
    with pytest.raises(RuleError) as err:
        GAME.apply(state, 0, Action("turn", "ability:income"))
    assert err.value.key == "ability_used"

    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 6}, hands={0: ["palace"]},
                     cities={0: ["manor"]})
    act(state, "income:gold")
    act(state, "build:palace")
    act(state, "ability:income")
    assert state["gold"][0] == 5


def test_d12_bishop_in_two_player_game():
    state, _ = table(2, {"bishop": 0, "assassin": 0, "thief": 1, "warlord": 1},
                     cities={0: ["temple", "manor"]}, gold={1: 10})
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:thief")
    act(state, "end")
    skip_to(state, "warlord")
    assert state["bishop"] == 0
    assert "ability:destroy" not in options(state)

    state, _ = table(2, {"bishop": 0, "assassin": 1, "thief": 0, "warlord": 1},
                     cities={0: ["temple", "manor"]}, gold={1: 10})
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:bishop")
    act(state, "end")
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    assert "destroy:0:temple" in options(state)


def test_d13_magician_deck_swap():
    state, _ = table(4, {"magician": 0, "warlord": 1}, hands={0: ["temple", "temple", "prison"]},
                     deck=["castle", "manor", "palace"], discard=[])
    act(state, "ability:swap_deck")
    act(state, "card:0")
    act(state, "card:1")
    assert GAME.view(state, 0)["me"]["selected"] == [0, 1]
    act(state, "done")
    assert sorted(state["hands"][0]) == ["manor", "palace", "prison"]
    assert state["discard"] == ["temple", "temple"]
    assert "ability:swap_hands" not in options(state)


def test_d14_warlord_cannot_destroy_own_district():
    state = _warlord_turn(5, {0: ["watchtower"]})
    assert "ability:destroy" not in options(state)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError):
        GAME.apply(state, 0, Action("turn", "ability:destroy"))
    assert json.dumps(state, sort_keys=True) == before


def test_d15_empty_draw_pile_reshuffles_discards():
    discard = ["temple", "church", "monastery", "tavern", "market", "docks", "harbor",
               "prison", "fortress", "manor"]
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: []}, deck=["castle"],
                     discard=discard)
    events = act(state, "income:cards")
    assert "reshuffled" in kinds(events)
    drawn = state["turn"]["sub"]["drawn"]
    assert drawn[0] == "castle" and len(drawn) == 2
    act(state, options(state)[0])
    assert len(state["deck"]) == 9 and len(state["discard"]) == 1 and len(state["hands"][0]) == 1
