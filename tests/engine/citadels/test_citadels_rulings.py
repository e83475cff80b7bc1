"""Spec §14 rulings and targeted checks of characters, purple districts and action cards."""
import pytest

from engine.core import RuleError
from engine.citadels import GAME
from engine.citadels.data import CHARACTERS, deck
from citadels_helpers import act, current, options, refused as _refused, skip_to, table

AC = {"action_cards": True}


def test_setup_validates_seats_and_options():
    for seats in (1, 8):
        with pytest.raises(RuleError) as err:
            GAME.setup(seats, {}, 1)
        assert err.value.key == "bad_seat_count"
    with pytest.raises(RuleError):
        GAME.setup(4, {"expansion": True}, 1)
    state = GAME.setup(4, {"great_wall": "true"}, 1)
    assert state["opts"] == {"action_cards": False, "great_wall": True}
    assert state["bank"] == 30 - 8 and all(len(h) == 4 for h in state["hands"])


def test_bad_input_changes_nothing():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: ["palace"]})
    assert _refused(state, 1, "turn", "income:gold") == "not_your_turn"
    assert _refused(state, 0, "pick_character", "pick:king") == "stale_decision"
    assert _refused(state, 0, "turn", "nonsense") == "illegal_option"
    assert _refused(state, 0, "turn", "build:palace") == "income_first"
    assert _refused(state, 0, "turn", "end") == "income_first"
    assert _refused(state, 0, "turn", "build:castle") == "card_not_in_hand"
    act(state, "income:gold")
    assert _refused(state, 0, "turn", "income:cards") == "income_done"
    assert _refused(state, 0, "turn", "build:palace") == "not_enough_gold"
    assert _refused(state, 0, "turn", "ability:kill") == "ability_unavailable"


def test_build_limit_error():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 9}, hands={0: ["temple", "tavern"]})
    act(state, "income:gold")
    act(state, "build:temple")
    assert _refused(state, 0, "turn", "build:tavern") == "build_limit"


def test_game_over_refuses_moves():
    state, _ = table(2, {"king": 0, "warlord": 1},
                     cities={0: ["manor", "castle", "palace", "temple", "church", "tavern",
                                 "market", "prison"]})
    state["first8"] = 0
    skip_to(state, "-")
    assert GAME.result(state) is not None and GAME.pending(state) == []
    assert _refused(state, 0, "turn", "end") == "game_over"


def test_assassin_names_any_rank_2_to_8_and_back_undoes_nothing():
    state, _ = table(5, {"assassin": 0, "king": 1}, up=("merchant",))
    act(state, "ability:kill")
    assert options(state) == [f"target:{c}" for c in CHARACTERS[1:]] + ["back"]
    act(state, "back")
    assert state["kill"] is None and "ability:kill" in options(state)


def test_assassin_may_name_own_second_character():
    state, _ = table(3, {"assassin": 0, "architect": 0, "king": 1, "bishop": 2})
    act(state, "ability:kill")
    act(state, "target:architect")
    act(state, "income:gold")
    act(state, "end")
    events = skip_to(state, "-")
    assert {"character": "architect"} in [e.params for e in events if e.kind == "call_unanswered"]


def test_thief_cannot_name_assassin_thief_or_the_victim():
    state, _ = table(4, {"assassin": 0, "thief": 1, "king": 2})
    act(state, "ability:kill")
    act(state, "target:merchant")
    act(state, "income:gold")
    act(state, "end")
    act(state, "ability:rob")
    targets = [o for o in options(state) if o != "back"]
    assert targets == ["target:magician", "target:king", "target:bishop", "target:architect",
                       "target:warlord"]


def test_unanswered_calls_look_identical():
    state, events = table(5, {"assassin": 0, "king": 1, "bishop": 2}, up=("merchant",))
    act(state, "ability:kill")
    act(state, "target:bishop")
    act(state, "income:gold")
    events += act(state, "end")
    events += skip_to(state, "-")
    unanswered = [e for e in events if e.kind == "call_unanswered"]
    chars = [e.params["character"] for e in unanswered]
    assert {"thief", "magician", "bishop", "merchant"} <= set(chars)
    assert all(set(e.params) == {"character"} and e.visible_to is None for e in unanswered)


def test_revealed_king_takes_the_crown_at_once():
    state, _ = table(4, {"king": 2, "warlord": 1}, crown=0)
    assert state["crown"] == 2 and current(state) == "king"


