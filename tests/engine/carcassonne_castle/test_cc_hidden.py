"""Hidden information (spec section 10): the supply order, the faces of the wall tiles on
the corner towers and the 5 unused wall tiles reach no view and no public event; changing
them leaves every view and event unchanged.  Views are JSON."""
import json
import random

import pytest

from engine.ai import choose
from engine.carcassonne_castle import GAME


def scramble_hidden(state, rnd):
    """Another supply order and other face-down wall tiles, public facts untouched."""
    other = json.loads(json.dumps(state))
    rnd.shuffle(other["supply"])
    faces = [t for t in other["towers"] if t is not None] + other["box"]
    rnd.shuffle(faces)
    other["towers"] = [faces.pop() if t is not None else None for t in other["towers"]]
    other["box"] = faces
    return other


def public_prefix(events):
    """The events up to the first one showing something that was hidden (a drawn tile,
    a wall tile turned face up): those must not depend on hidden information."""
    out = []
    for event in events:
        if event.kind in ("tile_drawn", "tile_discarded"):
            break
        if event.kind == "wall_tile_taken":
            out.append((event.params["seat"], event.params["tower"]))
            break
        out.append(event.to_json())
    return out


@pytest.mark.parametrize("seed", range(6))
def test_views_do_not_depend_on_hidden_parts(seed):
    state = GAME.setup(2, {}, seed)
    rnd = random.Random(seed)
    step = 0
    while GAME.result(state) is None:
        if step % 5 == 0:
            other = scramble_hidden(state, rnd)
            for seat in (None, 0, 1):
                assert GAME.view(state, seat) | {"seat": None} == GAME.view(other, seat) | {"seat": None}
                json.dumps(GAME.view(state, seat))
            # the next move is public: the same action gives the same public events,
            # except for drawing the next tile or turning a wall tile face up
            decision = GAME.pending(state)[0]
            action = choose(GAME, state, decision, rnd)
            mine, theirs = GAME.apply(state, decision.seat, action), GAME.apply(other, decision.seat, action)
            assert public_prefix(mine) == public_prefix(theirs)
        else:
            decision = GAME.pending(state)[0]
            GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd))
        step += 1


@pytest.mark.parametrize("seed", range(8))
def test_no_hidden_wall_tile_or_supply_in_any_view_or_event(seed):
    state = GAME.setup(2, {"late_pickup": seed % 2 == 1}, seed)
    rnd = random.Random(seed)
    box = list(state["box"])
    taken = []
    while GAME.result(state) is None:
        view = GAME.view(state, None)
        text = json.dumps(view)
        assert "supply_order" not in text and "box" not in view and "rng" not in view
        assert all(set(t) == {"id", "spaces", "holds_tile"} for t in view["track"]["towers"])
        assert view["supply"] == len(state["supply"])
        decision = GAME.pending(state)[0]
        for event in GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd)):
            assert event.visible_to is None
            if event.kind == "wall_tile_taken":
                taken.append(event.params["number"])
            assert "supply" not in event.params and "box" not in event.params
    view = GAME.view(state, None)
    held = sorted(n for s in view["seats"] for n in s["wall_tiles"] + s["used"])
    assert held == sorted(taken)
    assert "box" not in view and all(not t["holds_tile"] for t in view["track"]["towers"])
    assert state["box"] == box
