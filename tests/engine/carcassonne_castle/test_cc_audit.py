"""Independent rules audit: one or more tests per section of the spec
(``shared/rules/carcassonne_castle.md``), each written so that it fails if the engine
did something else than the rule says.  Boards are the reconstructed board's
(start spaces S1 [7,-1] path east, S2 [2,0] house east, S3 [-1,3] tower south,
S4 [4,9] house west, S5 [5,9] court with a market west, S6 [10,6] court north,
S7 [10,2] house/court with a path north)."""
import json
import random

import pytest

from cc_helpers import (BLACK, GAME, GEO, TID, WHITE, act, cell, options_of, place, scenario,
                        scored, set_towers)
from engine.carcassonne_castle import GAME as REAL, board, final, track
from engine.carcassonne_castle.board import find
from engine.core import Action, RuleError

C4 = "C C C C | -"
T4 = "T T T T | -"
H4 = "H H H H | -"
TOWER = "tower:NW-NE-SE-SW"
HOUSE = "house:NW-NE-SE-SW"
COURT = "court:NW-NE-SE-SW"


def label(rc):
    return GEO.label(cell(*rc))


def legal(state):
    return {GEO.label(c): rots for c, rots in state["legal"]}


def closed_around(tiles, spots, code=C4):
    """Fill the empty interior neighbours of ``spots`` with ``code`` (courts), except the
    ``spots`` themselves (the last one is usually where the drawn tile goes)."""
    out = dict(tiles)
    for r, c in spots:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rc = (r + dr, c + dc)
            idx = GEO.index(*rc, strict=False)
            if idx is not None and GEO.kind[idx] == 1 and rc not in out and rc not in spots:
                out[rc] = code
    return out


# -- 2 / 3: components and setup --------------------------------------------------------
def test_setup_components_and_hidden_wall_tiles():
    state = REAL.setup(2, {}, 7)
    geo = REAL.geo
    assert len(geo.interior) == 76 and len(geo.starts) == 7 and len(geo.towers) == 14
    holds = [t for t, g in zip(state["towers"], geo.towers) if g["holds"]]
    assert all(t is not None for t in holds) and len(holds) == 13
    tower01 = geo.tower_at[0]
    assert geo.tower_at[1] == tower01 and state["towers"][tower01] is None
    assert sorted(holds + state["box"]) == sorted([n for n in range(1, 10)] * 2)
    assert len(state["box"]) == 5
    assert state["supply_f"] == [6, 6] and state["score"] == [0, 0] and state["keep"] == [None, None]
    assert len(state["supply"]) == 59 and state["drawn"] is not None
    firsts = {REAL.setup(2, {}, seed)["active"] for seed in range(20)}
    assert firsts == {0, 1}


def test_start_spaces_touch_one_interior_space_on_their_inner_side():
    for s in GEO.starts:
        sides = [d for d in range(4) if GEO.neighbour[s["cell"]][d] is not None]
        assert sides == [s["inner"]] and GEO.neighbour[s["cell"]][s["inner"]] == s["touches"]


# -- 4.1 drawing ----------------------------------------------------------------------------
def test_the_drawn_tile_is_public_and_the_same_for_everyone():
    state = REAL.setup(2, {}, 3)
    views = [REAL.view(state, s) for s in (None, 0, 1)]
    assert views[0]["drawn"]["tile"] == state["drawn"]
    assert all(v["drawn"] == views[0]["drawn"] for v in views)
    decision = REAL.pending(state)[0]
    events = REAL.apply(state, decision.seat, Action("place", decision.options[0].id))
    rot = REAL.pending(state)[0].options[0].id
    events = REAL.apply(state, decision.seat, Action("rotate", rot))
    while REAL.pending(state)[0].seat == decision.seat and state["phase"] != "place":
        d = REAL.pending(state)[0]
        events += REAL.apply(state, d.seat, Action(d.kind, d.options[0].id))
    drawn = [e for e in events if e.kind == "tile_drawn"]
    assert drawn and drawn[-1].visible_to is None and drawn[-1].params["tile"] == state["drawn"]


