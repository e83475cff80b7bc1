"""Speed check: ``python -m engine.burgundy.bench [games] [seats]``.

Plays whole AI games with ``engine.ai.playout`` and prints the median game time (CPU
time of this process, robust on a busy machine, and wall time), and the per-action
p50/p99 of ``apply`` alone (measured in a second, instrumented run).
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from engine.ai import choose, playout
from engine.burgundy import GAME


def game_times(games: int, seats: int, options=None) -> tuple[list[float], list[float]]:
    """(CPU seconds, wall seconds) per whole game."""
    cpu, wall = [], []
    for seed in range(games):
        start, start_cpu = time.perf_counter(), time.process_time()
        playout(GAME, seats, seed, options)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return cpu, wall


def action_times(games: int, seats: int) -> list[float]:
    out = []
    for seed in range(games):
        state = GAME.setup(seats, {}, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            action = choose(GAME, state, decision, rnd)
            start = time.perf_counter()
            GAME.apply(state, decision.seat, action)
            out.append(time.perf_counter() - start)
    return out


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    seats = int(argv[1]) if len(argv) > 1 else 4
    for options in ({"estates": "standard"}, {"estates": "advanced"}):
        cpu, wall = game_times(games, seats, options)
        p90 = statistics.quantiles(cpu, n=10)[-1]
        print(f"{seats} seats {options['estates']}: median game"
              f" {statistics.median(cpu) * 1e3:.2f} ms CPU, {statistics.median(wall) * 1e3:.2f} ms"
              f" wall (p90 CPU {p90 * 1e3:.2f} ms, {games} games)")
    acts = sorted(action_times(max(1, games // 4), seats))
    p50, p99 = acts[len(acts) // 2], acts[int(len(acts) * 0.99)]
    print(f"apply per action: p50 {p50 * 1e6:.0f} µs, p99 {p99 * 1e6:.0f} µs,"
          f" max {acts[-1] * 1e6:.0f} µs")


if __name__ == "__main__":
    main(sys.argv[1:])
