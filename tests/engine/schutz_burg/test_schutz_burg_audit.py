"""Independent rules audit: one test per spec rule that no other test pinned down.

Each test names the spec section it checks (shared/rules/schutz_burg.md).
"""
import json
import random
from pathlib import Path

import pytest

from engine.core import Action, RuleError
from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from sb_helpers import (A, B, C, Dd, answer, assert_conserved, build, decision, final_scoring,
                        finish_defaults, finish_round, ids, new_game, pick, play, put_space,
                        put_spot, set_res, set_taler, skip_to, start_round)

ROOT = Path(__file__).resolve().parents[3]
CATALOG = json.loads((ROOT / "bot" / "i18n" / "schutz_burg.json").read_text("utf-8"))


def kinds(events):
    return [e.kind for e in events]


def resolved(events):
    """(seat, card) in the order the cards resolved."""
    return [(e.params["seat"], e.params["card"]) for e in events if e.kind == "card_resolves"]


# -- §5 round structure, §13.1 game length ---------------------------------------------
def test_start_player_takes_the_round_coin_and_passes_clockwise_s5():
    state = new_game(4, start=Dd)
    assert state["round"] == 1 and state["track"] == 11
    coin = state["players"][Dd]["taler"]
    assert coin == D.START_TALER + 1  # round 1's coin went to the start player
    pick(state, {s: ["messenger"] for s in range(4)})
    finish_round(state)
    assert (state["round"], state["start"], state["track"]) == (2, A, 10)  # seat 3 -> seat 0


@pytest.mark.parametrize("n, rounds", [(2, 12), (3, 15), (4, 12)])
def test_game_lasts_12_or_15_rounds_s13_1(n, rounds):
    state = new_game(n)
    finish_defaults(state)
    assert state["round"] == rounds and state["track"] == 0
    assert not state["early_end"]


# -- §7 resolution order -------------------------------------------------------------
def test_same_rank_resolves_from_start_player_and_workers_share_rank_s7():
    state = new_game(4, start=C)
    events = pick(state, {A: ["worker_stone_choice"], B: ["worker_sand_clay"],
                          C: ["messenger"], Dd: ["worker_wood_silver"]})
    while GAME.pending(state)[0].kind != "pick_card":
        events += answer(state, decision(state).default)
    # Messenger (rank 1) first; the three Workers by seat from the start player C: D, A, B
    assert resolved(events) == [(C, "messenger"), (Dd, "worker_wood_silver"),
                                (A, "worker_stone_choice"), (B, "worker_sand_clay")]


def test_stocking_runs_from_start_player_and_short_supply_goes_to_the_first_s17_43():
    state = new_game(4, start=B)
    state["lost"]["sand"] += state["supply"]["sand"] - 3  # only 3 sand left in the supply
    state["supply"]["sand"] = 3
    pick(state, {A: ["worker_sand_clay"], B: ["stonemason"], C: ["messenger"],
                 Dd: ["worker_sand_clay"]})
    assert decision(state).kind == "buy"  # B's Stonemason pauses before the Workers resolve
    # stocking order from B: D first (2 sand), then A (the last sand)
    workers = state["rs"]["workers"]
    assert workers["3:worker_sand_clay"]["sand"] == 2
    assert workers["0:worker_sand_clay"]["sand"] == 1


# -- §8.2 Trader -----------------------------------------------------------------------
def test_trader_cannot_relocate_own_helper_but_production_still_happens_s8_2():
    state = new_game(3, start=A)
    put_spot(state, "cart_sand", A, 0)
    state["players"][A]["helpers"] = 0  # none left in the personal supply
    sand = state["players"][A]["res"]["sand"]
    events = pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    assert "trader_placed" not in kinds(events)  # nothing to place: no question at all
    assert state["spots"]["cart_sand"] == [A, 0]
    assert state["players"][A]["res"]["sand"] == sand + 3  # yield 4, 1 to the tower


def test_rider_helper_can_be_displaced_when_the_carts_are_full_s17_13():
    state = new_game(3, start=A)
    state["round"] = 4
    for spot in D.CARTS:
        put_spot(state, spot, B, 1)
    put_spot(state, D.RIDER, C, 2)
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    assert f"spot:{D.RIDER}" in ids(state)
    answer(state, f"spot:{D.RIDER}")
    assert state["spots"][D.RIDER] == [A, 4]
    assert state["players"][C]["helpers"] == D.HELPERS[3]  # back in C's supply