def test_unplaceable_tiles_are_discarded_publicly_until_one_fits():
    full = {tuple(GEO.rc(c)): C4 for c in GEO.interior if tuple(GEO.rc(c)) != (9, 6)}
    # S6 below (9, 6) has no path: every tile with four arms cannot go there
    state = scenario(full, drawn="T H C C | NESW", supply=[C4, "T H C C | NESW"])
    assert state["discards"] == [TID["T H C C | NESW"]] * 2
    assert state["drawn"] == TID[C4] and state["supply"] == []
    view = REAL.view(state, None) if False else GAME.view(state, WHITE)
    assert view["discards"] == state["discards"] and view["supply"] == 0


# -- 4.1 placement --------------------------------------------------------------------------
def test_first_tile_only_against_start_spaces():
    state = scenario({}, drawn=C4)
    spots = set(legal(state))
    touched = {GEO.label(s["touches"]) for s in GEO.starts}
    assert spots and spots <= touched
    assert label((7, 0)) not in spots            # S1's path must be continued


def test_full_side_contact_only_corner_is_not_enough():
    state = scenario({(4, 4): C4}, drawn=C4)
    spots = set(legal(state))
    for rc in [(3, 4), (5, 4), (4, 3), (4, 5)]:
        assert label(rc) in spots
    for rc in [(3, 3), (3, 5), (5, 3), (5, 5)]:
        assert label(rc) not in spots


def test_paths_must_continue_both_ways_including_start_spaces():
    # S3 (tower, no path) above (0, 3): no arm may point north there
    s3 = scenario({}, drawn="C C C C | NS")
    assert legal(s3)[label((0, 3))] == [1]        # only the east-west turn
    # a path arm must meet a path arm across every touching side
    st = scenario({(4, 4): "C C C C | WE"}, drawn="C C C C | NS")
    assert legal(st)[label((4, 5))] == [1]
    assert legal(st)[label((3, 4))] == [1]       # no arm against its armless side
    # S7's path must be continued into (9, 2)
    s7 = scenario({}, drawn=C4)
    assert label((9, 2)) not in legal(s7)


def test_arms_may_face_the_wall_and_empty_spaces():
    state = scenario({(8, 0): C4}, drawn="C C C C | WE")
    # at (9, 0) the W arm faces the wall and the E arm faces an empty space
    assert label((9, 0)) in legal(state)


@pytest.mark.parametrize("mine, theirs", [(T4, H4), (T4, C4), (H4, C4), (T4, T4), (H4, H4)])
def test_any_quarter_kinds_may_touch(mine, theirs):
    state = scenario({(4, 4): theirs}, drawn=mine)
    assert legal(state)[label((4, 5))] == [0]


def test_rotation_is_clockwise_and_maps_quarters_and_arms():
    tid = TID["C H T C1 | N>P E>P S>P"]
    face = GEO.faces[tid][1]
    assert face["quarters"] == ("C", "C", "H", "T") and face["markets"] == (1, 0, 0, 0)
    assert sorted(a for s in face["segments"] for a in s["arms"]) == [1, 2, 3]
    state = scenario({(4, 4): "C C C C | WE"}, drawn="C H T C1 | N>P E>P S>P")
    # at (4, 5) the tile needs a W arm (the other sides face empty spaces): 90, 180, 270
    assert legal(state)[label((4, 5))] == [1, 2, 3]
    act(state, "place", f"at:{label((4, 5))}")
    assert [o.id for o in GAME.pending(state)[0].options] == ["rot:90", "rot:180", "rot:270", "back"]
    act(state, "rotate", "rot:90")
    tile, rot, _ = state["board"][cell(4, 5)]
    assert rot == 1 and GAME.view(state, None)["tiles"][-1]["face"]["quarters"]["NW"] == "C"


# -- 4.2 deploying a follower ---------------------------------------------------------------
def test_follower_only_on_parts_of_the_placed_tile():
    state = scenario({(4, 4): T4}, drawn=C4)
    place(state, (4, 5), follower=COURT)
    assert state["followers"] == [[BLACK, state["board"][cell(4, 5)][2]]]


