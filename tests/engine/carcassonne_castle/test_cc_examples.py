"""The worked examples of spec section 13 (E1-E21), on the reconstructed board."""
import pytest

from cc_helpers import (BLACK, GAME, GEO, TID, WHITE, act, cell, options_of, place, scenario,
                        scored, set_towers)
from engine.carcassonne_castle import final, track
from engine.core import Action, RuleError

C4 = "C C C C | -"


def test_e1_quick_points():
    state = scenario({(8, 0): C4}, drawn="H H C C | S>B")
    events = place(state, (9, 0), follower="path:S")
    assert scored(events) == [(BLACK, 1)]
    assert state["score"] == [1, 0] and state["supply_f"][BLACK] == 6 and not state["followers"]


def test_e2_completed_tower_four_points():
    state = scenario({(0, 1): "T T T T | -", (1, 1): C4, (1, 2): C4, (0, 3): "H H H H | -"},
                     followers=[(BLACK, (0, 1), "tower:NW-NE-SE-SW")], drawn="T T T T | -")
    events = place(state, (0, 2))
    assert scored(events) == [(BLACK, 4)]
    assert state["supply_f"][BLACK] == 6


@pytest.mark.parametrize("white_knight", [True, False])
def test_e3_joined_towers_tie_and_e3b_start_space_counted(white_knight):
    fol = [(BLACK, (0, 3), "tower:NW-NE-SE-SW")]
    if white_knight:
        fol.append((WHITE, (0, 1), "tower:NW-NE-SE-SW"))
    state = scenario({(0, 1): "T T T T | -", (0, 3): "T T T T | -", (1, 1): C4, (1, 2): C4,
                      (1, 3): C4, (0, 4): "H H H H | -"}, followers=fol, drawn="T T T T | -")
    events = place(state, (0, 2))
    if white_knight:
        assert scored(events) == [] and state["score"] == [0, 0]
        tie = [e for e in events if e.kind == "feature_tied"]
        assert tie and tie[0].params["size"] == 4
    else:
        assert scored(events) == [(BLACK, 8)]
    assert state["supply_f"] == [6, 6] and not state["followers"]


def test_e4_no_squire_on_an_extended_occupied_house():
    state = scenario({(5, 4): "H H H H | -"}, followers=[(WHITE, (5, 4), "house:NW-NE-SE-SW")],
                     drawn="H T C H | -")
    act(state, "place", "at:F6")
    act(state, "rotate", "rot:0")
    assert sorted(options_of(state)) == ["f:court:SE", "f:tower:NE", "none"]
    with pytest.raises(RuleError) as err:
        GAME.apply(state, BLACK, Action("follower", "f:house:NW-SW"))
    assert err.value.key == "feature_occupied"


def test_e5_no_merchant_on_an_extended_occupied_court():
    state = scenario({(5, 4): C4}, followers=[(WHITE, (5, 4), "court:NW-NE-SE-SW")],
                     drawn="C H H C | -")
    act(state, "place", "at:F6")
    act(state, "rotate", "rot:0")
    assert sorted(options_of(state)) == ["f:house:NE-SE", "none"]


def _court_board(wall_tile_7: bool):
    tiles = {rc: "C C1 C C | -" for rc in [(5, 7), (5, 8), (6, 7), (6, 8)]}
    tiles[(2, 3)] = "C1 H H H | -"
    fol = [(BLACK, (5, 7), "court:NW-NE-SE-SW"), (BLACK, (6, 8), "court:NW-NE-SE-SW"),
           (WHITE, (5, 8), "court:NW-NE-SE-SW"), (WHITE, (2, 3), "court:NW")]
    state = scenario(tiles, followers=fol, drawn=C4)
    if wall_tile_7:
        state["held"][BLACK] = [[7, 1]]
    events = []
    final.final_scoring(GEO, state, events)
    return state, events


@pytest.mark.parametrize("wall_tile_7", [False, True])
def test_e6_court_scoring(wall_tile_7):
    state, events = _court_board(wall_tile_7)
    courts = {(e.params["seat"], e.params["markets"]): e.params["points"]
              for e in events if e.kind == "court_scored"}
    assert courts == {(WHITE, 1): 3, (BLACK, 5): 15}
    assert state["score"][BLACK] == (20 if wall_tile_7 else 15)
    assert state["score"][WHITE] == 3


