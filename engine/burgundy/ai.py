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
_PLACE = {"place", "place_cost", "place_costs"}
_CHEAPEST_FIRST = {"space", "space_cost", "goods", "side", "start_castle", "discard",
                   "estate_castle"}


def _score(state: dict, p: dict, option) -> float:
    label, params = option.label, option.params
    if label == "take" or label == "take_cost":
        if len(p["store"]) >= 3:
            return -1
        return 2 + _TAKE_TASTE[TILES[params["tile"]].category] - 2 * params["cost"]
    if label in _PLACE:
        return 10 - 2 * params["cost"]
    if label == "sell" or label == "sell_cost":
        return 3 * params["count"] - 2 * params["cost"]
    if label == "workers":
        return 3 if p["workers"] < 2 else 1
    if label in _CHEAPEST_FIRST:
        return -params.get("cost", 0)
    if label == "depot" or label == "depots":
        goods = state["depot_goods"]
        return len(goods[params["depot"] - 1]) + (len(goods[params["depot2"] - 1])
                                                  if "depot2" in params else 0)
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