def test_follower_blocked_by_a_far_follower_of_either_colour():
    tiles = {(4, c): H4 for c in range(1, 5)}
    for own in (BLACK, WHITE):
        state = scenario(tiles, followers=[(own, (4, 1), HOUSE)], drawn=H4)
        act(state, "place", f"at:{label((4, 5))}")
        act(state, "rotate", "rot:0")
        assert state["phase"] != "follower"       # only "none" would be possible
        assert state["followers"] == [[own, state["followers"][0][1]]]


def test_follower_allowed_when_the_part_joins_no_occupied_feature():
    state = scenario({(4, 4): H4}, followers=[(WHITE, (4, 4), HOUSE)], drawn=T4)
    act(state, "place", f"at:{label((4, 5))}")
    act(state, "rotate", "rot:0")
    assert options_of(state) == ["none", f"f:{TOWER}"]


def test_no_follower_decision_without_followers_in_supply():
    state = scenario({}, drawn="C C H H | WE")
    state["supply_f"][BLACK] = 0
    events = place(state, (7, 0))
    assert state["followers"] == [] and state["active"] == WHITE
    assert not any(e.kind == "follower_placed" for e in events)


def test_refused_follower_changes_nothing():
    state = scenario({(4, 4): H4}, followers=[(WHITE, (4, 4), HOUSE)], drawn="H T C H | -")
    act(state, "place", f"at:{label((4, 5))}")
    act(state, "rotate", "rot:0")
    before = json.dumps(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, BLACK, Action("follower", "f:house:NW-SW"))
    assert err.value.key == "feature_occupied" and json.dumps(state) == before
    with pytest.raises(RuleError) as err:                 # not a part of this tile
        GAME.apply(state, BLACK, Action("follower", "f:house:NW-NE-SE-SW"))
    assert err.value.key == "illegal_option" and json.dumps(state) == before


# -- 4.3 features through tiles and start spaces --------------------------------------------
def test_house_joined_to_a_start_space_counts_it_as_a_tile():
    tiles = closed_around({}, [(2, 1)])
    state = scenario(tiles, drawn=H4)
    events = place(state, (2, 1), follower=HOUSE)
    assert scored(events) == [(BLACK, 2)]        # the tile + start space S2


def test_tower_of_a_start_space_alone_scores_nothing_and_is_silent():
    state = scenario({}, drawn=H4)
    events = place(state, (0, 3), follower=HOUSE)
    # the S3 tower is now complete (closed by the house) but nobody can stand on it
    assert scored(events) == [] and state["score"] == [0, 0]


def test_path_through_start_space_with_wall_end():
    # S7's path runs north into (9, 2); a tile ending the path at a square closes it
    tiles = {(9, 1): C4, (9, 3): C4, (8, 2): C4}
    state = scenario(tiles, drawn="C C C C | N>P")
    act(state, "place", f"at:{label((9, 2))}")
    assert [o.id for o in GAME.pending(state)[0].options] == ["rot:180", "back"]
    act(state, "rotate", "rot:180")
    events = act(state, "follower", "f:path:S")
    assert scored(events) == [(BLACK, 2)]        # start space + tile


def test_court_with_a_start_space_market_scores_at_the_end():
    tiles = closed_around({}, [(5, 8)])
    state = scenario(tiles, drawn=C4)
    place(state, (5, 8), follower=COURT)
    events = []
    final.final_scoring(GEO, state, events)
    assert [(e.params["seat"], e.params["markets"], e.params["points"])
            for e in events if e.kind == "court_scored"] == [(BLACK, 1, 3)]


def test_fountain_anywhere_doubles_the_whole_path():
    tiles = {(3, 1): "C C C C | WE+f", (3, 2): "C C C C | WE", (3, 3): "C C C C | WE"}
    state = scenario(tiles, followers=[(WHITE, (3, 3), "path:E-W")], drawn="C C C C | W>P")
    events = place(state, (3, 4))
    # (3, 0) is wall: the path (4 tiles, fountain on the far tile) is closed: 2 per tile
    assert scored(events) == [(WHITE, 2 * 4)]


