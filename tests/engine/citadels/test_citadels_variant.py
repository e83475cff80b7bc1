"""Spec §15 action-card variant examples V-1 .. V-9 and the secret reaction windows."""
import json

import pytest

from engine.core import Action, RuleError
from engine.citadels import GAME
from engine.citadels.scoring import score
from citadels_helpers import act, current, kinds, options, pass_windows, skip_to, table

AC = {"action_cards": True}
SEVEN = ["manor", "castle", "temple", "church", "tavern", "prison", "keep"]


def test_v1_big_top_completes_a_city():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 3}, hands={0: ["big_top", "cathedral"]},
                     cities={0: SEVEN}, **AC)
    act(state, "income:gold")
    assert state["gold"][0] == 5
    act(state, "action:big_top")
    assert len(state["cities"][0]) == 8 and state["first8"] == 0
    act(state, "build:cathedral")
    assert state["gold"][0] == 0 and len(state["cities"][0]) == 9
    act(state, "end")
    pass_windows(state)
    skip_to(state, "-")
    parts = GAME.result(state).breakdown[0]
    assert parts["first_complete"] == 4
    assert parts["districts"] == 3 + 4 + 1 + 2 + 1 + 2 + 3 + 5  # Big Top scores 0
    assert parts["colours"] == 3  # from the seven coloured districts, not the Big Top


def test_v1_big_top_has_no_colour_and_is_indestructible():
    state, _ = table(4, {"warlord": 0, "king": 1}, cities={1: ["big_top", "temple"]},
                     gold={0: 5}, **AC)
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    assert options(state) == ["destroy:1:temple", "back"]
    four_colours = ["manor", "temple", "tavern", "prison", "big_top", "big_top"]
    scored = GAME.setup(2, AC, 1)
    scored["cities"][0] = four_colours
    assert score(scored).breakdown[0]["colours"] == 0


def _wagon_game():
    held = {"assassin": 0, "bishop": 2, "merchant": 1, "warlord": 3}
    return table(4, held, gold={2: 4, 1: 5}, hands={0: ["box_office_wagon"]},
                 deck=["palace", "tavern", "manor", "castle", "temple", "church"], **AC)


def test_v2_box_office_wagon():
    state, _ = _wagon_game()
    act(state, "income:gold")
    assert "wagon:0" not in options(state)  # never one's own wagon
    act(state, "action:box_office_wagon")
    assert state["wagons"] == [{"id": 1, "owner": 0, "gold": 0}]
    act(state, "end")
    skip_to(state, "bishop")
    assert state["gold"][2] == 4
    act(state, "wagon:0")
    assert state["gold"][2] == 3
    assert sorted(state["turn"]["sub"]["drawn"]) == ["church", "temple"]
    act(state, "keep:church")
    assert state["discard"][-1] == "temple"
    decision = GAME.pending(state)[0]
    assert (decision.seat, decision.kind, decision.default) == (0, "wagon_cash", "decline")
    act(state, "decline")
    assert state["wagons"][0]["gold"] == 1
    assert "wagon:0" not in options(state)  # once per turn
    act(state, "income:gold")
    act(state, "end")
    skip_to(state, "merchant")
    act(state, "wagon:0")
    act(state, options(state)[0])
    owner_gold = state["gold"][0]
    act(state, "cash")
    assert state["gold"][0] == owner_gold + 2 and state["wagons"] == []
    assert state["discard"][-1] == "box_office_wagon"


def test_v2_wagon_gold_returns_to_bank_at_game_end():
    state, _ = _wagon_game()
    state["cities"][3] = SEVEN + ["palace"]
    state["first8"] = 3
    act(state, "income:gold")
    act(state, "action:box_office_wagon")
    act(state, "end")
    skip_to(state, "bishop")
    act(state, "wagon:0")
    act(state, options(state)[0])
    act(state, "decline")
    skip_to(state, "-")
    assert state["phase"] == "over" and state["wagons"] == []
    assert state["bank"] + sum(state["gold"]) == 30


def _acrobat_round():
    held = {"assassin": 4, "king": 3, "merchant": 1, "bishop": 2, "warlord": 0}
    state, _ = table(5, held, crown=0, hands={1: ["acrobat"]},
                     cities={1: ["manor", "tavern"]}, **AC)
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:king")
    pass_windows(state)
    act(state, "end")
    return state


def test_v3_acrobat_takes_the_crown_secretly_asked():
    state = _acrobat_round()
    window = GAME.pending(state)
    assert [d.seat for d in window] == [1]  # only the holder is asked, anonymously
    assert all(d.kind == "reaction_window" and d.secret and d.anonymous and d.default == "pass"
               for d in window)
    assert [[o.id for o in d.options] for d in window] == [["pass", "play:acrobat"]]
    for seat in (None, 0, 2, 3, 4):
        assert GAME.view(state, seat)["window"] == {"card": "acrobat"}
        assert "1" not in json.dumps(GAME.view(state, seat)["window"])
    events = act(state, "play:acrobat", 1)
    assert "acrobat_played" in kinds(events) and state["crown"] == 1
    skip_to(state, "merchant")
    assert "ability:income" in options(state)
    act(state, "ability:income")
    assert state["gold"][1] == 2 + 1  # green only, no yellow income
    act(state, "income:gold")
    act(state, "end")
    events = skip_to(state, "-")
    assert "crown_heir" not in kinds(events)
    assert state["crown"] == 1 and state["draft"]["steps"][0][0] == 1


