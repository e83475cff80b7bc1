"""Why an option is refused: a specific RuleError key for the common mistakes.

Called only after the option was found illegal, so it may be slow; anything it cannot
explain is ``illegal_option``.  Keys: ``burgundy.error.<key>`` in the i18n catalog.
"""
from __future__ import annotations

from engine.core import RuleError
from engine.burgundy.actions import BUY_PRICE
from engine.burgundy.data import GOODS, TILES


def explain(state: dict, seat: int, kind: str, option_id: str) -> RuleError:
    p = state["players"][seat]
    verb, _, rest = option_id.partition(":")
    if verb in ("buy", "buy_black"):
        if state["bought"]:
            return RuleError("already_bought")
        if p["silver"] < BUY_PRICE:
            return RuleError("not_enough_silver", price=BUY_PRICE)
        return RuleError("tile_not_available", option=option_id)
    if verb == "die" and rest in ("0", "1") and p["used"][int(rest)]:
        return RuleError("die_used")
    if verb == "end" and kind == "turn":
        return RuleError("dice_left")
    if verb == "sell" and rest.isdigit() and int(rest) in GOODS and not p["goods"][int(rest)]:
        return RuleError("no_goods", goods=f"goods_{rest}")
    if verb in ("take", "place") and rest.split(":")[-1] not in TILES:
        return RuleError("tile_not_available", option=option_id)
    if verb == "space":
        return RuleError("illegal_space", option=option_id)
    return RuleError("illegal_option", option=option_id)
