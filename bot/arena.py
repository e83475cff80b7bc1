"""``python -m bot arena GAME --seats hard,normal,normal,normal``: AI levels against each other.

Plays seeded games (the seats rotate round the table from game to game, so no level keeps
the first seat), every AI deciding from its knowledge only (``engine.search``), and
prints per seat of the list its win share with a 95 % Wilson interval, and the decision
times per level (p50/p99 of this thread's CPU time, so a busy machine does not inflate
them).  ``random`` is a uniformly random seat.

Long runs survive in pieces: ``--log FILE`` appends every finished game (seed, wins per
listed seat, decision times) as a JSON line, and ``--merge FILE`` prints the report of
every game logged there (for those seats), e.g. after many ``--games 1`` runs with
consecutive seeds.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass, field

from engine import registry, timing
from engine.core import Action, Game
from engine.search import LEVELS, decide, knowledge

SEAT_KINDS = LEVELS + ("random",)


@dataclass
class Tally:
    """Wins (shared wins split) per listed seat and decision times per level."""

    seats: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = [0.0] * len(self.seats)


def play(game: Game, kinds: list[str], seed: int, tally: Tally, options=None) -> None:
    """One game: listed seat ``j`` sits at ``(j + seed) % n``."""
    n = len(kinds)
    at = {(j + seed) % n: j for j in range(n)}
    state = game.setup(n, game.parse_options(options), seed)
    rnd = random.Random(seed)
    steps = 0
    while (result := game.result(state)) is None:
        decision = game.pending(state)[0]
        kind = kinds[at[decision.seat]]
        if kind == "random":
            option = rnd.choice(decision.options).id
        else:
            view = knowledge(game, state, decision.seat)
            start = time.thread_time()
            option = decide(game, view, kind, rnd.getrandbits(32))
            tally.times.setdefault(kind, []).append(time.thread_time() - start)
        game.apply(state, decision.seat, Action(decision.kind, option))
        steps += 1
    tally.games += 1
    for s in result.winners:
        tally.wins[at[s]] += 1 / len(result.winners)


def log_game(path: str, game_id: str, seed: int, before: Tally, after: Tally) -> None:
    """Append the game ``after`` added to ``before`` (a copy taken before it) to ``path``."""
    line = {"game": game_id, "seats": after.seats, "seed": seed,
            "wins": [a - b for a, b in zip(after.wins, before.wins)],
            "times": {k: v[len(before.times.get(k, ())):] for k, v in after.times.items()}}
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def merge(path: str, game_id: str, seats: list[str]) -> Tally:
    """The tally of every game of ``game_id`` at ``seats`` logged in ``path`` (a seed
    logged twice counts once)."""
    tally, seen = Tally(list(seats)), set()
    with open(path, encoding="utf-8") as lines:
        for raw in lines:
            line = json.loads(raw)
            if line["game"] != game_id or line["seats"] != seats or line["seed"] in seen:
                continue
            seen.add(line["seed"])
            tally.games += 1
            tally.wins = [w + x for w, x in zip(tally.wins, line["wins"])]
            for kind, times in line["times"].items():
                tally.times.setdefault(kind, []).extend(times)
    return tally


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def percentile(values: list[float], q: float) -> float:
    return timing.percentile(values, q, empty=0.0)


def report(game_id: str, tally: Tally) -> str:
    lines = [f"{game_id}: {tally.games} games, seats {','.join(tally.seats)}"]
    for j, kind in enumerate(tally.seats):
        lo, hi = wilson(tally.wins[j], tally.games)
        share = tally.wins[j] / max(1, tally.games)
        lines.append(f"  seat {j} {kind:7} wins {share:6.1%}  (95% CI {lo:.1%}-{hi:.1%}, "
                     f"fair share {1 / len(tally.seats):.0%})")
    for kind, times in sorted(tally.times.items()):
        lines.append(f"  {kind:7} decisions {len(times):6}  CPU p50 {percentile(times, .5) * 1000:7.1f} ms"
                     f"  p99 {percentile(times, .99) * 1000:7.1f} ms  max {max(times) * 1000:7.1f} ms")
    return "\n".join(lines)


def run(game_id: str, seats: list[str], games: int, seed: int = 0, options=None,
        progress=None, log: str | None = None) -> Tally:
    game = registry.get(game_id)
    tally = Tally(list(seats))
    for g in range(games):
        before = Tally(list(seats), tally.games, list(tally.wins),
                       {k: list(v) for k, v in tally.times.items()})
        play(game, seats, seed + g, tally, options)
        if log is not None:
            log_game(log, game_id, seed + g, before, tally)
        if progress is not None:
            progress(tally)
    return tally


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot arena")
    parser.add_argument("game", choices=registry.available())
    parser.add_argument("--seats", required=True,
                        help="comma-separated levels: " + ", ".join(SEAT_KINDS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--log", help="append every finished game to this file (JSON lines)")
    parser.add_argument("--merge", help="play nothing: report the games logged in this file")
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",")]
    bad = [s for s in seats if s not in SEAT_KINDS]
    if bad:
        parser.error(f"unknown level {bad[0]!r} (choose from {', '.join(SEAT_KINDS)})")
    if args.merge:
        tally = merge(args.merge, args.game, seats)
    else:
        tally = run(args.game, seats, args.games, args.seed, log=args.log)
    print(report(args.game, tally))
    return 0
