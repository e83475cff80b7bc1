"""Fit the weights of ``engine/carcassonne_castle/estimate.py`` (a tool, not a test).

``python tests/engine/carcassonne_castle/fit_estimate.py [--games 3000]`` plays
heuristic-vs-heuristic games (5 % random moves, as the search's rollouts), takes about
every third position, labels it with that game's final score difference and fits the
feature differences to it by least squares (pure Python normal equations: 20 unknowns
need no numpy).  Prints the weights (to paste into ``WEIGHTS``) and the mean squared
error on held-out games, against the points alone.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine import registry  # noqa: E402
from engine.carcassonne_castle import estimate  # noqa: E402
from engine.core import Action  # noqa: E402


def positions(game, seed: int, share: float = 0.3) -> list[tuple[list[float], float]]:
    """(seat 0's features minus seat 1's, final score difference) along one game."""
    state = game.setup(2, game.parse_options({}), seed)
    rnd, taken = random.Random(seed), []
    while game.result(state) is None:
        decision = game.pending(state)[0]
        if rnd.random() < share:
            a, b = estimate.features(game.geo, state)
            taken.append([x - y for x, y in zip(a, b)])
        if rnd.random() < 0.05:
            option = rnd.choice(decision.options).id
        else:
            option = game.ai_preference(state, decision, rnd)[0]
        game.apply(state, decision.seat, Action(decision.kind, option))
    diff = state["score"][0] - state["score"][1]
    return [(x, float(diff)) for x in taken]


def solve(rows: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    """Least squares by the normal equations (Gauss-Jordan with partial pivoting)."""
    n = len(rows[0][0])
    a = [[0.0] * (n + 1) for _ in range(n)]
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi:
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                row[n] += xi * y
    for i in range(n):
        a[i][i] += ridge
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def mse(rows, weights) -> float:
    return sum((y - sum(w * x for w, x in zip(weights, xs))) ** 2 for xs, y in rows) / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = registry.get("carcassonne_castle")
    train, test = [], []
    for seed in range(args.seed, args.seed + args.games):
        (test if seed % 5 == 0 else train).extend(positions(game, seed))
    weights = solve(train)
    points = [1.0] + [0.0] * (len(weights) - 1)
    print(f"positions {len(train)} train / {len(test)} held out; variance of the label "
          f"{mse(test, [0.0] * len(weights)):.0f}")
    print(f"held-out MSE: points only {mse(test, points):.0f}, estimate {mse(test, weights):.0f}")
    for name, w in zip(estimate.FEATURES, weights):
        print(f"  {name:16} {w:8.3f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
