"""Why an answer is refused: a RuleError naming the broken rule for the open decision.

Called only after the option was found illegal (so it may be slow).  Each reason
mirrors a condition of the option builder of the same decision kind; an option the
decision could never offer (wrong prefix, unknown id) gets ``illegal_option``.
Keys: ``schutz_burg.error.<key>`` in the i18n catalog.
"""
from __future__ import annotations

from typing import Callable

from engine.core import RuleError, State

from . import data as D
from .building import helper_sources
from .payment import KINDS, parse_pay, payments
from .scoring import exchange_max
from .state import built_this_round, is_built, split_key
from .winter import breach_max

Explainer = Callable[[State, dict, str, str], "RuleError | None"]


def _trader(state: State, task: dict, verb: str, spot: str) -> RuleError | None:
    seat, spots = task["seat"], state["spots"]
    if verb not in ("spot", "inn") or spot not in D.SPOTS:
        return None
    if verb == "spot" and not state["players"][seat]["helpers"]:
        return RuleError("no_helper_left")
    if verb == "inn" and not (state["inn"] and state["inn"]["keeper"] == seat):
        return RuleError("not_innkeeper")
    occ = spots[spot]
    if any(spots[c] is None for c in D.CARTS) and (spot == D.RIDER or occ):
        return RuleError("cart_still_free")
    if occ and occ[0] == seat:
        return RuleError("own_helper", spot=spot)
    if occ and occ[1] >= state["round"]:
        return RuleError("helper_protected", spot=spot, victim_seat=occ[0])
    return None


def _helper(state: State, task: dict, verb: str, where: str) -> RuleError | None:
    seat = task["seat"]
    if verb == "space" and where in D.SPACES:
        building = D.SPACES[where]["building"]
        fee = D.SPACES[where]["fee"]
    elif verb == "loc" and where == D.INN and state["inn"] is not None:
        building, fee = where, D.WINTER[D.INN]["innkeeper_tuition"]
    elif verb == "loc" and where == D.GRANARY and state["granary"] is not None:
        building, fee = where, D.WINTER[D.GRANARY]["tuition"]
    else:
        return None
    placed = state["rs"]["placed"][seat]
    if not built_this_round(state, seat):
        return RuleError("helper_needs_building")
    if len(placed) >= D.MAX_HELPERS:
        return RuleError("helper_limit", max=D.MAX_HELPERS)
    if not helper_sources(state, seat):
        return RuleError("no_helper_left")
    if verb == "space" and not is_built(state, building):
        return RuleError("not_built", building=building)
    if building in placed:
        return RuleError("same_building", building=building)
    if verb == "space" and state["spaces"][where] is not None:
        return RuleError("space_taken", building=building, owner_seat=state["spaces"][where])
    if where == D.INN and state["inn"]["keeper"] is not None:
        return RuleError("inn_taken", owner_seat=state["inn"]["keeper"])
    if where == D.GRANARY and len(state["granary"]) >= D.WINTER[D.GRANARY]["max_helpers"]:
        return RuleError("granary_full", max=D.WINTER[D.GRANARY]["max_helpers"])
    if fee > state["players"][seat]["taler"]:
        return RuleError("cannot_afford", amount=fee)
    return None


def _build(state: State, task: dict, verb: str, tpl: str) -> RuleError | None:
    if verb != "tpl" or tpl not in D.TEMPLATE_TYPE:
        return None
    if task["count"] >= D.MAX_BUILDS:
        return RuleError("build_limit", max=D.MAX_BUILDS)
    if tpl not in state["board"]:
        return RuleError("not_on_board", template=tpl)
    cost, _vp = D.template_value(tpl, state["winter"])
    if payments(state, task["seat"], cost):  # payable: another template of its type is offered
        return None
    return RuleError("cannot_pay", template=tpl, cost=cost)


def _pay(state: State, task: dict, verb: str, rest: str) -> RuleError | None:
    if verb != "pay":
        return None
    try:
        vec = parse_pay(f"pay:{rest}")
    except ValueError:
        return None
    if len(vec) != len(KINDS) or min(vec) < 0:
        return None
    cost, _vp = D.template_value(task["template"], state["winter"])
    points = sum(n * D.POINTS[k] for n, k in zip(vec, KINDS))
    if points != cost:
        return RuleError("payment_not_exact", cost=cost, points=points)
    if sum(1 for n in vec if n) < D.MIN_KINDS:
        return RuleError("payment_kinds", min=D.MIN_KINDS)
    return RuleError("payment_short")


def _buy(state: State, task: dict, verb: str, rest: str) -> RuleError | None:
    key, _, kind = rest.rpartition(":")
    if verb != "buy" or kind not in D.RESOURCES or key.count(":") != 1:
        return None
    seat = task["seat"]
    if state["players"][seat]["taler"] < 1:
        return RuleError("cannot_afford", amount=1)
    if key in state["rs"]["workers"]:
        owner, _card = split_key(key)
        if owner == seat:
            return RuleError("own_worker")
        if key in task["asked"]:
            return RuleError("already_bought")
    return RuleError("not_on_worker", resource=kind)


def _tower(state: State, task: dict, verb: str, kind: str) -> RuleError | None:
    if verb == "kind" and kind in D.RESOURCES:
        return RuleError("tower_empty", resource=kind)
    return None


def _winter_loss(state: State, task: dict, verb: str, card: str) -> RuleError | None:
    if verb == "remove" and card in D.CARD_INDEX:
        return RuleError("card_not_eligible", card=card)
    if verb == "pay":
        return RuleError("cannot_afford", amount=_loss_price(state, task))
    return None


def _loss_price(state: State, task: dict) -> int:
    if task["type"] == "plague":
        return len(state["players"][task["seat"]]["played"])
    return D.WINTER["snowdrift"]["pay_taler_alternative"]


def _count(limit: Callable[[State, dict], int], key: str, verb: str) -> Explainer:
    """``<verb>:<n>`` options from 0 to a limit: too many names the limit."""
    def explain(state: State, task: dict, got: str, rest: str) -> RuleError | None:
        if got == verb and rest.isdigit():
            return RuleError(key, max=limit(state, task))
        return None
    return explain


def _given(state: State, task: dict, verb: str, item: str) -> RuleError | None:
    if verb == "give" and item in (*D.RESOURCES, "taler"):
        return RuleError("item_not_held", item=item)
    return None


def _taken(state: State, task: dict, verb: str, item: str) -> RuleError | None:
    if verb == "take" and item in (*D.RESOURCES, "taler"):
        return RuleError("item_not_on_card", item=item)
    return None


EXPLAINERS: dict[str, Explainer] = {
    "trader": _trader, "helper": _helper, "build": _build, "pay": _pay, "buy": _buy,
    "tower_kind": _tower, "plague": _winter_loss, "snowdrift": _winter_loss,
    "wall_breach": _count(lambda st, t: breach_max(st, t["seat"]), "too_many_stones", "stones"),
    "palace_exchange": _count(lambda st, t: exchange_max(st, t["seat"], t["limit"]),
                              "too_many_bars", "exchange"),
    "court": _given, "maiden_take": _taken,
}


def explain(state: State, task: dict, option: str) -> RuleError:
    """The error for ``option``, which the open ``task`` does not offer."""
    verb, _, rest = option.partition(":")
    why = EXPLAINERS.get(task["type"])
    error = why(state, task, verb, rest) if why else None
    return error or RuleError("illegal_option", option=option)
