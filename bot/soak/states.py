"""Random games for the engine probes: random seat counts and game options."""
from __future__ import annotations

import random

from engine.core import Game, RuleError, State

__all__ = ["random_setup"]


def random_setup(game: Game, rng: random.Random) -> tuple[State, int]:
    """A new game with a random seat count and random option values; (state, seats).
    An option combination the game refuses at setup falls back to the defaults."""
    seats = rng.randint(game.min_seats, game.max_seats)
    options = {name: rng.choice(spec.choices) for name, spec in game.options.items()}
    try:
        return game.setup(seats, options, rng.randrange(1 << 31)), seats
    except RuleError:
        return game.setup(seats, {}, rng.randrange(1 << 31)), seats
