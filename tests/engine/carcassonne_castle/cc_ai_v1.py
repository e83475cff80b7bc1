"""The first (greedy) AI of the engine, kept as a baseline for the tests (the new
``engine/carcassonne_castle/ai.py`` must beat it); only change: it ignores "extra:use"."""
from __future__ import annotations

import random

from engine.core import Decision

from engine.carcassonne_castle import board, scoring, track
from engine.carcassonne_castle.flow import follower_options
from engine.carcassonne_castle.geometry import Geometry

#: rough worth of one tile of a feature the seat holds, by kind (completion is uncertain)
PROSPECT = {"P": 0.5, "T": 1.2, "H": 0.6, "C": 0.0}
TOWER_BONUS = 3.0


def _trial(state: dict) -> dict:
    """A copy of ``state`` that ``board.place`` may change freely (only what it touches)."""
    uf = state["uf"]
    copy = dict(state)
    copy["uf"] = {k: ([list(x) for x in v] if k in ("cells", "fol") else list(v)) for k, v in uf.items()}
    copy["board"] = list(state["board"])
    copy["fixed"] = list(state["fixed"])
    copy["req"] = list(state["req"])
    return copy


def _completion_value(geo: Geometry, state: dict, roots: list[int], me: int) -> float:
    uf, value = state["uf"], 0.0
    gained = list(state["score"])
    for root in roots:
        winner = scoring.majority(uf["fol"][root])
        if winner is None:
            value += 0.5 * uf["fol"][root][me]      # followers come back
            continue
        pts = scoring.points(geo, state, root)
        gained[winner] += pts
        value += pts if winner == me else -pts
        value += 0.5 * uf["fol"][root][me]
    for seat, score in enumerate(gained):
        if score != state["score"][seat] and track.tower_with_tile(geo, state, score) is not None:
            value += TOWER_BONUS if seat == me else -TOWER_BONUS
    return value


def placement_value(geo: Geometry, state: dict, cell: int, rot: int, me: int) -> float:
    trial = _trial(state)
    base, completed = board.place(geo, trial, cell, trial["drawn"], rot)
    value = _completion_value(geo, trial, completed, me)
    uf = trial["uf"]
    seen = set(completed)
    face = geo.faces[trial["drawn"]][rot]
    best_new = 0.0
    for i in range(len(face["parts"])):
        root = board.find(uf, base + i)
        if root in seen:
            continue
        seen.add(root)
        fol = uf["fol"][root]
        owner = scoring.majority(fol)
        growth = PROSPECT[uf["kind"][root]] / (1 + 0.2 * uf["open"][root])
        if owner == me:
            value += growth * 2
        elif owner is not None:
            value -= growth * 2
        elif not any(fol) and state["supply_f"][me]:
            best_new = max(best_new, growth * len(uf["cells"][root]))
    contacts = sum(1 for other in geo.neighbour[cell] if other is not None
                   and board.face_at(geo, trial, other) is not None)
    return value + best_new + 0.1 * contacts


def _follower_value(geo: Geometry, state: dict, part: int, me: int) -> float:
    uf = state["uf"]
    root = board.find(uf, part)
    kind, size, open_ = uf["kind"][root], len(uf["cells"][root]), uf["open"][root]
    spare = state["supply_f"][me]
    if root in state["completed"]:
        return float(scoring.points(geo, state, root))
    if kind == "C":
        worth = 2.0 * uf["markets"][root] - 1.0
    else:
        worth = scoring.points(geo, state, root) * 1.5 / (1 + 0.35 * open_)
    return worth - (2.5 if spare <= 2 else 1.0)


def ai_preference(geo: Geometry, state: dict, decision: Decision, rnd: random.Random) -> list[str]:
    me, kind = decision.seat, decision.kind
    ids = [o.id for o in decision.options if o.id != "back"]
    if kind == "place":
        best: dict[str, float] = {}
        for cell, rots in state["legal"]:
            best[f"at:{geo.label(cell)}"] = max(placement_value(geo, state, cell, r, me) for r in rots)
        return sorted(ids, key=lambda i: (-best.get(i, -1e9), rnd.random()))
    if kind == "rotate":
        cell = state["chosen"]
        degrees = {f"rot:{d}": i for i, d in enumerate((0, 90, 180, 270))}
        return sorted(ids, key=lambda i: -placement_value(geo, state, cell, degrees[i], me))
    if kind == "follower":
        value = {"none": 0.0}
        for name, part in follower_options(geo, state):
            value[f"f:{name}"] = _follower_value(geo, state, part, me)
        return sorted(ids, key=lambda i: -value[i])
    if kind == "order":
        def lands(option_id: str) -> bool:
            root = int(option_id[6:])
            winner = scoring.majority(state["uf"]["fol"][root])
            score = state["score"][winner] + scoring.points(geo, state, root)
            return track.tower_with_tile(geo, state, score) is not None and winner == me
        return sorted(ids, key=lambda i: not lands(i))
    return [i for i in ids if i.endswith(":use")] + [i for i in ids if not i.endswith(":use")]
