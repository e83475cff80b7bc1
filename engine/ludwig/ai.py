"""A sensible AI from public information and its own cards only.

Turn: buy the affordable room whose best placement scores most per 1,000 spent
(stairs early, so downstairs rooms become possible), else take 5,000.  Placement: the
highest-scoring spot.  Rewards: always take them.  Pricing: the tiles it likes least
(by base points) go to the expensive slots only when they carry coins... kept simple:
confirm the arrangement as revealed.
"""
from __future__ import annotations

import random

from engine.core import Decision, State

from . import data as D
from .build import castle
from .placement import legal
from .preview import preview_points


def _best_points(state: State, seat: int, tile: str) -> int:
    c = castle(state, seat)
    return max((preview_points(c, tile, cand) for cand in legal(c, tile)), default=-99)


def _turn(state: State, d: Decision) -> list[str]:
    seat = d.seat
    money = state["players"][seat]["money"]
    scored = []
    for opt in d.options:
        if opt.id == "take":
            continue
        if opt.id.startswith("buy:"):
            slot = state["market"][int(opt.id[4:])]
            cost = max(0, slot["price"] - slot["coins"])
            value = _best_points(state, seat, slot["tile"]) + D.TILES[slot["tile"]]["size"] / 200
        else:
            cost = D.CORRIDOR_PRICE
            owns_stairs = any(r["tile"] == D.STAIRS for r in state["players"][seat]["rooms"])
            value = 2.0 if opt.id == D.STAIRS and not owns_stairs else 0.5
        if money - cost < 2000 and cost > 0 and value < 6:
            continue
        scored.append((value - cost / 2500, opt.id))
    scored.sort(reverse=True)
    ranked = [oid for val, oid in scored if val > 0]
    return ranked + ["take"]


def _place(state: State, d: Decision) -> list[str]:
    c = castle(state, d.seat)
    task = state["task"]
    if d.kind == "place_spot":
        groups = {}
        from .decisions import spots
        for n, g in enumerate(spots(legal(c, task["tile"])), 1):
            groups[f"spot:{n}"] = max(preview_points(c, task["tile"], cand) for cand in g)
        return sorted(groups, key=lambda k: -groups[k])
    opts = [o for o in d.options if o.id != "back"]
    opts.sort(key=lambda o: -o.params.get("points", 0))
    return [o.id for o in opts]


def ai_preference(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    kind = decision.kind
    ids = [o.id for o in decision.options]
    if kind in ("turn", "extra_turn"):
        return _turn(state, decision)
    if kind in ("place", "place_spot", "place_rot"):
        return _place(state, decision)
    if kind == "price":
        return ["confirm"]
    if kind in ("corridor", "sleep_stack"):
        return [i for i in ids if i != "decline"] + ["decline"]
    if kind == "wild":
        return ["type:activity", "type:outdoor"]
    if kind == "sleep_pick":
        return ["done"]
    return ids