def test_e7_path_with_fountain_from_a_start_space():
    state = scenario({(7, 0): "C C H H | WE", (7, 1): "C C H H | WE+f"},
                     followers=[(BLACK, (7, 0), "path:E-W")], drawn="C C H H | W>P")
    events = place(state, (7, 2))
    assert scored(events) == [(BLACK, 8)]
    assert [e.params["size"] for e in events if e.kind == "feature_scored"] == [4]


def _legal(state):
    return {GEO.label(c): rots for c, rots in state["legal"]}


def test_e8_placement_legality():
    empty = scenario({}, drawn=C4)
    assert "A8" not in _legal(empty)                               # (a) S1's path
    assert "A8" in _legal(scenario({}, drawn="C C H H | WE"))      # (b)
    with_one = scenario({(7, 0): "C C H H | WE"}, drawn=C4)
    assert "B7" not in _legal(with_one) and "B9" not in _legal(with_one)   # (c) corners only
    assert "A10" in _legal(scenario({(8, 0): C4}, drawn="H H C C | S>B"))  # (d) into the wall
    e = scenario({(5, 4): C4}, drawn="C C C C | WE")                      # (e)
    assert _legal(e)["F6"] == [1]           # turned 90 it is N-S: arms face empty spaces
    assert 0 not in _legal(e)["F6"]


@pytest.mark.parametrize("start, points, seat, takes", [
    (10, 3, BLACK, True), (10, 4, BLACK, False), (11, 1, WHITE, True)])
def test_e9_picking_up_a_wall_tile(start, points, seat, takes):
    state = scenario({}, drawn=C4)
    set_towers(state, {12: 5})
    state["score"][seat] = start
    events = []
    track.add_points(GEO, state, seat, points, "path", "feature_scored", events)
    assert (state["held"][seat] == [[5, state["turn"]]]) == takes
    assert (state["towers"][GEO.tower_at[12]] is None) == takes


def _e10(options=None):
    tiles = {(2, 4): "H H C C | S>B", (3, 4): "C C C C | NS", (5, 4): "C C C C | N>P",
             (4, 3): "T T T T | -", (4, 2): "T T T T | -", (4, 5): "H H H H | -"}
    for rc in [(3, 2), (3, 3), (5, 2), (5, 3), (4, 1), (3, 5), (4, 6), (5, 5)]:
        tiles[rc] = C4
    fol = [(BLACK, (2, 4), "path:S"), (BLACK, (4, 2), "tower:NW-NE-SE-SW"),
           (WHITE, (4, 5), "house:NW-NE-SE-SW")]
    state = scenario(tiles, followers=fol, drawn="T H H T | NS", scores=(8, 30), options=options)
    set_towers(state, {12: 9})
    return state


@pytest.mark.parametrize("path_first", [True, False])
def test_e10_order_of_several_completions(path_first):
    state = _e10()
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    assert decision.kind == "order" and decision.seat == BLACK
    by_kind = {o.params["kind"]: o.id for o in decision.options}
    assert set(by_kind) == {"path", "tower"} and {o.params["points"] for o in decision.options} == {4, 6}
    events = act(state, "order", by_kind["path" if path_first else "tower"])
    moves = [(e.params["seat"], e.params["total"]) for e in events if e.kind == "feature_scored"]
    if path_first:
        assert moves == [(BLACK, 12), (BLACK, 18), (WHITE, 32)]
        assert [h[0] for h in state["held"][BLACK]] == [9]
    else:
        assert moves == [(BLACK, 14), (BLACK, 18), (WHITE, 32)]
        assert state["held"][BLACK] == []


def test_e10_late_pickup_variant():
    state = _e10({"late_pickup": True})
    events = place(state, (4, 4))
    assert state["score"] == [18, 32] and state["held"] == [[], []]
    assert not any(e.kind == "wall_tile_taken" for e in events)


def test_e11_lapping():
    state = scenario({}, drawn=C4)
    set_towers(state, {12: 3})
    state["score"][WHITE] = 97
    track.add_points(GEO, state, WHITE, 4, "path", "feature_scored", [])
    assert state["score"][WHITE] == 101 and state["held"][WHITE] == []
    state["score"][WHITE] = 108
    track.add_points(GEO, state, WHITE, 4, "path", "feature_scored", [])
    assert state["score"][WHITE] == 112 and [h[0] for h in state["held"][WHITE]] == [3]


