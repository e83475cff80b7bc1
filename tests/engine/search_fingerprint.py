"""Do the search levels still pick the same options?  (A tool that prints figures.)

``python tests/engine/search_fingerprint.py GAME ... --out FILE`` asks ``engine.search.decide``
at about ``--every`` of the decisions of seeded heuristic games (seeds ``--seeds A B``), at
normal and hard with fixed budgets (no CPU-time cap, so load cannot change an answer:
normal's iterations, hard's ``--hard-iterations`` rollouts), and writes one line per
position: game, seed, step, level, the option picked.  Run it before and after a change to
the search and ``diff`` the files: the same lines, the same decisions.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import registry  # noqa: E402
from engine.ai import choose  # noqa: E402
from engine.search import BUDGETS, decide, knowledge  # noqa: E402


def picks(game_id: str, seats: int, seeds: range, every: float, positions: int,
          hard_iterations: int):
    """Yield (seed, step, level, pick) at up to ``positions`` positions of the game."""
    game = registry.get(game_id)
    budgets = {"normal": replace(BUDGETS["normal"], seconds=1e9),
               "hard": replace(BUDGETS["hard"], seconds=1e9, iterations=hard_iterations)}
    asked = 0
    for seed in seeds:
        state, rnd = game.setup(seats, game.parse_options({}), seed), random.Random(seed)
        step = 0
        while game.result(state) is None and asked < positions:
            d = game.pending(state)[0]
            if len(d.options) > 1 and rnd.random() < every:
                view, s = knowledge(game, state, d.seat), rnd.getrandbits(32)
                for level, budget in budgets.items():
                    yield seed, step, level, decide(game, view, level, s, budget)
                asked += 1
            game.apply(state, d.seat, choose(game, state, d, rnd))
            step += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="+")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs=2, default=(900, 910))
    parser.add_argument("--every", type=float, default=0.05)
    parser.add_argument("--positions", type=int, default=32)
    parser.add_argument("--hard-iterations", type=int, default=48)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with open(args.out, "w") as out:
        for game_id in args.games:
            n = 0
            for seed, step, level, pick in picks(game_id, args.seats, range(*args.seeds),
                                                  args.every, args.positions,
                                                  args.hard_iterations):
                out.write(f"{game_id} {seed} {step} {level} {pick}\n")
                out.flush()
                n += level == "hard"
            print(f"{game_id}: {n} positions", flush=True)


if __name__ == "__main__":
    main()
