"""Do the normal level's overrides gain?  (A tool that prints figures, not a test.)

``python tests/engine/carcassonne_castle/override_gain.py --seeds 100 107`` plays
heuristic games; at about every sixth decision it asks the normal level and the easy
level (the heuristic); where they differ, ``--rollouts`` paired full heuristic rollouts
(the same sampled world and rollout seed for both picks) judge the override by the
deciding seat's final score difference and win share (``judge`` of
``tests/engine/search_diagnose.py``, the same judgement for every game).  A heuristic continuation is
exactly what the normal level meets at a table against easy, so a positive mean gain per
override is what makes normal beat easy.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine import registry  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.search import decide, heuristic, knowledge  # noqa: E402
from tests.engine.search_diagnose import judge, summary  # noqa: E402

GAME = registry.get("carcassonne_castle")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, nargs=2, default=(100, 107))
    parser.add_argument("--rollouts", type=int, default=30)
    parser.add_argument("--every", type=float, default=0.15)
    args = parser.parse_args()
    asked, gains, wins, times = 0, [], [], []
    for seed in range(*args.seeds):
        state, rnd = GAME.setup(2, {}, seed), random.Random(seed)
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            if len(d.options) > 1 and rnd.random() < args.every:
                view, s = knowledge(GAME, state, d.seat), rnd.getrandbits(32)
                start = time.thread_time()
                pick = decide(GAME, view, "normal", s)
                times.append(time.thread_time() - start)
                favourite = heuristic(GAME, view, random.Random(s))
                asked += 1
                if pick != favourite:
                    p, w = judge(GAME, view, (pick, favourite), args.rollouts, s + 1)
                    gains.append(p)
                    wins.append(w)
            GAME.apply(state, d.seat, Action(d.kind, GAME.ai_preference(state, d, rnd)[0]))
        print(f"seed {seed}: decisions {asked}, overrides {len(gains)}", flush=True)
    print(f"decisions {asked}, overrides {len(gains)}")
    print(f"gain per override: points {summary(gains)}, win share {summary(wins)}")
    print(f"normal decision CPU p50 {statistics.median(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
