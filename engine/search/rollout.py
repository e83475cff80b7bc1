"""Rollouts and their value: play a sampled world on with the heuristic, then judge it.

A rollout follows the game's heuristic (``ai_preference``; a small share of uniformly
random moves keeps rollouts diverse) until the game ends, or, for games that offer a
points estimate, until ``HORIZON`` actions (an early cut-off: a long rollout's noise
drowns the few points one decision is worth).  Each game's estimate lives next to its
``determinize``: ``ai_scores(state)`` (points per seat, public and hidden assets valued
the same way for every seat), ``HORIZON``, ``SCALE`` (how many points of lead make a
game about three-quarters won), ``CONFIDENCE`` (optional: standard errors the search
needs before it overrides the heuristic) and ``MAX_REACH`` (optional, default 1: how
many horizons a level asking for longer rollouts may play, ``math.inf`` to the end; a
game whose playouts are slow keeps 1).  Optional too, ``ai_quiet(state) -> bool`` with
``QUIET_CAP``: at the cut-off the rollout plays on (at most ``QUIET_CAP`` more actions)
until the position is quiet, so the estimate never judges a turn half played (a game
without ``ai_quiet`` is cut where it stands).

The value of a rollout for a seat lies in 0..1: at the end mostly the win share plus a
little for the margin; at a cut-off a smooth win chance from the lead over the best
other seat (``0.5 + 0.5·tanh(lead/SCALE)``).  One scale for both, so options whose
rollouts end differently compare fairly.
"""
from __future__ import annotations

import importlib
import math
import random
from dataclasses import dataclass
from typing import Callable

from engine.core import Action, Game, State

EPSILON = 0.05     # rollout: share of uniformly random moves
WIN_WEIGHT = 0.8   # at the end: the win share's part of the value (the rest is the margin)


@dataclass(frozen=True)
class Judge:
    """A game's points estimate (or None: rollouts run to the end), cut-off, scale."""

    scores: Callable[[State], list[float]] | None
    horizon: int | None
    scale: float
    confidence: float = 0.0
    max_reach: float = 1.0
    quiet: Callable[[State], bool] | None = None
    quiet_cap: int = 0

    def cut(self, state: State, steps: int, depth: float) -> bool:
        """Is a rollout ``steps`` actions long, cut at ``depth``, to be judged here?"""
        if self.scores is None or steps < depth:
            return False
        return self.quiet is None or steps >= depth + self.quiet_cap or self.quiet(state)


_JUDGES: dict[str, Judge] = {}


def judge(game: Game) -> Judge:
    """The game's estimate from ``engine/<game>/determinize.py`` (cached per game)."""
    if game.id not in _JUDGES:
        try:
            module = importlib.import_module(f"engine.{game.id}.determinize")
        except ImportError:
            module = None
        _JUDGES[game.id] = Judge(getattr(module, "ai_scores", None),
                                 getattr(module, "HORIZON", None),
                                 float(getattr(module, "SCALE", 10.0)),
                                 float(getattr(module, "CONFIDENCE", 0.0)),
                                 float(getattr(module, "MAX_REACH", 1.0)),
                                 getattr(module, "ai_quiet", None),
                                 int(getattr(module, "QUIET_CAP", 0)))
    return _JUDGES[game.id]


def rollout(game: Game, state: State, seat: int, rng: random.Random, depth: int, *,
            reach: float = 1.0, epsilon: float = EPSILON,
            win_weight: float = WIN_WEIGHT) -> float:
    """Play ``state`` on (in place) with the heuristic; the value for ``seat`` (0..1).
    Cut at ``depth`` actions and at ``reach`` times the game's horizon (``math.inf``:
    played to the end), ``reach`` at most the game's ``MAX_REACH``; ``epsilon``: the
    share of uniformly random moves; ``win_weight``: the win share's part of the value
    at the end.  At the cut a game's ``ai_quiet`` may play on."""
    prefer = getattr(game, "ai_preference", None)
    j = judge(game)
    reach = min(reach, j.max_reach)
    if math.isinf(reach):
        depth = math.inf
    elif j.horizon:
        depth = min(depth, max(1, round(j.horizon * reach)))
    steps = 0
    while (result := game.result(state)) is None:
        if j.cut(state, steps, depth):
            return estimate(j, j.scores(state), seat)
        decision = game.pending(state)[0]
        option = None
        if prefer is not None and rng.random() >= epsilon:
            ranked = prefer(state, decision, rng)
            option = ranked[0] if ranked else None
        if option is None or decision.option(option) is None:
            option = rng.choice(decision.options).id
        game.apply(state, decision.seat, Action(decision.kind, option))
        steps += 1
    return final(j, result.scores, seat, result.winners, win_weight)


def estimate(j: Judge, scores, seat: int) -> float:
    """A smooth win chance from the seat's lead over the best other seat."""
    return 0.5 + 0.5 * math.tanh(lead(scores, seat) / j.scale)


def final(j: Judge, scores, seat: int, winners, win_weight: float = WIN_WEIGHT) -> float:
    """``win_weight`` of the win share (shared wins split), the rest from the margin."""
    win = 1 / len(winners) if seat in winners else 0.0
    return win_weight * win + (1 - win_weight) * estimate(j, scores, seat)


def seat_count(game: Game, state: State) -> int:
    """How many seats play ``state`` (by the game's estimate; 2 for a game without one)."""
    scores = judge(game).scores
    return len(scores(state)) if scores is not None else 2


def lead(scores, seat: int) -> float:
    """The seat's points minus the best other seat's (scores: a list or a seat map)."""
    scores = dict(enumerate(scores)) if isinstance(scores, list) else dict(scores)
    scores = {int(s): v for s, v in scores.items()}
    best = max((v for s, v in scores.items() if s != seat), default=0)
    return scores.get(seat, 0) - best
