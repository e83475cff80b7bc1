"""How often do the search levels leave the heuristic, and does hard gain where it differs
from normal?  (A tool that prints figures, not a test.)

``python tests/engine/search_diagnose.py GAME --seeds 800 803`` plays heuristic games
(on the state, as ``engine.ai.choose`` does); at about ``--every`` of the decisions with a
choice it asks, from the deciding seat's knowledge with one seed, the heuristic's
favourite (the search's own, from its first sampled world), the normal level and the
hard level (``--hard confidence=1,reach=inf,...`` changes hard's ``Budget`` fields, after
its ``crowd`` for ``--seats`` above two,
``--max-reach inf`` the game's ``MAX_REACH``).
Where hard and normal differ, ``--rollouts`` paired full heuristic rollouts (the same
sampled world and rollout seed for both picks) judge hard's pick against normal's by the
deciding seat's final lead and win share: what hard gains per decision against normal
seats, which play about as the heuristic does.  ``--by-kind`` prints those gains per
decision kind too (with ``--hard confidence=inf`` hard plays the heuristic's favourite:
where does normal's search gain or lose against the heuristic?).
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import registry  # noqa: E402
from engine.ai import choose  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.search import BUDGETS, decide, knowledge  # noqa: E402
from engine.search.hidden import copy_state  # noqa: E402
from engine.search.rollout import _JUDGES, judge as rollout_judge, lead  # noqa: E402


def budget(level: str, spec: str | None, seats: int = 2):
    """``BUDGETS[level]`` at ``seats`` seats (its ``crowd`` applied) with the fields of
    ``spec`` (``name=value,...``) replaced."""
    base, fields = replace(BUDGETS[level].at(seats), crowd=()), {}
    for item in filter(None, (spec or "").split(",")):
        name, value = item.split("=")
        fields[name] = type(getattr(base, name))(float(value)) if value != "inf" else math.inf
    return replace(base, **fields)


def to_the_end(game, state, seat: int, rng: random.Random) -> tuple[float, float]:
    """(final lead over the best other seat, win share) for ``seat`` after heuristic play."""
    while (result := game.result(state)) is None:
        d = game.pending(state)[0]
        game.apply(state, d.seat, choose(game, state, d, rng))
    win = 1 / len(result.winners) if seat in result.winners else 0.0
    return lead(dict(result.scores), seat), win


def judge(game, view: dict, picks: tuple[str, str], rollouts: int, seed: int):
    """Paired (lead, win share) differences of the first pick minus the second."""
    rng, points, wins = random.Random(seed), [], []
    for _ in range(rollouts):
        world, rollout_seed = game.determinize(view, rng), rng.getrandbits(32)
        ends = []
        for pick in picks:
            state = copy_state(world)
            game.apply(state, view["seat"], Action(view["my_decision"]["kind"], pick))
            ends.append(to_the_end(game, state, view["seat"], random.Random(rollout_seed)))
        points.append(ends[0][0] - ends[1][0])
        wins.append(ends[0][1] - ends[1][1])
    return statistics.mean(points), statistics.mean(wins)


def summary(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values}"
    return (f"{statistics.mean(values):+.3f} ± {statistics.stdev(values) / len(values) ** .5:.3f}"
            f" (n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs=2, default=(800, 803))
    parser.add_argument("--every", type=float, default=0.1)
    parser.add_argument("--rollouts", type=int, default=20)
    parser.add_argument("--normal", help="normal's Budget fields, e.g. confidence=3")
    parser.add_argument("--hard", help="hard's Budget fields, e.g. confidence=1,reach=inf")
    parser.add_argument("--max-reach", type=float, help="the game's MAX_REACH, e.g. inf")
    parser.add_argument("--by-kind", action="store_true", help="gains per decision kind")
    args = parser.parse_args()
    game = registry.get(args.game)
    if args.max_reach is not None:
        rollout_judge(game)
        _JUDGES[game.id] = replace(_JUDGES[game.id], max_reach=args.max_reach)
    normal, hard = budget("normal", args.normal, args.seats), budget("hard", args.hard, args.seats)
    never = replace(normal, confidence=math.inf)  # the search's favourite, nothing else
    asked = left_n = left_h = differ = 0
    points, wins, times = [], [], {"normal": [], "hard": []}
    kinds: dict[str, list] = {}  # decision kind -> [asked, [lead], [win share]]
    for seed in range(*args.seeds):
        state, rnd = game.setup(args.seats, game.parse_options({}), seed), random.Random(seed)
        while game.result(state) is None:
            d = game.pending(state)[0]
            if len(d.options) > 1 and rnd.random() < args.every:
                view, s = knowledge(game, state, d.seat), rnd.getrandbits(32)
                favourite = decide(game, view, "normal", s, never)
                picks = {}
                for level, b in (("normal", normal), ("hard", hard)):
                    start = time.thread_time()
                    picks[level] = decide(game, view, level, s, b)
                    times[level].append(time.thread_time() - start)
                asked += 1
                kind = kinds.setdefault(d.kind, [0, [], []])
                kind[0] += 1
                left_n += picks["normal"] != favourite
                left_h += picks["hard"] != favourite
                if picks["hard"] != picks["normal"]:
                    differ += 1
                    p, w = judge(game, view, (picks["hard"], picks["normal"]), args.rollouts, s + 1)
                    points.append(p)
                    wins.append(w)
                    kind[1].append(p)
                    kind[2].append(w)
            game.apply(state, d.seat, choose(game, state, d, rnd))
        print(f"seed {seed}: decisions {asked}, normal left {left_n}, hard left {left_h}, "
              f"differ {differ}, win share so far {summary(wins)}", flush=True)
    print(f"{args.game} hard {args.hard or '-'} normal {args.normal or '-'}: decisions {asked}, "
          f"normal left the favourite {left_n / max(1, asked):.1%}, "
          f"hard {left_h / max(1, asked):.1%}, "
          f"hard != normal {differ / max(1, asked):.1%}")
    print(f"hard's pick minus normal's where they differ: lead {summary(points)}, "
          f"win share {summary(wins)}")
    print(f"  per decision asked: win share {sum(wins) / max(1, asked):+.4f}, "
          f"lead {sum(points) / max(1, asked):+.3f}")
    for name, (n, lead_by, win_by) in sorted(kinds.items()) if args.by_kind else ():
        print(f"  {name}: asked {n}, differ {len(win_by)}, lead {summary(lead_by)}, "
              f"win share {summary(win_by)}")
    for level, t in filter(lambda item: item[1], times.items()):
        print(f"  {level} CPU p50 {statistics.median(t) * 1000:.0f} ms, "
              f"max {max(t) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
