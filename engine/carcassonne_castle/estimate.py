"""The search's judgement of a Carcassonne position: the final score difference the
heuristic's own play would reach from here, as a linear function of a few features.

The weights were fitted by least squares on positions of heuristic-vs-heuristic games,
each labelled with that game's final score difference (Monte Carlo value regression:
``python tests/engine/carcassonne_castle/fit_estimate.py`` plays the games, fits and
prints the weights and the error).  The rollouts of the search then play exactly the
easy level's policy, so this is the value the search needs: what a position is worth
when both seats go on playing the heuristic.
"""
from __future__ import annotations

from . import track
from .ai import per_tile, prospect, root_group
from .final import largest_empty_area
from .geometry import Geometry
from .scoring import majority

#: one feature per name, per seat; "_left" features are scaled by the share of tiles left
FEATURES = ("score", "supply", "supply_left", "onopen", "onopen_left", "prospect_P",
            "prospect_T", "prospect_H", "size_P", "size_T", "size_H", "court", "keep_area",
            "keep_size", "wall_five", "wall_extra", "wall_double", "wall_incomplete",
            "wall_keep", "active")
_I = {name: i for i, name in enumerate(FEATURES)}
TILES = 60  # about the supply at the start (scales the "_left" features)

#: fitted weights (see the module docstring), in FEATURES order
WEIGHTS = (1.213, 2.137, 5.587, -1.314, 10.775, 1.195, 1.083, 1.615, -0.059, 0.190, 0.599,
           1.016, -0.016, 1.848, 4.600, -0.607, 2.258, 0.536, 3.998, 1.718)

_WALL = {"five_points": "wall_five", "extra_turn": "wall_extra",
         "double_completed_tower": "wall_double", "double_completed_house": "wall_double",
         "keep_plus_2": "wall_keep"}
_INCOMPLETE = {"score_incomplete_path": "P", "score_incomplete_tower": "T",
               "score_incomplete_house": "H", "court_markets_worth_4": "C"}


def features(geo: Geometry, state: dict) -> list[list[float]]:
    """Per seat, the values of ``FEATURES``."""
    seats, left = len(state["score"]), len(state["supply"])
    share = left / TILES
    out = [[0.0] * len(FEATURES) for _ in range(seats)]
    for s, f in enumerate(out):
        f[_I["score"]] = state["score"][s]
        f[_I["supply"]] = state["supply_f"][s]
        f[_I["supply_left"]] = state["supply_f"][s] * share
        f[_I["active"]] = float(state["active"] == s and state["phase"] != "over")
    best = _held_features(geo, state, out, share, left)
    _keep(geo, state, out)
    for s, f in enumerate(out):
        for number, _ in state["held"][s]:
            effect = geo.wall_effect(number)
            if effect in _WALL:
                f[_I[_WALL[effect]]] += 1
            elif effect in _INCOMPLETE:
                f[_I["wall_incomplete"]] += best.get((s, _INCOMPLETE[effect]), 0)
    return out


def _held_features(geo: Geometry, state: dict, out: list, share: float, left: int) -> dict:
    """Followers on open features, the prospects of the features each seat holds the
    majority on; returns the best incomplete value per (seat, kind) (for wall tiles 4-7)."""
    uf, best = state["uf"], {}
    for root, parent in enumerate(uf["parent"]):
        if parent != root or uf["done"][root] or not any(uf["fol"][root]):
            continue
        fol, kind = uf["fol"][root], uf["kind"][root]
        if kind != "C":
            for s, count in enumerate(fol):
                out[s][_I["onopen"]] += count
                out[s][_I["onopen_left"]] += count * share
        who = majority(fol)
        if who is None:
            continue
        g = root_group(state, root)
        if kind == "C":
            value = g["markets"] * geo.scoring["market_per_market"]
            out[who][_I["court"]] += value
            best[who, kind] = max(best.get((who, kind), 0), g["markets"])
            continue
        size = per_tile(geo, kind, g["fountain"]) * g["cells"]
        out[who][_I["prospect_" + kind]] += prospect(geo, g, left)
        out[who][_I["size_" + kind]] += size
        best[who, kind] = max(best.get((who, kind), 0), size)
    return best


def _keep(geo: Geometry, state: dict, out: list) -> None:
    """Keep sizes (with wall tiles 8) and, for a seat whose keep is the largest now, the
    largest empty area it would score."""
    sizes = [k["size"] if k else 0 for k in state["keep"]]
    for s in range(len(sizes)):
        if sizes[s]:
            sizes[s] += 2 * len(track.held_with(geo, state, s, "keep_plus_2"))
        out[s][_I["keep_size"]] = sizes[s]
    top = max(sizes)
    if top and sizes.count(top) == 1:
        out[sizes.index(top)][_I["keep_area"]] = largest_empty_area(geo, state)


def values(geo: Geometry, state: dict) -> list[float]:
    """Per seat, the weighted sum of its features (differences are the expected lead)."""
    return [sum(w * x for w, x in zip(WEIGHTS, f)) for f in features(geo, state)]