# -- 4.3 completion -----------------------------------------------------------------------
def test_tower_completed_by_a_path_side_of_another_tile():
    tiles = {(5, 4): T4, (4, 4): C4, (6, 4): C4, (5, 3): C4}
    state = scenario(tiles, followers=[(WHITE, (5, 4), TOWER)], drawn="C C C C | NS")
    events = place(state, (5, 5))
    assert scored(events) == [(WHITE, 2)] and state["supply_f"][WHITE] == 6


def test_house_completed_by_the_tile_laid_against_its_last_open_side_two_sides_open():
    # an L of houses with two open half sides on the same empty cell
    tiles = {(4, 4): H4, (4, 5): H4, (5, 4): H4}
    tiles = closed_around(tiles, [(4, 4), (4, 5), (5, 4), (5, 5)])
    state = scenario(tiles, followers=[(BLACK, (4, 4), HOUSE)], drawn=C4, active=WHITE)
    events = place(state, (5, 5))
    assert scored(events) == [(BLACK, 3)]


def test_path_open_while_any_branch_faces_an_empty_space():
    state = scenario({(4, 4): "T H C C | NESW"}, followers=[(BLACK, (4, 4), "path:N-E-S-W")],
                     drawn="C C C C | W>P", supply=[C4])
    uf = state["uf"]
    assert uf["open"][find(uf, state["followers"][0][1])] == 4
    place(state, (4, 5))
    assert uf["open"][find(uf, state["followers"][0][1])] == 3 and state["score"] == [0, 0]


def test_path_loop_is_complete():
    from cc_helpers import example_data
    from engine.carcassonne_castle import CarcassonneCastle
    from engine.carcassonne_castle.geometry import parse_code
    data = example_data()
    curves = {"ES": "L0", "SW": "L1", "NE": "L2", "WN": "L3"}
    for arms, tid in curves.items():
        data["castle_tiles"].append(parse_code(f"C C C C | {arms}", tid))
    game = CarcassonneCastle(data)
    state = scenario({(3, 3): "L0", (3, 4): "L1", (4, 3): "L2"}, drawn="L3", supply=[C4],
                     game=game)
    events = place(state, (4, 4), follower="path:N-W", game=game)
    assert scored(events) == [(BLACK, 4)]


# -- 5 scoring --------------------------------------------------------------------------------
def _tower_pair(black, white, drawn=T4):
    tiles = closed_around({(4, 3): T4, (4, 5): T4}, [(4, 3), (4, 5), (4, 4)])
    fol = [(BLACK, (4, 3), TOWER)] * 0
    fol = []
    for i in range(black):
        fol.append((BLACK, (4, 3), TOWER))
    for i in range(white):
        fol.append((WHITE, (4, 5), TOWER))
    return scenario(tiles, followers=fol, drawn=drawn)


@pytest.mark.parametrize("black, white, result", [(2, 1, (6, 0)), (1, 2, (0, 6)), (1, 1, (0, 0)),
                                                  (2, 2, (0, 0))])
def test_strict_majority_scores_ties_score_nothing_and_all_return(black, white, result):
    state = _tower_pair(black, white)
    place(state, (4, 4))
    assert tuple(state["score"]) == result
    assert state["supply_f"] == [6, 6] and state["followers"] == []


def test_deploy_score_and_take_back_in_the_same_turn():
    state = _tower_pair(0, 0)
    events = place(state, (4, 4), follower=TOWER)
    kinds = [e.kind for e in events]
    assert kinds.index("follower_placed") < kinds.index("feature_scored")
    assert scored(events) == [(BLACK, 6)] and state["supply_f"][BLACK] == 6


def test_merchants_stay_during_the_game():
    state = scenario(closed_around({}, [(4, 4)]), drawn=C4)
    place(state, (4, 4), follower=COURT)
    assert state["supply_f"][BLACK] == 5 and len(state["followers"]) == 1


# -- 5.1 order -------------------------------------------------------------------------------
def _white_towers(white_score):
    """Black places a court on (4, 4) completing White's 1-tile tower west (2 points) and
    White's 2-tile tower east (4 points)."""
    tiles = {(4, 3): T4, (4, 5): T4, (4, 6): T4}
    tiles = closed_around(tiles, [(4, 3), (4, 5), (4, 6), (4, 4)])
    fol = [(WHITE, (4, 3), TOWER), (WHITE, (4, 6), TOWER)]
    state = scenario(tiles, followers=fol, drawn=C4, scores=(0, white_score))
    set_towers(state, {12: 9})
    return state


