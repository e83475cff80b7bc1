"""Building with exact payments (E1-E3, E7), helpers on buildings (E32) and the early end (E23)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Action
from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from engine.schutz_burg.payment import payments
from engine.core import RuleError
from sb_helpers import (A, B, C, Dd, answer, assert_conserved, build, decision, ids, new_game,
                        pick, play, set_res, set_taler, skip_to)

POINTS = (1, 2, 4, 5)


def _stonemason_builds(state, **res):
    set_res(state, A, **res)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    return skip_to(state, "build", A)


def test_stable_payment_rewards_e1():
    for card, reward in (("stonemason", ("vp", 14)), ("bricklayer", ("taler", 7)),
                         ("worker_wood_silver", ("vp", 7))):
        state = new_game(3, start=A)
        set_res(state, A, sand=4, clay=1, stone=2)
        state["tower"] = {k: 0 for k in state["tower"]}
        state["lost"].update({k: state["lost"][k] + 1 for k in D.RESOURCES})
        extra = {"worker_wood_silver": "trader"}.get(card, "messenger")
        pick(state, {A: [card], B: [extra], C: ["worker_sand_clay"]})
        skip_to(state, "build", A)
        if card.startswith("worker"):  # the Worker's own pieces would allow other payments
            set_res(state, A, sand=4, clay=1, stone=2)
        before = dict(state["players"][A])
        answer(state, "tpl:stable")
        assert "pay:4-0-1-2" in ids(state)
        answer(state, "pay:4-0-1-2")
        kind, amount = reward
        assert state["players"][A][kind] - before[kind] == amount, card
        assert state["players"][A]["res"] == {"sand": 0, "wood": 0, "clay": 0, "stone": 0, "silver": 0}


def test_odd_three_kind_total_offers_no_build_e2():
    state = new_game(3, start=A)
    set_res(state, A, sand=1, wood=1, clay=1)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    assert GAME.pending(state)[0].kind == "pick_card"  # nothing to build: the round went on
    assert state["round"] == 2


def test_three_kinds_needed_e3():
    state = new_game(3, start=A)
    set_res(state, A, wood=1, clay=2)
    assert payments(state, A, 10) == ()
    set_res(state, A, sand=2, wood=2, clay=1)
    assert (2, 2, 1, 0) in payments(state, A, 10)
    d = _stonemason_builds(state, sand=2, wood=2, clay=1)
    assert "tpl:well" in [o.id for o in d.options]


def test_silver_exchange_fireplace_e7():
    state = new_game(3, start=A)
    # needs 2 wood but holds none: two bars go onto the smithy, two wood come off the cart
    set_res(state, A, sand=2, clay=1, silver=2)
    assert (2, 2, 1, 0) in payments(state, A, 10)
    d = _stonemason_builds(state, sand=2, clay=1, silver=2)
    answer(state, "tpl:well")
    option = decision(state).option("pay:2-2-1-0")
    assert option.params["silver"] == 2
    wood_cart = state["supply"]["wood"]
    answer(state, "pay:2-2-1-0")
    assert state["smithy"] == 2
    assert state["supply"]["wood"] == wood_cart  # -2 taken, +2 paid back
    assert state["players"][A]["res"] == {"sand": 0, "wood": 0, "clay": 0, "stone": 0, "silver": 0}
    assert_conserved(state)
    assert d.kind == "build"


def test_no_exchange_from_an_empty_cart():
    state = new_game(3, start=A)
    set_res(state, A, sand=2, clay=1, silver=2)
    state["lost"]["wood"] += state["supply"]["wood"]
    state["supply"]["wood"] = 0
    assert (2, 2, 1, 0) not in payments(state, A, 10)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=5, max_size=5),
       st.sampled_from([8, 10, 12, 18, 22, 24, 30]))
def test_payment_chooser_offers_only_exact_legal_payments(res, cost):
    state = new_game(3, start=A)
    set_res(state, A, **dict(zip(D.RESOURCES, res)))
    have = res[:4]
    found = payments(state, A, cost)
    for vec in found:
        assert sum(p * x for p, x in zip(POINTS, vec)) == cost
        assert sum(1 for x in vec if x) >= 3
        assert sum(max(0, x - h) for x, h in zip(vec, have)) <= res[4]
    # and nothing legal is missing (brute force over small vectors)
    expect = {(a, b, c, d) for a in range(cost + 1) for b in range(cost // 2 + 1)
              for c in range(cost // 4 + 1) for d in range(cost // 5 + 1)
              if a + 2 * b + 4 * c + 5 * d == cost and sum(1 for x in (a, b, c, d) if x) >= 3
              and sum(max(0, x - h) for x, h in zip((a, b, c, d), have)) <= res[4]}
    assert set(found) == expect


def test_pay_back_returns_to_template_choice_and_is_atomic():
    state = new_game(3, start=A)
    _stonemason_builds(state, sand=2, wood=2, clay=1)
    answer(state, "tpl:well")
    assert "back" in ids(state)
    answer(state, "back")
    assert decision(state).kind == "build" and "well" in state["board"]


def test_two_helpers_in_different_buildings_e32():
    state = new_game(3, start=A)
    build(state, "tavern", B)
    build(state, "stable", B)
    set_taler(state, A, 28)
    _stonemason_builds(state, sand=2, wood=1, clay=1)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert {"space:tavern.1", "space:tavern.2", "space:stable.1"} <= set(ids(state))
    answer(state, "space:tavern.1")
    assert not any(i.startswith("space:tavern") for i in ids(state))
    answer(state, "space:stable.1")
    assert state["spaces"]["tavern.1"] == A and state["spaces"]["stable.1"] == A
    assert state["players"][A]["taler"] == 0
    assert GAME.pending(state)[0].kind == "pick_card"  # two helpers: the step ends


def test_no_helpers_without_building_this_round():
    state = new_game(3, start=A)
    set_taler(state, A, 30)
    set_res(state, A)
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    answer(state, "kind:stone")
    assert GAME.pending(state)[0].kind == "pick_card"


def test_trader_helper_moves_to_a_building():
    state = new_game(3, start=A)
    state["spots"]["cart_sand"] = [A, 0]
    state["players"][A]["helpers"] -= 1
    set_taler(state, A, 10)
    _stonemason_builds(state, sand=2, wood=1, clay=1)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    answer(state, "space:market.1")
    assert set(ids(state)) == {"from:supply", "from:cart_sand", "back"}
    answer(state, "from:cart_sand")
    assert state["spots"]["cart_sand"] is None and state["spaces"]["market.1"] == A


def test_early_end_when_last_template_is_built_e23():
    state = new_game(4, start=A)
    for tpl in list(state["board"]):
        if tpl != "tower_9":
            build(state, tpl, B)
    state["round"] = 10
    set_res(state, A, sand=1, wood=1, clay=1, stone=1)
    set_res(state, C, sand=2, wood=2, clay=2)
    play(state, Dd, "messenger")
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["worker_sand_clay"], Dd: ["master_builder"]})
    skip_to(state, "build", A)
    answer(state, "tpl:tower_9")
    events = answer(state, "pay:1-1-1-1")
    assert "last_template_built" in [e.kind for e in events]
    assert state["finished"] and state["round"] == 10
    scored = [e for e in events if e.kind == "master_builder_scored"]
    assert scored and scored[0].params["vp"] == 5
    assert not any(e.kind == "built" and e.params["seat"] == C for e in events)
    assert state["track"] == 12 - 1  # rounds 11 and 12 never took their coins


def test_apply_validates_the_option():
    state = new_game(3, start=A)
    _stonemason_builds(state, sand=2, wood=2, clay=1)
    snapshot = repr(state)
    for action in (Action("build", "tpl:palace"), Action("pay", "pay:2-2-1-0"),
                   Action("build", "tpl:nowhere")):
        with pytest.raises(RuleError):
            GAME.apply(state, A, action)
        assert repr(state) == snapshot
