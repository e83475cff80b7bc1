"""Information-set Monte Carlo search at the root, for any game of the contract.

Every world is one full state sampled from the seat's knowledge (``determinize``), so
the statistics are over the seat's information set, not over one guessed world.  The
seat's options are compared by sequential halving (:func:`search`) in shared worlds;
after an option the game is played on with the heuristic as rollout policy (a little
randomness keeps rollouts diverse) until it ends, or until ``depth`` actions when the
game offers a points estimate (``ai_scores`` and ``HORIZON`` next to its
``determinize``).  The reward is a win share, the share
of opponents outscored and the relative score margin.

Flat (one level of statistics) on purpose: the decisions of these games are small
steps of longer turns, and their opponents' replies depend on hidden hands, where deep
per-world trees mostly learn the sampled world (strategy fusion).
"""
from __future__ import annotations

import importlib
import math
import random
import time
from dataclasses import dataclass

from engine.core import Action, Game, RuleError, State
from engine.search.hidden import copy_state

EPSILON = 0.05    # rollout: share of uniformly random moves
FAVOURITE = 0.05  # head start of the heuristic's first choice (in rewards of one rollout)


@dataclass(frozen=True)
class Budget:
    """Per decision: at most ``iterations`` samples and ``seconds`` of this thread's CPU."""

    iterations: int
    seconds: float
    depth: int = 200


def search(game: Game, view: dict, rng: random.Random, budget: Budget) -> str:
    """The option with the best mean reward, by sequential halving over sampled worlds.

    Each round plays every remaining candidate in the same fresh worlds (one sample of
    the hidden items and one rollout seed per world, shared by all candidates: paired
    comparisons cancel most of the luck of the draw), then keeps the better half; the
    heuristic's favourite gets a small head start.  ``budget.iterations`` counts
    rollouts; the CPU-time limit ends the search early, before a world that would
    overrun it (the best so far is taken)."""
    seat, mine = view["seat"], view["my_decision"]
    kind = mine["kind"]
    candidates = [o for o in mine["options"] if o != "back"] or list(mine["options"])
    total = dict.fromkeys(candidates, 0.0)
    count = dict.fromkeys(candidates, 0)
    favourite = _favourite(game, view, random.Random(rng.random()))
    if favourite in total:
        total[favourite] += FAVOURITE
        candidates.sort(key=lambda o: o != favourite)
    start = time.thread_time()
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    spent, last = 0, 0.0
    while len(candidates) > 1:
        worlds = max(1, (budget.iterations - spent) // (len(candidates) * rounds))
        for _ in range(worlds):
            now = time.thread_time()
            if spent and now - start + last > budget.seconds:  # the next world would overrun
                return _best(candidates, total, count)
            world = game.determinize(view, rng)
            seed = rng.getrandbits(32)
            for option in candidates:
                state = copy_state(world)
                try:
                    game.apply(state, seat, Action(kind, option))
                except RuleError:
                    continue
                total[option] += _rollout(game, state, seat, random.Random(seed), budget.depth)
                count[option] += 1
                spent += 1
            last = time.thread_time() - now
        rounds = max(1, rounds - 1)
        candidates = sorted(candidates, key=lambda o: -_mean(o, total, count))
        candidates = candidates[:max(1, (len(candidates) + 1) // 2)]
        if spent >= budget.iterations:
            break
    return _best(candidates, total, count)


def _mean(option, total, count) -> float:
    return total[option] / count[option] if count[option] else -1.0


def _best(candidates, total, count) -> str:
    return max(candidates, key=lambda o: (_mean(o, total, count), count[o]))


def _favourite(game: Game, view: dict, rng: random.Random) -> str | None:
    """The heuristic's first choice on one sampled world."""
    prefer = getattr(game, "ai_preference", None)
    if prefer is None:
        return None
    state = game.determinize(view, rng)
    decision = game.decision_for(state, view["seat"])
    if decision is None:
        return None
    ranked = prefer(state, decision, rng)
    return ranked[0] if ranked else None


def judge(game: Game):
    """The game's points estimate and rollout horizon (``ai_scores`` and ``HORIZON`` in
    ``engine/<game>/determinize.py``), or (None, None): rollouts run to the end."""
    if game.id not in _JUDGES:
        try:
            module = importlib.import_module(f"engine.{game.id}.determinize")
        except ImportError:
            module = None
        _JUDGES[game.id] = (getattr(module, "ai_scores", None), getattr(module, "HORIZON", None))
    return _JUDGES[game.id]


_JUDGES: dict = {}


def _rollout(game: Game, state: State, seat: int, rng: random.Random, depth: int) -> float:
    """Play on with the heuristic (and some randomness); the reward of ``seat``."""
    prefer = getattr(game, "ai_preference", None)
    scores, horizon = judge(game)
    depth = min(depth, horizon or depth)
    steps = 0
    while (result := game.result(state)) is None:
        if scores is not None and steps >= depth:
            return _margin(scores(state), seat) + 0.5
        decision = game.pending(state)[0]
        option = None
        if prefer is not None and rng.random() >= EPSILON:
            ranked = prefer(state, decision, rng)
            option = ranked[0] if ranked else None
        if option is None or decision.option(option) is None:
            option = rng.choice(decision.options).id
        game.apply(state, decision.seat, Action(decision.kind, option))
        steps += 1
    return _reward(result.scores, seat, result.winners)


def _reward(scores, seat: int, winners) -> float:
    """Win share (1 shared among winners), a quarter for the
    share of opponents outscored, and half the relative margin over the best opponent
    (a smooth signal: fewer samples tell good moves from bad)."""
    scores = {int(s): v for s, v in dict(scores).items()}
    mine = scores.get(seat, 0)
    others = [v for s, v in scores.items() if s != seat] or [0]
    beaten = sum(1 for v in others if v < mine) / len(others)
    win = 1 / len(winners) if seat in winners else 0.0
    return win + 0.25 * beaten + 0.5 * _margin(scores, seat)


def _margin(scores, seat: int) -> float:
    """The seat's lead over the best other seat, relative to the scores (-1..1)."""
    scores = dict(enumerate(scores)) if isinstance(scores, list) else dict(scores)
    mine = scores.get(seat, 0)
    best = max((v for s, v in scores.items() if int(s) != seat), default=0)
    return (mine - best) / (abs(mine) + abs(best) + 10)
