"""Spec §15 rulebook examples RB-1 .. RB-14."""
import json

import pytest

from engine.core import Action, RuleError
from engine.citadels import GAME, rounds
from engine.citadels.data import CHARACTERS
from citadels_helpers import (
    act, current, kinds, options, play_simple_turn, skip_to, table, warlord_turn,
)


def _round_over(state):
    skip_to(state, "-")
    assert state["phase"] == "draft"


def test_rb1_assassin_skips_the_merchant():
    held = {"assassin": 1, "thief": 0, "bishop": 2, "merchant": 4, "architect": 3, "warlord": 5}
    state, _ = table(6, held, gold={4: 3}, hands={4: ["tavern", "temple"]})
    assert current(state) == "assassin"
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:merchant")
    events = act(state, "end")
    events += skip_to(state, "bishop")
    events += play_simple_turn(state)
    unanswered = [e.params["character"] for e in events if e.kind == "call_unanswered"]
    assert "merchant" in unanswered
    assert current(state) == "architect"
    _round_over(state)
    assert state["gold"][4] == 3 and len(state["hands"][4]) == 2


def test_rb2_thief_robs_the_bishop():
    held = {"thief": 1, "bishop": 3, "king": 0, "warlord": 2}
    state, _ = table(6, held, gold={1: 1, 3: 5}, cities={3: ["temple", "church"]})
    assert current(state) == "thief"
    act(state, "income:cards")
    if state["turn"]["sub"]:
        act(state, options(state)[0])
    act(state, "ability:rob")
    act(state, "target:bishop")
    act(state, "end")
    skip_to(state, "bishop")
    assert state["gold"][1] == 6 and state["gold"][3] == 0
    act(state, "income:gold")
    act(state, "ability:income")
    act(state, "end")
    assert state["gold"][3] == 4 and state["gold"][1] == 6


def _merchant(**extra):
    state, _ = table(4, {"merchant": 0, "warlord": 1}, gold={0: 0},
                     hands={0: ["docks", "palace"]},
                     cities={0: ["tavern", "market", "temple"]}, **extra)
    assert current(state) == "merchant"
    return state


def test_rb3_merchant_income_after_building():
    state = _merchant()
    act(state, "ability:merchant_gold")
    assert state["gold"][0] == 1
    act(state, "income:gold")
    act(state, "build:docks")
    assert state["gold"][0] == 0
    act(state, "ability:income")
    assert state["gold"][0] == 3
    assert state["cities"][0] == ["tavern", "market", "temple", "docks"]
    assert state["hands"][0] == ["palace"]


def test_rb4_merchant_income_before_building():
    state = _merchant(deck=["castle", "prison"])
    act(state, "ability:merchant_gold")
    act(state, "ability:income")
    assert state["gold"][0] == 3
    act(state, "income:cards")
    assert sorted(state["turn"]["sub"]["drawn"]) == ["castle", "prison"]
    act(state, "keep:castle")
    assert state["discard"][-1] == "prison"
    act(state, "build:docks")
    assert state["gold"][0] == 0
    assert "ability:income" not in options(state)
    assert sorted(state["hands"][0]) == ["castle", "palace"]
    assert len(state["cities"][0]) == 4


def test_rb5_magician_swaps_after_building():
    state, _ = table(6, {"magician": 2, "king": 5}, gold={2: 2},
                     hands={2: ["castle"], 5: ["temple", "tavern", "prison"]})
    act(state, "income:gold")
    act(state, "build:castle")
    act(state, "ability:swap_hands")
    events = act(state, "player:5")
    assert state["gold"][2] == 0
    assert state["hands"][2] == ["temple", "tavern", "prison"] and state["hands"][5] == []
    assert "castle" in state["cities"][2]
    swap = next(e for e in events if e.kind == "hands_swapped")
    assert swap.params == {"seat": 2, "target_seat": 5, "cards": 3, "target_cards": 0}


def _warlord(held, cities, gold=4, **extra):
    return warlord_turn(6, held, cities, gold, **extra)


