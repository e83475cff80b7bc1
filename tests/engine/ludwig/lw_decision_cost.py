"""What a normal Ludwig decision costs (a tool, not a test).

``python tests/engine/ludwig/lw_decision_cost.py [--seats 4] [--seeds 900 901 902]``
plays seeded games with every seat at the easy level, takes about every fourth decision
of seat 0 (the same ones for the same code and seeds) and decides each again at the
normal level, printing the CPU time and the rollouts per decision, per decision kind.
The search stops at about 128 rollouts or 0.25 s of CPU: decisions with fewer rollouts
had fewer candidates to share them or ran out of time.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine import registry  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.search import decide, ismcts, knowledge  # noqa: E402

GAME = registry.get("ludwig")


def sampled_views(seats: int, seeds: list[int]) -> list[tuple[dict, int]]:
    """(seat 0's knowledge, a decision seed) at about a quarter of its decisions."""
    views = []
    for seed in seeds:
        state = GAME.setup(seats, GAME.parse_options({}), seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            view = knowledge(GAME, state, decision.seat)
            if decision.seat == 0 and len(decision.options) > 1 and rnd.random() < 0.25:
                views.append((view, rnd.getrandbits(32)))
            option = decide(GAME, view, "easy", rnd.getrandbits(32))
            GAME.apply(state, decision.seat, Action(decision.kind, option))
    return views


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seeds", type=int, nargs="+", default=[900, 901, 902])
    args = parser.parse_args()
    views = sampled_views(args.seats, args.seeds)
    played = [0]
    play = ismcts._play

    def counted(*a):
        played[0] += 1
        return play(*a)

    ismcts._play = counted
    per_kind: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for view, seed in views:
        before, start = played[0], time.thread_time()
        decide(GAME, view, "normal", seed)
        per_kind[view["my_decision"]["kind"]].append((played[0] - before, time.thread_time() - start))
    rows = [r for rs in per_kind.values() for r in rs]
    print(f"{args.seats} seats, {len(rows)} normal decisions: CPU {sum(t for _, t in rows) / len(rows) * 1000:.0f} ms"
          f" and {sum(n for n, _ in rows) / len(rows):.1f} rollouts per decision")
    for kind, rs in sorted(per_kind.items()):
        print(f"  {kind:12} {len(rs):3}  {sum(t for _, t in rs) / len(rs) * 1000:6.1f} ms"
              f"  {sum(n for n, _ in rs) / len(rs):6.1f} rollouts")


if __name__ == "__main__":
    main()
