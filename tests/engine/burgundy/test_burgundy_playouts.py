"""Property playouts: whole AI games for 2-4 players and both estate options.

Every game ends after 25 rounds; tiles and goods are conserved; every placement is
adjacent, colour- and die-matched; no view ever shows a face-down tile or goods stack;
a JSON round-trip continues identically.
"""
import copy
import json
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from engine.ai import choose
from engine.burgundy import GAME
from engine.burgundy.data import DIE, ESTATES, NEIGHBOURS, TILES
from engine.burgundy.dice import worker_cost
from engine.burgundy.knowledge import PLACE_FREE_STEP

OPTION_ID = re.compile(r"^[A-Za-z0-9_.:+-]{1,60}$")
TILE_ID = re.compile(r"T\d{3}")
CONFIGS = [(n, e) for n in (2, 3, 4) for e in ("standard", "advanced", "secret")]


def options_for(estates):
    """Game options for a config name ("secret" = advanced estates chosen secretly)."""
    if estates == "secret":
        return {"estates": "advanced", "estate_choice": "secret"}
    return {"estates": estates}


def check_conservation(state):
    """Every tile and goods tile is in exactly one place (``Game.check_invariants``)."""
    assert GAME.check_invariants(state) == []


def check_placement(state, seat, space_option):
    """A ``space:`` answer about to be applied is legal by the rules, not by the engine."""
    p = state["players"][seat]
    frame = state["stack"][-1]
    tile, space = frame["tile"], int(space_option.split(":")[1])
    assert p["sp"][space] is None
    assert ESTATES[p["estate"]].colour[space] == TILES[tile].colour
    assert any(p["sp"][nb] is not None for nb in NEIGHBOURS[space])
    parent = state["stack"][-2]
    if parent["k"] == "die_action":
        die = p["dice"][parent["die"]]
        cost = worker_cost(p["know"], die, DIE[space], PLACE_FREE_STEP[TILES[tile].colour])
        assert cost <= p["workers"]
        return cost
    return 0


def check_views(state):
    hidden = {t for pile in state["supply"].values() for t in pile}
    for viewer in [None] + list(range(state["n"])):
        view = GAME.view(state, viewer)
        text = json.dumps(view)
        if state["finished"]:
            assert sorted(hidden) == view["revealed"]["unused_tiles"]
        else:
            assert not hidden & set(TILE_ID.findall(text))
        assert not {"supply", "stacks", "box"} & set(view)
        # shuffling everything face down must not change any view
        other = copy.deepcopy(state)
        for pile in list(other["supply"].values()) + other["stacks"]:
            pile.reverse()
        other["stacks"].reverse()
        if not state["finished"]:
            other["box"].reverse()
            assert GAME.view(other, viewer) == view
        for seat, estate in enumerate(view["estates"]):
            assert ("sold" in estate) == (viewer == seat or state["finished"])


def play_checked(players, estates, seed, view_every=37):
    state = GAME.setup(players, options_for(estates), seed)
    rnd = random.Random(seed)
    rounds, n = set(), 0
    while GAME.result(state) is None:
        rounds.add((state["phase"], state["round"]))
        decision = GAME.pending(state)[0]
        assert decision.default is None or decision.option(decision.default)
        for option in decision.options:
            assert OPTION_ID.match(option.id), option.id
        action = choose(GAME, state, decision, rnd)
        if action.option.startswith("space:"):
            cost = check_placement(state, decision.seat, action.option)
            assert decision.option(action.option).params["cost"] == cost
        GAME.apply(state, decision.seat, action)
        n += 1
        if n % view_every == 0:
            check_conservation(state)
            check_views(state)
    check_conservation(state)
    check_views(state)
    assert len(rounds) == 25 and state["phase"] == 4
    return state, n


@pytest.mark.parametrize("players, estates", CONFIGS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_whole_games(players, estates, seed):
    state, n = play_checked(players, estates, seed)
    result = GAME.result(state)
    assert len(result.winners) == 1 and set(result.scores) == set(range(players))
    assert GAME.view(state, None)["result"] == result.to_json()


@pytest.mark.parametrize("players, estates", CONFIGS)
def test_json_round_trip_continues_identically(players, estates):
    state = GAME.setup(players, options_for(estates), 42)
    rnd = random.Random(1)
    for _ in range(150):
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd))
    copy_state = json.loads(json.dumps(state))
    assert copy_state == state
    rnd_copy = random.Random()
    rnd_copy.setstate(rnd.getstate())
    for s, r in ((state, rnd), (copy_state, rnd_copy)):
        while GAME.result(s) is None:
            decision = GAME.pending(s)[0]
            GAME.apply(s, decision.seat, choose(GAME, s, decision, r))
    assert copy_state == state
    assert GAME.result(copy_state) == GAME.result(state)


def test_same_seed_same_game():
    from engine.ai import playout
    a, _ = playout(GAME, 4, 5)
    b, _ = playout(GAME, 4, 5)
    assert a == b
