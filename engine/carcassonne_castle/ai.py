"""A heuristic AI seat that uses only what the seat may know (the board, scores, held
wall tiles, whether a corner tower still holds a tile, the number of tiles left; never
the supply order nor a face-down wall tile).

Every position and rotation is valued by ``board.preview`` (no state copy) as the change
in expected points, mine minus the opponent's: points scored now, the prospect of the
features the tile grows (points per tile times a completion chance that falls with open
ends and tiles left), the best follower it lets the seat deploy (minus what locking that
follower costs), followers coming back, wall tiles landed on and the keep."""
from __future__ import annotations

import random
from itertools import permutations

from engine.core import Decision

from . import board, scoring, track
from .flow import follower_options
from .geometry import Geometry

WALL_TILE = 3.0        # worth of a face-down wall tile
RETURN = 0.8           # worth of a follower coming back to the supply
KEEP_AREA = 9.0        # a typical largest empty area at the end
MARKET = "market_per_market"


def per_tile(geo: Geometry, kind: str, fountain: bool) -> int:
    table = geo.scoring
    if kind == "P":
        return table["path_with_fountain_per_tile"] if fountain else table["path_per_tile"]
    return table["tower_per_tile"] if kind == "T" else table["house_per_tile"]


def _chance(open_: int, left: int) -> float:
    """Rough chance that a feature with ``open_`` open ends is completed in time."""
    if open_ <= 0:
        return 1.0
    return 0.8 ** open_ * min(1.0, left / (6.0 * open_))


def prospect(geo: Geometry, g: dict, left: int) -> float:
    """Expected points of feature ``g`` (a ``preview`` group) for whoever holds it."""
    if g["kind"] == "C":
        return g["markets"] * geo.scoring[MARKET]
    return per_tile(geo, g["kind"], g["fountain"]) * g["cells"] * _chance(g["open"], left)


def follower_cost(kind: str, supply: int, left: int) -> float:
    """What locking one follower on an open feature costs (merchants never come back)."""
    scarce = 1.0 if supply <= 2 else 0.3
    return scarce + 0.12 * left if kind == "C" else scarce


def _sign(winner: int | None, me: int) -> int:
    return 0 if winner is None else (1 if winner == me else -1)


def root_group(state: dict, root: int) -> dict:
    """A union-find root as a ``preview`` group (for :func:`prospect`)."""
    uf = state["uf"]
    return {"kind": uf["kind"][root], "open": uf["open"][root], "cells": len(uf["cells"][root]),
            "fountain": bool(uf["fountain"][root]), "markets": uf["markets"][root],
            "fol": uf["fol"][root]}


def _landing(geo: Geometry, state: dict, seat: int, gained: int) -> float:
    return WALL_TILE if gained and track.tower_with_tile(geo, state, state["score"][seat] + gained) \
        is not None else 0.0


def _keep_gain(state: dict, me: int, size: int) -> float:
    """Worth of my keep growing to ``size`` (it wins the empty area only if larger)."""
    keeps = [k["size"] if k else 0 for k in state["keep"]]
    if size <= keeps[me]:
        return 0.0
    other = max(k for s, k in enumerate(keeps) if s != me)
    before = 1.0 if keeps[me] > other else 0.0
    after = 1.0 if size > other else 0.0
    return (after - before) * KEEP_AREA * 0.7


def claim_value(geo: Geometry, state: dict, g: dict, me: int, complete: bool) -> float:
    """Worth of putting one of my followers on the unoccupied feature ``g``."""
    left = len(state["supply"])
    if complete:
        pts = per_tile(geo, g["kind"], g["fountain"]) * g["cells"]
        value = pts + _landing(geo, state, me, pts)
        if g["kind"] == "H":
            value += _keep_gain(state, me, g["cells"])
        return value
    return prospect(geo, g, left) - follower_cost(g["kind"], state["supply_f"][me], left)


def _held_value(geo: Geometry, state: dict, root: int, me: int, memo: dict) -> float:
    """My signed prospect of an existing feature (memoised for one decision)."""
    value = memo.get(root)
    if value is None:
        fol = state["uf"]["fol"][root]
        sign = _sign(scoring.majority(fol), me)
        value = sign * prospect(geo, root_group(state, root), len(state["supply"])) if sign else 0.0
        memo[root] = value
    return value


