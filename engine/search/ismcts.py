"""Information-set Monte Carlo search at the root, for any game of the contract.

Every iteration samples one full state from the seat's knowledge (``determinize``),
so the statistics are over the seat's information set, not over one guessed world.
The seat's options are chosen by UCB1 with a progressive-bias prior (the heuristic's
first choice on the sample gets a bonus that fades with visits), only among options
legal in that sample (availability counts, as in ISMCTS); then the game is played on
with the heuristic as rollout policy (a little randomness keeps samples diverse) until
it ends, or until ``depth`` actions when the game offers a score estimate
(``ai_scores``).  The reward is a win share plus the share of opponents outscored.

Flat (one level of statistics) on purpose: the decisions of these games are small
steps of longer turns, and their opponents' replies depend on hidden hands, where deep
per-world trees mostly learn the sampled world (strategy fusion).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.core import Action, Game, RuleError, State

EPSILON = 0.1     # rollout: share of uniformly random moves
PRIOR = 1.0       # weight of the heuristic's first choice (progressive bias)
UCB_C = 0.7


@dataclass(frozen=True)
class Budget:
    """Per decision: at most ``iterations`` samples and ``seconds`` of this thread's CPU."""

    iterations: int
    seconds: float
    depth: int = 200


def search(game: Game, view: dict, rng: random.Random, budget: Budget) -> str:
    """The option id with the best mean reward after the budget (most visits on ties)."""
    seat, mine = view["seat"], view["my_decision"]
    kind, options = mine["kind"], mine["options"]
    visits = dict.fromkeys(options, 0)
    reward = dict.fromkeys(options, 0.0)
    avail = dict.fromkeys(options, 0)
    prior = dict.fromkeys(options, 0.0)
    prefer = getattr(game, "ai_preference", None)
    start = time.thread_time()
    for it in range(budget.iterations):
        if it and time.thread_time() - start > budget.seconds:
            break
        state = game.determinize(view, rng)
        decision = game.decision_for(state, seat)
        if decision is None or decision.kind != kind:
            continue
        legal = [o.id for o in decision.options if o.id in visits]
        if not legal:
            continue
        if prefer is not None:
            ranked = prefer(state, decision, rng)
            if ranked and ranked[0] in prior:
                prior[ranked[0]] += 1
        for o in legal:
            avail[o] += 1
        pick = _select(legal, visits, reward, avail, prior, it + 1)
        try:
            game.apply(state, seat, Action(kind, pick))
        except RuleError:
            continue
        visits[pick] += 1
        reward[pick] += _rollout(game, state, seat, rng, budget.depth)
    best = max(options, key=lambda o: (reward[o] / visits[o] if visits[o] else -1,
                                       visits[o], prior[o]))
    return best


def _select(legal, visits, reward, avail, prior, total) -> str:
    for o in legal:  # the heuristic's favourite first, then every option once
        if visits[o] == 0 and prior[o]:
            return o
    fresh = [o for o in legal if visits[o] == 0]
    if fresh:
        return fresh[0]

    def ucb(o):
        n = visits[o]
        return (reward[o] / n + UCB_C * math.sqrt(math.log(avail[o] + 1) / n)
                + PRIOR * prior[o] / total / (n + 1))
    return max(legal, key=ucb)


def _rollout(game: Game, state: State, seat: int, rng: random.Random, depth: int) -> float:
    """Play on with the heuristic (and some randomness); the reward of ``seat``."""
    prefer = getattr(game, "ai_preference", None)
    scores = getattr(game, "ai_scores", None)
    steps = 0
    while (result := game.result(state)) is None:
        if scores is not None and steps >= depth:
            return _reward(scores(state), seat, None)
        decision = game.pending(state)[0]
        option = None
        if prefer is not None and rng.random() >= EPSILON:
            ranked = prefer(state, decision, rng)
            option = ranked[0] if ranked else None
        if option is None:
            option = rng.choice(decision.options).id
        game.apply(state, decision.seat, Action(decision.kind, option))
        steps += 1
    return _reward(result.scores, seat, result.winners)


def _reward(scores, seat: int, winners) -> float:
    """Win share (1 shared among winners; by score when not over) plus a quarter for
    the share of opponents outscored."""
    scores = {int(s): v for s, v in dict(scores).items()} if not isinstance(scores, list) \
        else dict(enumerate(scores))
    mine = scores.get(seat, 0)
    others = [v for s, v in scores.items() if s != seat]
    beaten = sum(1 for v in others if v < mine) / max(1, len(others))
    if winners is None:
        top = max(scores.values())
        winners = [s for s, v in scores.items() if v == top]
    win = 1 / len(winners) if seat in winners else 0.0
    return win + 0.25 * beaten
