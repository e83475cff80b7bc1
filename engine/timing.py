"""Shared measuring helpers for the benchmarks (``python -m bot bench``, ``bot arena`` and
each game's ``engine/<game>/bench.py``): one percentile, one engine-time-per-action loop."""
from __future__ import annotations

import random
import time
from typing import Any, Mapping

from engine.ai import choose
from engine.core import Game


def percentile(values: list[float], q: float, empty: float = float("nan")) -> float:
    """The ``q`` quantile (nearest rank below) of ``values``; ``empty`` when there are none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else empty


def engine_action_ms(game: Game, seats: int, options: Mapping[str, Any], games: int) -> list[float]:
    """CPU ms per action of ``games`` AI games: ``pending`` + ``apply``, the AI's choice excluded."""
    out = []
    for seed in range(games):
        state = game.setup(seats, options, seed)
        rnd = random.Random(seed)
        while game.result(state) is None:
            t0 = time.thread_time()
            decision = game.pending(state)[0]
            t1 = time.thread_time()
            action = choose(game, state, decision, rnd)
            t2 = time.thread_time()
            game.apply(state, decision.seat, action)
            out.append((t1 - t0 + time.thread_time() - t2) * 1000)
    return out