def test_v3_no_window_when_nobody_holds_the_acrobat():
    """Nobody can react: nobody is asked, the game goes straight on."""
    held = {"assassin": 4, "merchant": 1, "bishop": 2, "warlord": 0, "thief": 3}
    state, _ = table(5, held, hands={s: [] for s in range(5)}, **AC)
    for _ in range(2):  # Assassin and Thief turns; magician and King are not held
        act(state, "income:gold")
        act(state, "end")
    assert state["window"] is None
    assert current(state) == "bishop"


def test_no_fristensky_window_when_the_victim_lacks_the_card():
    held = {"assassin": 0, "thief": 1, "bishop": 3, "warlord": 2}
    state, _ = table(4, held, hands={1: ["fristensky"], 3: ["temple"]}, **AC)
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:bishop")
    assert state["window"] is None
    assert [d.seat for d in GAME.pending(state)] == [0]


def test_v4_fristensky_saves_the_bishop():
    held = {"assassin": 0, "thief": 1, "bishop": 3, "warlord": 2}
    state, _ = table(4, held, hands={3: ["fristensky"]}, cities={3: ["temple"]},
                     gold={2: 9}, **AC)
    act(state, "income:gold")
    act(state, "ability:kill")
    act(state, "target:bishop")
    window = GAME.pending(state)
    assert [d.seat for d in window] == [3]
    assert [o.id for o in GAME.decision_for(state, 3).options] == ["pass", "play:fristensky"]
    events = act(state, "play:fristensky", 3)
    played = [e.params for e in events if e.kind == "fristensky_played"]
    assert played == [{"seat": 3, "character": "bishop"}]
    assert state["killed"] is False and state["discard"][-1] == "fristensky"
    act(state, "end")
    assert current(state) == "thief"
    act(state, "ability:rob")
    assert "target:bishop" not in options(state)
    act(state, "back")
    skip_to(state, "bishop")
    assert state["turn"]["seat"] == 3
    skip_to(state, "warlord")
    assert "ability:destroy" not in options(state)


def test_v5_fortune_teller():
    state, _ = table(4, {"king": 0, "warlord": 2}, hands={0: ["fortune_teller"],
                                                          2: ["palace", "tavern", "big_top"]}, **AC)
    act(state, "action:fortune_teller")
    act(state, "player:2")
    assert "back" not in options(state)
    assert GAME.view(state, 0)["me"]["peeks"] == [{"seat": 2, "hand": ["palace", "tavern", "big_top"]}]
    events = act(state, "take:palace")
    assert state["hands"][0] == ["palace"] and state["hands"][2] == ["tavern", "big_top"]
    public = [e for e in events if e.visible_to is None]
    assert [e.kind for e in public] == ["fortune_took"]
    assert "palace" not in json.dumps([e.to_json() for e in public])
    private = next(e for e in events if e.kind == "card_taken")
    assert private.visible_to == frozenset({0, 2})


def test_v6_ringmaster_and_architect_build_five():
    hand = ["temple", "church", "manor", "castle", "palace", "ringmaster"]
    state, _ = table(4, {"architect": 0, "warlord": 1}, gold={0: 13}, hands={0: hand}, **AC)
    act(state, "income:gold")
    act(state, "action:ringmaster")
    assert state["turn"]["limit"] == 5
    for district in ("temple", "church", "manor", "castle", "palace"):
        act(state, "build:" + district)
    assert state["gold"][0] == 0 and len(state["cities"][0]) == 5


def test_v7_human_cannonball():
    city = ["temple", "manor", "tavern", "prison", "keep", "castle"]
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 3},
                     hands={0: ["human_cannonball", "cathedral", "watchtower"]},
                     cities={0: city}, **AC)
    act(state, "income:gold")
    act(state, "action:human_cannonball")
    assert "remove:temple" in options(state)
    act(state, "remove:temple")
    assert "build:cathedral" in options(state) and "back" in options(state)
    act(state, "build:cathedral")
    assert state["gold"][0] == 1 and "temple" in state["discard"]
    assert "cathedral" in state["cities"][0] and "temple" not in state["cities"][0]
    act(state, "build:watchtower")
    assert state["gold"][0] == 0 and len(state["cities"][0]) == 7


def test_v8_action_cards_score_but_not_for_tie_break():
    state = GAME.setup(2, AC, 1)
    state["cities"] = [["palace", "castle", "manor", "cathedral", "church", "temple"],
                       ["palace", "castle", "manor", "cathedral", "church", "monastery"]]
    state["hands"] = [["fortune_teller", "big_top", "castle"], []]
    result = score(state)
    assert result.breakdown[0]["action_cards"] == 2
    assert dict(result.scores) == {0: 20 + 2, 1: 22}
    assert result.winners == (1,)  # tie on totals: district points 22 > 20


def test_v9_one_action_card_per_turn():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: ["ringmaster", "big_top"]}, **AC)
    act(state, "action:ringmaster")
    assert not any(o.startswith("action:") for o in options(state))
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, 0, Action("turn", "action:big_top"))
    assert err.value.key == "one_action_card_per_turn"
    assert json.dumps(state, sort_keys=True) == before


def test_v9_one_in_each_of_two_turns_with_three_players():
    state, _ = table(3, {"king": 0, "warlord": 0, "bishop": 1}, hands={0: ["ringmaster", "big_top"]},
                     **AC)
    act(state, "action:ringmaster")
    act(state, "income:gold")
    act(state, "end")
    skip_to(state, "warlord")
    assert "action:big_top" in options(state)
