"""Speed: ``python -m engine.carcassonne_castle.bench [games]``.

For the rulebook and the variant options: the median and p95 CPU time of a whole random
game, and the p50/p99/max engine time per action (``pending`` + ``apply``, which includes
drawing, legal-placement generation and union-find feature tracking; the random choice
itself is not timed); then the median CPU time of a whole game with both seats played by
``ai_preference`` (engine and AI).  CPU time of this thread, so a busy machine does not
inflate it.
"""
from __future__ import annotations

import random
import sys
import time

from engine.core import Action
from engine.timing import percentile as pct

from . import GAME

VARIANTS = {"rulebook": {}, "variants": {"late_pickup": True, "fountain_wall_tile_4": True,
                                         "keep_requires_own_placement": False}}


def timed_game(seed: int, options: dict) -> tuple[float, list[float]]:
    """(whole game ms, engine ms per action) of one random game."""
    clock = time.thread_time
    rnd = random.Random(seed)
    per_action, total = [], 0.0
    t0 = clock()
    state = GAME.setup(2, options, seed)
    total += clock() - t0
    while GAME.result(state) is None:
        t0 = clock()
        decision = GAME.pending(state)[0]
        t1 = clock()
        option = rnd.choice(decision.options).id
        t2 = clock()
        GAME.apply(state, decision.seat, Action(decision.kind, option))
        spent = (t1 - t0) + (clock() - t2)
        per_action.append(spent * 1000)
        total += spent
    return total * 1000, per_action


def ai_game_ms(seed: int) -> float:
    clock = time.thread_time
    rnd = random.Random(seed)
    t0 = clock()
    state = GAME.setup(2, {}, seed)
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        option = GAME.ai_preference(state, decision, rnd)[0]
        GAME.apply(state, decision.seat, Action(decision.kind, option))
    return (clock() - t0) * 1000


def main(games: int = 300) -> None:
    for name, options in VARIANTS.items():
        whole, actions = [], []
        for seed in range(games):
            ms, per = timed_game(seed, options)
            whole.append(ms)
            actions += per
        print(f"{name}: game p50 {pct(whole, 0.5):.2f} ms, p95 {pct(whole, 0.95):.2f} ms; "
              f"per action p50 {pct(actions, 0.5) * 1000:.0f} us, p99 "
              f"{pct(actions, 0.99) * 1000:.0f} us, max {max(actions):.2f} ms "
              f"({len(actions)} actions)")
    ai = [ai_game_ms(seed) for seed in range(min(games, 50))]
    print(f"AI vs AI: game p50 {pct(ai, 0.5):.2f} ms, p95 {pct(ai, 0.95):.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
