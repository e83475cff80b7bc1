"""Quick seat players on the whole state, for playouts: tests, bench, simulations.

``choose`` asks the game for a preference first (``Game.ai_preference`` if it has one,
returning option ids in order of taste, or None), else picks a random legal option.
It reads the whole state, hidden items included, so the AI seats of real tables do not
use it: they decide from their seat's knowledge at a level (``engine.search``, wired in
``bot.ai_seats``).
"""
from __future__ import annotations

import random

from engine.core import Action, Decision, Game, State


def choose(game: Game, state: State, decision: Decision, rnd: random.Random,
           *, smart: bool = True) -> Action:
    """A legal action for ``decision`` (sensible when the game offers a preference)."""
    prefer = getattr(game, "ai_preference", None) if smart else None
    if prefer is not None:
        ranked = prefer(state, decision, rnd)
        if ranked:
            return Action(decision.kind, ranked[0])
    return Action(decision.kind, rnd.choice(decision.options).id)


def playout(game: Game, seats: int, seed: int, options=None, max_actions: int = 100_000,
            *, smart: bool = True, on_step=None):
    """Play one whole game with AI seats; returns (state, number of actions).

    ``smart=False`` picks uniformly among legal options.  ``on_step(state)`` is called
    before every action (e.g. to collect views).
    """
    state = game.setup(seats, game.parse_options(options), seed)
    rnd = random.Random(seed)
    n = 0
    while game.result(state) is None:
        pending = game.pending(state)
        if not pending:
            raise AssertionError("no pending decision but no result")
        decision = pending[0]
        if on_step is not None:
            on_step(state)
        game.apply(state, decision.seat, choose(game, state, decision, rnd, smart=smart))
        n += 1
        if n > max_actions:
            raise AssertionError(f"game did not end after {max_actions} actions")
    return state, n
