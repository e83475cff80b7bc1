"""Seeded random moves with the state before each one (shared by the undo-rule tests)."""
from __future__ import annotations

import json
import random
from typing import Iterator

from engine.core import Action, Decision, Event, Game


def random_moves(game: Game, seats: int, seed: int, limit: int,
                 ) -> Iterator[tuple[Decision, dict, list[Event], dict]]:
    """(decision, a JSON copy of the state before, events, the state after) for each of
    up to ``limit`` uniformly random moves of a new game; the state after is the live
    one the next move changes (read it, do not keep it)."""
    state = game.setup(seats, game.parse_options({}), seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        if game.result(state) is not None:
            return
        decision = rnd.choice(game.pending(state))
        before = json.loads(json.dumps(state))
        events = game.apply(state, decision.seat,
                            Action(decision.kind, rnd.choice(decision.options).id))
        yield decision, before, events, state