def _tower_row(followers, scores=(0, 0), held=()):
    tiles = {(4, c): "T T T T | -" for c in (2, 3, 4)}
    for rc in [(3, 2), (3, 3), (3, 4), (5, 2), (5, 3), (5, 4), (4, 1)]:
        tiles[rc] = C4
    fol = [(seat, (4, c), "tower:NW-NE-SE-SW") for seat, c in followers]
    state = scenario(tiles, followers=fol, drawn=C4, scores=scores)
    state["held"][BLACK] = [list(h) for h in held]
    set_towers(state, {})
    return state


def test_e12_wall_tile_2_doubles_a_tower():
    state = _tower_row([(BLACK, 2), (BLACK, 3), (WHITE, 4)], held=[(2, 1)])
    place(state, (4, 5))
    decision = GAME.pending(state)[0]
    assert decision.kind == "double" and decision.params["points"] == 12
    events = act(state, "double", "double:use")
    assert scored(events) == [(BLACK, 12)] and state["held"][BLACK] == []
    assert state["used"][BLACK] == [2]


def test_e12_no_wall_tile_2_on_a_tie():
    state = _tower_row([(BLACK, 2), (WHITE, 3)], held=[(2, 1)])
    events = place(state, (4, 5))
    assert GAME.pending(state)[0].kind == "place" and scored(events) == []
    assert state["held"][BLACK] == [[2, 1]]


def test_e13_wall_tile_2_won_on_this_scoring_is_not_usable_yet():
    tiles = {(4, 2): "T T T T | -", (4, 3): "T T T T | -"}
    for rc in [(3, 2), (3, 3), (5, 2), (5, 3), (4, 1)]:
        tiles[rc] = C4
    state = scenario(tiles, followers=[(BLACK, (4, 2), "tower:NW-NE-SE-SW")], drawn=C4, scores=(9, 0))
    set_towers(state, {12: 2})
    events = place(state, (4, 4))
    assert scored(events) == [(BLACK, 4)] and state["score"][BLACK] == 13
    assert [h[0] for h in state["held"][BLACK]] == [2]
    assert GAME.pending(state)[0].seat == WHITE
    assert state["held"][BLACK][0][1] == state["turn"] - 1     # taken in Black's turn


def _house_row(length, squires, options=None, keep=None):
    """A row of HHHH tiles on row 6 from col 1, closed all round except its east end
    (6, length + 1), where the drawn HHHH tile completes it."""
    tiles = {(6, c): "H H H H | -" for c in range(1, length)}
    for c in range(0, length + 2):
        tiles[(5, c)] = C4
        tiles[(7, c)] = C4
    tiles[(6, 0)] = C4
    tiles[(6, length + 1)] = C4
    fol = [(seat, (6, c), "house:NW-NE-SE-SW") for seat, c in squires]
    state = scenario(tiles, followers=fol, drawn="H H H H | -", options=options)
    if keep:
        state["keep"] = keep
    return state


def test_e14_keep_placed_then_stays_then_other_seat():
    state = _house_row(3, [(WHITE, 1)])
    state["active"] = WHITE
    events = place(state, (6, 3))
    assert state["keep"][WHITE]["size"] == 3 and any(e.kind == "keep_placed" for e in events)
    smaller = _house_row(2, [(WHITE, 1)], keep=[None, {"part": 0, "size": 3}])
    smaller["active"] = WHITE
    events = place(smaller, (6, 2))
    assert smaller["keep"][WHITE]["size"] == 3 and not any(e.kind.startswith("keep") for e in events)
    bigger = _house_row(5, [(BLACK, 1)], keep=[None, {"part": 0, "size": 3}])
    place(bigger, (6, 5))
    assert bigger["keep"][BLACK]["size"] == 5


@pytest.mark.parametrize("own_only", [True, False])
def test_e14d_keep_only_on_houses_one_completes_oneself(own_only):
    state = _house_row(6, [(WHITE, 1), (WHITE, 2), (BLACK, 3)],
                       options={"keep_requires_own_placement": own_only},
                       keep=[None, {"part": 0, "size": 3}])
    events = place(state, (6, 6))
    assert scored(events) == [(WHITE, 6)]
    assert state["keep"][WHITE]["size"] == (3 if own_only else 6)


