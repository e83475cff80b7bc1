"""The shortcuts of a placement move give what the plain computations give: a listing's
points (per-castle weights, adjacency bonuses included), an applied placement taken as
its castle offered it, and a parent's witness judged by rule 5 alone when the new room
is a cell away."""
import json
import random

import pytest

import engine.ludwig.castle as C
from engine.ai import choose
from engine.ludwig import GAME
from engine.ludwig.answers import answer
from engine.ludwig import data as D
from engine.ludwig.castle import castle_of
from engine.ludwig.decisions import offered_placement, parse_place
from engine.ludwig.placement import _still_legal, check, legal, placeable
from engine.ludwig.points import adjacent_to, gain
from engine.ludwig.preview import previews
from engine.ludwig.shapes import get

from lw_helpers import random_rooms

TILES = list(D.ROOM_IDS) + [D.STAIRS, D.HALLWAY] * 8


@pytest.mark.parametrize("seed", range(3))
def test_a_listings_points_equal_the_points_worked_out(seed):
    """Every tile's whole listing, scored in one batch, scores what :func:`points.gain`
    gives each placement with its real links and neighbours; some tiles' points depend
    on adjacent rooms, and some listings score differently per placement."""
    c = castle_of(random_rooms(100 + seed, 16, TILES))
    by_adjacent = varied = 0
    for tile in sorted(set(TILES)):
        cands = legal(c, tile)
        got = previews(c, tile, cands)
        want = [sum(gain(c, tile, set(links), adjacent_to(c, get(tile, rot), x, y)).values())
                for rot, x, y, _side, links, _door in cands]
        assert got == want, tile
        by_adjacent += bool(c.previews[tile][2])
        varied += len(set(got)) > 1
    assert by_adjacent and varied


def _placement_moves(seed: int, seats: int = 3):
    """(state, decision, chosen action) before each placement of a random game."""
    state = GAME.setup(seats, {}, seed)
    rnd = random.Random(seed)
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        action = choose(GAME, state, decision, rnd, smart=False)
        if action.option.startswith("pl:"):
            yield state, decision, action
        GAME.apply(state, decision.seat, action)


@pytest.mark.parametrize("seed", range(2))
def test_an_offered_placement_is_its_listed_candidate(seed):
    """Each placement option of a decision maps back to the listed candidate it was
    built from, whose links are those :func:`placement.check` finds."""
    seen = 0
    for state, decision, _action in _placement_moves(seed):
        task = state["task"]
        c = castle_of(state["players"][task["seat"]]["rooms"])
        for opt in decision.options:
            if not opt.id.startswith("pl:"):
                continue
            cand = offered_placement(c, task["tile"], opt.id)
            rot, x, y, side = parse_place(opt.id)
            assert cand[:4] == (rot, x, y, side)
            assert set(cand[4]) == check(c, get(task["tile"], rot), x, y, side)
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("seed", range(2))
def test_a_placement_applies_the_same_with_or_without_the_offer(seed):
    """Applied to the state's own castle (the offered candidate's links and points
    taken as listed) and to a JSON copy whose castle is built anew (nothing offered:
    judged and scored afresh: answered without asking ``pending``), every placement
    gives the same events and state."""
    fresh = 0
    for state, decision, action in _placement_moves(seed):
        copy = json.loads(json.dumps(state))
        events = GAME.apply(json.loads(json.dumps(state)), decision.seat, action)
        C.clear_cache()
        seat_rooms = copy["players"][decision.seat]["rooms"]
        assert offered_placement(castle_of(seat_rooms), state["task"]["tile"],
                                 action.option) is None
        again = answer(copy, decision.seat, action.option)     # no pending asked first
        assert again == events
        GAME.pending(state)     # the original castle offers again (its cache was emptied)
        kept = json.loads(json.dumps(state))
        GAME.apply(kept, decision.seat, action)
        assert kept == copy
        fresh += 1
    assert fresh > 20


@pytest.mark.parametrize("seed", range(4))
def test_a_parents_witness_is_judged_as_check_judges_it(seed):
    """Room by room, every witness of the parent castle (a legal placement of each
    tile) is still legal in the grown castle exactly when :func:`check` says so, near
    the new room and away from it."""
    rooms = random_rooms(200 + seed, 18, TILES)
    away = near = 0
    for n in range(2, len(rooms) + 1):
        parent, child = castle_of(rooms[:n - 1]), castle_of(rooms[:n])
        last = child.rooms[-1]
        for tile in sorted(set(TILES)):
            placeable(parent, tile)
            old = parent.placeable[tile]
            if not old:
                continue
            rot, x, y, side = old[:4]
            o = get(tile, rot)
            assert _still_legal(child, tile, old) == (check(child, o, x, y, side) is not None)
            lo = child.orients[-1]
            apart = (x + o.w < last["x"] or last["x"] + lo.w < x
                     or y + o.h < last["y"] or last["y"] + lo.h < y)
            away += apart
            near += not apart
    assert away > 50 and near > 20
