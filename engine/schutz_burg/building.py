"""Building (up to two per action, exact payment) and placing helpers on buildings.

Decisions: ``build`` (``tpl:<template>`` or ``done``), ``pay`` (``pay:<s>-<w>-<c>-<t>`` or
``back``), ``helper`` (``space:<space>``, ``loc:village_inn``, ``loc:granary`` or ``done``)
and, when the helper could come from several places, ``helper_source``
(``from:supply``, ``from:<spot>``, ``from:innkeeper`` or ``back``).
"""
from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Option, State

from . import data as D
from .payment import (clamp, exchanged, holdings, parse_pay, pay, pay_id, payable_costs,
                      payments_for)
from .state import bank_pays, built_this_round, is_built, pay_bank
from .tasks import BACK, DONE, act, live, options, question, step
from .trade import own_spots

INN, GRANARY = D.INN, D.GRANARY


# -- building ----------------------------------------------------------------------
@step("build")
def start_build(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "build", "seat": st[1], "card": st[2], "count": 0}


def buildable(state: State, seat: int, first: bool = False) -> list[tuple[str, int, int]]:
    """(template, cost, vp) of one template of each type on the board that ``seat`` can pay
    (``first``: stop at the first one, to learn whether there is any)."""
    ok = payable_costs(*holdings(state, seat))
    offer = _offer(state["winter"], tuple(state["board"]))
    if first:
        for entry in offer:
            if entry[1] in ok:
                return [entry]
        return []
    return [entry for entry in offer if entry[1] in ok]


@lru_cache(maxsize=4096)
def _offer(winter: bool, board: tuple[str, ...]) -> tuple[tuple[str, int, int], ...]:
    """(template, cost, vp) of the first template of each type on ``board``, in board
    order: what building may offer (the board changes only when something is built)."""
    seen: set[str] = set()
    out = []
    for tpl in board:
        ttype = D.TEMPLATE_TYPE[tpl]
        if ttype not in seen:
            seen.add(ttype)
            out.append((tpl, *D.template_value(tpl, winter)))
    return tuple(out)


def _template_label(card: str) -> str:
    """What building with ``card`` earns: Taler per piece, half or full crown VP."""
    if card == "bricklayer":
        return "template_taler"
    return "template_half" if card in D.WORKERS else "template"


