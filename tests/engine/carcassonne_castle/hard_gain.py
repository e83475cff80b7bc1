"""What would hard gain over normal, per decision, at other reaches and confidences?
(A tool that prints figures, not a test.)

``python tests/engine/carcassonne_castle/hard_gain.py --seeds 840 860 --reaches 1,3
--confidences 1,2 --out FILE`` plays heuristic games; at about ``--every`` of the
decisions with a choice it asks the normal level, then runs hard's search once per
reach (the game's ``MAX_REACH``) and reads its verdict at each confidence from that
search's own statistics (``ismcts._verdict``, so one 1.6 s search serves every
confidence).  Every pick that differs from normal's is judged against it by
``--rollouts`` paired full heuristic rollouts (``judge`` of
``tests/engine/search_diagnose.py``).  Prints, per variant, how often it differs from
normal and its mean gain per decision asked (points of final lead, win share), a
position where it agrees with normal counting 0; ``--out`` appends one JSON line per
position, and ``--report FILE ...`` prints the summary of such files pooled.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine import registry  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.search import BUDGETS, decide, ismcts, knowledge  # noqa: E402
from engine.search.rollout import _JUDGES, judge as rollout_judge  # noqa: E402
from tests.engine.search_diagnose import judge, summary  # noqa: E402

GAME = registry.get("carcassonne_castle")


def hard_verdicts(view: dict, seed: int, reach: float, confidences: list[float],
                  width: int) -> dict[str, str]:
    """Hard's pick at ``reach`` for each confidence (``r3c2``: reach 3, confidence 2)."""
    seen = []
    verdict = ismcts._verdict

    def keep(favourite, alive, values, confidence):
        seen.append((favourite, list(alive), values))
        return verdict(favourite, alive, values, confidence)

    base = rollout_judge(GAME)
    _JUDGES[GAME.id], ismcts._verdict = replace(base, max_reach=reach), keep
    try:
        pick = decide(GAME, view, "hard", seed, replace(BUDGETS["hard"], width=width))
    finally:
        _JUDGES[GAME.id], ismcts._verdict = base, verdict
    if not seen:  # decided without rollouts (one candidate)
        return {f"r{reach:g}c{c:g}": pick for c in confidences}
    return {f"r{reach:g}c{c:g}": verdict(*seen[-1], c) for c in confidences}


def position(state: dict, seat: int, seed: int, args) -> dict:
    """One position's record: normal's pick, each variant's, each variant's gain."""
    view = knowledge(GAME, state, seat)
    normal = decide(GAME, view, "normal", seed)
    picks = {}
    for reach in args.reaches:
        picks.update(hard_verdicts(view, seed, reach, args.confidences, args.width))
    gains = {pick: judge(GAME, view, (pick, normal), args.rollouts, seed + 1)
             for pick in set(picks.values()) - {normal}}
    return {"kind": view["my_decision"]["kind"], "normal": normal, "picks": picks,
            "gain": {k: gains.get(p, (0.0, 0.0)) for k, p in picks.items()}}


def report(records: list[dict]) -> None:
    print(f"{len(records)} positions")
    for variant in sorted({k for r in records for k in r["picks"]}):
        rows = [r for r in records if variant in r["picks"]]
        differ = defaultdict(list)
        for r in rows:
            if r["picks"][variant] != r["normal"]:
                differ[r["kind"]].append(r["gain"][variant][0])
        kinds = ", ".join(f"{k} {len(v)}: {statistics.mean(v):+.2f}" for k, v in differ.items())
        print(f"{variant:8} differs {sum(map(len, differ.values()))}/{len(rows)}; gain per "
              f"position: points {summary([r['gain'][variant][0] for r in rows])}, win share "
              f"{summary([r['gain'][variant][1] for r in rows])}; by kind ({kinds})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, nargs=2, default=(840, 860))
    parser.add_argument("--every", type=float, default=0.12)
    parser.add_argument("--reaches", default="1,3")
    parser.add_argument("--confidences", default="2")
    parser.add_argument("--width", type=int, default=BUDGETS["hard"].width)
    parser.add_argument("--rollouts", type=int, default=30)
    parser.add_argument("--out", help="append one JSON line per position")
    parser.add_argument("--report", nargs="+", help="summarise these files; play nothing")
    args = parser.parse_args()
    if args.report:
        report([json.loads(line) for path in args.report for line in open(path)])
        return
    args.reaches = [float(r) for r in args.reaches.split(",")]
    args.confidences = [float(c) for c in args.confidences.split(",")]
    records = []
    for seed in range(*args.seeds):
        state, rnd = GAME.setup(2, {}, seed), random.Random(seed)
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            if len(d.options) > 1 and rnd.random() < args.every:
                records.append(position(state, d.seat, rnd.getrandbits(32), args)
                               | {"seed": seed})
                if args.out:
                    with open(args.out, "a") as out:
                        out.write(json.dumps(records[-1]) + "\n")
            GAME.apply(state, d.seat, Action(d.kind, GAME.ai_preference(state, d, rnd)[0]))
        print(f"seed {seed}: {len(records)} positions", flush=True)
    report(records)


if __name__ == "__main__":
    main()
