"""Information-set Monte Carlo search at the root, for any game of the contract.

Every world is one full state sampled from the seat's knowledge (``determinize``), so
the statistics are over the seat's information set, not over one guessed world.  The
search sharpens the heuristic rather than replacing it:

1. **Shortlist**: the heuristic's favourite and its next choices, plus the options that
   gain most at once by the game's points estimate (one step, in one sampled world), at
   most ``budget.width`` of them: a rollout budget spread over fifty placements tells
   nothing about any of them.
2. **Paired rollouts**: every candidate is played in the same worlds with the same
   rollout seed (:mod:`engine.search.rollout`), so most of the luck of the draw cancels
   out in the differences.  Sequential halving drops the weaker half round by round;
   the favourite is never dropped.
3. **Verdict**: the favourite stays unless the best other candidate beats it by a
   paired difference that is significant (``budget.confidence`` standard errors): the
   search only overrides the heuristic when it clearly knows better, so rollout noise
   cannot make it play worse than the heuristic it rolls out with.

Flat (one level of statistics) on purpose: the decisions of these games are small
steps of longer turns, and their opponents' replies depend on hidden hands, where deep
per-world trees mostly learn the sampled world (strategy fusion).
"""
from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, replace

from engine.core import Action, Game, RuleError, State
from engine.search.hidden import copy_state
from engine.search.rollout import EPSILON, WIN_WEIGHT, estimate, judge, rollout, seat_count

#: above this many options the one-step look at every option is skipped (the heuristic's
#: ranking alone fills the shortlist)
IMMEDIATE_LIMIT = 40
#: the favourite is overridden only after this many shared worlds
MIN_WORLDS = 4


@dataclass(frozen=True)
class Budget:
    """Per decision: at most ``iterations`` rollouts and ``seconds`` of this thread's CPU;
    rollouts cut at ``depth`` actions and at ``reach`` times the game's ``HORIZON``
    (``math.inf``: played to the end, whatever ``depth``), with ``epsilon`` random
    moves, valued at the end ``win_weight`` by the win share; ``width``
    candidates; the favourite overridden only at ``confidence`` standard errors.
    ``crowd``: (field, value) pairs that replace those fields at more than two seats
    (:meth:`at`), so a level can play a 4-seat game differently from a duel."""

    iterations: int
    seconds: float
    depth: int = 200
    width: int = 4
    confidence: float = 2.0
    reach: float = 1.0
    epsilon: float = EPSILON
    win_weight: float = WIN_WEIGHT
    crowd: tuple[tuple[str, float], ...] = ()

    def at(self, seats: int) -> "Budget":
        """This budget for a game of ``seats`` seats (``crowd`` applied above two)."""
        return replace(self, **dict(self.crowd)) if seats > 2 and self.crowd else self


