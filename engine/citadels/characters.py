"""The eight characters' abilities and their follow-up decisions (targets, deck swap).

Each ability is ``ABILITIES[name] = (available(state, turn), start(state, turn, events))``;
``start`` either acts at once (and marks the ability used) or opens a follow-up
``turn["sub"]`` answered through ``SUBS[kind] = (options(state, turn), apply(...))``;
``EXPLAIN[kind](state, turn, option)`` says why a refused follow-up option is illegal.
"""
from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Option, RuleError, State

from engine.citadels import data
from engine.citadels.calling import open_sub, open_window
from engine.citadels.cards import (ONLY, cost, discard, draw, gain, opponent_refusal, opponents,
                                   pay, tell_drawn)

ASSASSIN, THIEF, MAGICIAN, MERCHANT, ARCHITECT, WARLORD = (
    "assassin", "thief", "magician", "merchant", "architect", "warlord")
SCHOOL = "school_of_magic"
UNDESTROYABLE = frozenset({"keep", data.BIG_TOP})
BACK = Option("back", "back")


def _unused(name: str, char: str):
    return lambda state, t: t["char"] == char and name not in t["used"]


def _magic_unused(state: State, t: dict) -> bool:
    return t["char"] == MAGICIAN and "swap_hands" not in t["used"] \
        and "swap_deck" not in t["used"]


# -- income and immediate abilities ------------------------------------------------------

def colour_income(state: State, seat: int, char: str) -> int:
    """Districts paying ``char``: its colour, plus a School of Magic."""
    colour = data.INCOME_COLOUR[char]
    city = state["cities"][seat]
    return [_COLOUR.get(d) for d in city].count(colour) + (SCHOOL in city)


_COLOUR = {d: info.get("colour") for d, info in data.DISTRICTS.items()}


def _income(state: State, t: dict, events: list[Event]) -> None:
    amount = colour_income(state, t["seat"], t["char"])
    gain(state, t["seat"], amount)
    t["used"].append("income")
    events.append(Event("colour_income", {"seat": t["seat"], "gold": amount,
                                          "character": t["char"]}))


def _merchant_gold(state: State, t: dict, events: list[Event]) -> None:
    gain(state, t["seat"], data.RULES["merchant_flat_gold"])
    t["used"].append("merchant_gold")
    events.append(Event("merchant_gold", {"seat": t["seat"],
                                          "gold": data.RULES["merchant_flat_gold"]}))


def _architect_draw(state: State, t: dict, events: list[Event]) -> None:
    cards = draw(state, data.RULES["architect_extra_cards"], events)
    state["hands"][t["seat"]].extend(cards)
    t["used"].append("architect_draw")
    events.append(Event("cards_drawn", {"seat": t["seat"], "count": len(cards)}))
    tell_drawn(events, t["seat"], cards)


# -- Assassin, Thief ---------------------------------------------------------------------

def _kill_banned(state: State) -> tuple:
    return (ASSASSIN,)


def _rob_banned(state: State) -> tuple:
    """Rank 1, the Thief himself and the Assassin's named victim (even if saved)."""
    return ASSASSIN, THIEF, state["kill"]


#: one shared (immutable) option per character to name
_TARGETS = {c: Option("target:" + c, "target_character", {"character": c})
            for c in data.CHARACTERS}


def _named_options(banned):
    """Options naming every character that ``banned(state)`` does not exclude."""
    def options(state: State, t: dict) -> list[Option]:
        out = banned(state)
        return [_TARGETS[c] for c in data.CHARACTERS if c not in out]
    return options


def _named_refusal(banned):
    def refusal(state: State, t: dict, option: str) -> RuleError | None:
        char = option.partition(":")[2]
        return RuleError("target_forbidden", character=char) \
            if char in data.RANK and char in banned(state) else None
    return refusal


def _kill(state: State, t: dict, option: str, events: list[Event]) -> None:
    char = option.split(":", 1)[1]
    state["kill"], state["killed"] = char, True
    t["used"].append("kill")
    t["sub"] = None
    events.append(Event("assassin_named", {"seat": t["seat"], "character": char}))
    if state["opts"]["action_cards"]:
        holder = state["held"].get(char)
        has = holder is not None and data.FRISTENSKY in state["hands"][holder]
        open_window(state, data.FRISTENSKY, holder if has else None)


