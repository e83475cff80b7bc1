"""Worlds sampled from a seat's knowledge along a heuristic game (shared by the tests
that an AI's judgement reads nothing hidden)."""
from __future__ import annotations

import random
from typing import Iterator

from engine.core import Action, Game
from engine.search import knowledge


def sampled_worlds(game: Game, seats: int, seed: int, share: float = 0.1,
                   worlds: int = 2) -> Iterator[tuple[dict, int, dict]]:
    """(state, seat, world): at about ``share`` of the positions of a seeded heuristic
    game, ``worlds`` full states sampled (``determinize``) from the knowledge of the seat
    to move, beside the true state."""
    state = game.setup(seats, {}, seed)
    rnd = random.Random(seed)
    while game.result(state) is None:
        decision = game.pending(state)[0]
        if rnd.random() < share:
            view = knowledge(game, state, decision.seat)
            for k in range(worlds):
                yield state, decision.seat, game.determinize(view, random.Random(k))
        game.apply(state, decision.seat,
                   Action(decision.kind, game.ai_preference(state, decision, rnd)[0]))