def test_production_goes_to_owners_who_did_not_play_trader_s8_2c():
    state = new_game(3, start=A)
    put_spot(state, "cart_wood", C, 0)
    wood = state["players"][C]["res"]["wood"]
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    answer(state, "pass", A)
    assert state["players"][C]["res"]["wood"] == wood + D.SPOT_YIELD["cart_wood"] - 1


def test_production_once_per_round_after_the_last_trader_s8_2c():
    state = new_game(3, start=A)
    put_spot(state, "cart_clay", B, 0)
    events = pick(state, {A: ["trader"], B: ["messenger"], C: ["trader"]})
    events += answer(state, "pass", A)
    assert "produced" not in kinds(events)  # C's Trader has not resolved yet
    events += answer(state, "spot:cart_sand", C)
    assert kinds(events).count("produced") == 2  # B's clay and C's fresh sand, once each


# -- §8.3 Bricklayer ---------------------------------------------------------------------
def test_bricklayer_may_take_silver_from_the_tower_s17_6():
    state = new_game(3, start=A)
    set_res(state, A)
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    assert "kind:silver" in ids(state)
    answer(state, "kind:silver")
    assert state["players"][A]["res"]["silver"] == 1 and state["tower"]["silver"] == 0


def test_empty_tower_bricklayer_still_builds_s17_5():
    state = new_game(3, start=A)
    for kind in D.RESOURCES:
        state["lost"][kind] += state["tower"][kind]
        state["tower"][kind] = 0
    set_res(state, A, sand=2, wood=1, clay=1)
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    assert decision(state).kind == "build"  # no tower question
    answer(state, "tpl:house_1")
    taler = state["players"][A]["taler"]
    answer(state, "pay:2-1-1-0")
    assert state["players"][A]["taler"] == taler + 4  # 4 pieces paid
    assert state["players"][A]["vp"] == 0  # a Bricklayer earns Taler, not VP


# -- §8.4 Stonemason ---------------------------------------------------------------------
def worker_took(events, seat):
    return {e.params["resource"]: e.params["count"] for e in events
            if e.kind == "worker_took" and e.params["seat"] == seat}


def test_stonemason_without_taler_cannot_buy_s8_4():
    state = new_game(3, start=A)
    set_taler(state, A, 0)
    events = pick(state, {A: ["stonemason"], B: ["worker_sand_clay"], C: ["messenger"]})
    assert "bought" not in kinds(events) and decision(state).seat == B  # B's Worker builds
    assert worker_took(events, B) == {"sand": 2, "clay": 1}


def test_stonemason_buying_is_optional_and_keeps_the_pieces_on_the_card_s17_17():
    state = new_game(3, start=A)
    pick(state, {A: ["stonemason"], B: ["worker_sand_clay"], C: ["messenger"]})
    skip_to(state, "buy", A)
    taler = state["players"][A]["taler"]
    events = answer(state, "done")
    assert state["players"][A]["taler"] == taler
    assert worker_took(events, B) == {"sand": 2, "clay": 1}


def test_two_player_stonemason_buys_once_from_each_opposing_worker_s8_4():
    state = new_game(2, start=A)
    set_taler(state, A, 5)
    pick(state, {A: ["stonemason", "messenger"], B: ["worker_sand_clay", "worker_wood_silver"]})
    skip_to(state, "buy", A)
    answer(state, "buy:1:worker_sand_clay:sand")
    assert not any(i.startswith("buy:1:worker_sand_clay") for i in ids(state))
    assert any(i.startswith("buy:1:worker_wood_silver") for i in ids(state))
    answer(state, "buy:1:worker_wood_silver:wood")
    assert decision(state).kind != "buy" or ids(state) == []


