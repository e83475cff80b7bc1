"""Stacks, room cards and the market: setup, refill (5.1), coins (5.4), solo reveal.

State keys used here: ``stacks`` {size: [tile ids], top = last}, ``supply`` {stairs,
hallway}, ``deck`` [sizes, top = last], ``discard`` [sizes], ``prepared``
[{tile, by}] (tiles a sleeping reward laid on the deck, first = next),
``market`` [{price, tile | None, coins}], ``last_round``.
"""
from __future__ import annotations

from engine.core import Event, State
from engine.rng import Rng

from . import data as D


def new_stacks(state: State, players: int) -> None:
    """Shuffle each size and keep the number of tiles the player count asks for."""
    rng = Rng(state)
    by_size: dict[str, list[str]] = {s: [] for s in D.STACK_IDS}
    for tid in D.ROOM_IDS:
        by_size[str(D.size_of(tid))].append(tid)
    for size, tiles in by_size.items():
        rng.shuffle(tiles)
        by_size[size] = tiles[:D.stack_size(players, int(size))]
    state["stacks"] = by_size
    state["supply"] = D.supply(players)


def new_deck(state: State, players: int, composition: str) -> None:
    cards = [size for size, n in sorted(D.ROOM_CARDS[composition].items()) for _ in range(n)]
    Rng(state).shuffle(cards)
    state["deck"] = cards[:D.DECK_SIZE[players]]
    state["discard"] = []
    state["prepared"] = []


def _draw_tile(state: State, reshuffled: list[bool]) -> str | None:
    """Reveal room cards until one names a non-empty stack; None if none can."""
    while True:
        if not state["deck"]:
            if reshuffled[0] or not state["discard"]:
                return None
            reshuffled[0] = True
            state["last_round"] = True
            state["deck"] = state["discard"]
            state["discard"] = []
            Rng(state).shuffle(state["deck"])
        size = state["deck"].pop()
        state["discard"].append(size)
        stack = state["stacks"][str(size)]
        if stack:
            return stack.pop()
        if not any(state["stacks"][str(s)] for s in set(state["deck"]) | set(state["discard"])):
            # revealing on would only discard every card: the deck runs out (5.1.4, 5.1.5)
            state["discard"].extend(state["deck"])
            state["deck"] = []
            state["last_round"] = True
            return None


def fill(state: State, slots: list[dict]) -> list[Event]:
    """Fill the empty ``slots`` in order: prepared tiles first, then room cards (5.1)."""
    events: list[Event] = []
    reshuffled = [False]
    for slot in slots:
        if slot["tile"] is not None:
            continue
        if state["prepared"]:
            tile = state["prepared"].pop(0)["tile"]
        else:
            tile = _draw_tile(state, reshuffled)
            if tile is None:
                break
        slot["tile"], slot["coins"] = tile, 0
        events.append(Event("tile_revealed", {"tile": tile, "price": slot["price"]}))
    if not state["deck"]:
        state["last_round"] = True
    if reshuffled[0]:
        events.append(Event("deck_reshuffled", {"cards": len(state["deck"])}))
    return events


def new_market(state: State, players: int) -> None:
    state["market"] = [{"price": p, "tile": None, "coins": 0} for p in D.SLOTS[players]]


def add_coins(state: State) -> list[Event]:
    """Step 5.4: 1,000 on every room tile left in the market."""
    n = 0
    for slot in state["market"]:
        if slot["tile"] is not None:
            slot["coins"] += D.COIN_PER_ROUND
            n += 1
    return [Event("coins_added", {"tiles": n, "amount": D.COIN_PER_ROUND})] if n else []


def clear_solo(state: State) -> list[Event]:
    """Solo step 3: unsold tiles leave the game."""
    gone = [slot["tile"] for slot in state["market"] if slot["tile"] is not None]
    for slot in state["market"]:
        slot["tile"], slot["coins"] = None, 0
    state["boxed"].extend(gone)
    return [Event("tiles_boxed", {"tiles": gone})] if gone else []
