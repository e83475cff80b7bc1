"""Speed of the Citadels engine (a script, not a test): ``python tests/engine/citadels/bench_citadels.py``.

Whole 4-seat games through ``engine.ai.playout`` (random policy and ``ai_preference``),
plus the time of every single ``apply`` and ``pending`` call.  Targets: game median
< 16 ms, engine p99 < 1 ms per action.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine.ai import choose, playout  # noqa: E402
from engine.citadels import GAME  # noqa: E402


def whole_games(games: int, smart: bool, action_cards: bool) -> tuple[float, float]:
    """(median ms per game, median actions per game) through engine.ai.playout."""
    times, actions = [], []
    for seed in range(games):
        start = time.perf_counter()
        _, n = playout(GAME, 4, seed, {"action_cards": action_cards}, smart=smart)
        times.append(time.perf_counter() - start)
        actions.append(n)
    return statistics.median(times) * 1000, statistics.median(actions)


def per_action(games: int, smart: bool, action_cards: bool) -> tuple[float, float]:
    """(p99 µs, max µs) of one engine step = pending() + apply()."""
    samples = []
    for seed in range(games):
        state = GAME.setup(4, GAME.parse_options({"action_cards": action_cards}), seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            start = time.perf_counter()
            decision = GAME.pending(state)[0]
            mid = time.perf_counter()
            action = choose(GAME, state, decision, rnd, smart=smart)
            resume = time.perf_counter()
            GAME.apply(state, decision.seat, action)
            samples.append((mid - start) + (time.perf_counter() - resume))
    samples.sort()
    return samples[int(len(samples) * 0.99)] * 1e6, samples[-1] * 1e6


def main(games: int = 300) -> None:
    for action_cards in (False, True):
        for smart in (False, True):
            median_ms, actions = whole_games(games, smart, action_cards)
            p99, worst = per_action(games // 3, smart, action_cards)
            print(f"action_cards={action_cards!s:5} policy={'ai' if smart else 'random':6} "
                  f"game median {median_ms:5.2f} ms  actions median {actions:5.0f}  "
                  f"engine p99 {p99:4.0f} µs  max {worst:5.0f} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