def test_placing_player_chooses_the_order_of_the_opponents_features_when_it_matters():
    state = _white_towers(8)
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    assert decision.kind == "order" and decision.seat == BLACK
    two = next(o.id for o in decision.options if o.params["points"] == 2)
    events = act(state, "order", two)
    assert [e.params["total"] for e in events if e.kind == "feature_scored"] == [10, 14]
    assert state["held"][WHITE] == [] and state["towers"][GEO.tower_at[12]] == 9


def test_no_order_question_when_no_order_changes_a_pickup():
    state = _white_towers(20)
    events = place(state, (4, 4))
    assert GAME.pending(state)[0].kind == "place" and state["score"][WHITE] == 26
    assert len(scored(events)) == 2


def test_own_features_score_before_the_opponents():
    tiles = {(4, 3): T4, (4, 5): T4}
    tiles = closed_around(tiles, [(4, 3), (4, 5), (4, 4)])
    fol = [(WHITE, (4, 3), TOWER), (BLACK, (4, 5), TOWER)]
    state = scenario(tiles, followers=fol, drawn=C4, scores=(0, 10))
    set_towers(state, {12: 9})
    events = place(state, (4, 4))
    assert scored(events) == [(BLACK, 2), (WHITE, 2)]
    assert [h[0] for h in state["held"][WHITE]] == [9]


def test_order_question_is_equivalent_to_asking_always(monkeypatch):
    """Whenever the engine does not ask, every order of the group gives the same scores,
    held wall tiles, corner towers and keep sizes (brute force on positions of random
    games, both keep rulings)."""
    import copy
    from itertools import permutations
    from engine.ai import choose
    from engine.carcassonne_castle import scoring
    real = scoring.order_matters
    checked = []

    def spy(geo, state):
        answer = real(geo, state)
        group = scoring.current_group(state)
        if not answer and len(group) >= 2:
            outcomes = set()
            for order in permutations(group):
                trial = copy.deepcopy(state)
                for root in order:
                    scoring.score_feature(geo, trial, root, None, [])
                keeps = [k and k["size"] for k in trial["keep"]]
                outcomes.add(json.dumps([trial["score"], trial["held"], trial["towers"], keeps]))
            assert len(outcomes) == 1
            checked.append(len(group))
        return answer

    monkeypatch.setattr(scoring, "order_matters", spy)
    for seed in range(60):
        state = REAL.setup(2, {"keep_requires_own_placement": seed % 2 == 0}, seed)
        rnd = random.Random(seed)
        while REAL.result(state) is None:
            d = REAL.pending(state)[0]
            REAL.apply(state, d.seat, choose(REAL, state, d, rnd, smart=seed % 3 != 0))
    assert len(checked) >= 10, len(checked)


# -- 5.2 keep ---------------------------------------------------------------------------------
def _house_for(squires, active, options=None, keep=None):
    tiles = closed_around({(6, 2): H4, (6, 3): H4}, [(6, 2), (6, 3), (6, 4)])
    state = scenario(tiles, followers=[(s, (6, 2), HOUSE) for s in squires], drawn=H4,
                     active=active, options=options)
    if keep:
        state["keep"] = keep
    return state


@pytest.mark.parametrize("flag", [True, False])
def test_keep_only_for_the_placing_player_unless_the_flag_is_off(flag):
    state = _house_for([WHITE], BLACK, {"keep_requires_own_placement": flag})
    events = place(state, (6, 4))
    assert scored(events) == [(WHITE, 3)]
    assert (state["keep"][WHITE] is not None) == (not flag)
    assert state["keep"][BLACK] is None


def test_keep_not_placed_on_a_tied_house_nor_on_equal_size():
    state = _house_for([WHITE, BLACK], BLACK)
    place(state, (6, 4))
    assert state["keep"] == [None, None]
    equal = _house_for([BLACK], BLACK, keep=[{"part": 0, "size": 3}, None])
    events = place(equal, (6, 4))
    assert equal["keep"][BLACK] == {"part": 0, "size": 3}
    assert not any(e.kind.startswith("keep") for e in events)


