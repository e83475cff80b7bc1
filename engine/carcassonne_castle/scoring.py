"""Scoring completed paths, towers and houses during play (spec section 5).

A feature scores for the seat with strictly more followers on it; ties and empty
features score nothing but still release their followers.  Points per tile come from the
data's ``scoring_table``; a start space counts as a tile.
"""
from __future__ import annotations

from itertools import permutations

from engine.core import Event

from . import track
from .board import find
from .geometry import KIND_NAME, Geometry

DOUBLE_EFFECT = {"T": "double_completed_tower", "H": "double_completed_house"}


def majority(fol: list[int]) -> int | None:
    """The seat with strictly more followers, else None."""
    best = max(fol)
    if best == 0 or fol.count(best) > 1:
        return None
    return fol.index(best)


def points(geo: Geometry, state: dict, root: int, double: bool = False) -> int:
    uf, table = state["uf"], geo.scoring
    kind, size = uf["kind"][root], len(uf["cells"][root])
    if kind == "P":
        per = table["path_with_fountain_per_tile"] if uf["fountain"][root] else table["path_per_tile"]
    elif kind == "T":
        per = table["tower_per_tile"]
    else:
        per = table["house_per_tile"]
    return size * per * (2 if double else 1)


def anchor(geo: Geometry, state: dict, root: int) -> str:
    """A cell label naming the feature for players: its first placed tile's cell."""
    cells = [c for c in state["uf"]["cells"][root] if state["board"][c] is not None]
    return geo.label(min(cells or state["uf"]["cells"][root]))


def return_followers(state: dict, root: int) -> list[int]:
    """Take every follower off the feature ``root``; returns how many per seat."""
    uf = state["uf"]
    back = [0] * len(state["score"])
    keep = []
    for seat, part in state["followers"]:
        if find(uf, part) == root:
            back[seat] += 1
        else:
            keep.append([seat, part])
    state["followers"] = keep
    for seat, n in enumerate(back):
        state["supply_f"][seat] += n
    uf["fol"][root] = [0] * len(back)
    return back


def queue_completed(geo: Geometry, state: dict, completed: list[int], events: list[Event]) -> None:
    """Split the completed features: the placing seat's, the opponent's, and the ones that
    score for nobody (finished at once)."""
    uf, active = state["uf"], state["active"]
    mine, theirs = [], []
    for root in completed:
        winner = majority(uf["fol"][root])
        if winner is None:
            uf["done"][root] = 1
            if any(state["board"][c] is not None for c in uf["cells"][root]):
                state["scored"].append({"kind": KIND_NAME[uf["kind"][root]], "seat": None,
                                        "points": 0, "cells": list(uf["cells"][root])})
            if any(return_followers(state, root)):
                events.append(Event("feature_tied", {"kind": KIND_NAME[uf["kind"][root]],
                                                     "size": len(uf["cells"][root]),
                                                     "spot": anchor(geo, state, root)}))
        elif winner == active:
            mine.append(root)
        else:
            theirs.append(root)
    state["queue"] = mine + theirs
    state["queue_mine"] = len(mine)


def current_group(state: dict) -> list[int]:
    """The features that may be scored next: the placing seat's first, then the rest."""
    queue, mine = state["queue"], state["queue_mine"]
    return queue[:mine] if mine else queue


def doubles_for(geo: Geometry, state: dict, root: int) -> list:
    """Wall tiles 2/3 the placing seat may play on its own completed ``root`` now."""
    uf, active = state["uf"], state["active"]
    effect = DOUBLE_EFFECT.get(uf["kind"][root])
    if effect is None or majority(uf["fol"][root]) != active:
        return []
    return track.held_with(geo, state, active, effect, usable_now=True)


def order_matters(geo: Geometry, state: dict) -> bool:
    """Whether the placing seat should choose the order of the current group: some order
    would take a different wall tile, or a wall tile 2/3 could double one of them.
    Otherwise every order ends with the same scores, wall tiles and towers (the keep only
    grows to the largest house, whatever the order), so asking could change nothing:
    ``test_order_question_is_equivalent_to_asking_always`` checks this by brute force."""
    group = current_group(state)
    if len(group) < 2:
        return False
    if any(doubles_for(geo, state, root) for root in group):
        return True
    if state["options"]["late_pickup"]:
        return False
    if len(group) > 6:
        return True
    seat = majority(state["uf"]["fol"][group[0]])
    outcomes = set()
    for order in permutations(group):
        score, taken = state["score"][seat], []
        for root in order:
            score += points(geo, state, root)
            tower = track.tower_with_tile(geo, state, score)
            if tower is not None and tower not in taken:
                taken.append(tower)
        outcomes.add(tuple(sorted(taken)))
        if len(outcomes) > 1:
            return True
    return False


def score_feature(geo: Geometry, state: dict, root: int, double: list | None,
                  events: list[Event]) -> None:
    """Score one completed feature (one marker move), return its followers, move the keep."""
    uf = state["uf"]
    state["queue"].remove(root)
    if state["queue_mine"] and majority(uf["fol"][root]) == state["active"]:
        state["queue_mine"] -= 1
    winner = majority(uf["fol"][root])
    kind = uf["kind"][root]
    if double:
        track.use_wall_tile(state, winner, double)
        events.append(Event("wall_tile_used", {"seat": winner, "number": double[0],
                                               "tile": f"wall{double[0]}"}))
    uf["done"][root] = 1
    size = len(uf["cells"][root])
    state["scored"].append({"kind": KIND_NAME[kind], "seat": winner,
                            "points": points(geo, state, root, bool(double)),
                            "cells": list(uf["cells"][root])})
    track.add_points(geo, state, winner, points(geo, state, root, bool(double)), KIND_NAME[kind],
                     "feature_scored", events, kind=KIND_NAME[kind], size=size,
                     spot=anchor(geo, state, root))
    return_followers(state, root)
    if kind == "H":
        _keep(geo, state, winner, root, size, events)


def _keep(geo: Geometry, state: dict, seat: int, root: int, size: int, events: list[Event]) -> None:
    """Place or move the seat's keep onto a larger house it has just scored (5.2)."""
    if state["options"]["keep_requires_own_placement"] and seat != state["active"]:
        return
    keep = state["keep"][seat]
    if keep is not None and size <= keep["size"]:
        return
    uf = state["uf"]
    spot = anchor(geo, state, root)
    part = min(p for p in range(len(uf["parent"])) if uf["kind"][p] == "H"
               and geo.label(uf["cell"][p]) == spot and find(uf, p) == root)
    state["keep"][seat] = {"part": part, "size": size}
    events.append(Event("keep_moved" if keep else "keep_placed",
                        {"seat": seat, "size": size, "spot": spot}))
