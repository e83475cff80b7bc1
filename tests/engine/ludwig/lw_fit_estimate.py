"""Fit the weights of ``engine/ludwig/estimate.py`` (a tool, not a test).

``python tests/engine/ludwig/lw_fit_estimate.py [--games 800] [--seats 2]`` plays
heuristic games (5 % random moves, as the search's rollouts), takes about every third
position, labels it with that game's final score differences (seat 0 against each
other seat) and fits the feature differences to them by least squares (the normal
equations of Carcassonne's fitting tool).  Prints the weights (to paste into
``WEIGHTS`` for that number of seats) and the mean squared error on held-out games,
against the final scoring as if the game ended now (``ai_scores`` before this estimate).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "carcassonne_castle"))

from fit_estimate import mse, solve  # noqa: E402  (Carcassonne's tool: one solver)

from engine import registry  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.ludwig import estimate  # noqa: E402

GAME = registry.get("ludwig")
#: a game still running after this many actions is left out (random moves can leave
#: castles where the heuristic only ever takes money, and then nothing moves)
MAX_ACTIONS = 1000


def positions(seats: int, seed: int, share: float = 0.3) -> list[tuple[list[float], float]]:
    """(seat 0's features minus another seat's, final score difference) along one game."""
    state = GAME.setup(seats, GAME.parse_options({}), seed)
    rnd, taken = random.Random(seed), []
    for _ in range(MAX_ACTIONS):
        if GAME.result(state) is not None:
            break
        decision = GAME.pending(state)[0]
        if rnd.random() < share:
            taken.append(estimate.features(state))
        option = None
        if rnd.random() >= 0.05:
            option = GAME.ai_preference(state, decision, rnd)[0]
        if decision.option(option) is None:  # as the rollouts: random when the
            option = rnd.choice(decision.options).id  # heuristic names no legal option
        GAME.apply(state, decision.seat, Action(decision.kind, option))
    else:
        return []  # stalled: every seat keeps taking money, the market never moves
    final = [p["score"] for p in state["players"]]
    return [([x - y for x, y in zip(f[0], f[b])], float(final[0] - final[b]))
            for f in taken for b in range(1, seats)]


def _as_if_over(rows) -> float:
    """The held-out error of the old judgement: the final scoring as if the game ended
    now, with money at the heuristic's rate (``now`` alone)."""
    return mse(rows, [1.0] + [0.0] * (len(estimate.FEATURES) - 1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, nargs="+", default=[2])
    args = parser.parse_args()
    train, test = [], []
    for seed in range(args.seed, args.seed + args.games):
        seats = args.seats[seed % len(args.seats)]
        (test if seed % 5 == 0 else train).extend(positions(seats, seed))
    weights = solve(train)
    print(f"positions {len(train)} train / {len(test)} held out; variance of the label "
          f"{mse(test, [0.0] * len(weights)):.1f}")
    print(f"held-out MSE: as if over now {_as_if_over(test):.1f}, "
          f"stored {mse(test, estimate.weights_for(args.seats[0])):.1f}, fitted {mse(test, weights):.1f}")
    for name, w in zip(estimate.FEATURES, weights):
        print(f"  {name:14} {w:8.3f}")
    print(f"WEIGHTS[{args.seats[0]}] = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
