"""Action cards played in one's own turn (variant): Big Top, Box-Office Wagon, Ringmaster,
Fortune Teller, Human Cannonball.  Acrobat and Frištenský are reactions (``calling``).

``PLAYS[card] = (playable(state, turn), start(state, turn, events))``; follow-ups as in
``characters`` (``SUBS``, ``EXPLAIN``).  A card leaves the
hand when its effect is fixed (after the target choices, which may be taken back).
"""
from __future__ import annotations

from engine.core import Event, Option, State

from engine.citadels import data
from engine.citadels.calling import open_sub
from engine.citadels.cards import cost, discard, opponent_refusal, opponents, pay, place

FORTUNE, RINGMASTER, CANNONBALL = "fortune_teller", "ringmaster", "human_cannonball"


def _spend(state: State, t: dict, card: str, events: list[Event], to_discard=True) -> None:
    seat = t["seat"]
    state["hands"][seat].remove(card)
    t["card"] = card
    events.append(Event("action_played", {"seat": seat, "card": card}))
    if to_discard:
        discard(state, [card], seat, events)


def _big_top(state: State, t: dict, events: list[Event]) -> None:
    _spend(state, t, data.BIG_TOP, events, to_discard=False)
    place(state, t["seat"], data.BIG_TOP, events)


def _wagon(state: State, t: dict, events: list[Event]) -> None:
    _spend(state, t, data.WAGON, events, to_discard=False)
    state["wagon_seq"] = state.get("wagon_seq", 0) + 1
    state["wagons"].append({"id": state["wagon_seq"], "owner": t["seat"], "gold": 0})


def _ringmaster(state: State, t: dict, events: list[Event]) -> None:
    _spend(state, t, RINGMASTER, events)
    t["limit"] += data.RULES["build_limit"]["ringmaster_extra"]


# -- Fortune Teller ----------------------------------------------------------------------

def _fortune_targets(state: State, t: dict):
    return [Option(f"player:{s}", "target_player",
                   {"target_seat": s, "cards": len(state["hands"][s])})
            for s in opponents(state, t["seat"])]


def _fortune_target(state: State, t: dict, option: str, events: list[Event]) -> None:
    target = int(option.split(":")[1])
    _spend(state, t, FORTUNE, events)
    hand = state["hands"][target]
    state["peeks"][t["seat"]].append({"seat": target, "hand": list(hand)})
    if hand:
        t["sub"] = {"kind": "fortune_card", "target": target}
    else:
        t["sub"] = None
        events.append(Event("fortune_empty", {"seat": t["seat"], "target_seat": target}))


def _fortune_cards(state: State, t: dict):
    return [Option("take:" + c, "take_card", {"card": c})
            for c in dict.fromkeys(state["hands"][t["sub"]["target"]])]


def _fortune_take(state: State, t: dict, option: str, events: list[Event]) -> None:
    card, target, seat = option.split(":", 1)[1], t["sub"]["target"], t["seat"]
    state["hands"][target].remove(card)
    state["hands"][seat].append(card)
    t["sub"] = None
    events.append(Event("fortune_took", {"seat": seat, "target_seat": target}))
    events.append(Event("card_taken", {"card": card, "seat": seat, "target_seat": target},
                        frozenset({seat, target})))


# -- Human Cannonball ------------------------------------------------------------------------

def upgrades(state: State, seat: int, old: str) -> list[tuple[str, int]]:
    """(hand district, price) that may replace ``old`` in ``seat``'s city."""
    gold, city, base = state["gold"][seat], state["cities"][seat], cost(old)
    return [(d, cost(d) - base) for d in dict.fromkeys(state["hands"][seat])
            if d in data.DISTRICTS and cost(d) > base and cost(d) - base <= gold
            and d not in city]


def _upgradable(state: State, seat: int) -> list[str]:
    return [d for d in state["cities"][seat] if d != data.BIG_TOP and upgrades(state, seat, d)]


def _cannon_removals(state: State, t: dict):
    return [Option("remove:" + d, "cannonball_remove", {"district": d})
            for d in _upgradable(state, t["seat"])]


def _cannon_remove(state: State, t: dict, option: str, events: list[Event]) -> None:
    t["sub"] = {"kind": "cannonball_build", "removed": option.split(":", 1)[1]}


def _cannon_builds(state: State, t: dict):
    old = t["sub"]["removed"]
    return [Option("build:" + d, "cannonball_build", {"district": d, "removed": old, "price": p})
            for d, p in upgrades(state, t["seat"], old)]


def _cannon_build(state: State, t: dict, option: str, events: list[Event]) -> None:
    seat, old, new = t["seat"], t["sub"]["removed"], option.split(":", 1)[1]
    price = cost(new) - cost(old)
    _spend(state, t, CANNONBALL, events)
    city = state["cities"][seat]
    city.remove(old)
    if old == "haunted_city":
        state["haunted"].pop(str(seat), None)
    discard(state, [old], seat, events)
    state["hands"][seat].remove(new)
    pay(state, seat, price)
    place(state, seat, new, events)
    t["sub"] = None
    events.append(Event("district_upgraded", {"seat": seat, "removed": old, "district": new,
                                              "price": price}))


PLAYS = {
    data.BIG_TOP: (lambda s, t: True, _big_top),
    data.WAGON: (lambda s, t: True, _wagon),
    RINGMASTER: (lambda s, t: True, _ringmaster),
    FORTUNE: (lambda s, t: True, open_sub("fortune_target")),
    CANNONBALL: (lambda s, t: bool(_upgradable(s, t["seat"])), open_sub("cannonball_remove")),
}

SUBS = {
    "fortune_target": (_fortune_targets, _fortune_target),
    "fortune_card": (_fortune_cards, _fortune_take),
    "cannonball_remove": (_cannon_removals, _cannon_remove),
    "cannonball_build": (_cannon_builds, _cannon_build),
}

EXPLAIN = {"fortune_target": lambda state, t, option: opponent_refusal(state, t["seat"], option)}

#: follow-ups after which nothing can be taken back
NO_BACK = frozenset({"fortune_card"})
