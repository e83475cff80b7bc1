"""A simple, sensible AI for Burgundy: cheap heuristics that never stall.

It scores the options of the open decision (placing beats selling beats taking beats
workers, paying workers is discouraged, ``back``/``decline`` only as a last resort) and
returns the best option id (random among equals).
"""
from __future__ import annotations

import random

from engine.core import Decision
from engine.burgundy.data import TILES
from engine.burgundy.estate import legal_spaces

_TAKE_TASTE = {"knowledge": 2, "building": 2, "animal": 1, "ship": 1, "castle": 2, "mine": 1}


def _score(state: dict, p: dict, option) -> float:
    oid, params = option.id, option.params
    verb = oid.split(":", 1)[0]
    cost = params.get("cost", 0) if params else 0
    if verb == "place":
        return 10 - 2 * cost
    if verb == "sell":
        return 3 * params["count"] - 2 * cost
    if verb in ("take", "buy_black", "buy"):
        room = 3 - len(p["store"])
        return (2 + _TAKE_TASTE[TILES[params["tile"]].category] - 2 * cost if room > 0 else -1)
    if verb == "workers":
        return 3 if p["workers"] < 2 else 1
    if verb in ("space", "goods", "side", "castle", "discard"):
        return -cost
    if verb in ("depot", "depots"):
        goods = state["depot_goods"]
        return len(goods[params["depot"] - 1]) + len(goods[params.get("depot2", 0) - 1]
                                                      if "depot2" in params else [])
    return -100      # back, decline, end


def _turn(state: dict, p: dict, decision: Decision, rnd: random.Random) -> str:
    dice = [o.id for o in decision.options if o.id.startswith("die:")]
    if len(p["store"]) < 3:
        for o in decision.options:
            if o.id.startswith("buy") and legal_spaces(p, o.params["tile"]):
                return o.id
    if dice:
        return rnd.choice(dice)
    return "end" if decision.option("end") else decision.options[0].id


def preference(state: dict, decision: Decision, rnd: random.Random) -> list[str]:
    p = state["players"][decision.seat]
    if decision.kind == "turn":
        return [_turn(state, p, decision, rnd)]
    best, best_ids = None, []
    for option in decision.options:
        score = _score(state, p, option)
        if best is None or score > best:
            best, best_ids = score, [option.id]
        elif score == best:
            best_ids.append(option.id)
    return [rnd.choice(best_ids)]