@options("build")
def build_options(state: State, task: dict) -> list[Option]:
    if task["count"] >= D.MAX_BUILDS:
        return []
    label = _template_label(task["card"])
    opts = [Option(f"tpl:{tpl}", label, {"template": tpl, "cost": cost, "vp": vp, "half": vp // 2})
            for tpl, cost, vp in buildable(state, task["seat"])]
    return opts + [DONE] if opts else []


@live("build")
def build_live(state: State, task: dict) -> bool:
    """``build_options`` offers a template and ``done`` (else nothing at all): stops at
    the first payable template."""
    return task["count"] < D.MAX_BUILDS and bool(buildable(state, task["seat"], first=True))


@question("build")
def build_question(_state: State, task: dict) -> dict:
    """The card, which building of this action it would be, and the most allowed."""
    return {"card": task["card"], "number": task["count"] + 1, "max": D.MAX_BUILDS}


@act("build")
def act_build(state: State, task: dict, option: str, _events: list[Event]) -> None:
    if option == "done":
        state["task"] = None
    else:
        state["task"] = dict(task, type="pay", template=option[4:])


@options("pay")
def pay_options(state: State, task: dict) -> list[Option]:
    cost, _vp = D.template_value(task["template"], state["winter"])
    return list(_pay_offer(*clamp(cost, *holdings(state, task["seat"]))))


@lru_cache(maxsize=65536)
def _pay_offer(cost: int, have: tuple[int, ...], silver: int, carts: tuple[int, ...]
               ) -> tuple[Option, ...]:
    """The payment options (then ``back``) of ``cost`` for these (clamped) holdings; the
    silver a payment exchanges is the same for the clamped pieces."""
    opts = []
    for vec in payments_for(cost, have, silver, carts):
        silver_bars = exchanged(vec, have)
        opt = _PAY_OPTIONS.get((vec, silver_bars))
        if opt is None:
            opt = _PAY_OPTIONS[vec, silver_bars] = Option(
                pay_id(vec), "payment_silver" if silver_bars else "payment",
                {"pieces": dict(zip(D.BUILD_KINDS, vec)), "silver": silver_bars})
        opts.append(opt)
    return (*opts, BACK)


#: (pieces, silver bars) -> its option, made once (options are immutable; params unchanged)
_PAY_OPTIONS: dict[tuple, Option] = {}


@live("pay")
def pay_live(state: State, task: dict) -> bool:
    """A payment exists (so ``pay_options`` holds it and ``back``), else only ``back``."""
    cost, _vp = D.template_value(task["template"], state["winter"])
    return cost in payable_costs(*holdings(state, task["seat"]))


@question("pay")
def pay_question(state: State, task: dict) -> dict:
    cost, _vp = D.template_value(task["template"], state["winter"])
    return {"card": task["card"], "template": task["template"], "cost": cost}


@act("pay")
def act_pay(state: State, task: dict, option: str, events: list[Event]) -> None:
    seat, tpl = task["seat"], task["template"]
    state["task"] = {"type": "build", "seat": seat, "card": task["card"], "count": task["count"]}
    if option == "back":
        return
    vec = parse_pay(option)
    swaps = pay(state, seat, vec)
    for kind, count in swaps.items():
        events.append(Event("silver_exchanged", {"seat": seat, "resource": kind, "count": count}))
    construct(state, seat, tpl, task["card"], sum(vec), events)
    state["task"]["count"] += 1


def construct(state: State, seat: int, tpl: str, card: str, pieces: int, events: list[Event]) -> None:
    """The template leaves the board; the builder's card rewards it."""
    state["board"].remove(tpl)
    state["built"][tpl] = seat
    state["rs"]["built"].append([seat, tpl])
    _cost, vp = D.template_value(tpl, state["winter"])
    player = state["players"][seat]
    taler = 0
    if card == "bricklayer":
        taler, vp = bank_pays(state, seat, pieces), 0
    elif card in D.WORKERS:
        vp //= 2
    player["vp"] += vp
    params = {"seat": seat, "template": tpl, "card": card}
    if card != "bricklayer":
        events.append(Event("built", dict(params, vp=vp)))
    elif taler:
        events.append(Event("built_for_taler", dict(params, taler=taler)))
    else:
        events.append(Event("built_bank_empty", params))
    if not state["board"] and not state["early_end"]:
        state["early_end"] = True
        events.append(Event("last_template_built", {"seat": seat, "round": state["round"]}))


# -- helpers on buildings ----------------------------------------------------------
@step("helpers")
def start_helpers(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "helper", "seat": st[1]}


def helper_sources(state: State, seat: int) -> list[str]:
    """Where ``seat`` can take a helper from: supply, own trade spots, own innkeeper."""
    out = ["supply"] if state["players"][seat]["helpers"] else []
    out += own_spots(state, seat)
    inn = state["inn"]
    if inn and inn["keeper"] == seat:
        out.append("innkeeper")
    return out


@options("helper")
def helper_options(state: State, task: dict) -> list[Option]:
    seat = task["seat"]
    placed = state["rs"]["placed"][seat]
    if not built_this_round(state, seat) or len(placed) >= D.MAX_HELPERS:
        return []
    sources = helper_sources(state, seat)
    if not sources:
        return []
    taler = state["players"][seat]["taler"]
    opts = []
    for building, spaces in D.SPACES_OF.items():
        if building in placed or not is_built(state, building):
            continue
        offered: set[tuple[str, int]] = set()  # equal spaces (same role and fee) once
        for space in spaces:
            role, fee = D.SPACES[space]["role"], D.SPACES[space]["fee"]
            if state["spaces"][space] is None and fee <= taler and (role, fee) not in offered:
                offered.add((role, fee))
                opts.append(Option(f"space:{space}", f"space_{role}",
                                   {"building": building, "fee": fee}))
    inn, granary = state["inn"], state["granary"]
    inn_fee = D.WINTER[INN]["innkeeper_tuition"]
    if inn is not None and inn["keeper"] is None and INN not in placed and inn_fee <= taler:
        opts.append(Option(f"loc:{INN}", "innkeeper", {"fee": inn_fee}))
    gr_fee = D.WINTER[GRANARY]["tuition"]
    if (granary is not None and len(granary) < D.WINTER[GRANARY]["max_helpers"]
            and GRANARY not in placed and gr_fee <= taler):
        opts.append(Option(f"loc:{GRANARY}", "granary", {"fee": gr_fee}))
    return opts + [DONE] if opts else []


@act("helper")
def act_helper(state: State, task: dict, option: str, events: list[Event]) -> None:
    seat = task["seat"]
    if option == "done":
        state["task"] = None
        return
    sources = helper_sources(state, seat)
    if len(sources) == 1:
        place_helper(state, seat, option, sources[0], events)
    else:
        state["task"] = {"type": "helper_source", "seat": seat, "target": option,
                         "building": target_fee(option)[0]}


@options("helper_source")
def source_options(state: State, task: dict) -> list[Option]:
    return [Option(f"from:{src}", "source", {"source": src})
            for src in helper_sources(state, task["seat"])] + [BACK]


@act("helper_source")
def act_source(state: State, task: dict, option: str, events: list[Event]) -> None:
    seat = task["seat"]
    state["task"] = {"type": "helper", "seat": seat}
    if option != "back":
        place_helper(state, seat, task["target"], option[5:], events)


def target_fee(target: str) -> tuple[str, int]:
    """(building or winter card, fee) of a helper target option id."""
    kind, where = target.split(":", 1)
    if kind == "space":
        return D.SPACES[where]["building"], D.SPACES[where]["fee"]
    fee = D.WINTER[where]["innkeeper_tuition"] if where == INN else D.WINTER[where]["tuition"]
    return where, fee


def take_helper(state: State, seat: int, source: str) -> None:
    """Lift one of ``seat``'s helpers from ``source`` (supply, a spot or the inn)."""
    if source == "supply":
        state["players"][seat]["helpers"] -= 1
    elif source == "innkeeper":
        state["inn"]["keeper"] = None
    else:
        state["spots"][source] = None


def place_helper(state: State, seat: int, target: str, source: str, events: list[Event]) -> None:
    location, fee = target_fee(target)
    take_helper(state, seat, source)
    pay_bank(state, seat, fee)
    state["rs"]["placed"][seat].append(location)
    params = {"seat": seat, "building": location, "fee": fee, "source": source}
    kind, where = target.split(":", 1)
    if kind == "space":
        state["spaces"][where] = seat
        events.append(Event("helper_placed", params))
    elif where == GRANARY:
        state["granary"].append(seat)
        events.append(Event("helper_placed", params))
    else:
        events.append(Event("innkeeper_placed", params))
        install_innkeeper(state, seat, events)
    state["task"] = {"type": "helper", "seat": seat}


def install_innkeeper(state: State, seat: int, events: list[Event]) -> None:
    """``seat`` becomes innkeeper and collects the Taler waiting on the card."""
    inn = state["inn"]
    inn["keeper"] = seat
    if inn["taler"]:
        state["players"][seat]["taler"] += inn["taler"]
        events.append(Event("inn_collected", {"seat": seat, "amount": inn["taler"]}))
        inn["taler"] = 0
