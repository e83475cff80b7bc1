"""Why an option is refused: a RuleError worded for the open decision.

Called only after the option was found illegal, so it may be slow.  An option of a kind
the open decision never offers (``space:99`` while the turn menu is open) gets the
generic ``illegal_option``; a right-kind option gets the specific reason when there is
one.  Keys: ``burgundy.error.<key>`` in the i18n catalog.
"""
from __future__ import annotations

from engine.core import RuleError
from engine.burgundy.actions import BUY_PRICE
from engine.burgundy.buildings import TAKES
from engine.burgundy.data import DEPOT_PAIRS, DEPOTS, DIE, GOODS, SPACES, TILES
from engine.burgundy.dice import cost_row
from engine.burgundy.estate import placement_fault
from engine.burgundy.frames import parent_die
from engine.burgundy.knowledge import (
    BUY_ANY_DEPOT, PLACE_FREE_STEP, SHIP_TWO_DEPOTS, TAKE_FREE_STEP,
)

_TAKE = ("take", "decline")
#: decision kind -> the option verbs (id up to the first ":") it can ever offer
VERBS = {
    "turn": ("die", "buy_black", "buy", "end"),
    "die_action": ("take", "place", "sell", "workers", "back"),
    "castle": ("take", "place", "sell", "workers", "decline"),
    "space": ("space", "back"),
    "discard": ("discard", "back"),
    "ship": ("depot", "depots", "no_goods"),
    "ship_goods": ("goods",),
    "warehouse": ("sell", "decline"),
    "carpenters_workshop": _TAKE, "church": _TAKE, "market": _TAKE,
    "city_hall": ("place", "decline"),
    "choose_estate": ("side",),
    "start_castle": ("castle", "back"),
}


def explain(state: dict, seat: int, kind: str, option_id: str) -> RuleError:
    """The error for ``option_id``, which is not among the open decision's options."""
    verb, _, rest = option_id.partition(":")
    if verb not in VERBS.get(kind, ()):
        return RuleError("illegal_option", option=option_id)
    p = state["players"][seat]
    die = _die_value(state, p, kind)
    if verb in ("buy", "buy_black"):
        return _buy(state, p, verb, option_id)
    if verb == "die" and rest in ("0", "1") and p["used"][int(rest)]:
        return RuleError("die_used")
    if verb == "end":
        return RuleError("dice_left")
    if verb == "sell":
        return _sell(p, rest, die, option_id)
    if verb == "take":
        return _take(state, p, kind, rest, die, option_id)
    if verb in ("depot", "depots"):
        return _ship(state, p, verb, rest, option_id)
    if verb in ("place", "discard") and rest not in p["store"]:
        if rest in TILES:
            return RuleError("not_in_storage", tile=rest)
        return RuleError("tile_not_available", option=option_id)
    if verb == "place":
        return RuleError("no_space_for_tile", tile=rest)
    if verb == "space":
        return _space(state, p, rest, option_id)
    return RuleError("illegal_option", option=option_id)


def _die_value(state: dict, p: dict, kind: str) -> int | None:
    """The die value the open die action uses (None: no die, e.g. the castle)."""
    if kind == "die_action":
        return p["dice"][state["stack"][-1]["die"]]
    return None


def _buy(state: dict, p: dict, verb: str, option_id: str) -> RuleError:
    if state["bought"]:
        return RuleError("already_bought")
    if p["silver"] < BUY_PRICE:
        return RuleError("not_enough_silver", price=BUY_PRICE)
    if verb == "buy" and BUY_ANY_DEPOT not in p["know"]:
        return RuleError("needs_knowledge_6")
    return RuleError("tile_not_available", option=option_id)


def _space(state: dict, p: dict, rest: str, option_id: str) -> RuleError:
    """Why the tile being placed may not go on space ``rest`` (rules §8.2)."""
    if not (rest.isdigit() and int(rest) in SPACES):
        return RuleError("illegal_space", option=option_id)
    space, tile = int(rest), state["stack"][-1]["tile"]
    fault = placement_fault(p, tile, space)
    if fault:
        return RuleError(fault[0], **fault[1])
    die = parent_die(state, p)
    if die:
        need = cost_row(p["know"], die, PLACE_FREE_STEP[TILES[tile].colour])[DIE[space]]
        return RuleError("not_enough_workers", need=need, workers=p["workers"])
    return RuleError("illegal_space", option=option_id)


def _sell(p: dict, rest: str, die: int | None, option_id: str) -> RuleError:
    if not (rest.isdigit() and int(rest) in GOODS):
        return RuleError("illegal_option", option=option_id)
    goods = int(rest)
    if not p["goods"][goods]:
        return RuleError("no_goods", goods=f"goods_{goods}")
    if die:
        return RuleError("not_enough_workers", need=cost_row(p["know"], die)[goods],
                         workers=p["workers"])
    return RuleError("illegal_option", option=option_id)


def _take(state: dict, p: dict, kind: str, rest: str, die: int | None,
          option_id: str) -> RuleError:
    depot, _, tile = rest.partition(":")
    on_depot = (depot.isdigit() and int(depot) in DEPOTS
                and tile in state["depots"][int(depot) - 1])
    if on_depot and die:
        need = cost_row(p["know"], die, TAKE_FREE_STEP)[int(depot)]
        if need > p["workers"]:
            return RuleError("not_enough_workers", need=need, workers=p["workers"])
    if on_depot and kind in TAKES and TILES[tile].category not in TAKES[kind]:
        return RuleError("wrong_tile_kind", building=kind, tile=tile)
    return RuleError("tile_not_available", option=option_id)


def _ship(state: dict, p: dict, verb: str, rest: str, option_id: str) -> RuleError:
    """Why the ship may not load from depot(s) ``rest`` (rules §9, knowledge 5)."""
    parts = rest.split(":")
    if len(parts) != (2 if verb == "depots" else 1) or not all(
            x.isdigit() and int(x) in DEPOTS for x in parts):
        return RuleError("illegal_option", option=option_id)
    two = SHIP_TWO_DEPOTS in p["know"]
    if verb == "depots" and not two:
        return RuleError("needs_knowledge_5")
    if verb == "depot" and two:
        return RuleError("choose_two_depots")
    depots = tuple(int(x) for x in parts)
    if verb == "depots" and depots not in DEPOT_PAIRS and depots[::-1] not in DEPOT_PAIRS:
        return RuleError("depots_not_adjacent")
    if not any(state["depot_goods"][d - 1] for d in depots):
        return RuleError("depot_empty")
    return RuleError("illegal_option", option=option_id)
