"""Setup numbers (E25), the round coin, and the secret card pick (E17, hidden information)."""
import copy
import json

import pytest

from engine.core import Action, RuleError
from engine.registry import get
from engine.schutz_burg import GAME
from sb_helpers import A, B, C, answer, decision, ids, new_game, pick, play


def test_registry_and_seats():
    assert get("schutz_burg") is GAME
    assert (GAME.min_seats, GAME.max_seats) == (2, 4)
    with pytest.raises(RuleError) as err:
        GAME.setup(5, {}, 1)
    assert err.value.key == "bad_seat_count"
    with pytest.raises(RuleError) as err:
        GAME.setup(3, {"season": "winter"}, 1)
    assert err.value.key == "unknown_option"
    assert GAME.setup(3, {"winter": "true"}, 1)["winter"] is True


@pytest.mark.parametrize("n, rounds, bank, sand, wood, helpers", [
    (2, 12, 87, 17, 15, 7), (3, 15, 81, 16, 14, 6), (4, 12, 81, 15, 13, 6)])
def test_setup_numbers_e25(n, rounds, bank, sand, wood, helpers):
    state = GAME.setup(n, {}, 7)
    start = state["start"]
    assert state["rounds"] == rounds
    # round 1 has begun: its start player already took the first round-track coin
    assert state["track"] == rounds - 1 and state["round"] == 1
    assert state["bank"] == bank
    assert state["supply"] == {"sand": sand, "wood": wood, "clay": 14, "stone": 14, "silver": 14}
    assert state["tower"] == {"sand": 1, "wood": 1, "clay": 1, "stone": 1, "silver": 1}
    for seat, p in enumerate(state["players"]):
        assert p["helpers"] == helpers and p["vp"] == 0 and len(p["hand"]) == 8
        assert p["res"] == {"sand": 1, "wood": 1, "clay": 0, "stone": 0, "silver": 0}
        assert p["taler"] == 3 + (seat == start)


def test_start_player_is_random_but_seeded():
    starts = {GAME.setup(4, {}, seed)["start"] for seed in range(30)}
    assert len(starts) > 1
    assert GAME.setup(4, {}, 5) == GAME.setup(4, {}, 5)


def test_everyone_picks_secretly_at_once():
    state = new_game(3)
    pending = GAME.pending(state)
    assert [d.seat for d in pending] == [0, 1, 2]
    assert all(d.kind == "pick_card" and d.secret for d in pending)


def test_masterbuilder_forbidden_with_all_cards_in_hand_e17():
    state = new_game(4)
    assert "card:master_builder" not in ids(state, A)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, A, Action("pick_card", "card:master_builder"))
    assert err.value.key == "master_builder_locked"
    play(state, B, "messenger")
    assert "card:master_builder" in ids(state, B)


def test_two_player_pick_two_cards_with_back_e17():
    state = new_game(2)
    assert "card:master_builder" not in ids(state, A)
    answer(state, "card:trader", A)
    second = ids(state, A)
    assert "card:trader" not in second and "back" in second
    assert "card:master_builder" not in second
    answer(state, "back", A)
    assert "back" not in ids(state, A) and "card:trader" in ids(state, A)
    answer(state, "card:trader", A)
    answer(state, "card:messenger", A)
    assert [d.seat for d in GAME.pending(state)] == [B]
    with pytest.raises(RuleError) as err:
        GAME.apply(state, A, Action("pick_card", "card:bricklayer"))
    assert err.value.key == "already_chosen"


def test_bad_picks_are_refused_and_change_nothing():
    state = new_game(3)
    play(state, A, "trader")
    before = copy.deepcopy(state)
    for seat, action, key in [
        (A, Action("pick_card", "card:trader"), "card_not_in_hand"),
        (A, Action("build", "done"), "stale_decision"),
        (A, Action("pick_card", "card:nonsense"), "illegal_option"),
        (7, Action("pick_card", "card:messenger"), "not_your_turn"),
    ]:
        with pytest.raises(RuleError) as err:
            GAME.apply(state, seat, action)
        assert err.value.key == key
        assert state == before


def test_picks_stay_hidden_until_reveal():
    state = new_game(3)
    others_before = {v: GAME.view(state, v) for v in (B, C, None)}
    pick(state, {A: ["stonemason"]})
    for viewer, before in others_before.items():
        after = GAME.view(state, viewer)
        assert after["pick"]["chosen"] == [A]
        before.pop("pick"), after.pop("pick")
        assert after == before  # nothing else changed for anyone else
        assert "stonemason" not in json.dumps(GAME.view(state, viewer)["pick"])
    assert GAME.view(state, A)["pick"]["mine"] == ["stonemason"]
    events = pick(state, {B: ["messenger"], C: ["messenger"]})
    revealed = {(e.params["seat"], e.params["card"]) for e in events if e.kind == "card_revealed"}
    assert revealed == {(A, "stonemason"), (B, "messenger"), (C, "messenger")}
    assert GAME.view(state, B)["seats"][A]["played"] == ["stonemason"]


def test_two_player_first_card_hidden_from_opponent():
    state = new_game(2)
    before = GAME.view(state, B)
    answer(state, "card:stonemason", A)
    assert GAME.view(state, B) == before
    assert GAME.view(state, A)["pick"]["mine"] == ["stonemason"]
    assert decision(state, A).params["number"] == 2
