"""Speed of whole AI games: ``python -m engine.schutz_burg.bench [games]``.

Reports the median and p95 time of a whole random 4-seat game (summer and winter) and
the p99 engine time per action (pending + apply, the AI's choice excluded), measured with
``engine.ai.playout`` and a timed replay of the same decisions.  Times are CPU time of
this thread (``time.thread_time``), so a busy machine does not inflate them; the wall
clock median is printed beside it.
"""
from __future__ import annotations

import statistics
import sys
import time

from engine.ai import playout
from engine.timing import engine_action_ms, percentile as _percentile

from . import GAME


def game_times(games: int, seats: int, winter: bool) -> tuple[list[float], list[float]]:
    """CPU and wall time (ms) of ``games`` whole playouts."""
    cpu, wall = [], []
    for seed in range(games):
        start, wall_start = time.thread_time(), time.perf_counter()
        playout(GAME, seats, seed, {"winter": winter})
        cpu.append((time.thread_time() - start) * 1000)
        wall.append((time.perf_counter() - wall_start) * 1000)
    return cpu, wall


def action_times(games: int, seats: int, winter: bool) -> list[float]:
    """Engine time (ms) per action: pending() + apply(), without the AI's choice."""
    return engine_action_ms(GAME, seats, {"winter": winter}, games)


def main(games: int = 200) -> None:
    for winter in (False, True):
        games_ms, wall_ms = game_times(games, 4, winter)
        actions_ms = action_times(games // 4 or 1, 4, winter)
        print(f"4 seats, winter={winter}: game median {statistics.median(games_ms):.2f} ms "
              f"(wall {statistics.median(wall_ms):.2f} ms), "
              f"p95 {_percentile(games_ms, 0.95):.2f} ms; engine per action "
              f"median {statistics.median(actions_ms) * 1000:.0f} us, "
              f"p99 {_percentile(actions_ms, 0.99) * 1000:.0f} us, "
              f"max {max(actions_ms):.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
