"""Each character card, with the spec's worked examples E8-E17."""
import pytest

from engine.schutz_burg import GAME
from sb_helpers import (A, B, C, Dd, answer, assert_conserved, decision, ids, new_game, pick,
                        finish_round, play, put_spot, set_res, set_taler, skip_to)


# -- Messenger -------------------------------------------------------------------------
def test_messenger_short_bank_e11():
    state = new_game(4, start=A)
    set_taler(state, A, 0)
    set_taler(state, C, 0)
    state["lost"]["taler"] += state["bank"] - 11  # park the rest so the total stays 105
    state["bank"] = 11
    pick(state, {A: ["messenger"], B: ["worker_sand_clay"], C: ["messenger"], Dd: ["worker_sand_clay"]})
    assert state["players"][A]["taler"] == 8
    assert state["players"][C]["taler"] == 3
    assert state["bank"] == 0
    assert_conserved(state)


# -- Trader ----------------------------------------------------------------------------
def _trader_board():
    state = new_game(4, start=B)
    state["round"] = 5
    put_spot(state, "cart_sand", A, 2)
    put_spot(state, "cart_wood", B, 3)
    put_spot(state, "cart_stone", C, 4)
    return state


def test_trader_placement_displacement_and_production_e8():
    state = _trader_board()
    tower = dict(state["tower"])
    supply = dict(state["supply"])
    res = [dict(p["res"]) for p in state["players"]]
    pick(state, {A: ["messenger"], B: ["trader"], C: ["messenger"], Dd: ["trader"]})
    assert decision(state).seat == B
    assert ids(state) == ["spot:cart_clay", "pass"]  # a cart is free: it must be used
    answer(state, "spot:cart_clay")
    assert decision(state).seat == Dd
    assert set(ids(state)) == {"spot:rider", "spot:cart_sand", "spot:cart_wood", "spot:cart_stone", "pass"}
    events = answer(state, "spot:cart_sand")
    assert state["players"][A]["helpers"] == 6
    assert state["spots"]["cart_sand"] == [Dd, 5]
    gained = [{k: state["players"][s]["res"][k] - res[s][k] for k in res[s]} for s in range(4)]
    assert gained[Dd]["sand"] == 3
    assert (gained[B]["wood"], gained[B]["clay"]) == (2, 1)
    assert gained[C]["stone"] == 1
    assert not any(gained[A].values())
    for kind in ("sand", "wood", "clay", "stone"):
        assert state["tower"][kind] == tower[kind] + 1
    assert state["supply"]["sand"] == supply["sand"] - 4
    assert state["supply"]["wood"] == supply["wood"] - 3
    assert state["supply"]["clay"] == supply["clay"] - 2
    assert state["supply"]["stone"] == supply["stone"] - 2
    assert [e.kind for e in events].count("produced") == 4
    assert_conserved(state)


def test_own_helper_and_fresh_helper_cannot_be_displaced():
    state = _trader_board()
    put_spot(state, "cart_clay", Dd, 5)  # placed this round
    pick(state, {A: ["messenger"], B: ["trader"], C: ["messenger"], Dd: ["messenger"]})
    assert set(ids(state)) == {"spot:rider", "spot:cart_sand", "spot:cart_stone", "pass"}


@pytest.mark.parametrize("stock, tower_gain, player_gain", [(2, 1, 1), (1, 1, 0), (0, 0, 0)])
def test_production_shortage_e9(stock, tower_gain, player_gain):
    state = new_game(3, start=A)
    put_spot(state, "cart_sand", A, 0)
    moved = state["supply"]["sand"] - stock
    state["supply"]["sand"] = stock
    state["lost"]["sand"] += moved  # park the rest outside so totals still add up
    before = state["players"][A]["res"]["sand"], state["tower"]["sand"]
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    answer(state, "pass")
    assert state["players"][A]["res"]["sand"] == before[0] + player_gain
    assert state["tower"]["sand"] == before[1] + tower_gain
    assert state["supply"]["sand"] == 0


def test_rider_only_when_all_carts_taken_e10():
    state = new_game(3, start=A)
    for spot, seat in (("cart_sand", B), ("cart_wood", B), ("cart_stone", C)):
        put_spot(state, spot, seat, 0)
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    assert ids(state) == ["spot:cart_clay", "pass"]


def test_no_trader_no_production():
    state = new_game(3, start=A)
    put_spot(state, "cart_sand", A, 0)
    sand = state["players"][A]["res"]["sand"]
    pick(state, {A: ["messenger"], B: ["messenger"], C: ["messenger"]})
    assert state["players"][A]["res"]["sand"] == sand