def test_keep_size_ignores_wall_tile_3():
    state = _house_for([BLACK], BLACK)
    state["held"][BLACK] = [[3, 1]]
    place(state, (6, 4))
    events = act(state, "double", "double:use")
    assert scored(events) == [(BLACK, 6)] and state["keep"][BLACK]["size"] == 3


# -- 8 scoring track -----------------------------------------------------------------------
def test_opponents_marker_takes_a_wall_tile_on_the_active_players_turn():
    state = _white_towers(10)          # White +2 and +4: one order lands on 12
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    two = next(o.id for o in decision.options if o.params["points"] == 2)
    events = act(state, "order", two)
    taken = [e for e in events if e.kind == "wall_tile_taken"]
    assert [(e.params["seat"], e.params["number"]) for e in taken] == [(WHITE, 9)]
    assert GAME.view(state, BLACK)["seats"][WHITE]["wall_tiles"] == [9]


def test_pickup_after_lapping_and_never_on_0_1():
    state = scenario({}, drawn=C4)
    set_towers(state, {12: 4})
    state["towers"][GEO.tower_at[0]] = 5          # even if something lay there, 0/1 gives nothing
    REAL_TOWER01 = GEO.tower_at[0]
    state["score"][BLACK] = 95
    track.add_points(GEO, state, BLACK, 5, "path", "feature_scored", [])
    assert state["held"][BLACK] == [] or not GEO.towers[REAL_TOWER01]["holds"]
    state["score"][BLACK] = 110
    track.add_points(GEO, state, BLACK, 3, "path", "feature_scored", [])
    assert [h[0] for h in state["held"][BLACK]][-1] == 4


def test_passing_a_tower_takes_nothing_stopping_on_either_space_does():
    for start, pts, takes in [(11, 1, True), (11, 2, True), (11, 3, False), (9, 2, False)]:
        state = scenario({}, drawn=C4)
        set_towers(state, {12: 6})
        state["score"][WHITE] = start
        track.add_points(GEO, state, WHITE, pts, "tower", "feature_scored", [])
        assert bool(state["held"][WHITE]) == takes, (start, pts)


# -- 9 wall tiles during play ----------------------------------------------------------------
def test_wall_tile_2_not_on_the_opponents_turn():
    tiles = closed_around({(4, 3): T4}, [(4, 3), (4, 4)])
    state = scenario(tiles, followers=[(WHITE, (4, 3), TOWER)], drawn=C4)
    state["held"][WHITE] = [[2, 1]]
    events = place(state, (4, 4))
    assert scored(events) == [(WHITE, 2)] and state["held"][WHITE] == [[2, 1]]


def test_extra_turn_is_a_new_turn_for_wall_tile_2_taken_before():
    tiles = closed_around({(4, 2): T4, (4, 3): T4}, [(4, 2), (4, 3), (4, 4)])
    state = scenario(tiles, followers=[(BLACK, (4, 2), TOWER)], drawn=C4, supply=[C4, C4, C4])
    turn = state["turn"]
    state["held"][BLACK] = [[2, turn], [1, turn]]        # both taken this very turn
    place(state, (6, 2))
    assert GAME.pending(state)[0].kind == "extra"
    act(state, "extra", "extra:use")
    assert state["active"] == BLACK and state["turn"] == turn + 1
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    assert decision.kind == "double" and decision.params["points"] == 8


def test_two_wall_tiles_1_give_two_extra_turns():
    state = scenario({}, drawn="C C H H | WE", supply=[C4] * 5)
    turn = state["turn"]
    state["held"][BLACK] = [[1, turn], [1, turn]]
    place(state, (7, 0))
    act(state, "extra", "extra:use")            # asked once for the new tiles
    assert state["active"] == BLACK and state["turn"] == turn + 1
    assert options_of(state)[-1] == "extra:use"  # the second one: offered, not asked
    act(state, "place", "extra:use")
    assert state["used"][BLACK] == [1, 1] and "extra:use" not in options_of(state)
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    assert state["active"] == BLACK and state["turn"] == turn + 2
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    assert state["active"] == WHITE