def _keep_area_board():
    group = {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)}
    tiles = {tuple(GEO.rc(c)): C4 for c in GEO.interior if tuple(GEO.rc(c)) not in group}
    return scenario(tiles, drawn=None, supply=[C4])


@pytest.mark.parametrize("white_eights, expected", [(0, (10, 0)), (1, (0, 0)), (2, (0, 10))])
def test_e14_final_keep(white_eights, expected):
    state = _keep_area_board()
    assert final.largest_empty_area(GEO, state) == 10
    state["score"] = [0, 0]
    state["keep"] = [{"part": 0, "size": 5}, {"part": 0, "size": 3}]
    state["held"][WHITE] = [[8, 1]] * white_eights
    events = []
    final.final_scoring(GEO, state, events)
    assert tuple(state["score"]) == expected


@pytest.mark.parametrize("v2, path_points", [(False, 3), (True, 6)])
def test_e15_end_game_wall_tiles(v2, path_points):
    tiles = {(3, 1): "C C C C | WE", (3, 2): "C C C C | WE+f", (3, 3): "C C C C | WE"}
    tiles.update({(7, c): "T T T T | -" for c in (3, 4, 5, 6)})
    fol = [(BLACK, (3, 2), "path:E-W"), (WHITE, (7, 3), "tower:NW-NE-SE-SW"),
           (BLACK, (7, 6), "tower:NW-NE-SE-SW")]
    state = scenario(tiles, followers=fol, drawn=C4, options={"fountain_wall_tile_4": v2})
    state["held"] = [[[4, 1], [9, 1], [6, 1]], [[5, 1]]]
    events = []
    final.final_scoring(GEO, state, events)
    assert state["score"] == [path_points + 5, 0]
    assert state["held"][BLACK] == [[6, 1]] and state["held"][WHITE] == [[5, 1]]


def test_e16a_a_square_splits_paths():
    state = scenario({(3, 4): "H H C C | S>B"}, followers=[(WHITE, (3, 4), "path:S")],
                     drawn="C H T C1 | N>P E>P S>P")
    act(state, "place", "at:E5")
    act(state, "rotate", "rot:0")
    opts = options_of(state)
    assert "f:path:E" in opts and "f:path:S" in opts and "f:path:N" not in opts


def test_e16b_a_crossing_is_one_path_closed_only_when_every_branch_is():
    state = scenario({(3, 4): "H H C C | S>B", (4, 5): "C C C C | W>P", (5, 4): "C C C C | N>P"},
                     drawn="T H C C | NESW", supply=["C C C C | E>P"] * 3)
    place(state, (4, 4), follower="path:N-E-S-W")
    assert options_of(state)[0].startswith("at:")
    assert not any(o.startswith("f:path") for o in options_of(state))
    events = place(state, (4, 3))
    assert state["phase"] == "place"
    assert [(e.params["seat"], e.params["size"], e.params["points"])
            for e in events if e.kind == "feature_scored"] == [(BLACK, 5, 5)]


def _hole(centre):
    ring = {(r, c) for r in (3, 4, 5) for c in (3, 4, 5)} - {(4, 4)}
    tiles = {rc: "H H H H | -" for rc in ring}
    for c in (3, 4, 5):
        tiles[(2, c)] = tiles[(6, c)] = C4
    for r in (3, 4, 5):
        tiles[(r, 2)] = tiles[(r, 6)] = C4
    return scenario(tiles, followers=[(WHITE, (3, 3), "house:NW-NE-SE-SW")], drawn=centre)


@pytest.mark.parametrize("centre, points", [(C4, 8), ("H H H H | -", 9)])
def test_e17_house_with_a_hole(centre, points):
    state = _hole(centre)
    events = place(state, (4, 4))
    assert scored(events) == [(WHITE, points)]


def test_e17_ring_is_incomplete_before():
    state = _hole(C4)
    uf = state["uf"]
    from engine.carcassonne_castle.board import find
    root = find(uf, state["followers"][0][1])
    assert len(uf["cells"][root]) == 8 and uf["open"][root] == 8


