"""Honest AI seats at three levels, for every game, on the engine contract only.

An AI seat decides from its *knowledge*: the seat's view plus its own open decision
(:func:`knowledge`), never from the state.  Each level samples full states consistent
with that knowledge through the game's ``determinize(view, rng)`` and plays on them:

- ``easy``: the game's heuristic (``ai_preference``) on one sampled state;
- ``normal`` / ``hard``: information-set Monte Carlo search (:mod:`engine.search.ismcts`)
  that keeps the heuristic's choice unless paired rollouts (the heuristic as rollout
  policy, cut off early and judged by the game's points estimate,
  :mod:`engine.search.rollout`) show another option clearly better; bounded per
  decision by an iteration and a CPU-time budget (``hard`` gets more of both, looks
  at more candidates and, where the game allows, plays its rollouts to the end).

Games without ``determinize`` or ``ai_preference`` fall back to a uniformly random legal
option (still honest).

Why our own search and not OpenSpiel's ``ISMCTSBot`` (evaluated 2026-11-24): a wheel
exists for this platform (``open_spiel-2.0.2-cp311-manylinux_2_27_x86_64``, 16 MB) and
its C++ ISMCTS accepts Python games that implement ``resample_from_infostate``.  But an
adapter would have to map our per-state string option ids to one fixed integer action
space (``num_distinct_actions``: the largest decision of any state), give every state an
information-state string (a JSON dump of the view per node), and clone our states through
Python for every simulation; the C++ search then calls back into Python for each
``legal_actions``/``apply_action``/rollout step, so nothing of the work leaves Python and
each step pays pybind overhead on top.  Our heuristics as rollout policy would need a
Python evaluator anyway.  Our own search is ~200 lines on the contract, needs no
dependency and no adapter, and keeps the same seed giving the same decision.
"""
from __future__ import annotations

import math
import random

from engine.core import Action, Decision, Game, State

from engine.search.ismcts import Budget, search

__all__ = ["LEVELS", "BUDGETS", "Budget", "decide", "knowledge", "honest"]

LEVELS = ("easy", "normal", "hard")
#: per level: iterations and CPU seconds per decision (whichever ends first).  At 960
#: iterations hard stopped at about 0.5 s, a third of its CPU budget; at 5,000 it thinks
#: until the budget (the search stops before a world that would overrun it: p99 1.6 s);
#: each of its sequential halving's rounds gets its share of the time left.  More
#: rollouts did not make hard stronger, so hard differs in what it does: its rollouts
#: are played to the end in games whose ``MAX_REACH`` allows it (the cut-off estimate,
#: not the rollout count, bounded it: see ``engine/citadels/determinize.py``).
#: ``Budget.crowd`` could give hard other settings at 4 seats; none measured better yet
#: (hard minus normal per differing decision, win share, ``search_diagnose.py --seats 4``:
#: Citadels 900-902 as is +0.047 ± 0.042 (8), reach=3 +0.062 ± 0.051 (6), win_weight=0.3
#: +0.055 ± 0.042 (8), confidence=1 +0.013 ± 0.026 (14); Schutz 900-903 as is
#: +0.034 ± 0.036 (13), reach=3 +0.027 ± 0.034 (14), win_weight=0.3 +0.010 ± 0.027 (13))
BUDGETS = {"normal": Budget(iterations=128, seconds=0.25, width=4),
           "hard": Budget(iterations=5000, seconds=1.6, width=6, reach=math.inf)}


def knowledge(game: Game, state: State, seat: int) -> dict:
    """What the AI seat may use: its view plus its own open decision (kind, option ids and
    the options' parameters, as its panel shows them), and for games with
    ``public_state`` the state with all it may not know blanked.

    The only place that reads the state, and only through those two."""
    view = game.view(state, seat)
    public = getattr(game, "public_state", None)
    if public is not None:
        view["public"] = public(state, seat)
    decision = game.decision_for(state, seat)
    if decision is not None:
        view["my_decision"] = {"kind": decision.kind,
                               "options": [o.id for o in decision.options],
                               "params": {o.id: dict(o.params) for o in decision.options
                                          if o.params}}
    return view


def honest(game: Game) -> bool:
    """Does ``game`` offer ``determinize`` (so search and heuristics see no hidden info)?"""
    return type(game).determinize is not Game.determinize


def decide(game: Game, view: dict, level: str, seed: int,
           budget: Budget | None = None) -> str:
    """The option id the AI seat of ``view`` picks at ``level`` (same inputs, same id)."""
    mine = view["my_decision"]
    options = mine["options"]
    rng = random.Random(seed)
    if len(options) == 1:
        return options[0]
    if not honest(game):
        return rng.choice(options)
    if level == "easy":
        return heuristic(game, view, rng)
    return search(game, view, rng, budget or BUDGETS[level])


def heuristic(game: Game, view: dict, rng: random.Random) -> str:
    """The heuristic's first choice on one state sampled from ``view``."""
    options = view["my_decision"]["options"]
    prefer = getattr(game, "ai_preference", None)
    if prefer is None:
        return rng.choice(options)
    state = game.determinize(view, rng)
    decision = _decision_in(game, state, view)
    if decision is None:
        return rng.choice(options)
    ranked = [o for o in prefer(state, decision, rng) if o in options]
    return ranked[0] if ranked else rng.choice(options)


def _decision_in(game: Game, state: State, view: dict) -> Decision | None:
    """The seat's decision in a sampled state, when it is the one the seat faces."""
    decision = game.decision_for(state, view["seat"])
    if decision is None or decision.kind != view["my_decision"]["kind"]:
        return None
    return decision


def action(view: dict, option: str) -> Action:
    """The action answering the seat's open decision with ``option``."""
    return Action(view["my_decision"]["kind"], option)
