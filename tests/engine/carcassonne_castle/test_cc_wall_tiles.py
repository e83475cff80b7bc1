"""Wall tiles during play (spec sections 8, 9, 11): two copies on two features, wall tile 3
on a house, no extra turn without tiles, no follower decision without followers, late
pickup for the opponent's marker."""
import pytest

from cc_helpers import BLACK, GAME, WHITE, act, options_of, place, scenario, scored, set_towers

C4 = "C C C C | -"


def _two_towers(held):
    tiles = {(3, 4): ("C C C C | N>P", 2), (5, 4): "C C C C | N>P",
             (4, 3): "T T T T | -", (4, 5): "T T T T | -"}
    for rc in [(3, 3), (5, 3), (4, 2), (3, 5), (5, 5), (4, 6)]:
        tiles[rc] = C4
    fol = [(BLACK, (4, 3), "tower:NW-NE-SE-SW"), (BLACK, (4, 5), "tower:NW-NE-SE-SW")]
    state = scenario(tiles, followers=fol, drawn="T T T T | NS")
    state["held"][BLACK] = [list(h) for h in held]
    set_towers(state, {})
    return state


def test_two_copies_of_wall_tile_2_double_two_towers():
    state = _two_towers([(2, 1), (2, 2)])
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    assert decision.kind == "order" and len(decision.options) == 2
    events = act(state, "order", decision.options[0].id)
    events += act(state, "double", "double:use")
    assert GAME.pending(state)[0].kind == "double"
    events += act(state, "double", "double:use")
    assert scored(events) == [(BLACK, 8), (BLACK, 8)]
    assert state["held"][BLACK] == [] and sorted(state["used"][BLACK]) == [2, 2]


def test_one_copy_doubles_one_tower_only():
    state = _two_towers([(2, 1)])
    place(state, (4, 4))
    events = act(state, "order", options_of(state)[0])
    events += act(state, "double", "double:use")
    assert sorted(p for _, p in scored(events)) == [4, 8]
    assert GAME.pending(state)[0].kind == "place"


def test_skipping_keeps_the_wall_tile():
    state = _two_towers([(2, 1)])
    place(state, (4, 4))
    act(state, "order", options_of(state)[0])
    events = act(state, "double", "double:skip")
    events += act(state, "double", "double:skip")
    assert scored(events) == [(BLACK, 4), (BLACK, 4)] and state["held"][BLACK] == [[2, 1]]


def test_wall_tile_3_doubles_a_house():
    tiles = {(6, 1): "H H H H | -", (6, 0): C4, (5, 1): C4, (7, 1): C4, (5, 2): C4, (7, 2): C4,
             (6, 3): C4}
    state = scenario(tiles, followers=[(BLACK, (6, 1), "house:NW-NE-SE-SW")], drawn="H H H H | -")
    state["held"][BLACK] = [[3, 1], [2, 1]]
    place(state, (6, 2))
    decision = GAME.pending(state)[0]
    assert decision.kind == "double" and decision.params["number"] == 3
    events = act(state, "double", "double:use")
    assert scored(events) == [(BLACK, 4)] and state["held"][BLACK] == [[2, 1]]
    assert state["keep"][BLACK]["size"] == 2          # wall tile 3 does not change keep size


def test_no_extra_turn_decision_when_the_supply_is_empty():
    state = scenario({}, drawn="C C H H | WE", supply=[])
    state["held"][BLACK] = [[1, 1]]
    place(state, (7, 0))
    assert GAME.result(state) is not None and state["held"][BLACK] == [[1, 1]]


def test_no_follower_decision_without_followers():
    state = scenario({}, drawn="C C H H | WE")
    state["supply_f"][BLACK] = 0
    act(state, "place", "at:A8")
    act(state, "rotate", "rot:0")
    assert GAME.pending(state)[0].kind == "place" and GAME.pending(state)[0].seat == WHITE


@pytest.mark.parametrize("late", [False, True])
def test_the_opponent_takes_the_tile_its_marker_stops_on(late):
    tiles = {(5, 4): "T T T T | -", (4, 4): C4, (6, 4): C4, (5, 3): C4}
    state = scenario(tiles, followers=[(BLACK, (5, 4), "tower:NW-NE-SE-SW")], drawn=C4,
                     active=WHITE, scores=(10, 0), options={"late_pickup": late})
    set_towers(state, {12: 6})
    place(state, (5, 5))
    assert state["score"][BLACK] == 12 and [h[0] for h in state["held"][BLACK]] == [6]