def test_a_kept_wall_tile_1_is_asked_about_once_then_offered_in_each_place_decision():
    state = scenario({}, drawn="C C H H | WE", supply=[C4] * 6)
    state["held"][BLACK] = [[1, state["turn"]]]
    place(state, (7, 0))
    assert GAME.pending(state)[0].kind == "extra"
    act(state, "extra", "extra:keep")
    assert state["active"] == WHITE and "extra:use" not in options_of(state)
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    decision = GAME.pending(state)[0]
    assert decision.seat == BLACK and decision.options[-1].id == "extra:use"
    assert decision.params["positions"] == len(decision.options) - 1
    assert GAME.view(state, WHITE)["asking"] == {"number": 1, "tile": "wall1", "feature": None}
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    assert state["active"] == WHITE                 # kept again, without a question
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    events = act(state, "place", "extra:use")
    assert [e.kind for e in events] == ["extra_turn"] and GAME.view(state, None)["seats"][BLACK]["extra_turns"] == 1
    turn = state["turn"]
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    assert state["active"] == BLACK and state["turn"] == turn + 1
    assert GAME.view(state, None)["seats"][BLACK]["extra_turns"] == 0


def test_wall_tile_1_taken_on_the_opponents_turn_is_asked_about_after_ones_next_turn():
    state = _white_towers(10)
    set_towers(state, {12: 1})
    state["supply"] = [TID[C4]] * 4
    place(state, (4, 4))
    decision = GAME.pending(state)[0]
    two = next(o.id for o in decision.options if o.params["points"] == 2)
    act(state, "order", two)
    assert [h[0] for h in state["held"][WHITE]] == [1]
    decision = GAME.pending(state)[0]
    assert decision.seat == WHITE and decision.options[-1].id == "extra:use"
    place(state, tuple(GEO.rc(state["legal"][0][0])))
    assert GAME.pending(state)[0].kind == "extra" and GAME.pending(state)[0].seat == WHITE


def test_no_extra_turn_option_when_no_tile_is_left_for_it():
    state = scenario({}, drawn="C C H H | WE", supply=[])
    state["held"][BLACK] = [[1, 1]]
    assert "extra:use" not in options_of(state)


# -- 6 / 7 end and final scoring --------------------------------------------------------------
def test_game_ends_after_the_last_tile_and_an_extra_turn_is_lost():
    state = scenario({}, drawn="C C H H | WE", supply=[])
    state["held"][BLACK] = [[1, 1], [2, 1], [3, 1]]
    place(state, (7, 0))
    assert GAME.result(state) is not None
    assert sorted(h[0] for h in state["held"][BLACK]) == [1, 2, 3]   # no effect, kept face up
    assert state["score"] == [0, 0]


def test_no_wall_tile_pickup_during_final_scoring():
    tiles = closed_around({}, [(5, 8)])
    state = scenario(tiles, drawn=C4, supply=[], scores=(9, 0))
    set_towers(state, {12: 4})
    events = place(state, (5, 8), follower=COURT)
    assert state["score"][BLACK] == 12
    assert not any(e.kind == "wall_tile_taken" for e in events)
    assert all(not t["holds_tile"] for t in GAME.view(state, None)["track"]["towers"])


def test_incomplete_features_score_only_through_wall_tiles_4_5_6():
    tiles = {(4, 4): T4, (6, 4): H4, (2, 4): "C C C C | WE"}
    fol = [(BLACK, (4, 4), TOWER), (BLACK, (6, 4), HOUSE), (BLACK, (2, 4), "path:E-W")]
    state = scenario(tiles, followers=fol, drawn=C4)
    events = []
    final.final_scoring(GEO, state, events)
    assert state["score"] == [0, 0]
    state = scenario(tiles, followers=fol, drawn=C4)
    state["held"][BLACK] = [[4, 1], [5, 1], [6, 1]]
    final.final_scoring(GEO, state, [])
    assert state["score"][BLACK] == 1 + 2 + 1