def _rob(state: State, t: dict, option: str, events: list[Event]) -> None:
    char = option.split(":", 1)[1]
    state["rob"] = char
    t["used"].append("rob")
    t["sub"] = None
    events.append(Event("thief_named", {"seat": t["seat"], "character": char}))


# -- Magician ---------------------------------------------------------------------------

def _swap_hands_options(state: State, t: dict):
    return [Option(f"player:{s}", "target_player",
                   {"target_seat": s, "cards": len(state["hands"][s])})
            for s in opponents(state, t["seat"])]


def _swap_hands(state: State, t: dict, option: str, events: list[Event]) -> None:
    other, seat, hands = int(option.split(":")[1]), t["seat"], state["hands"]
    hands[seat], hands[other] = hands[other], hands[seat]
    t["used"].append("swap_hands")
    t["sub"] = None
    events.append(Event("hands_swapped", {"seat": seat, "target_seat": other,
                                          "cards": len(hands[seat]),
                                          "target_cards": len(hands[other])}))
    for who in (seat, other):
        events.append(Event("hand_received", {"cards": list(hands[who])}, ONLY[who]))


def _swap_deck_options(state: State, t: dict):
    sub, hand = t["sub"], state["hands"][t["seat"]]
    chosen = sub["selected"]
    room = len(state["deck"]) + len(state["discard"]) - len(chosen)
    out = [_toggle(i, c, i in chosen) for i, c in enumerate(hand) if i in chosen or room > 0]
    if chosen:
        out.append(Option("done", "swap_done", {"count": len(chosen)}))
    return out


@lru_cache(maxsize=None)
def _toggle(index: int, card: str, selected: bool) -> Option:
    """The (shared, immutable) option selecting or unselecting hand card ``index``."""
    return Option(f"card:{index}", "toggle_card", {"card": card, "selected": selected})


def _swap_deck(state: State, t: dict, option: str, events: list[Event]) -> None:
    sub, seat = t["sub"], t["seat"]
    if option != "done":
        index = int(option.split(":")[1])
        if index in sub["selected"]:
            sub["selected"].remove(index)
        else:
            sub["selected"].append(index)
        return
    hand = state["hands"][seat]
    aside = [hand[i] for i in sorted(sub["selected"])]
    for i in sorted(sub["selected"], reverse=True):
        del hand[i]
    new = draw(state, len(aside), events)
    hand.extend(new)
    discard(state, aside, seat, events)
    t["used"].append("swap_deck")
    t["sub"] = None
    events.append(Event("deck_swapped", {"seat": seat, "count": len(aside)}))
    tell_drawn(events, seat, new)


# -- Warlord ----------------------------------------------------------------------------

def destroy_price(city: list[str], district: str) -> int:
    """Cost - 1 (never below 0), +1 for any other district of a Great Wall's city."""
    wall = data.GREAT_WALL in city and district != data.GREAT_WALL
    return _PRICE.get(district, 0) + wall


_PRICE = {d: max(0, cost(d) - 1) for d in data.DISTRICTS}


def _destroy_block(state: State, seat: int, target: int, district: str) -> str | None:
    """The error key forbidding the Warlord at ``seat`` to destroy ``district`` of ``target``."""
    city = state["cities"][target]
    if target == seat:
        return "not_an_opponent"
    if district in UNDESTROYABLE:
        return "cannot_destroy"
    block = _city_block(state, target)
    if block is not None:
        return block
    if destroy_price(city, district) > state["gold"][seat]:
        return "not_enough_gold"
    return None


def _city_block(state: State, target: int) -> str | None:
    """The error key protecting every district of ``target``'s city from the Warlord."""
    if target == state["bishop"]:
        return "bishop_protected"
    if len(state["cities"][target]) >= data.COMPLETE:
        return "city_complete"
    return None


def destroy_refusal(state: State, seat: int, target: int, district: str) -> RuleError | None:
    """Why the Warlord at ``seat`` may not destroy ``district`` of ``target`` now (None: he may)."""
    city = state["cities"][target]
    key = "not_in_city" if district not in city else \
        _destroy_block(state, seat, target, district)
    if key is None:
        return None
    if key == "not_an_opponent":
        return RuleError(key)
    if key == "not_enough_gold":
        return RuleError(key, cost=destroy_price(city, district), gold=state["gold"][seat])
    if key in ("bishop_protected", "city_complete"):
        return RuleError(key, target_seat=target)
    return RuleError(key, district=district)


