"""A simple, sensible AI for Burgundy: cheap heuristics that never stall.

It scores the options of the open decision (placing beats selling beats taking beats
workers, paying workers is discouraged, ``back``/``decline`` only as a last resort; a
space that completes a region, or brings one nearer completion, beats another) and
returns the best option id (random among equals).
"""
from __future__ import annotations

import random

from engine.core import Decision
from engine.burgundy.data import PHASE_BONUS, REGION_VP, TILES
from engine.burgundy.estate import estate_of, legal_spaces, region_spaces

_TAKE_TASTE = {"knowledge": 2, "building": 2, "animal": 1, "ship": 1, "castle": 2, "mine": 1}
_PLACE = {"place", "place_cost", "place_costs"}
_CHEAPEST_FIRST = {"goods", "side", "start_castle", "discard", "estate_castle"}
_SPACE = {"space", "space_cost"}


def _space(state: dict, p: dict, params: dict) -> float:
    """A placement space: the region points it completes now (and the colour it fills),
    else a little for a region nearer completion; minus the workers it costs."""
    sp, space = p["sp"], params["space"]
    region = region_spaces(p, space)
    empty = sum(1 for s in region if sp[s] is None and s != space)
    if empty == 0:
        worth = REGION_VP[len(region)] + PHASE_BONUS[state["phase"]]
    else:
        worth = 1 - empty / len(region)
    colour = estate_of(p).colour[space]
    if all(sp[s] is not None or s == space for s in estate_of(p).by_colour[colour]):
        worth += 3
    return worth - 2 * params["cost"]


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
    if label in _SPACE:
        return _space(state, p, params)
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