def test_rb6_warlord_prices_and_forbidden_targets():
    cities = {1: ["battlefield", "watchtower", "keep"], 3: ["temple"], 4: ["university"],
              5: ["manor", "castle", "palace", "temple", "church", "tavern", "market", "prison"]}
    state = _warlord({"warlord": 0, "bishop": 3, "king": 2}, cities)
    act(state, "ability:destroy")
    opts = options(state)
    assert "destroy:1:battlefield" in opts and "destroy:1:watchtower" in opts
    assert not any(o.startswith("destroy:3:") for o in opts)          # (c) Bishop
    assert not any(o.startswith("destroy:5:") for o in opts)          # (e) 8 districts
    assert "destroy:1:keep" not in opts                               # (f) keep
    assert "destroy:4:university" not in opts                         # (g) 5 > 4 gold
    events = act(state, "destroy:1:battlefield")                      # (a)
    assert state["gold"][0] == 2 and state["discard"][-1] == "battlefield"
    assert [e.params for e in events if e.kind == "district_destroyed"] == [
        {"seat": 0, "target_seat": 1, "district": "battlefield", "price": 2}]


def test_rb6b_watchtower_is_free():
    state = _warlord({"warlord": 0, "bishop": 3}, {1: ["battlefield", "watchtower"]})
    act(state, "ability:destroy")
    act(state, "destroy:1:watchtower")
    assert state["gold"][0] == 4


def test_rb6d_assassinated_bishop_protects_nothing():
    held = {"warlord": 0, "bishop": 3, "assassin": 1}
    state, _ = table(6, held, cities={3: ["temple"]})
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:bishop")
    act(state, "end")
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    assert "destroy:3:temple" in options(state)


def test_rb7_no_duplicate_district():
    state, _ = table(4, {"king": 0}, gold={0: 5}, hands={0: ["tavern"]}, cities={0: ["tavern"]})
    act(state, "income:gold")
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, 0, Action("turn", "build:tavern"))
    assert err.value.key == "duplicate_district"
    assert json.dumps(state, sort_keys=True) == before
    assert state["hands"][0] == ["tavern"]


def test_rb8_assassinated_king_takes_crown_at_round_end():
    held = {"assassin": 1, "king": 2, "bishop": 3, "merchant": 4, "warlord": 0}
    state, _ = table(5, held, crown=0)
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:king")
    act(state, "end")
    skip_to(state, "bishop")
    assert state["crown"] == 0
    events = skip_to(state, "-")
    assert "crown_heir" in kinds(events)
    assert state["crown"] == 2
    assert state["draft"]["steps"][0][0] == 2
    assert len(state["seen"][2]) == 1 and state["seen"][0] == []


def test_rb9_removed_king_keeps_crown():
    held = {"assassin": 1, "thief": 2, "bishop": 3, "merchant": 4, "warlord": 5, "magician": 0}
    state, _ = table(6, held, crown=0)
    assert "king" in state["down"]
    skip_to(state, "-")
    assert state["crown"] == 0 and state["round"] == 2


def _fresh(n, order, crown=0):
    state = GAME.setup(n, {}, 3)
    state["round"] = 0
    state["crown"] = crown
    rounds.start_round(state, [], order=order)
    return state


def test_rb10_king_turned_face_up_is_replaced():
    order = ["warlord", "king", "bishop", "thief", "assassin", "merchant", "magician",
             "architect"]
    state = _fresh(4, order)
    assert state["up"] == ["warlord", "bishop"]
    assert len(state["down"]) == 1 and len(state["draft"]["pool"]) == 5
    assert "king" in state["down"] + state["draft"]["pool"]
    for _ in range(4):
        act(state, options(state)[0])
    assert len(state["held"]) == 4 and len(state["down"]) == 2
    assert "king" not in state["up"]