def destroy_targets(state: State, seat: int) -> list[tuple[int, str, int]]:
    """(seat, district, price) the Warlord at ``seat`` may destroy and can afford now."""
    return list(_targets(state, seat))


def _can_destroy(state: State, seat: int) -> bool:
    """Whether ``destroy_targets`` is not empty (stops at the first target: asked at every
    decision of a Warlord's turn)."""
    return next(_targets(state, seat), None) is not None


def _targets(state: State, seat: int):
    """:func:`destroy_targets` one by one: :func:`_destroy_block`'s checks, the city-wide
    ones once per city."""
    gold = state["gold"][seat]
    for target, city in enumerate(state["cities"]):
        if city and target != seat and _city_block(state, target) is None:
            for district in city:
                if district not in UNDESTROYABLE:
                    price = destroy_price(city, district)
                    if price <= gold:
                        yield target, district, price


def _destroy_options(state: State, t: dict):
    return [_destroy_option(s, d, p) for s, d, p in _targets(state, t["seat"])]


@lru_cache(maxsize=None)
def _destroy_option(target: int, district: str, price: int) -> Option:
    """The (shared, immutable) option destroying ``district`` of ``target`` for ``price``."""
    return Option(f"destroy:{target}:{district}", "destroy",
                  {"target_seat": target, "district": district, "price": price})


def _destroy_why(state: State, t: dict, option: str) -> RuleError | None:
    _, target, district = (option.split(":") + ["", ""])[:3]
    if not target.isdigit() or int(target) >= state["n"] or not district:
        return None
    return destroy_refusal(state, t["seat"], int(target), district)


def _destroy(state: State, t: dict, option: str, events: list[Event]) -> None:
    _, target, district = option.split(":")
    target, seat = int(target), t["seat"]
    price = destroy_price(state["cities"][target], district)
    pay(state, seat, price)
    state["cities"][target].remove(district)
    if district == "haunted_city":
        state["haunted"].pop(str(target), None)
    t["used"].append("destroy")
    t["sub"] = None
    events.append(Event("district_destroyed", {"seat": seat, "target_seat": target,
                                               "district": district, "price": price}))
    keeper = next((s for s in range(state["n"]) if "graveyard" in state["cities"][s]), None)
    fee = data.ABILITY["graveyard"]["pay"]
    if keeper is not None and keeper != seat and state["gold"][keeper] >= fee:
        state["prompt"] = {"kind": "graveyard", "seat": keeper, "card": district, "gold": fee,
                           "target": target}
    else:
        discard(state, [district], target, events)


_destroy_unused = _unused("destroy", WARLORD)

ABILITIES = {
    "kill": (_unused("kill", ASSASSIN), open_sub("kill_target")),
    "rob": (_unused("rob", THIEF), open_sub("rob_target")),
    "swap_hands": (_magic_unused, open_sub("swap_hands_target")),
    "swap_deck": (lambda s, t: _magic_unused(s, t) and bool(s["hands"][t["seat"]])
                  and bool(s["deck"] or s["discard"]), open_sub("swap_deck_cards", selected=[])),
    "income": (lambda s, t: data.INCOME_COLOUR[t["char"]] is not None
               and "income" not in t["used"], _income),
    "merchant_gold": (_unused("merchant_gold", MERCHANT), _merchant_gold),
    "architect_draw": (_unused("architect_draw", ARCHITECT), _architect_draw),
    "destroy": (lambda s, t: _destroy_unused(s, t) and _can_destroy(s, t["seat"]),
                open_sub("destroy_target")),
}

#: the only character whose ability each one is ("income": any with an income colour)
USER = {"kill": ASSASSIN, "rob": THIEF, "swap_hands": MAGICIAN, "swap_deck": MAGICIAN,
        "merchant_gold": MERCHANT, "architect_draw": ARCHITECT, "destroy": WARLORD}

SUBS = {
    "kill_target": (_named_options(_kill_banned), _kill),
    "rob_target": (_named_options(_rob_banned), _rob),
    "swap_hands_target": (_swap_hands_options, _swap_hands),
    "swap_deck_cards": (_swap_deck_options, _swap_deck),
    "destroy_target": (_destroy_options, _destroy),
}

EXPLAIN = {
    "kill_target": _named_refusal(_kill_banned),
    "rob_target": _named_refusal(_rob_banned),
    "swap_hands_target": lambda state, t, option: opponent_refusal(state, t["seat"], option),
    "destroy_target": _destroy_why,
}