# -- Bricklayer ------------------------------------------------------------------------
def test_bricklayer_full_turn_e12():
    state = new_game(3, start=A)
    state["tower"] = {"sand": 2, "wood": 1, "clay": 3, "stone": 1, "silver": 1}
    state["supply"]["sand"] -= 1  # the tower's extra pieces came from the carts
    state["supply"]["clay"] -= 2
    set_res(state, A, sand=4, stone=2)
    set_taler(state, A, 12)
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    assert set(ids(state)) == {"kind:sand", "kind:wood", "kind:clay", "kind:stone", "kind:silver"}
    answer(state, "kind:clay")
    assert state["tower"]["clay"] == 0 and state["players"][A]["res"]["clay"] == 3
    answer(state, "tpl:tavern")
    assert "pay:4-0-2-2" in ids(state)
    answer(state, "pay:4-0-2-2")
    assert state["players"][A]["taler"] == 20
    d = decision(state)
    assert d.kind == "helper"
    answer(state, "space:tavern.1")
    assert "space:tavern.2" not in ids(state)  # one helper per building per round
    answer(state, "space:smithy.2")
    p = state["players"][A]
    assert p["res"] == {"sand": 0, "wood": 0, "clay": 1, "stone": 0, "silver": 0}
    assert p["taler"] == 2
    assert state["spaces"]["tavern.1"] == A and state["spaces"]["smithy.2"] == A
    assert_conserved(state)


def test_bricklayer_taler_capped_by_bank():
    state = new_game(3, start=A)
    set_res(state, A, sand=2, wood=1, clay=1)  # 2+2+4 = 8: a house
    surplus = state["bank"] - 3
    state["bank"] = 3
    state["lost"]["taler"] += surplus
    pick(state, {A: ["bricklayer"], B: ["worker_wood_silver"], C: ["worker_sand_clay"]})
    skip_to(state, "build")
    answer(state, "tpl:house_1")
    taler = state["players"][A]["taler"]
    answer(state, "pay:2-1-1-0")
    assert state["players"][A]["taler"] == taler + 3 and state["bank"] == 0


# -- Stonemason ------------------------------------------------------------------------
def test_stonemason_buys_from_each_worker_e13():
    state = new_game(3, start=A)
    pick(state, {A: ["stonemason"], B: ["worker_sand_clay"], C: ["worker_stone_choice"]})
    assert decision(state).kind == "stock_choice" and decision(state).seat == C
    answer(state, "take:wood+wood")
    assert decision(state).kind == "buy"
    assert set(ids(state)) == {"buy:1:worker_sand_clay:sand", "buy:1:worker_sand_clay:clay",
                               "buy:2:worker_stone_choice:stone", "buy:2:worker_stone_choice:wood",
                               "done"}
    taler = [p["taler"] for p in state["players"]]
    answer(state, "buy:1:worker_sand_clay:clay")
    assert not any(i.startswith("buy:1:") for i in ids(state))  # once per Worker card
    answer(state, "buy:2:worker_stone_choice:stone")
    assert [p["taler"] for p in state["players"]] == [taler[0] - 2, taler[1] + 1, taler[2] + 1]
    res_b, res_c = dict(state["players"][B]["res"]), dict(state["players"][C]["res"])
    finish_round(state)
    assert state["players"][B]["res"]["sand"] == res_b["sand"] + 2
    assert state["players"][B]["res"]["clay"] == res_b["clay"]
    assert state["players"][C]["res"]["wood"] == res_c["wood"] + 2
    assert state["players"][C]["res"]["stone"] == res_c["stone"]
    assert_conserved(state)


@pytest.mark.parametrize("accept", [True, False])
def test_several_stonemasons_last_piece_may_be_refused_e14(accept):
    state = new_game(4, start=A)
    for seat in (A, C, Dd):
        set_res(state, seat)  # nothing to build with: only the purchases matter
    pick(state, {A: ["stonemason"], B: ["worker_wood_silver"], C: ["stonemason"], Dd: ["stonemason"]})
    answer(state, "buy:1:worker_wood_silver:silver")
    assert decision(state).seat == C  # A's only Worker card is used up: A's buying ends
    answer(state, "buy:1:worker_wood_silver:wood")
    assert decision(state).seat == Dd
    answer(state, "buy:1:worker_wood_silver:wood")
    d = decision(state)
    assert (d.seat, d.kind) == (B, "sell_last")
    events = answer(state, "accept" if accept else "refuse")
    kinds = [e.kind for e in events]
    assert ("bought" in kinds) == accept and ("sale_refused" in kinds) != accept
    assert state["players"][Dd]["res"]["wood"] == (1 if accept else 0)
    took = [(e.params["resource"], e.params["count"]) for e in events if e.kind == "worker_took"]
    assert took == ([] if accept else [("wood", 1)])  # B's Worker resolves with what is left


