"""What each character card does when it resolves (the Trader lives in ``trade``).

Decisions: ``stock_choice`` (``take:<kind>+<kind>``: the owner of the stone Worker loads
two pieces), ``worker_order`` (``first:<card>``: a 2-player seat's two Workers),
``tower_kind`` (``kind:<kind>``: the Bricklayer empties one kind of the defense tower),
``buy`` (``buy:<seat>:<worker card>:<kind>`` or ``done``: Stonemason purchases) and
``sell_last`` (``accept`` / ``refuse``: the owner of a Worker card asked for its last piece).
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Callable

from engine.core import Event, Option, State

from . import data as D
from .state import bank_pays, sort_cards, split_key, worker_key
from .tasks import DONE, act, options, push, step


@step("resolve")
def resolve(state: State, st: list, events: list[Event]) -> None:
    seat, card = st[1], st[2]
    events.append(Event("card_resolves", {"seat": seat, "card": card}))
    RESOLVERS[card](state, seat, card, events)


def messenger(state: State, seat: int, _card: str, events: list[Event]) -> None:
    paid = bank_pays(state, seat, D.MESSENGER_TALER)
    events.append(Event("messenger_paid", {"seat": seat, "amount": paid}))


def trader(state: State, seat: int, _card: str, _events: list[Event]) -> None:
    push(state, ["toll", seat], ["trader_place", seat])


def bricklayer(state: State, seat: int, _card: str, _events: list[Event]) -> None:
    push(state, ["tower", seat], ["build", seat, "bricklayer"], ["helpers", seat])


def stonemason(state: State, seat: int, _card: str, _events: list[Event]) -> None:
    push(state, ["buy", seat], ["build", seat, "stonemason"], ["helpers", seat])


def worker(state: State, seat: int, card: str, events: list[Event]) -> None:
    """The pieces left on the card become the owner's; then build for half VP."""
    pieces = state["rs"]["workers"].pop(worker_key(seat, card), {})
    res = state["players"][seat]["res"]
    for kind, count in pieces.items():
        if count:
            res[kind] += count
            events.append(Event("worker_took", {"seat": seat, "resource": kind, "count": count}))
    push(state, ["build", seat, card])


def master_builder(state: State, seat: int, _card: str, events: list[Event]) -> None:
    """All played cards back to hand; 5 VP per building others built this round."""
    player = state["players"][seat]
    player["hand"] = sort_cards(player["hand"] + player["played"])
    player["played"] = []
    others = sum(1 for s, _tpl in state["rs"]["built"] if s != seat)
    vp = D.MASTER_BONUS * others
    player["vp"] += vp
    if vp:
        events.append(Event("master_builder_scored", {"seat": seat, "buildings": others, "vp": vp}))
    else:
        events.append(Event("master_builder_returned", {"seat": seat}))


RESOLVERS: dict[str, Callable[[State, int, str, list[Event]], None]] = {
    "messenger": messenger, "trader": trader, "bricklayer": bricklayer,
    "stonemason": stonemason, D.MASTER: master_builder, **{w: worker for w in D.WORKERS}}


# -- Worker stocking -----------------------------------------------------------------
@step("stock")
def stock(state: State, st: list, events: list[Event]) -> dict | None:
    """Load a revealed Worker card from the general supply (what is left, if short)."""
    seat, card = st[1], st[2]
    pieces = {}
    for kind, count in D.WORKER_FIXED[card].items():
        pieces[kind] = min(count, state["supply"][kind])
        state["supply"][kind] -= pieces[kind]
    state["rs"]["workers"][worker_key(seat, card)] = pieces
    events.append(Event("worker_stocked", {"seat": seat, "card": card}))
    return {"type": "stock_choice", "seat": seat, "card": card} if card in D.WORKER_CHOICE else None


@options("stock_choice")
def stock_options(state: State, task: dict) -> list[Option]:
    count, kinds = D.WORKER_CHOICE[task["card"]]
    supply = state["supply"]
    count = min(count, sum(supply[k] for k in kinds))
    if not count:
        return []
    label = "stock_two" if count > 1 else "stock_one"
    return [Option("take:" + "+".join(combo), label, {"first": combo[0], "second": combo[-1]})
            for combo in combinations_with_replacement(kinds, count)
            if all(combo.count(k) <= supply[k] for k in combo)]