def test_two_wall_tiles_5_need_two_towers():
    tiles = {(4, 4): T4, (4, 6): T4, (4, 5): H4}
    tiles[(2, 4)] = T4
    fol = [(BLACK, (4, 4), TOWER), (BLACK, (2, 4), TOWER)]
    state = scenario(tiles, followers=fol, drawn=C4)
    state["held"][BLACK] = [[5, 1], [5, 2]]
    final.final_scoring(GEO, state, [])
    assert state["score"][BLACK] == 4
    one = scenario({(4, 4): T4}, followers=[(BLACK, (4, 4), TOWER)], drawn=C4)
    one["held"][BLACK] = [[5, 1], [5, 2]]
    final.final_scoring(GEO, one, [])
    assert one["score"][BLACK] == 2 and one["held"][BLACK] == [[5, 2]]


def test_wall_tile_7_needs_the_merchant_majority():
    tiles = {(4, 4): "C C1 C C | -"}
    fol = [(BLACK, (4, 4), COURT)]
    state = scenario(tiles, followers=fol, drawn=C4)
    state["held"][WHITE] = [[7, 1]]
    final.final_scoring(GEO, state, [])
    assert state["score"] == [3, 0]


def test_keep_without_a_house_cannot_win_and_wall_tile_8_needs_a_keep():
    state = scenario({}, drawn=C4)
    state["held"][WHITE] = [[8, 1], [8, 2]]
    state["keep"] = [None, None]
    final.final_scoring(GEO, state, [])
    assert state["score"] == [0, 0]
    state = scenario({}, drawn=C4)
    state["keep"] = [{"part": 0, "size": 1}, None]
    events = []
    final.final_scoring(GEO, state, events)
    area = state["final"]["area"]
    assert state["score"] == [area, 0] and area == 76 + 7


def test_equal_totals_share_the_win():
    state = scenario({}, drawn="C C H H | WE", supply=[])
    place(state, (7, 0))
    assert GAME.result(state).winners == (0, 1)


# -- 10 hidden information ----------------------------------------------------------------------
def test_nothing_hidden_in_the_final_view():
    """After the game the 5 box tiles (and the tiles removed from the towers) still reach
    no view: other hidden faces give the very same views."""
    from engine.ai import choose
    for seed in range(3):
        state = REAL.setup(2, {}, seed)
        rnd = random.Random(seed)
        while REAL.result(state) is None:
            d = REAL.pending(state)[0]
            REAL.apply(state, d.seat, choose(REAL, state, d, rnd))
        other = json.loads(json.dumps(state))
        other["box"] = [n % 9 + 1 for n in other["box"]]
        for seat in (None, 0, 1):
            assert REAL.view(state, seat) == REAL.view(other, seat)
        assert all(not t["holds_tile"] for t in REAL.view(state, None)["track"]["towers"])


# -- 12 variants ------------------------------------------------------------------------------
def test_late_pickup_each_final_position_counts_the_placing_player_first():
    tiles = {(4, 3): T4, (4, 5): T4}
    tiles = closed_around(tiles, [(4, 3), (4, 5), (4, 4)])
    fol = [(WHITE, (4, 3), TOWER), (BLACK, (4, 5), TOWER)]
    state = scenario(tiles, followers=fol, drawn=C4, scores=(10, 11), active=WHITE,
                     options={"late_pickup": True})
    set_towers(state, {12: 9})
    events = place(state, (4, 4))
    # White (placing) ends on 13 and Black on 12: same tower; the placing player's first
    assert state["score"] == [12, 13]
    assert [h[0] for h in state["held"][WHITE]] == [9] and state["held"][BLACK] == []
    assert [e.params["seat"] for e in events if e.kind == "wall_tile_taken"] == [WHITE]


@pytest.mark.parametrize("v2, points", [(False, 2), (True, 4)])
def test_wall_tile_4_fountain_variant(v2, points):
    tiles = {(2, 4): "C C C C | WE+f", (2, 5): "C C C C | WE"}
    state = scenario(tiles, followers=[(BLACK, (2, 4), "path:E-W")], drawn=C4,
                     options={"fountain_wall_tile_4": v2})
    state["held"][BLACK] = [[4, 1]]
    final.final_scoring(GEO, state, [])
    assert state["score"][BLACK] == points