def search(game: Game, view: dict, rng: random.Random, budget: Budget) -> str:
    """The heuristic's favourite, unless paired rollouts show another option clearly
    better.  ``budget.iterations`` counts rollouts; the CPU-time limit ends the search
    before a world that would overrun it, and each round of the halving gets its part of
    the time left, so slow (long) rollouts still reach the last round."""
    seat, mine = view["seat"], view["my_decision"]
    options = [o for o in mine["options"] if o != "back"] or list(mine["options"])
    start = time.thread_time()
    first = game.determinize(view, rng)
    if budget.crowd:
        budget = budget.at(seat_count(game, first))
    favourite, candidates = _shortlist(game, first, seat, mine["kind"], options, budget.width,
                                       random.Random(rng.random()))
    confidence = max(budget.confidence, judge(game).confidence)
    if len(candidates) == 1 or (favourite is not None and math.isinf(confidence)):
        return favourite if favourite is not None else candidates[0]
    values: dict[str, dict[int, float]] = {c: {} for c in candidates}
    alive, spent, w, last = list(candidates), 0, 0, 0.0
    rounds = max(1, math.ceil(math.log2(len(alive))))
    timely = True
    while timely and spent < budget.iterations:
        worlds = max(2, (budget.iterations - spent) // (len(alive) * rounds))
        began = time.thread_time()
        share = (budget.seconds - (began - start)) / rounds  # this round's part of the CPU
        for k in range(worlds):
            now = time.thread_time()
            timely = not spent or now - start + last <= budget.seconds
            if not timely:  # the next world would overrun
                break
            if k >= MIN_WORLDS and now - began + last > share:  # the later rounds' time
                break
            world = first if w == 0 else game.determinize(view, rng)
            seed = rng.getrandbits(32)
            for option in alive:
                value = _play(game, world, seat, Action(mine["kind"], option), seed, budget)
                if value is not None:
                    values[option][w] = value
                spent += 1
            w += 1
            last = time.thread_time() - now
        if len(alive) <= 2:
            continue
        rounds = max(1, rounds - 1)
        alive = _halve(alive, favourite, values)
    return _verdict(favourite, alive, values, confidence)


def _play(game: Game, world: State, seat: int, action: Action, seed: int, budget: Budget):
    """The rollout value of ``action`` in a copy of ``world`` (None if it is refused)."""
    state = copy_state(world)
    try:
        game.apply(state, seat, action)
    except RuleError:
        return None
    return rollout(game, state, seat, random.Random(seed), budget.depth,
                   reach=budget.reach, epsilon=budget.epsilon, win_weight=budget.win_weight)


def _shortlist(game: Game, world: State, seat: int, kind: str, options: list[str], width: int,
               rng: random.Random) -> tuple[str | None, list[str]]:
    """(the heuristic's favourite, up to ``width`` candidates, favourite first)."""
    prefer = getattr(game, "ai_preference", None)
    decision = game.decision_for(world, seat)
    ranked: list[str] = []
    if prefer is not None and decision is not None and decision.kind == kind:
        ranked = [o for o in dict.fromkeys(prefer(world, decision, rng)) if o in options]
    favourite = ranked[0] if ranked else None
    picks = ranked[:max(1, width - 1)]
    if len(options) <= IMMEDIATE_LIMIT:
        picks += _by_gain(game, world, seat, kind, options, rng)
    picks += ranked + options
    return favourite, list(dict.fromkeys(picks))[:max(1, width)]


def _by_gain(game: Game, world: State, seat: int, kind: str, options: list[str],
             rng: random.Random) -> list[str]:
    """``options`` by the points estimate one step later (best first; ties shuffled)."""
    j = judge(game)
    if j.scores is None:
        return []
    gain = {}
    for option in options:
        state = copy_state(world)
        try:
            game.apply(state, seat, Action(kind, option))
        except RuleError:
            continue
        gain[option] = estimate(j, j.scores(state), seat)
    order = list(gain)
    rng.shuffle(order)
    return sorted(order, key=lambda o: -gain[o])


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values) if values else -1.0


def _halve(alive: list[str], favourite: str | None, values) -> list[str]:
    """The better half of ``alive`` by mean value, always with the favourite."""
    ranked = sorted(alive, key=lambda o: -_mean(values[o]))
    keep = ranked[:max(2, (len(ranked) + 1) // 2)]
    if favourite in alive and favourite not in keep:
        keep[-1] = favourite
    return keep


def _verdict(favourite: str | None, alive: list[str], values, confidence: float) -> str:
    """The favourite unless the best other candidate beats it significantly (paired)."""
    others = [o for o in alive if o != favourite and values[o]]
    if not others:
        return favourite if favourite is not None else alive[0]
    best = max(others, key=lambda o: (_mean(values[o]), len(values[o])))
    if favourite is None or not values[favourite]:
        return best
    common = [w for w in values[best] if w in values[favourite]]
    diffs = [values[best][w] - values[favourite][w] for w in common]
    n = len(diffs)
    if n < MIN_WORLDS:
        return favourite
    mean = sum(diffs) / n
    spread = statistics.stdev(diffs) / math.sqrt(n)
    return best if mean > 0 and mean > _student(confidence, n - 1) * spread else favourite


def _student(z: float, df: int) -> float:
    """The Student-t quantile matching the normal quantile ``z`` at ``df`` degrees of
    freedom (Cornish-Fisher, within 3 % from 3 degrees on): few worlds, a wider margin.
    (Not scipy's ``t.ppf``: a 40 MB dependency for one rough threshold.)"""
    return z + (z ** 3 + z) / (4 * df)