def test_e18_court_tie_and_unoccupied_court():
    tiles = {(2, 3): "C1 C1 C1 C | -", (7, 5): "C1 C1 C C | -"}
    fol = [(BLACK, (2, 3), "court:NW-NE-SE-SW"), (WHITE, (2, 3), "court:NW-NE-SE-SW")]
    state = scenario(tiles, followers=fol, drawn=C4)
    events = []
    final.final_scoring(GEO, state, events)
    assert state["score"] == [0, 0]
    assert [e.params["markets"] for e in events if e.kind == "court_tied"] == [3]


def _full_but(cell_rc):
    tiles = {tuple(GEO.rc(c)): C4 for c in GEO.interior if tuple(GEO.rc(c)) != cell_rc}
    return tiles


def test_e19_unplaceable_tile_is_discarded_and_another_drawn():
    state = scenario(_full_but((9, 6)), drawn="T H C C | NESW", supply=[C4])
    assert state["discards"] == [TID["T H C C | NESW"]]
    assert state["drawn"] == TID[C4] and state["phase"] == "place"


def test_e19_unplaceable_last_tile_ends_the_game():
    state = scenario(_full_but((9, 6)), drawn="T H C C | NESW", supply=[])
    assert state["discards"] == [TID["T H C C | NESW"]]
    assert GAME.result(state) is not None and GAME.pending(state) == []


def test_e20_wall_tile_1_extra_turn():
    tiles = {(4, 2): "T T T T | -", (4, 3): "T T T T | -"}
    for rc in [(3, 2), (3, 3), (5, 2), (5, 3), (4, 1)]:
        tiles[rc] = C4
    state = scenario(tiles, followers=[(BLACK, (4, 2), "tower:NW-NE-SE-SW")], drawn=C4,
                     scores=(9, 0), supply=[C4] * 4)
    set_towers(state, {12: 1})
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    assert decision.kind == "extra" and decision.seat == BLACK
    marker = GAME.turn_marker(state)
    act(state, "extra", "extra:use")
    assert GAME.pending(state)[0].seat == BLACK and GAME.pending(state)[0].kind == "place"
    assert GAME.turn_marker(state) != marker and state["used"][BLACK] == [1]
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    assert GAME.pending(state)[0].seat == WHITE


def test_e21_completion_by_a_neighbouring_tile():
    state = scenario({(5, 4): "T T T T | -", (4, 4): C4, (6, 4): C4, (5, 3): C4},
                     followers=[(BLACK, (5, 4), "tower:NW-NE-SE-SW")], drawn=C4, active=WHITE)
    act(state, "place", "at:F6")
    events = act(state, "rotate", "rot:0")
    assert options_of(state) == ["none", "f:court:NW-NE-SE-SW"]
    events += act(state, "follower", "f:court:NW-NE-SE-SW")
    assert scored(events) == [(BLACK, 2)] and state["supply_f"][BLACK] == 6


def test_view_names_the_wall_tile_of_an_open_decision():
    state = _tower_row([(BLACK, 2), (BLACK, 3), (WHITE, 4)], held=[(2, 1)])
    place(state, (4, 5))
    asking = GAME.view(state, WHITE)["asking"]
    assert asking["number"] == 2 and asking["points"] == 12 and asking["kind"] == "tower"
    assert sorted(asking["cells"]) == [[4, 2], [4, 3], [4, 4]]
    assert GAME.names()["wall2.short"] == {"en": "Double tower", "cs": "Dvojnásobná věž"}


@pytest.mark.parametrize("option, key", [("at:E5", "no_full_side"), ("at:B9", "paths_must_continue"),
                                         ("at:Z9", "no_such_space"), ("at:A1", "not_interior"),
                                         ("at:A9", "space_taken")])
def test_illegal_positions_say_why_and_change_nothing(option, key):
    import json
    state = scenario({(8, 0): C4}, drawn="T H C C | NESW")
    before = json.dumps(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, BLACK, Action("place", option))
    assert err.value.key == key and json.dumps(state) == before
    with pytest.raises(RuleError) as err:
        GAME.apply(state, WHITE, Action("place", "at:B9"))
    assert err.value.key == "not_your_turn" and json.dumps(state) == before


def test_back_before_the_tile_is_placed():
    state = scenario({}, drawn="C C H H | WE")
    act(state, "place", "at:A8")
    assert "back" in options_of(state)
    act(state, "rotate", "back")
    assert GAME.pending(state)[0].kind == "place" and state["placements"] == []
