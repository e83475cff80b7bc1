"""Carcassonne: The Castle for honest AI search: the public state and its sampling.

Nothing is private: hidden from both seats alike are the order of the tile supply, the
numbers of the wall tiles still face down on the corner towers, the wall tiles left in
the box, and the RNG.
"""
from __future__ import annotations

import random

from engine.core import State
from engine.search.hidden import copy_state, deal

from . import estimate


def public_state(state: State, seat: int) -> State:
    """The state with the supply in a canonical order and the face-down tiles pooled."""
    out = copy_state(state)
    out["rng"] = 0
    out["supply"] = sorted(out["supply"])
    out["hidden_walls"] = sorted([t for t in out["towers"] if t is not None] + out["box"])
    out["towers"] = [None if t is None else 0 for t in out["towers"]]
    out["box"] = [0] * len(out["box"])
    return out


def determinize(game, view: dict, rng: random.Random) -> State:
    """A full state behind ``view`` (which carries ``public``)."""
    state = copy_state(view["public"])
    state["rng"] = rng.getrandbits(63)
    rng.shuffle(state["supply"])
    slots = [i for i, t in enumerate(state["towers"]) if t is not None]
    on_towers, box = deal(rng, state.pop("hidden_walls"), [slots, state["box"]])
    for i, tile in zip(slots, on_towers):
        state["towers"][i] = tile
    state["box"] = box
    return state


#: search rollouts stop after this many actions (about two turns) and judge the position
#: by the fitted estimate (:mod:`.estimate`): the final score difference the heuristic's
#: own play would reach from there
HORIZON = 7
SCALE = 15.0  # a lead of SCALE points is most of a win (tanh(1) = 0.76)
#: override the heuristic at the budget's 2 standard errors.  Measured with
#: ``tests/engine/carcassonne_castle/override_gain.py`` (30 paired full heuristic
#: rollouts per override): about one decision in five is overridden, at +1.2 points
#: per override (35 overrides in 7 games); a horizon of 3 actions gained nothing
#: (-0.4 points over 40 overrides).  The estimate this replaced (points, prospects, a
#: guessed follower worth) lost 1.5-2 points per override, so it ran at
#: CONFIDENCE = inf (normal played as easy)
CONFIDENCE = 2.0
#: hard's rollouts (``Budget.reach`` inf) stop after this many horizons (21 actions,
#: about six turns, ~4 ms) and not at the end: a full heuristic playout costs ~20 ms, so
#: 1.6 s would give each of hard's candidates only a dozen worlds.  Measured with
#: ``tests/engine/carcassonne_castle/hard_gain.py`` (hard's pick against normal's,
#: 20-30 paired full heuristic rollouts each, per position asked): at 3 horizons hard
#: differs from normal at 14% of 448 positions and gains +0.26 ± 0.10 points of final
#: lead per position; at 1 (normal's cut) it differs at 2 of 42, -0.01 ± 0.21; at 5
#: +0.12 ± 0.14 (203); played to the end -0.06 ± 0.48 (42); a confidence of 1 instead
#: of 2 gained less (+0.14 ± 0.22, 119).  A small gain: hard vs normal stays near even
MAX_REACH = 3


def ai_scores(state: State) -> list[float]:
    """Per seat, the fitted estimate of its final score (differences are the lead)."""
    from engine import registry  # the game's geometry (built once, by the registry)
    return estimate.values(registry.get("carcassonne_castle").geo, state)