# -- §8.5 Workers --------------------------------------------------------------------------
def test_worker_pieces_are_not_the_owners_before_the_card_resolves_s17_18():
    state = new_game(2, start=A)
    set_res(state, A, wood=1)
    pick(state, {A: ["stonemason", "worker_sand_clay"], B: ["messenger", "trader"]})
    # the Worker card holds sand 2 + clay 1, which with A's wood would pay a house (8):
    # the Stonemason (rank 4) cannot use them, the Worker itself (rank 5) can
    d = skip_to(state, "build", A)
    assert d.params["card"] == "worker_sand_clay"
    assert "tpl:house_1" in ids(state)


def test_worker_builds_but_never_places_helpers_s8_5():
    state = new_game(3, start=A)
    set_res(state, A, wood=1, clay=0)
    set_taler(state, A, 30)
    pick(state, {A: ["worker_sand_clay"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert state["players"][A]["vp"] == 3  # half of 6
    assert GAME.pending(state)[0].kind == "pick_card"  # no helper step, though A has 30 Taler
    assert state["players"][A]["taler"] == 30


def test_stone_worker_owner_chooses_two_pieces_s8_5():
    state = new_game(3, start=A)
    pick(state, {A: ["worker_stone_choice"], B: ["messenger"], C: ["messenger"]})
    d = decision(state)
    assert (d.kind, d.seat) == ("stock_choice", A)
    assert set(ids(state)) == {"take:sand+sand", "take:sand+clay", "take:sand+wood",
                               "take:clay+clay", "take:clay+wood", "take:wood+wood"}
    events = answer(state, "take:clay+wood")
    assert worker_took(events, A) == {"stone": 1, "clay": 1, "wood": 1}


# -- §8.6 Masterbuilder ---------------------------------------------------------------------
def test_masterbuilder_cannot_build_and_removed_cards_stay_removed_s8_6():
    state = new_game(3, start=A)
    set_res(state, A, sand=5, wood=5, clay=5, stone=5)
    play(state, A, "messenger", "trader")
    state["players"][A]["played"].remove("trader")
    state["players"][A]["removed"].append("trader")
    pick(state, {A: ["master_builder"], B: ["messenger"], C: ["messenger"]})
    assert GAME.pending(state)[0].kind == "pick_card"  # no build question for A
    player = state["players"][A]
    assert player["played"] == [] and "trader" not in player["hand"]
    assert sorted(player["hand"]) == sorted(c for c in D.CARDS if c != "trader")


def test_masterbuilder_locked_again_after_it_returned_everything_s6():
    state = new_game(3, start=A)
    play(state, A, "messenger")
    pick(state, {A: ["master_builder"], B: ["messenger"], C: ["messenger"]})
    finish_round(state)
    assert f"card:{D.MASTER}" not in ids(state, A)


# -- §10 building ---------------------------------------------------------------------------
def test_at_most_two_buildings_per_action_each_paid_separately_s10():
    state = new_game(3, start=A)
    set_res(state, A, sand=6, wood=3, clay=3)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert decision(state).params["number"] == 2
    answer(state, "tpl:house_2")
    answer(state, "pay:2-1-1-0")
    assert GAME.pending(state)[0].kind == "pick_card"  # no third building
    assert state["players"][A]["vp"] == 12
    assert state["players"][A]["res"] == {"sand": 2, "wood": 1, "clay": 1, "stone": 0, "silver": 0}


def test_paid_pieces_go_back_to_the_carts_s10():
    state = new_game(3, start=A)
    set_res(state, A, sand=2, wood=1, clay=1)
    supply = dict(state["supply"])
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert state["supply"]["sand"] == supply["sand"] + 2
    assert state["supply"]["clay"] == supply["clay"] + 1


# -- §11 helpers on buildings ----------------------------------------------------------------
def _stonemason_built(state, taler=30):
    """A (3 players, start A) plays Stonemason and builds a house; B and C Messengers."""
    set_res(state, A, sand=2, wood=1, clay=1)
    set_taler(state, A, taler)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")


def test_unaffordable_space_is_not_offered_s11():
    state = new_game(3, start=A)
    _stonemason_built(state, taler=7)
    offered = {o.params["fee"] for o in decision(state).options if o.id.startswith("space:")}
    assert offered and max(offered) <= 7
    assert "space:smithy.2" in ids(state) and "space:smithy.1" not in ids(state)  # fee 6, not 10


def test_later_round_may_add_to_a_building_already_holding_own_helper_s11():
    state = new_game(3, start=A)
    build(state, "servants_house", B)
    put_space(state, "servants_house.1", A)
    _stonemason_built(state)
    assert "space:servants_house.2" in ids(state)


def test_two_player_helpers_count_across_both_actions_s11():
    state = new_game(2, start=A)
    set_res(state, A, sand=2, wood=1, clay=1)
    set_taler(state, A, 40)
    pick(state, {A: ["bricklayer", "stonemason"], B: ["messenger", "trader"]})
    skip_to(state, "build", A)  # the Bricklayer builds ...
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    answer(state, "space:market.1")
    answer(state, "done")
    d = skip_to(state, "helper", A)  # ... so the Stonemason may place without building
    assert d.options and not any(o.id.startswith("space:market") for o in d.options)
    answer(state, "space:smithy.1")
    assert all(d.kind != "helper" for d in GAME.pending(state))  # two helpers: the step ends
    assert state["spaces"]["market.1"] == A and state["spaces"]["smithy.1"] == A


def test_innkeeper_needs_a_building_this_round_and_counts_to_the_limit_s15():
    state = new_game(3, start=A, winter=True)
    state["inn"] = {"keeper": None, "taler": 0}
    set_res(state, A, sand=2, wood=1, clay=1)
    set_taler(state, A, 30)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    answer(state, "done", A)  # builds nothing ...
    assert GAME.pending(state)[0].kind == "pick_card"  # ... so no innkeeper either
    assert state["inn"]["keeper"] is None

    state = new_game(3, start=A, winter=True)
    state["inn"] = {"keeper": None, "taler": 0}
    _stonemason_built(state)
    answer(state, "loc:village_inn")
    answer(state, "space:market.1")
    answer(state, "from:supply")  # (A's new innkeeper could be the source too)
    assert GAME.pending(state)[0].kind == "pick_card"  # inn + market: the round's two helpers
    assert state["inn"]["keeper"] == A and state["spaces"]["market.1"] == A


# -- §15 winter cards ----------------------------------------------------------------------
def _draw(state, card):
    state["deck"] = [card] + [c for c in state["deck"] if c != card]
    state["queue"].insert(0, ["winter_draw"])


def test_plague_skips_players_with_an_empty_discard_pile_s15():
    state = new_game(3, start=A, winter=True)
    play(state, B, "messenger")
    _draw(state, "plague")
    pick(state, {A: ["trader"], B: ["trader"], C: ["trader"]})
    d = decision(state)
    assert (d.kind, d.seat) == ("plague", B)  # A and C have nothing played
    assert set(ids(state)) == {"remove:messenger", "pay"}


def test_wall_breach_is_optional_and_runs_from_the_start_player_s15():
    state = new_game(3, start=B, winter=True)
    for seat in (A, B, C):
        set_res(state, seat, stone=1)
    _draw(state, "wall_breach")
    pick(state, {A: ["messenger"], B: ["messenger"], C: ["messenger"]})
    order = []
    while GAME.pending(state)[0].kind == "wall_breach":
        order.append(decision(state).seat)
        assert ids(state) == ["stones:1", "stones:0"]
        answer(state, "stones:0")
    assert order == [B, C, A]
    assert all(state["players"][s]["res"]["stone"] == 1 for s in (A, B, C))


def test_snowdrift_ignores_the_face_down_worker_in_a_four_player_game_s15():
    state = new_game(4, start=A, winter=True)
    _draw(state, "snowdrift")
    pick(state, {A: ["worker_sand_clay"], B: ["messenger"], C: ["messenger"], Dd: ["messenger"]})
    assert decision(state).seat == A
    assert set(ids(state)) == {"remove:worker_wood_silver", "remove:worker_stone_choice", "pay"}


def test_granary_placement_pays_five_to_the_bank_s15():
    state = new_game(3, start=A, winter=True)
    state["granary"] = []
    _stonemason_built(state, taler=10)
    bank = state["bank"]
    answer(state, "loc:granary")
    assert state["granary"] == [A] and state["bank"] == bank + 5
    assert state["players"][A]["taler"] == 5


# -- §13.2 final scoring order ----------------------------------------------------------------
def test_market_conversion_happens_before_the_tie_break_s17_24():
    state = new_game(2, start=A)
    put_space(state, "market.1", A)
    set_taler(state, A, 9)
    set_taler(state, B, 1)
    set_res(state, B)
    state["players"][B]["vp"] = 4
    final_scoring(state)
    # A: 9 Taler -> 4 VP, 1 Taler left; B 4 VP and 1 Taler too; A's sand + wood break the tie
    assert state["players"][A]["vp"] == 4 and state["players"][A]["taler"] == 1
    assert GAME.result(state).winners == (A,)


# -- timeouts and hidden information ------------------------------------------------------------
@pytest.mark.parametrize("n, winter", [(2, True), (3, True), (4, False)])
def test_every_timeout_default_is_a_legal_option(n, winter):
    rnd = random.Random(n)
    state = GAME.setup(n, {"winter": winter}, 7 + n)
    while GAME.result(state) is None:
        pending = GAME.pending(state)
        for d in pending:
            assert d.default in {o.id for o in d.options}, d
        d = pending[0]
        option = d.default if rnd.random() < 0.5 else rnd.choice(d.options).id
        GAME.apply(state, d.seat, Action(d.kind, option))
    assert_conserved(state)


def test_no_event_or_view_shows_a_face_down_card_before_the_reveal_s6():
    state = new_game(4, start=A, winter=True)
    _draw(state, "snowdrift")
    chosen = {A: "worker_sand_clay", B: "stonemason", C: "trader"}
    events = pick(state, {s: [c] for s, c in chosen.items()})
    for e in events:
        assert e.visible_to is None and "card" not in e.params
    for viewer in (None, B, C, Dd):
        seen = GAME.view(state, viewer)
        mine = seen["pick"].get("mine")
        assert mine == ([chosen[viewer]] if viewer in chosen else None)
        assert all(s["round_cards"] == [] for s in seen["seats"])
        assert "worker_sand_clay" not in str(seen["pick"]) or viewer == A


# -- specific errors for illegal answers (state unchanged) ----------------------------------------
def refused(state, option, seat=None):
    """Apply ``option`` to the open decision; it must raise and leave the state untouched."""
    d = decision(state, seat)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, d.seat, Action(d.kind, option))
    assert json.dumps(state, sort_keys=True) == before
    assert f"schutz_burg.error.{err.value.key}" in CATALOG
    return err.value.key, err.value.params


def test_trader_errors_name_the_placement_rule():
    state = new_game(4, start=B)
    state["round"] = 5
    put_spot(state, "cart_sand", A, 2)
    put_spot(state, "cart_wood", B, 3)
    put_spot(state, "cart_stone", C, 4)
    pick(state, {A: ["messenger"], B: ["trader"], C: ["messenger"], Dd: ["trader"]})
    assert refused(state, "spot:rider") == ("cart_still_free", {})
    assert refused(state, "spot:cart_stone") == ("cart_still_free", {})
    assert refused(state, "inn:cart_clay") == ("not_innkeeper", {})
    assert refused(state, "spot:moon")[0] == "illegal_option"
    answer(state, "spot:cart_clay")
    assert refused(state, "spot:cart_clay") == ("helper_protected",
                                                {"spot": "cart_clay", "victim_seat": B})
    from engine.schutz_burg.errors import explain
    state["players"][Dd]["helpers"] = 0
    assert explain(state, {"type": "trader", "seat": Dd}, "spot:rider").key == "no_helper_left"


def test_trader_cannot_displace_own_helper_error():
    state = new_game(3, start=A)
    state["round"] = 4
    for spot in D.CARTS:
        put_spot(state, spot, B if spot != "cart_sand" else A, 1)
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    assert refused(state, "spot:cart_sand") == ("own_helper", {"spot": "cart_sand"})


def test_helper_errors_name_the_placement_rule():
    state = new_game(3, start=A)
    build(state, "tavern", B)
    put_space(state, "tavern.2", C)
    _stonemason_built(state, taler=19)
    assert refused(state, "space:keep.1") == ("not_built", {"building": "keep"})
    assert refused(state, "space:tavern.2") == ("space_taken", {"building": "tavern", "owner_seat": C})
    assert refused(state, "space:market.99")[0] == "illegal_option"
    answer(state, "space:tavern.1")  # fee 12: 7 Taler left
    assert refused(state, "space:tavern.2")[0] == "same_building"
    assert refused(state, "space:market.1") == ("cannot_afford", {"amount": 8})
    answer(state, "space:smithy.2")
    assert state["spaces"]["smithy.2"] == A and state["players"][A]["taler"] == 1


def test_helper_limit_and_no_building_errors():
    from engine.schutz_burg.errors import explain
    state = new_game(3, start=A)
    task = {"type": "helper", "seat": A}
    assert explain(state, task, "space:market.1").key == "helper_needs_building"
    state["rs"]["built"].append([A, "house_1"])
    state["rs"]["placed"][A] = ["tavern", "smithy"]
    assert explain(state, task, "space:market.1").params == {"max": 2}


def test_build_and_payment_errors():
    state = new_game(3, start=A)
    build(state, "well", B)
    set_res(state, A, sand=2, wood=1, clay=1)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    assert refused(state, "tpl:well") == ("not_on_board", {"template": "well"})
    assert refused(state, "tpl:palace") == ("cannot_pay", {"template": "palace", "cost": 30})
    answer(state, "tpl:house_1")  # cost 8
    assert refused(state, "pay:1-1-1-0") == ("payment_not_exact", {"cost": 8, "points": 7})
    assert refused(state, "pay:0-2-1-0") == ("payment_kinds", {"min": 3})
    assert refused(state, "pay:4-0-1-0")[0] == "payment_kinds"
    assert refused(state, "pay:1-1-0-1") == ("payment_short", {})
    assert refused(state, "pay:x-1")[0] == "illegal_option"


def test_buy_errors():
    state = new_game(3, start=A)
    pick(state, {A: ["stonemason"], B: ["worker_wood_silver"], C: ["worker_sand_clay"]})
    skip_to(state, "buy", A)
    assert refused(state, "buy:1:worker_wood_silver:clay") == ("not_on_worker", {"resource": "clay"})
    answer(state, "buy:1:worker_wood_silver:wood")
    assert refused(state, "buy:1:worker_wood_silver:wood") == ("already_bought", {})

    state = new_game(2, start=A)
    pick(state, {A: ["stonemason", "worker_sand_clay"], B: ["worker_wood_silver", "messenger"]})
    skip_to(state, "buy", A)
    assert refused(state, "buy:0:worker_sand_clay:sand") == ("own_worker", {})


def test_tower_and_winter_errors():
    state = new_game(3, start=A, winter=True)
    state["lost"]["clay"] += state["tower"]["clay"]
    state["tower"]["clay"] = 0
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    assert refused(state, "kind:clay") == ("tower_empty", {"resource": "clay"})

    state = new_game(3, start=A, winter=True)
    play(state, A, "messenger", "trader", "worker_sand_clay")
    set_taler(state, A, 2)
    set_res(state, A, stone=1)
    _draw(state, "plague")
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    assert refused(state, "remove:bricklayer") == ("card_not_eligible", {"card": "bricklayer"})
    assert refused(state, "pay") == ("cannot_afford", {"amount": 3})


def test_count_and_item_errors():
    from engine.schutz_burg.errors import explain
    state = new_game(3, start=A, winter=True)
    set_res(state, A, stone=1)
    assert explain(state, {"type": "wall_breach", "seat": A}, "stones:3").params == {"max": 1}
    assert explain(state, {"type": "court", "seat": A}, "give:clay").key == "item_not_held"
    state["maiden_items"] = ["sand"]
    assert explain(state, {"type": "maiden_take", "seat": A}, "take:wood").key == "item_not_on_card"


def test_two_player_second_pick_of_the_same_card_is_named():
    state = new_game(2, start=A)
    GAME.apply(state, A, Action("pick_card", "card:trader"))
    assert refused(state, "card:trader", A) == ("card_already_chosen", {"card": "trader"})


# -- §15 Castle Maiden details --------------------------------------------------------------------
def _maiden(state, drawn):
    state["maiden"] = {"drawn": drawn, "first": True, "out": [], "paid": [], "items": []}


def test_maiden_player_with_nothing_to_give_must_withdraw_s15():
    state = new_game(3, start=A, winter=True)
    _maiden(state, 4)
    for seat in (A, C):  # nothing at all; A, the start player, gets the round coin first
        set_res(state, seat)
        set_taler(state, seat, 0)
    start_round(state, 5, A)
    assert (decision(state).kind, ids(state)) == ("court", ["give:taler", "withdraw"])
    answer(state, "give:taler")
    events = answer(state, "give:sand", B)
    assert [e.kind for e in events if e.params.get("seat") == C] == ["withdrew"]
    assert state["maiden"]["out"] == [C] and state["maiden"]["paid"] == [A, B]


def test_maiden_drawn_in_the_last_round_never_courts_s15():
    state = new_game(3, start=A, winter=True)
    state["round"] = state["rounds"]
    _draw(state, "castle_maiden")
    events = pick(state, {A: ["messenger"], B: ["messenger"], C: ["messenger"]})
    assert state["finished"]
    assert "courtship" not in kinds(events) and "maiden_won" not in kinds(events)


# -- §12 / §13.2 shared conversion buildings ----------------------------------------------------
def final_part(state, seat, name):
    return state["final"][seat].get(name, 0)


def test_market_and_palace_split_between_two_players_use_the_single_rate_s12():
    state = new_game(3, start=A)
    build(state, "palace", C)
    put_space(state, "market.1", A)
    put_space(state, "market.2", B)
    put_space(state, "palace.1", A)
    put_space(state, "palace.2", B)
    set_taler(state, A, 9)
    set_taler(state, B, 4)
    set_res(state, A, stone=7)
    set_res(state, B, stone=6)
    final_scoring(state)
    assert (final_part(state, A, "market"), final_part(state, B, "market")) == (4, 2)
    assert (final_part(state, A, "palace"), final_part(state, B, "palace")) == (25, 25)
    assert state["players"][A]["res"]["stone"] == 2 and state["players"][B]["res"]["stone"] == 1
    assert_conserved(state)


def test_palace_exchanges_run_from_the_last_start_player_s13_2():
    state = new_game(3, start=B)
    build(state, "palace", C)
    put_space(state, "palace.1", A)
    put_space(state, "palace.2", B)
    for seat in (A, B):
        set_res(state, seat, silver=1)
    for kind in ("sand", "wood", "clay", "stone"):  # one stone and one clay left on the carts
        keep = 1 if kind in ("clay", "stone") else 0
        state["lost"][kind] += state["supply"][kind] - keep
        state["supply"][kind] = keep
    final_scoring(state)
    assert decision(state).seat == B  # B started the last round
    answer(state, "exchange:1")
    assert decision(state).seat == A
    answer(state, "exchange:1")
    assert final_part(state, B, "palace") == 5 and final_part(state, A, "palace") == 4
    assert state["smithy"] == 2
    assert_conserved(state)


@pytest.mark.parametrize("n, winter, seed", [(2, True, 1), (3, True, 2), (4, True, 3)])
def test_options_from_other_moments_are_refused_with_a_catalogued_error(n, winter, seed):
    """Replaying ids seen elsewhere in the game (stale buttons, typed commands) never crashes,
    never changes the state, and always names a catalogued reason."""
    rnd = random.Random(seed)
    state = GAME.setup(n, {"winter": winter}, seed)
    seen: dict[str, set[str]] = {}
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        legal = {o.id for o in d.options}
        seen.setdefault(d.kind, set()).update(legal)
        before = json.dumps(state, sort_keys=True)
        for option in rnd.sample(sorted(seen[d.kind] - legal), min(6, len(seen[d.kind] - legal))):
            with pytest.raises(RuleError) as err:
                GAME.apply(state, d.seat, Action(d.kind, option))
            assert f"schutz_burg.error.{err.value.key}" in CATALOG
            assert json.dumps(state, sort_keys=True) == before
        GAME.apply(state, d.seat, Action(d.kind, rnd.choice(d.options).id))


def test_second_innkeeper_is_refused_by_name():
    from engine.schutz_burg.errors import explain
    state = new_game(3, start=A, winter=True)
    state["inn"] = {"keeper": B, "taler": 0}
    state["rs"]["built"].append([A, "house_1"])
    error = explain(state, {"type": "helper", "seat": A}, "loc:village_inn")
    assert (error.key, error.params) == ("inn_taken", {"owner_seat": B})