@act("stock_choice")
def act_stock(state: State, task: dict, option: str, _events: list[Event]) -> None:
    state["task"] = None
    pieces = state["rs"]["workers"][worker_key(task["seat"], task["card"])]
    for kind in option[5:].split("+"):
        state["supply"][kind] -= 1
        pieces[kind] = pieces.get(kind, 0) + 1


@step("worker_pair")
def worker_pair(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "worker_order", "seat": st[1], "cards": st[2]}


@options("worker_order")
def order_options(state: State, task: dict) -> list[Option]:
    return [Option(f"first:{c}", "worker_first", {"card": c}) for c in task["cards"]]


@act("worker_order")
def act_order(state: State, task: dict, option: str, _events: list[Event]) -> None:
    state["task"] = None
    first = option[6:]
    rest = [c for c in task["cards"] if c != first]
    push(state, *[["resolve", task["seat"], c] for c in [first, *rest]])


# -- Bricklayer: the defense tower ---------------------------------------------------
@step("tower")
def start_tower(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "tower_kind", "seat": st[1]}


@options("tower_kind")
def tower_options(state: State, task: dict) -> list[Option]:
    tower = state["tower"]
    return [Option(f"kind:{k}", "tower_kind", {"resource": k, "amount": tower[k]})
            for k in D.RESOURCES if tower[k]]


@act("tower_kind")
def act_tower(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    kind, seat = option[5:], task["seat"]
    amount = state["tower"][kind]
    state["tower"][kind] = 0
    state["players"][seat]["res"][kind] += amount
    events.append(Event("tower_taken", {"seat": seat, "resource": kind, "amount": amount}))


# -- Stonemason: buying from other players' Worker cards -----------------------------
@step("buy")
def start_buy(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "buy", "seat": st[1], "asked": []}


@options("buy")
def buy_options(state: State, task: dict) -> list[Option]:
    seat = task["seat"]
    if state["players"][seat]["taler"] < 1:
        return []
    opts = []
    for key, pieces in state["rs"]["workers"].items():
        owner, card = split_key(key)
        if owner == seat or key in task["asked"]:
            continue
        for kind in D.RESOURCES:
            if pieces.get(kind):
                opts.append(Option(f"buy:{key}:{kind}", "buy",
                                   {"card": card, "owner_seat": owner, "resource": kind}))
    return opts + [DONE] if opts else []


@act("buy")
def act_buy(state: State, task: dict, option: str, events: list[Event]) -> None:
    if option == "done":
        state["task"] = None
        return
    key, kind = option[4:].rsplit(":", 1)
    asked = task["asked"] + [key]
    owner, _card = split_key(key)
    if sum(state["rs"]["workers"][key].values()) == 1:
        state["task"] = {"type": "sell_last", "seat": owner, "buyer_seat": task["seat"],
                         "key": key, "resource": kind, "asked": asked}
        return
    sell(state, task["seat"], key, kind, events)
    state["task"] = {"type": "buy", "seat": task["seat"], "asked": asked}


@options("sell_last")
def sell_options(state: State, task: dict) -> list[Option]:
    params = {"buyer_seat": task["buyer_seat"], "resource": task["resource"]}
    return [Option("accept", "sell_accept", params), Option("refuse", "sell_refuse", params)]


@act("sell_last")
def act_sell(state: State, task: dict, option: str, events: list[Event]) -> None:
    buyer = task["buyer_seat"]
    if option == "accept":
        sell(state, buyer, task["key"], task["resource"], events)
    else:
        events.append(Event("sale_refused", {"seat": task["seat"], "buyer_seat": buyer,
                                             "resource": task["resource"]}))
    state["task"] = {"type": "buy", "seat": buyer, "asked": task["asked"]}


def sell(state: State, buyer: int, key: str, kind: str, events: list[Event]) -> None:
    """One piece from a Worker card to the buyer for 1 Taler paid to the card's owner."""
    owner, card = split_key(key)
    state["rs"]["workers"][key][kind] -= 1
    state["players"][buyer]["res"][kind] += 1
    state["players"][buyer]["taler"] -= 1
    state["players"][owner]["taler"] += 1
    events.append(Event("bought", {"seat": buyer, "owner_seat": owner, "card": card,
                                   "resource": kind}))
