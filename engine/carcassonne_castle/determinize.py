"""Carcassonne: The Castle for honest AI search: the public state and its sampling.

Nothing is private: hidden from both seats alike are the order of the tile supply, the
numbers of the wall tiles still face down on the corner towers, the wall tiles left in
the box, and the RNG.
"""
from __future__ import annotations

import math
import random

from engine.core import State
from engine.search.hidden import copy_state, deal

from .ai import root_group, prospect
from .scoring import majority


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


#: search rollouts stop after this many actions (about a turn each) and judge the
#: position by the points plus the prospects of the features each seat holds
HORIZON = 7
SCALE = 15.0  # a lead of SCALE points is most of a win (tanh(1) = 0.76)
#: measured: this short-horizon estimate misjudges followers and placements that the
#: heuristic values better (overrides lost 1.5-2 points each on full rollouts to the end,
#: and normal won 30-40 % of 10-game runs against easy even at 3.5 standard errors: the
#: differences are the estimate's bias, not noise), so the search keeps the heuristic's
#: choice until it has a better judgement
CONFIDENCE = math.inf


def follower_worth(left: int) -> float:
    """What a follower in the supply is worth with ``left`` tiles to come: the claims it
    can still make (a follower locked for good, as on a court, loses all of it)."""
    return 0.5 + 0.1 * left


def ai_scores(state: State) -> list[float]:
    """Every seat's points so far plus the expected points of the open features it holds
    the majority on (the heuristic's ``prospect``), its followers in the supply, and half
    that for its followers on open features that come back when completed (not courts):
    the search's judgement."""
    from engine import registry  # the game's geometry (built once, by the registry)
    geo = registry.get("carcassonne_castle").geo
    uf, left = state["uf"], len(state["supply"])
    worth = follower_worth(left)
    out = [float(x) + worth * f for x, f in zip(state["score"], state["supply_f"])]
    for root, parent in enumerate(uf["parent"]):
        if parent != root or uf["done"][root]:
            continue
        fol = uf["fol"][root]
        who = majority(fol)
        if who is not None:
            out[who] += prospect(geo, root_group(state, root), left)
        if uf["kind"][root] != "C":
            for seat, count in enumerate(fol):
                out[seat] += 0.5 * worth * count
    return out
