"""Seeded random playouts (variants on and off): every game ends, all 60 tiles are
accounted for, followers are conserved, the score equals the logged scoring events,
and the state survives a JSON round trip."""
import json
import random

import pytest

from engine.ai import choose
from engine.carcassonne_castle import GAME

VARIANTS = [{}, {"late_pickup": True, "fountain_wall_tile_4": True,
                 "keep_requires_own_placement": False}]
SCORING = {"feature_scored", "court_scored", "wall_tile_scored", "wall_tile_points", "keep_scored"}


def play(seed: int, options: dict, smart: bool):
    state = GAME.setup(2, options, seed)
    rnd = random.Random(seed)
    events, steps = [], 0
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        check_invariants(state)
        events += GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd, smart=smart))
        steps += 1
        assert steps < 2000
        if steps % 37 == 0:
            assert json.loads(json.dumps(state)) == state
    return state, events


def check_invariants(state):
    on_board = [sum(1 for s, _ in state["followers"] if s == seat) for seat in range(2)]
    for seat in range(2):
        assert on_board[seat] + state["supply_f"][seat] == 6
    assert len(state["placements"]) + len(state["discards"]) + len(state["supply"]) \
        + (state["drawn"] is not None and state["placed"] is None) == 60


@pytest.mark.parametrize("options", VARIANTS, ids=["rulebook", "variants"])
@pytest.mark.parametrize("seed", range(12))
def test_random_playout(seed, options):
    state, events = play(seed, options, smart=seed % 2 == 0)
    assert len(state["placements"]) + len(state["discards"]) == 60
    assert not state["supply"]
    check_invariants(state)
    for seat in range(2):
        logged = sum(e.params["points"] for e in events
                     if e.kind in SCORING and e.params["seat"] == seat)
        assert logged == state["score"][seat]
    result = GAME.result(state)
    assert sum(result.breakdown[0].values()) == result.scores[0]
    assert json.loads(json.dumps(state)) == state
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["scores"]