def test_rb11_two_player_draft():
    order = ["bishop", "king", "thief", "merchant", "warlord", "assassin", "magician",
             "architect"]
    state = _fresh(2, order)
    assert state["down"] == ["bishop"] and state["seen"][0] == ["bishop"]
    assert GAME.view(state, 1)["me"]["draft_pool"] == []
    for seat, option in [(0, "pick:king"), (1, "pick:warlord"), (1, "discard:assassin"),
                         (0, "pick:architect"), (0, "discard:thief"), (1, "pick:merchant")]:
        assert GAME.pending(state)[0].seat == seat
        act(state, option)
        if (seat, option) == (1, "pick:warlord"):
            assert GAME.view(state, 1)["me"]["draft_pool"] == [
                "assassin", "thief", "magician", "merchant", "architect"]
    mine = {s: sorted(c for c, w in state["held"].items() if w == s) for s in (0, 1)}
    assert mine == {0: ["architect", "king"], 1: ["merchant", "warlord"]}
    assert sorted(state["down"]) == ["assassin", "bishop", "magician", "thief"]
    assert state["offers"][1] == [["assassin", "thief", "magician", "merchant", "architect",
                                   "warlord"], ["magician", "merchant"]]
    assert state["offers"][0][1] == ["thief", "magician", "merchant", "architect"]
    assert sorted(state["seen"][1]) == ["assassin", "magician"]
    assert sorted(state["seen"][0]) == ["bishop", "thief"]
    calls = []
    while state["phase"] == "call" and state["round"] == 1:
        calls.append((state["turn"]["char"], state["turn"]["seat"]))
        play_simple_turn(state)
    assert calls == [("king", 0), ("merchant", 1), ("architect", 0), ("warlord", 1)]


def test_rb12_three_player_draft():
    order = ["merchant", "assassin", "king", "bishop", "thief", "architect", "warlord",
             "magician"]
    state = _fresh(3, order)
    assert state["down"] == ["merchant"]
    for seat, option in [(0, "pick:king"), (1, "pick:architect"), (2, "pick:warlord"),
                         (0, "pick:assassin"), (1, "pick:magician"), (2, "pick:bishop")]:
        assert GAME.pending(state)[0].seat == seat
        act(state, option)
    mine = {s: sorted(c for c, w in state["held"].items() if w == s) for s in range(3)}
    assert mine == {0: ["assassin", "king"], 1: ["architect", "magician"],
                    2: ["bishop", "warlord"]}
    assert sorted(state["down"]) == ["merchant", "thief"]
    assert state["seen"][2] == ["thief"]


def test_rb13_seven_player_draft():
    order = ["thief", "bishop", "king", "merchant", "warlord", "magician", "assassin",
             "architect"]
    state = _fresh(7, order)
    picks = ["pick:king", "pick:architect", "pick:merchant", "pick:warlord", "pick:assassin",
             "pick:bishop"]
    for seat, option in enumerate(picks):
        act(state, option)
    assert state["offers"][5] == [["magician", "bishop"]]
    assert state["offers"][6] == [["thief", "magician"]]
    spectator = json.dumps(GAME.view(state, None))
    assert not any(f'"{c}"' in spectator for c in CHARACTERS)
    act(state, "pick:thief")
    assert state["down"] == ["magician"] and state["held"]["thief"] == 6
    assert state["seen"][0] == ["thief"]
    me = GAME.view(state, 0)["me"]
    assert me["seen_face_down"] == ["thief"] and me["characters"] == ["king"]


def test_rb14_architect_builds_past_eight():
    city = ["castle", "palace", "church", "monastery", "tavern", "prison", "battlefield"]
    state, _ = table(4, {"architect": 0, "warlord": 1}, gold={0: 6},
                     hands={0: ["temple", "watchtower", "market", "manor"]}, cities={0: city})
    act(state, "income:gold")
    for district in ("temple", "watchtower", "market"):
        act(state, "build:" + district)
    assert state["gold"][0] == 4 and len(state["cities"][0]) == 10
    assert state["first8"] == 0
    assert not any(o.startswith("build:") for o in options(state))
    act(state, "end")
    skip_to(state, "-")
    result = GAME.result(state)
    assert result is not None and result.breakdown[0]["first_complete"] == 4
