"""Moving cards and gold: draw pile (with reshuffle), discard pile, bank ledger, cities.

The bank is unlimited (ruling BANK-1) but kept as a ledger so that
``bank + players' gold + gold on wagons == 30`` always holds.
"""
from __future__ import annotations

from engine.core import Event, RuleError, Rng, State

from engine.citadels.data import COMPLETE, DISTRICTS


def draw(state: State, count: int, events: list[Event]) -> list[str]:
    """Take up to ``count`` cards from the draw pile, reshuffling the discard pile when empty."""
    deck = state["deck"]
    out: list[str] = []
    for _ in range(count):
        if not deck:
            if not state["discard"]:
                break
            deck.extend(state["discard"])
            state["discard"].clear()
            Rng(state).shuffle(deck)
            events.append(Event("reshuffled", {"count": len(deck)}))
        out.append(deck.pop())
    return out


#: seat -> the audience of an event only that seat sees (shared: frozensets are immutable)
ONLY = tuple(frozenset({seat}) for seat in range(7))  # Citadels seats 2 to 7


def tell_drawn(events: list[Event], seat: int, cards: list[str], kind: str = "card_drawn") -> None:
    """Private events naming each card ``seat`` took into his hand."""
    for card in cards:
        events.append(Event(kind, {"card": card}, ONLY[seat]))


def discard(state: State, cards: list[str], seat: int, events: list[Event]) -> None:
    """Put ``cards`` face up on the discard pile (public)."""
    state["discard"].extend(cards)
    for card in cards:
        events.append(Event("card_discarded", {"card": card, "seat": seat}))


def gain(state: State, seat: int, amount: int) -> None:
    """Bank pays ``seat``."""
    state["gold"][seat] += amount
    state["bank"] -= amount


def pay(state: State, seat: int, amount: int) -> None:
    """``seat`` pays the bank (callers have checked the gold)."""
    state["gold"][seat] -= amount
    state["bank"] += amount


def city_size(state: State, seat: int) -> int:
    """Districts in the city toward the 8 (Big Tops count)."""
    return len(state["cities"][seat])


def owns(state: State, seat: int, district: str) -> bool:
    return district in state["cities"][seat]


def place(state: State, seat: int, district: str, events: list[Event]) -> None:
    """Put ``district`` into ``seat``'s city and note a completed city."""
    state["cities"][seat].append(district)
    if district == "haunted_city":
        state["haunted"][str(seat)] = state["round"]
    if len(state["cities"][seat]) >= COMPLETE and state["first8"] is None:
        state["first8"] = seat
        events.append(Event("city_completed", {"seat": seat}))


def cost(card: str) -> int:
    return DISTRICTS[card]["cost"] if card in DISTRICTS else 0


def opponents(state: State, seat: int) -> list[int]:
    return [s for s in range(state["n"]) if s != seat]


def opponent_refusal(state: State, seat: int, option: str) -> RuleError | None:
    """Why ``player:<seat>`` is no opponent of ``seat`` (None when it is one or unparsable)."""
    target = option.partition(":")[2]
    return RuleError("not_an_opponent") if target == str(seat) else None
