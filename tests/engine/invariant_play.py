"""Random play that checks a game's ``check_invariants`` after every move (shared by the
per-game invariant tests)."""
from __future__ import annotations

import copy
import random

from engine.core import Action, Game


def play_checking(game: Game, seats: int, options: dict, seed: int, stop: int | None = None):
    """Random moves from a new game, checking the invariants before each move and at
    the end; the state after ``stop`` moves (or at the end of the game)."""
    state = game.setup(seats, options, seed)
    rnd = random.Random(seed)
    moves = 0
    while game.result(state) is None and moves != stop:
        assert game.check_invariants(state) == [], f"move {moves}"
        pending = game.pending(state)
        decision = pending[rnd.randrange(len(pending))]
        game.apply(state, decision.seat, Action(decision.kind, rnd.choice(decision.options).id))
        moves += 1
    assert game.check_invariants(state) == []
    return state


def problems_after(game: Game, state: dict, change) -> list[str]:
    """What ``check_invariants`` says of a copy of ``state`` broken by ``change``."""
    state = copy.deepcopy(state)
    change(state)
    return game.check_invariants(state)
