"""Final scoring of every building (E4-E6, E18-E22, E30) and the tie-breaks (E24)."""
import pytest

from engine.schutz_burg import GAME
from engine.schutz_burg.scoring import compute_result
from sb_helpers import (A, B, C, Dd, answer, assert_conserved, build, decision, final_scoring, ids,
                        new_game, put_space, put_spot, set_res, set_taler)


def part(state, seat, name):
    return state["final"][seat].get(name, 0)


def test_trader_helpers_go_home_and_score_nothing():
    state = new_game(3)
    put_spot(state, "cart_sand", A, 3)
    final_scoring(state)
    assert state["spots"]["cart_sand"] is None and state["players"][A]["helpers"] == 6
    assert state["final"][A] == {}
    assert state["finished"]


def test_keep_counts_empty_spaces_of_built_buildings_e18():
    state = new_game(4)
    for tpl in ("palace", "keep", "tavern", "gate_large", "gate_small"):
        build(state, tpl, B)
    for space, seat in (("market.1", B), ("smithy.1", B), ("smithy.2", C), ("keep.1", A),
                        ("tavern.1", C), ("gate_large.1", Dd)):
        put_space(state, space, seat)
    final_scoring(state)
    assert part(state, A, "keep") == 15  # market 1 + palace 2 + tavern 1 + small gate 1


def test_tavern_counts_all_castle_helpers_e5():
    state = new_game(4)
    for tpl in ("palace", "keep", "tavern", "gate_large", "gate_small"):
        build(state, tpl, B)
    spaces = ["market.1", "market.2", "smithy.1", "smithy.2", "palace.1", "palace.2", "keep.1",
              "tavern.1", "tavern.2", "gate_large.1", "gate_small.1"]
    owners = {"tavern.1": A, "tavern.2": B}
    for i, space in enumerate(spaces):
        put_space(state, space, owners.get(space, [C, Dd][i % 2]))
    put_spot(state, "cart_wood", C, 2)  # trader's helpers are removed first, not counted
    final_scoring(state)
    assert part(state, A, "tavern") == 11
    assert part(state, B, "tavern") == 5


def test_smithy_scores_bars_e6():
    state = new_game(3)
    state["smithy"] = 9
    state["supply"]["silver"] -= 9
    put_space(state, "smithy.1", A)
    put_space(state, "smithy.2", A)
    final_scoring(state)
    assert part(state, A, "smithy") == 13
    assert_conserved(state)


def test_servants_house_counts_templates_left_e19():
    state = new_game(3)
    for tpl in list(state["board"])[4:]:
        build(state, tpl, C)
    assert len(state["board"]) == 4 and "servants_house" not in state["board"]
    put_space(state, "servants_house.1", A)
    put_space(state, "servants_house.2", A)
    put_space(state, "servants_house.3", B)
    final_scoring(state)
    assert part(state, A, "servants_house") == 8
    assert part(state, B, "servants_house") == 4


@pytest.mark.parametrize("spaces, vp, left", [(1, 7, 1), (2, 15, 0)])
def test_market_converts_taler_e20(spaces, vp, left):
    state = new_game(3)
    set_taler(state, A, 15)
    for n in range(1, spaces + 1):
        put_space(state, f"market.{n}", A)
    final_scoring(state)
    assert part(state, A, "market") == vp
    assert state["players"][A]["taler"] == left
    assert_conserved(state)  # converted Taler are counted as left the game


def test_gates_and_stable_count_towers_and_houses_e21():
    state = new_game(4)
    for tpl in ("gate_large", "gate_small", "stable"):
        build(state, tpl, A)
    for tpl in [f"tower_{i}" for i in range(1, 8)] + [f"house_{i}" for i in range(1, 5)]:
        build(state, tpl, Dd)
    for space, seat in (("gate_large.1", A), ("gate_small.1", B), ("stable.1", C), ("stable.2", Dd)):
        put_space(state, space, seat)
    final_scoring(state)
    assert (part(state, A, "gate_large"), part(state, B, "gate_small")) == (14, 7)
    assert (part(state, C, "stable"), part(state, Dd, "stable")) == (12, 8)


def test_palace_converts_pieces_e4():
    state = new_game(3)
    build(state, "palace", B)
    put_space(state, "palace.1", A)
    set_res(state, A, clay=1)
    final_scoring(state)
    assert part(state, A, "palace") == 4
    assert state["players"][A]["res"]["clay"] == 0
    assert_conserved(state)


def test_palace_silver_exchange_before_smithy_e22():
    state = new_game(3, start=A)
    build(state, "palace", C)
    put_space(state, "palace.1", A)
    put_space(state, "smithy.1", B)
    set_res(state, A, sand=1, clay=2, stone=1, silver=2)
    state["smithy"] = 7
    state["supply"]["silver"] -= 7
    final_scoring(state)
    d = decision(state)
    assert (d.kind, d.seat) == ("palace_exchange", A)
    assert ids(state) == ["exchange:2", "exchange:1", "exchange:0"]
    answer(state, "exchange:2")
    assert part(state, A, "palace") == 23
    assert state["players"][A]["res"] == {"sand": 1, "wood": 0, "clay": 0, "stone": 0, "silver": 0}
    assert part(state, B, "smithy") == 9
    assert state["finished"]
    assert_conserved(state)


def test_palace_both_spaces_convert_ten():
    state = new_game(3)
    build(state, "palace", C)
    put_space(state, "palace.1", A)
    put_space(state, "palace.2", A)
    set_res(state, A, sand=3, wood=3, stone=6)
    final_scoring(state)
    assert part(state, A, "palace") == 6 * 5 + 3 * 2 + 1
    assert state["players"][A]["res"]["sand"] == 2


@pytest.mark.parametrize("helpers, expected", [
    ([A, A], {A: 14}), ([A, B, C], {A: 3, B: 3, C: 3}), ([B], {B: 10})])
def test_granary_e30(helpers, expected):
    state = new_game(3, winter=True)
    state["granary"] = list(helpers)
    for seat in helpers:
        state["players"][seat]["helpers"] -= 1
    final_scoring(state)
    for seat in (A, B, C):
        assert part(state, seat, "granary") == expected.get(seat, 0)


def test_tie_break_taler_then_resource_points_e24():
    state = new_game(2)
    for seat in (A, B):
        state["players"][seat]["vp"] = 40
        set_taler(state, seat, 6)
    set_res(state, A, wood=1, clay=1)
    set_res(state, B, stone=1, silver=3)
    final_scoring(state)
    result = GAME.result(state)
    assert result.winners == (A,)
    set_res(state, A, stone=1)
    assert compute_result(state).winners == (A, B)  # still tied: shared victory


def test_result_breakdown_sums_to_score():
    state = new_game(3)
    state["players"][B]["vp"] = 30
    build(state, "keep", A)
    put_space(state, "keep.1", B)
    final_scoring(state)
    result = GAME.result(state)
    assert result.winners == (B,)
    assert result.breakdown[B] == {"play": 30, "keep": 3 * 4}  # market 2 + smithy 2 empty
    assert sum(result.breakdown[B].values()) == result.scores[B]
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["winners"] == [B]
