"""A table where nobody can build any more ends (our ruling, engine/ludwig/flow.py).

Heuristic play with 5 % random moves (as the search's rollouts and the estimate's fitting
tool play) closes both castles of seed 117 at 2 seats: no market tile and no stairs or
hallway can be placed, every turn takes 5,000 and, before the ruling, the rounds repeated
for ever (still running at round 423)."""
from __future__ import annotations

import random

from engine import registry
from engine.core import Action
from engine.ludwig.decisions import can_build

GAME = registry.get("ludwig")


def test_a_table_where_nobody_can_build_plays_one_last_round_and_ends():
    state = GAME.setup(2, GAME.parse_options({}), 117)
    rnd = random.Random(117)
    stalled_at = None
    for actions in range(3000):
        if GAME.result(state) is not None:
            break
        decision = GAME.pending(state)[0]
        option = GAME.ai_preference(state, decision, rnd)[0] if rnd.random() >= 0.05 else None
        if decision.option(option) is None:
            option = rnd.choice(decision.options).id
        events = GAME.apply(state, decision.seat, Action(decision.kind, option))
        if any(e.kind == "nothing_to_build" for e in events):
            assert stalled_at is None and state["last_round"]
            assert not any(can_build(state, seat) for seat in range(2))
            stalled_at = actions, state["round"]
    assert stalled_at is not None, "seed 117 no longer stalls: find another seed"
    result = GAME.result(state)
    assert result is not None, "the game did not end after its last round"
    assert state["round"] == stalled_at[1]   # the stalled round was the last one


def test_can_build_ignores_money_and_sees_the_supply():
    state = GAME.setup(2, GAME.parse_options({}), 3)
    assert all(can_build(state, seat) for seat in range(2))   # a foyer has open doors
    for player in state["players"]:
        player["money"] = 0
    assert all(can_build(state, seat) for seat in range(2))


def test_the_last_round_is_announced_once():
    """The round that becomes the last says so in one event: the reshuffle's own
    sentence already says it, so no second "last round" follows it."""
    said_by = set()
    for seed in range(4):
        state = GAME.setup(2 + seed % 3, GAME.parse_options({}), seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            last = state["last_round"]
            option = GAME.ai_preference(state, decision, rnd)[0]
            if decision.option(option) is None:
                option = rnd.choice(decision.options).id
            events = GAME.apply(state, decision.seat, Action(decision.kind, option))
            told = [e.kind for e in events
                    if e.kind in ("deck_reshuffled", "last_round", "nothing_to_build")]
            assert len(told) == (1 if state["last_round"] and not last else 0), told
            said_by.update(told)
    assert said_by   # the games did reach a last round