def placement_value(geo: Geometry, state: dict, cell: int, rot: int, me: int,
                    memo: dict | None = None) -> float:
    """Change in my expected points minus the opponent's if the drawn tile goes there."""
    left, memo = len(state["supply"]), {} if memo is None else memo
    value, claim, gained = 0.0, 0.0, [0] * len(state["score"])
    may_claim = state["supply_f"][me] > 0
    for g in board.preview(geo, state, cell, state["drawn"], rot):
        fol, kind = g["fol"], g["kind"]
        complete = kind != "C" and g["open"] == 0 and not g["done"]
        if not any(fol):            # nobody's yet: only worth claiming
            if may_claim and g["parts"] and (kind != "C" or g["markets"]):
                claim = max(claim, claim_value(geo, state, g, me, complete))
            continue
        before = sum(_held_value(geo, state, r, me, memo) for r in g["roots"])
        winner = scoring.majority(fol)
        if complete:
            pts = per_tile(geo, kind, g["fountain"]) * g["cells"]
            after = _sign(winner, me) * pts
            if winner is not None:
                gained[winner] += pts
                if kind == "H" and winner == me:
                    after += _keep_gain(state, me, g["cells"])
            mine = fol[me]
            value += RETURN * mine - 0.5 * RETURN * (sum(fol) - mine)
        else:
            sign = _sign(winner, me)
            after = sign * prospect(geo, g, left) if sign else 0.0
        value += after - before
    for seat, pts in enumerate(gained):
        value += _landing(geo, state, seat, pts) * (1 if seat == me else -1)
    return value + claim


def _follower_value(geo: Geometry, state: dict, part: int, me: int) -> float:
    root = board.find(state["uf"], part)
    return claim_value(geo, state, root_group(state, root), me, root in state["completed"])


def _order(geo: Geometry, state: dict, me: int, ids: list[str]) -> list[str]:
    """The first feature of the order that gives me the most wall tiles (or the opponent
    the fewest)."""
    group = [int(i[6:]) for i in ids]
    seat = scoring.majority(state["uf"]["fol"][group[0]])
    best, first = None, group[0]
    for order in permutations(group[:6]):
        score, taken = state["score"][seat], set()
        for root in order:
            score += scoring.points(geo, state, root)
            tower = track.tower_with_tile(geo, state, score)
            if tower is not None:
                taken.add(tower)
        value = len(taken) * (1 if seat == me else -1)
        if best is None or value > best:
            best, first = value, order[0]
    return [f"score:{first}"] + [i for i in ids if i != f"score:{first}"]


#: the values of the last place decision, reused by the rotate decision that follows it
#: (only a speed-up: on any doubt they are computed again)
_LAST: list = []


def _key(state: dict, me: int) -> tuple:
    return (me, state["turn"], state["drawn"], len(state["placements"]), tuple(state["score"]),
            state["rng"], tuple(state["supply_f"]))


def ai_preference(geo: Geometry, state: dict, decision: Decision, rnd: random.Random) -> list[str]:
    me, kind = decision.seat, decision.kind
    ids = [o.id for o in decision.options if o.id != "back"]
    if kind == "place":
        if "extra:use" in ids:                  # a kept wall tile 1: play it
            return ["extra:use"] + [i for i in ids if i != "extra:use"]
        memo: dict = {}
        values = {cell: {r: placement_value(geo, state, cell, r, me, memo) for r in rots}
                  for cell, rots in state["legal"]}
        _LAST[:] = [_key(state, me), values]
        best = {f"at:{geo.label(cell)}": max(v.values()) for cell, v in values.items()}
        return sorted(ids, key=lambda i: (-best[i], rnd.random()))
    if kind == "rotate":
        cell = state["chosen"]
        rot = {f"rot:{d}": i for i, d in enumerate((0, 90, 180, 270))}
        known = _LAST[1].get(cell) if _LAST and _LAST[0] == _key(state, me) else None
        if known is None or any(rot[i] not in known for i in ids):
            known = {rot[i]: placement_value(geo, state, cell, rot[i], me) for i in ids}
        return sorted(ids, key=lambda i: -known[rot[i]])
    if kind == "follower":
        worth = {f"f:{name}": _follower_value(geo, state, part, me)
                 for name, part in follower_options(geo, state)}
        return sorted(ids, key=lambda i: -worth.get(i, 0.0))
    if kind == "order":
        return _order(geo, state, me, ids)
    if kind == "double":
        extra = decision.params["points"] // 2
        use = extra >= 4 or len(state["supply"]) <= 12
        return sorted(ids, key=lambda i: i.endswith(":use") != use)
    return [i for i in ids if i.endswith(":use")] + [i for i in ids if not i.endswith(":use")]
