"""Why an answer is refused (called only once the option was found illegal)."""
from __future__ import annotations

from engine.core import RuleError, State

from . import data as D
from .build import castle
from .decisions import parse_place
from .placement import is_legal


def explain(state: State, seat: int, option: str) -> RuleError:
    task = state["task"]
    player = state["players"][seat]
    if task and task["type"] == "turn":
        if option.startswith("buy:") and option[4:].isdigit():
            i = int(option[4:])
            if i >= len(state["market"]) or state["market"][i]["tile"] is None:
                return RuleError("empty_slot")
            slot = state["market"][i]
            if player["money"] + slot["coins"] < slot["price"]:
                return RuleError("cannot_afford", price=slot["price"], money=player["money"])
            return RuleError("no_placement", tile=slot["tile"])
        if option in (D.STAIRS, D.HALLWAY):
            if not state["supply"][option]:
                return RuleError("supply_empty", tile=option)
            if player["money"] < D.CORRIDOR_PRICE:
                return RuleError("cannot_afford", price=D.CORRIDOR_PRICE, money=player["money"])
            return RuleError("no_placement", tile=option)
    if task and task["type"] == "place" and option.startswith("pl:"):
        try:
            rot, x, y, side = parse_place(option)
        except (ValueError, IndexError):
            return RuleError("illegal_option", option=option)
        if 0 <= rot < 4 and not is_legal(castle(state, seat), task["tile"], rot, x, y, side):
            return RuleError("illegal_placement", tile=task["tile"])
    return RuleError("illegal_option", option=option)