def test_stonemason_scores_crown_vp_and_never_buys_own_worker_two_players():
    state = new_game(2, start=A)
    set_res(state, A, sand=1, wood=1, clay=1, stone=1)  # 12: a tower
    pick(state, {A: ["stonemason", "worker_sand_clay"], B: ["messenger", "trader"]})
    skip_to(state, "build", A)
    assert not any(i.startswith("buy:") for i in ids(state))
    answer(state, "tpl:tower_1")
    answer(state, "pay:1-1-1-1")
    assert state["players"][A]["vp"] == 10


# -- Workers ---------------------------------------------------------------------------
def test_worker_stocks_and_builds_for_half_vp():
    state = new_game(3, start=A)
    set_res(state, A, wood=1)
    supply = dict(state["supply"])
    pick(state, {A: ["worker_sand_clay"], B: ["messenger"], C: ["messenger"]})
    assert state["supply"]["sand"] == supply["sand"] - 2 and state["supply"]["clay"] == supply["clay"] - 1
    answer(state, "tpl:house_1")  # sand 2 + wood 1 + clay 1 = 8
    answer(state, "pay:2-1-1-0")
    assert state["players"][A]["vp"] == 3
    assert state["built"]["house_1"] == A


def test_worker_stocking_short_supply_gets_what_is_left():
    state = new_game(3, start=A)
    state["lost"]["wood"] += state["supply"]["wood"] - 1
    state["supply"]["wood"] = 1
    pick(state, {A: ["worker_wood_silver"], B: ["stonemason"], C: ["messenger"]})
    assert state["rs"]["workers"]["0:worker_wood_silver"] == {"wood": 1, "silver": 1}


def test_two_player_workers_resolve_in_owner_order():
    state = new_game(2, start=A)
    pick(state, {A: ["worker_sand_clay", "worker_wood_silver"], B: ["messenger", "trader"]})
    d = skip_to(state, "worker_order", A)
    assert set(ids(state)) == {"first:worker_sand_clay", "first:worker_wood_silver"}
    events = answer(state, "first:worker_wood_silver")
    took = [e.params["resource"] for e in events if e.kind == "worker_took"]
    assert took[:2] == ["wood", "silver"]
    assert d.seat == A


# -- Masterbuilder ---------------------------------------------------------------------
def test_masterbuilder_scores_others_buildings_e15():
    state = new_game(4, start=A)
    play(state, A, "messenger", "trader")
    set_res(state, B, sand=2, wood=2, clay=2, stone=2)
    set_res(state, C, sand=1, wood=1)
    set_res(state, Dd)
    pick(state, {A: ["master_builder"], B: ["stonemason"], C: ["worker_sand_clay"], Dd: ["bricklayer"]})
    skip_to(state, "build", B)
    for _ in range(2):
        answer(state, "tpl:tower_1" if "tpl:tower_1" in ids(state) else "tpl:tower_2")
        answer(state, "pay:1-1-1-1")
    assert state["players"][B]["vp"] == 20
    skip_to(state, "build", C)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert state["players"][C]["vp"] == 3
    finish_round(state)
    a = state["players"][A]
    assert a["vp"] == 15
    assert a["played"] == [] and len(a["hand"]) == 8


def test_two_player_masterbuilder_ignores_own_buildings_e16():
    state = new_game(2, start=A)
    play(state, A, "messenger")
    set_res(state, A, sand=1, wood=1, clay=1, stone=1)
    set_res(state, B, sand=1, wood=1)
    pick(state, {A: ["stonemason", "master_builder"], B: ["worker_sand_clay", "trader"]})
    skip_to(state, "build", A)
    answer(state, "tpl:tower_1")
    answer(state, "pay:1-1-1-1")
    skip_to(state, "build", B)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    finish_round(state)
    assert state["players"][A]["vp"] == 10 + 5
    assert state["players"][B]["vp"] == 3
    assert sorted(state["players"][A]["hand"]) == sorted(GAME.setup(2, {}, 0)["players"][0]["hand"])
