"""The winter cards: the draw in marked rounds, Plague, Snowdrift, Wall Breach (immediate,
each player in seat order from the start player), Village Inn and Granary (persistent;
used by ``trade`` and ``building``) and the Castle Maiden courtship.

Decisions: ``plague`` / ``snowdrift`` (``remove:<card>`` or ``pay``), ``wall_breach``
(``stones:<n>``), ``court`` (``give:<kind>``, ``give:taler`` or ``withdraw``) and
``maiden_take`` (``take:<item>``).
"""
from __future__ import annotations

from engine.core import Event, Option, State

from . import data as D
from .payment import exchange_one
from .state import chosen_cards, pay_bank, seats_from
from .tasks import act, options, push, step

MAIDEN = D.MAIDEN
TALER = "taler"


@step("winter_draw")
def draw(state: State, _st: list, events: list[Event]) -> None:
    """The start player draws the top winter card after all choices are locked."""
    card = state["deck"].pop(0)
    events.append(Event("winter_card", {"card": card, "round": state["round"]}))
    if not D.WINTER[card]["persistent"]:  # immediate: each player, from the start player
        push(state, *[[card, s] for s in seats_from(state, state["start"])])
    elif card == D.INN:
        state["inn"] = {"keeper": None, "taler": 0}
    elif card == D.GRANARY:
        state["granary"] = []
    elif card == MAIDEN:
        state["maiden"] = {"drawn": state["round"], "first": True, "out": [], "paid": [],
                           "items": []}


def _card_options(cards: list[str], taler: int, price: int) -> list[Option]:
    """Remove one of ``cards``, or pay ``price`` if the ``taler`` held cover it."""
    opts = [Option(f"remove:{c}", "remove_card", {"card": c}) for c in dict.fromkeys(cards)]
    return opts + [Option("pay", "pay_taler", {"amount": price})] if taler >= price else opts


def _lose_card(state: State, seat: int, card: str, events: list[Event], why: str) -> None:
    player = state["players"][seat]
    (player["played"] if card in player["played"] else player["hand"]).remove(card)
    player["removed"].append(card)
    events.append(Event("card_lost", {"seat": seat, "card": card, "winter_card": why}))


def _pay(state: State, seat: int, amount: int, events: list[Event], why: str) -> None:
    pay_bank(state, seat, amount)
    events.append(Event("winter_paid", {"seat": seat, "amount": amount, "winter_card": why}))


# -- Plague --------------------------------------------------------------------------
@step("plague")
def plague(state: State, st: list, _events: list[Event]) -> dict | None:
    return {"type": "plague", "seat": st[1]} if state["players"][st[1]]["played"] else None


@options("plague")
def plague_options(state: State, task: dict) -> list[Option]:
    player = state["players"][task["seat"]]
    return _card_options(player["played"], player["taler"], len(player["played"]))