def test_magician_swaps_with_empty_hands_and_only_once():
    state, _ = table(4, {"magician": 0, "king": 1}, hands={0: [], 1: ["temple"]})
    assert "ability:swap_deck" not in options(state)
    act(state, "ability:swap_hands")
    act(state, "player:1")
    assert state["hands"] == [["temple"], []] + state["hands"][2:]
    assert "ability:swap_deck" not in options(state)
    assert _refused(state, 0, "turn", "ability:swap_hands") == "ability_used"


def test_deck_swap_limited_to_cards_that_can_be_drawn():
    state, _ = table(4, {"magician": 0, "king": 1}, hands={0: ["temple", "church", "prison"]},
                     deck=["castle"], discard=[])
    act(state, "ability:swap_deck")
    act(state, "card:2")
    assert options(state) == ["card:2", "done", "back"]
    act(state, "card:2")  # toggles off again
    assert state["turn"]["sub"]["selected"] == []
    act(state, "card:0")
    act(state, "done")
    assert sorted(state["hands"][0]) == ["castle", "church", "prison"]
    assert state["discard"] == ["temple"]


def test_architect_interleaves_builds_and_draws():
    state, _ = table(4, {"architect": 0, "warlord": 1}, gold={0: 8}, hands={0: ["temple"]},
                     deck=["church", "manor"], cities={0: ["library"]})
    act(state, "income:gold")
    act(state, "build:temple")
    act(state, "ability:architect_draw")
    assert sorted(state["hands"][0]) == ["church", "manor"]  # Library does not apply
    act(state, "build:manor")
    act(state, "build:church")
    assert state["cities"][0] == ["library", "temple", "manor", "church"]
    assert state["gold"][0] == 10 - 6


def test_purple_district_works_the_turn_it_is_built():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 3}, hands={0: ["laboratory", "tavern"]})
    act(state, "income:gold")
    act(state, "build:laboratory")
    assert "ability:laboratory" in options(state)
    act(state, "ability:laboratory")
    act(state, "discard:tavern")
    assert state["gold"][0] == 1


def test_smithy_needs_two_gold_and_ignores_library():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 1}, cities={0: ["smithy", "library"]},
                     hands={0: []}, deck=["a", "b", "c", "d"])
    assert "ability:smithy" not in options(state)
    act(state, "income:gold")
    act(state, "ability:smithy")
    assert state["gold"][0] == 1 and len(state["hands"][0]) == 3


def test_completed_city_and_big_top_block_the_warlord():
    seven = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    state, _ = table(4, {"warlord": 0, "king": 1}, gold={0: 9},
                     cities={1: seven + ["big_top"], 2: seven[:3] + ["big_top"]}, **AC)
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    assert sorted(options(state)) == ["back", "destroy:2:castle", "destroy:2:manor",
                                      "destroy:2:palace"]


def test_graveyard_cannot_save_itself():
    state, _ = table(4, {"warlord": 0, "king": 1}, gold={0: 9}, cities={1: ["graveyard"]})
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    act(state, "destroy:1:graveyard")
    assert GAME.pending(state)[0].kind == "turn" and state["discard"][-1] == "graveyard"


def test_graveyard_owner_needs_gold():
    state, _ = table(4, {"warlord": 0, "king": 1}, gold={0: 9, 2: 0},
                     cities={1: ["castle"], 2: ["graveyard"]})
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    act(state, "destroy:1:castle")
    assert GAME.pending(state)[0].kind == "turn"


def test_great_wall_option_and_price():
    assert "great_wall" not in deck(False, False) and deck(True, False).count("great_wall") == 1
    assert len(deck(False, False)) == 65 and len(deck(False, True)) == 80
    state, _ = table(4, {"warlord": 0, "king": 1}, gold={0: 9},
                     cities={1: ["great_wall", "castle", "watchtower"]}, great_wall=True)
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    prices = {o.params["district"]: o.params["price"] for o in GAME.pending(state)[0].options
              if o.id != "back"}
    assert prices == {"great_wall": 5, "castle": 4, "watchtower": 1}


def test_first_to_eight_in_calling_order_gets_four():
    seven = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    state, _ = table(2, {"king": 0, "bishop": 1, "warlord": 0, "merchant": 1},
                     gold={0: 8, 1: 8}, hands={0: ["prison"], 1: ["prison"]},
                     cities={0: list(seven), 1: list(seven)})
    for _ in range(2):
        act(state, "income:gold")
        if "build:prison" in options(state):
            act(state, "build:prison")
        act(state, "end")
    skip_to(state, "-")
    result = GAME.result(state)
    assert result.breakdown[0]["first_complete"] == 4 and result.breakdown[1]["complete"] == 2


