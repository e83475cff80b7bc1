"""Step 1 income and every "draw some, keep some, discard the rest" choice.

Used by Step 1 "draw cards" (Library/Observatory adjust the numbers) and by an
opponent's Box-Office Wagon use, after which the wagon's owner may cash it.
"""
from __future__ import annotations

from engine.core import Decision, Event, Option, State

from engine.citadels import data
from engine.citadels.cards import discard, draw, gain, tell_drawn
from engine.citadels.purple import step1_draw


def take_gold(state: State, t: dict, events: list[Event]) -> None:
    seat = t["seat"]
    gain(state, seat, _STEP1_GOLD)
    t["step1"] = True
    events.append(Event("income_gold", {"seat": seat, "gold": _STEP1_GOLD}))


_STEP1_GOLD = data.RULES["step1_gold"]


def take_cards(state: State, t: dict, events: list[Event]) -> None:
    count, keep = step1_draw(state, t["seat"])
    t["step1"] = True
    events.append(Event("income_cards", {"seat": t["seat"]}))
    start_keep(state, t, draw(state, count, events), keep, None, events)


def start_keep(state: State, t: dict, cards: list[str], keep: int, wagon: dict | None,
               events: list[Event]) -> None:
    """Offer ``cards`` to keep ``keep`` of them (kept at once when there is no choice)."""
    t["sub"] = {"kind": "keep_card", "drawn": cards, "keep": keep,
                "wagon": wagon["id"] if wagon else None}
    if len(cards) <= keep:
        _finish_keep(state, t, events)


def keep_options(state: State, t: dict):
    return [_KEEP.get(c) or _keep(c) for c in dict.fromkeys(t["sub"]["drawn"])]


_KEEP: dict[str, Option] = {}  # card -> its shared (immutable) keep option


def _keep(card: str) -> Option:
    option = _KEEP[card] = Option("keep:" + card, "keep", {"card": card})
    return option


def apply_keep(state: State, t: dict, option: str, events: list[Event]) -> None:
    sub, card = t["sub"], option.split(":", 1)[1]
    sub["drawn"].remove(card)
    state["hands"][t["seat"]].append(card)
    sub["keep"] -= 1
    tell_drawn(events, t["seat"], [card], "card_kept")
    if sub["keep"] <= 0 or len(sub["drawn"]) <= sub["keep"]:
        _finish_keep(state, t, events)


def _finish_keep(state: State, t: dict, events: list[Event]) -> None:
    sub, seat = t["sub"], t["seat"]
    kept = sub["drawn"][:max(sub["keep"], 0)]
    state["hands"][seat].extend(kept)
    tell_drawn(events, seat, kept, "card_kept")
    discard(state, sub["drawn"][len(kept):], seat, events)
    t["sub"] = None
    if sub["wagon"] is None:  # Step 1 cards, not a wagon's
        return
    wagon = next((w for w in state["wagons"] if w["id"] == sub["wagon"]), None)
    if wagon is not None:
        state["prompt"] = {"kind": "wagon_cash", "seat": wagon["owner"], "wagon": wagon["id"],
                           "gold": wagon["gold"]}


# -- Box-Office Wagon ------------------------------------------------------------------

def usable_wagons(state: State, t: dict) -> dict[int, dict]:
    """owner seat -> first wagon of that owner ``t``'s player may still use this turn."""
    seat, out = t["seat"], {}
    if state["gold"][seat] < 1:
        return out
    for wagon in state["wagons"]:
        if wagon["owner"] != seat and wagon["id"] not in t["wagons"]:
            out.setdefault(wagon["owner"], wagon)
    return out


def use_wagon(state: State, t: dict, owner: int, events: list[Event]) -> None:
    wagon = usable_wagons(state, t)[owner]
    seat = t["seat"]
    state["gold"][seat] -= 1
    wagon["gold"] += 1
    t["wagons"].append(wagon["id"])
    events.append(Event("wagon_used", {"seat": seat, "owner_seat": owner,
                                       "gold": wagon["gold"]}))
    start_keep(state, t, draw(state, data.RULES["step1_draw"], events),
               data.RULES["step1_keep"], wagon, events)


def cash_decision(state: State) -> Decision:
    prompt = state["prompt"]
    return Decision(prompt["seat"], "wagon_cash",
                    (Option("cash", "wagon_cash", {"gold": prompt["gold"]}),
                     Option("decline", "decline")),
                    default="decline", params={"gold": prompt["gold"]})


def apply_cash(state: State, option: str, events: list[Event]) -> None:
    prompt = state["prompt"]
    state["prompt"] = None
    if option != "cash":
        return
    wagon = next(w for w in state["wagons"] if w["id"] == prompt["wagon"])
    state["wagons"].remove(wagon)
    state["gold"][prompt["seat"]] += wagon["gold"]
    events.append(Event("wagon_cashed", {"seat": prompt["seat"], "gold": wagon["gold"]}))
    discard(state, [data.WAGON], prompt["seat"], events)