@act("plague")
def act_plague(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    seat = task["seat"]
    if option == "pay":
        _pay(state, seat, len(state["players"][seat]["played"]), events, "plague")
    else:
        _lose_card(state, seat, option[7:], events, "plague")


# -- Snowdrift -----------------------------------------------------------------------
def snow_workers(state: State, seat: int) -> list[str]:
    """Worker cards in hand or played, not the ones chosen face down this round."""
    player = state["players"][seat]
    chosen = chosen_cards(state, seat)
    return [c for c in player["hand"] + player["played"] if c in D.WORKERS and c not in chosen]


@step("snowdrift")
def snowdrift(state: State, st: list, events: list[Event]) -> dict | None:
    seat = st[1]
    fee = D.WINTER["snowdrift"]["pay_taler_alternative"]
    taler = state["players"][seat]["taler"]
    if not snow_workers(state, seat) and taler < fee:
        _pay(state, seat, taler, events, "snowdrift")
        return None
    return {"type": "snowdrift", "seat": seat}


@options("snowdrift")
def snow_options(state: State, task: dict) -> list[Option]:
    seat = task["seat"]
    fee = D.WINTER["snowdrift"]["pay_taler_alternative"]
    return _card_options(snow_workers(state, seat), state["players"][seat]["taler"], fee)


@act("snowdrift")
def act_snow(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    if option == "pay":
        _pay(state, task["seat"], D.WINTER["snowdrift"]["pay_taler_alternative"], events, "snowdrift")
    else:
        _lose_card(state, task["seat"], option[7:], events, "snowdrift")


# -- Wall Breach ---------------------------------------------------------------------
def breach_max(state: State, seat: int) -> int:
    res = state["players"][seat]["res"]
    return min(D.WINTER["wall_breach"]["max_stones"],
               res["stone"] + min(res["silver"], state["supply"]["stone"]))


@step("wall_breach")
def wall_breach(state: State, st: list, _events: list[Event]) -> dict | None:
    return {"type": "wall_breach", "seat": st[1]} if breach_max(state, st[1]) else None


@options("wall_breach")
def breach_options(state: State, task: dict) -> list[Option]:
    vp = D.WINTER["wall_breach"]["vp_per_stone"]
    return [Option(f"stones:{k}", "stones" if k else "stones_none", {"count": k, "vp": k * vp})
            for k in range(breach_max(state, task["seat"]), -1, -1)]


@act("wall_breach")
def act_breach(state: State, task: dict, option: str, events: list[Event]) -> None:
    """Return stones (exchanging silver for the shortfall); 3 VP each."""
    state["task"] = None
    seat, count = task["seat"], int(option[7:])
    player = state["players"][seat]
    for _ in range(max(0, count - player["res"]["stone"])):
        exchange_one(state, seat, "stone")
    player["res"]["stone"] -= count
    state["supply"]["stone"] += count
    vp = count * D.WINTER["wall_breach"]["vp_per_stone"]
    player["vp"] += vp
    if count:
        events.append(Event("wall_breach_scored", {"seat": seat, "count": count, "vp": vp}))
    else:
        events.append(Event("wall_breach_kept", {"seat": seat}))


# -- Castle Maiden -------------------------------------------------------------------
@step("courtship")
def courtship(state: State, _st: list, events: list[Event]) -> None:
    """Each player still in, from the start player, courts or withdraws."""
    events.append(Event("courtship", {"round": state["round"]}))
    push(state, *[["court", s] for s in seats_from(state, state["start"])], ["courtship_end"])


def still_in(state: State) -> list[int]:
    out = state["maiden"]["out"]
    return [s for s in range(state["n"]) if s not in out]


def _gifts(state: State, seat: int) -> list[str]:
    player = state["players"][seat]
    return [k for k in D.RESOURCES if player["res"][k]] + ([TALER] if player["taler"] else [])


@step("court")
def court(state: State, st: list, events: list[Event]) -> dict | None:
    seat, maiden = st[1], state["maiden"]
    if maiden is None or seat in maiden["out"]:
        return None
    if not _gifts(state, seat):
        withdraw(state, seat, events)
        return None
    return {"type": "court", "seat": seat}


@options("court")
def court_options(state: State, task: dict) -> list[Option]:
    gifts = [Option(f"give:{g}", "give", {"item": g}) for g in _gifts(state, task["seat"])]
    return gifts + [Option("withdraw", "withdraw")]


@act("court")
def act_court(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    seat = task["seat"]
    if option == "withdraw":
        withdraw(state, seat, events)
        return
    item, maiden, player = option[5:], state["maiden"], state["players"][seat]
    if item == TALER:
        player["taler"] -= 1
    else:
        player["res"][item] -= 1
    maiden["items"].append(item)
    if seat not in maiden["paid"]:
        maiden["paid"].append(seat)
    events.append(Event("courted", {"seat": seat, "item": item}))
    _check_winner(state, events)


def withdraw(state: State, seat: int, events: list[Event]) -> None:
    state["maiden"]["out"].append(seat)
    events.append(Event("withdrew", {"seat": seat}))
    _check_winner(state, events)


def _check_winner(state: State, events: list[Event]) -> None:
    maiden = state["maiden"]
    left = still_in(state)
    if len(left) == 1 and left[0] in maiden["paid"]:
        _win(state, left[0], events)
    elif not left:
        _lapse(state, events)


@step("courtship_end")
def courtship_end(state: State, _st: list, events: list[Event]) -> None:
    maiden = state["maiden"]
    if maiden is None:
        return
    maiden["first"] = False
    if not maiden["paid"]:
        _lapse(state, events)


def _lapse(state: State, events: list[Event]) -> None:
    """The card leaves with no winner (whatever lies on it is lost)."""
    for item in state["maiden"]["items"]:
        state["lost"][item] += 1
    state["maiden"] = None
    events.append(Event("maiden_left", {}))


def _win(state: State, winner: int, events: list[Event]) -> None:
    """8 VP at once; the others take the items one by one from the start player."""
    items = state["maiden"]["items"]
    state["maiden"] = None
    vp = D.WINTER[MAIDEN]["win_vp"]
    state["players"][winner]["vp"] += vp
    events.append(Event("maiden_won", {"seat": winner, "vp": vp}))
    takers = [s for s in seats_from(state, state["start"]) if s != winner]
    state["maiden_items"] = items
    push(state, *[["maiden_take", takers[i % len(takers)]] for i in range(len(items))])


@step("maiden_take")
def maiden_take(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "maiden_take", "seat": st[1]}


@options("maiden_take")
def take_options(state: State, task: dict) -> list[Option]:
    return [Option(f"take:{i}", "take_item", {"item": i}) for i in dict.fromkeys(state["maiden_items"])]


@act("maiden_take")
def act_take(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    take_item(state, task["seat"], option[5:], events)


def take_item(state: State, seat: int, item: str, events: list[Event]) -> None:
    state["maiden_items"].remove(item)
    player = state["players"][seat]
    if item == TALER:
        player["taler"] += 1
    else:
        player["res"][item] += 1
    events.append(Event("maiden_item_taken", {"seat": seat, "item": item}))