def test_wagon_use_before_step1_needs_gold():
    state, _ = table(4, {"king": 1, "warlord": 0}, gold={1: 0}, **AC)
    state["wagons"] = [{"id": 1, "owner": 0, "gold": 0}]
    state["wagon_seq"] = 1
    assert "wagon:0" not in options(state)
    state["gold"][1] = 1
    state["bank"] -= 1
    assert "wagon:0" in options(state)
    act(state, "wagon:0")
    assert state["gold"][1] == 0 and state["wagons"][0]["gold"] == 1


def test_no_acrobat_window_when_king_answers():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={1: ["acrobat"]}, **AC,
                     pass_first_window=False)
    assert state["window"] is None and current(state) == "king"


def test_fristensky_offered_only_to_the_named_characters_holder():
    state, _ = table(4, {"assassin": 0, "king": 1, "bishop": 2},
                     hands={1: [], 2: ["fristensky"]}, **AC)
    act(state, "ability:kill")
    act(state, "target:king")
    assert state["window"] is None and all(d.kind != "reaction_window"
                                           for d in GAME.pending(state))
    assert state["killed"] is True


def test_cannonball_cannot_upgrade_big_top_and_needs_a_legal_upgrade():
    state, _ = table(4, {"king": 0, "warlord": 1}, gold={0: 9},
                     hands={0: ["human_cannonball", "palace"]}, cities={0: ["big_top"]}, **AC)
    assert "action:human_cannonball" not in options(state)
    state["cities"][0].append("manor")
    assert "action:human_cannonball" in options(state)
    act(state, "action:human_cannonball")
    assert options(state) == ["remove:manor", "back"]
    act(state, "back")
    assert "human_cannonball" in state["hands"][0]


def test_reaction_cards_are_not_played_in_own_turn():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: ["acrobat", "fristensky"]}, **AC)
    assert not any(o.startswith("action:") for o in options(state))
    assert _refused(state, 0, "turn", "action:acrobat") == "action_unavailable"


def test_view_shows_public_counts_and_private_hand():
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: ["palace"], 1: ["temple", "tavern"]})
    spectator = GAME.view(state, None)
    assert "me" not in spectator
    assert [s["hand_size"] for s in spectator["seats"]][:2] == [1, 2]
    assert spectator["revealed"] == [{"character": "king", "seat": 0}]
    me = GAME.view(state, 1)["me"]
    assert me["hand"] == ["temple", "tavern"] and me["characters"] == ["warlord"]


def test_dragon_gate_scores_eight_and_costs_five_to_destroy():
    from engine.citadels.scoring import district_points
    assert district_points(["dragon_gate", "university"]) == 16
    state, _ = table(4, {"warlord": 0, "king": 1}, gold={0: 5}, cities={1: ["dragon_gate"]})
    skip_to(state, "warlord")
    act(state, "ability:destroy")
    assert GAME.pending(state)[0].options[0].params["price"] == 5


def test_purple_ability_in_each_of_two_turns_per_round():
    state, _ = table(3, {"king": 0, "warlord": 0, "bishop": 1}, gold={0: 0},
                     hands={0: ["temple", "tavern"]}, cities={0: ["laboratory"]})
    for _ in range(2):
        act(state, "ability:laboratory")
        act(state, options(state)[0])
        act(state, "income:gold")
        act(state, "end")
        skip_to(state, "warlord")
    assert state["hands"][0] == []
    assert state["gold"][0] == (1 + 2) * 2  # Laboratory + Step 1, in both turns


def test_each_wagon_once_per_turn_even_of_one_owner():
    state, _ = table(4, {"king": 1, "warlord": 0}, gold={1: 5}, deck=["a", "b", "c", "d"], **AC)
    state["wagons"] = [{"id": 1, "owner": 0, "gold": 0}, {"id": 2, "owner": 0, "gold": 0}]
    state["wagon_seq"] = 2
    for wagon_id in (1, 2):
        act(state, "wagon:0")
        act(state, options(state)[0])
        act(state, "decline")
        assert [w["gold"] for w in state["wagons"]][wagon_id - 1] == 1
    assert "wagon:0" not in options(state)
