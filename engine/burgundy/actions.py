"""The four die actions and the purchase, as state changes (validation happens earlier).

Each function mutates the state and returns the events; the decision layer
(:mod:`engine.burgundy.turn`) decides which ones are legal and offers them.
"""
from __future__ import annotations

from engine.core import Event, make_event
from engine.burgundy.data import PHASE_BONUS, REGION_VP, SALE_SILVER, SALE_VP, TILES, BONUS_VP
from engine.burgundy import estate
from engine.burgundy.knowledge import (
    BUY_ANY_DEPOT, SALE_DOUBLE_SILVER, SALE_WORKER, WORKERS_DOUBLE, WORKERS_SILVER,
)

STORAGE = 3              # tile storage spaces
GOODS_SPACES = 3         # goods storage spaces (one goods type each)
BUY_PRICE = 2            # silverlings for a purchase
WORKERS_GAIN = 2


def gain_vp(player: dict, part: str, vp: int) -> None:
    """Add ``vp`` to the player's score, remembering which score part it came from."""
    player["vp"] += vp
    player["parts"][part] = player["parts"].get(part, 0) + vp


def take_tile(state: dict, seat: int, tile: str, depot: int, kind: str = "take") -> list[Event]:
    """Move ``tile`` from depot ``depot`` (0 = the black depot) into the seat's storage
    (room already made)."""
    if depot == 0:
        state["black"].remove(tile)
    else:
        slots = state["depots"][depot - 1]
        slots[slots.index(tile)] = None
    state["players"][seat]["store"].append(tile)
    return [make_event(kind, {"seat": seat, "tile": tile, "depot": depot})]


def discard_stored(state: dict, seat: int, tile: str) -> list[Event]:
    state["players"][seat]["store"].remove(tile)
    state["out"].append(tile)
    return [make_event("discard", {"seat": seat, "tile": tile})]


def sell(state: dict, seat: int, goods: int) -> list[Event]:
    """Sell every goods tile of type ``goods``: silverling(s), VP, worker with knowledge 4.

    The event is ``sell``, or ``sell_worker`` when knowledge 4 adds a worker."""
    p = state["players"][seat]
    count = p["goods"][goods]
    p["goods"][goods] = 0
    p["sold"][goods] += count
    vp = SALE_VP[state["n"]] * count
    gain_vp(p, "sales", vp)
    silver = 2 * SALE_SILVER if SALE_DOUBLE_SILVER in p["know"] else SALE_SILVER
    p["silver"] += silver
    params = {"seat": seat, "goods": f"goods_{goods}", "count": count, "vp": vp,
              "silver": silver}
    if SALE_WORKER in p["know"]:
        p["workers"] += 1
        return [Event("sell_worker", dict(params, workers=1))]
    return [Event("sell", params)]


def take_workers(state: dict, seat: int) -> list[Event]:
    """The Take Workers action (knowledge 13 and 14 apply): event ``workers``, or
    ``workers_silver`` when a silverling comes with them."""
    p = state["players"][seat]
    workers = 2 * WORKERS_GAIN if WORKERS_DOUBLE in p["know"] else WORKERS_GAIN
    p["workers"] += workers
    if WORKERS_SILVER in p["know"]:
        p["silver"] += 1
        return [Event("workers_silver", {"seat": seat, "workers": workers, "silver": 1})]
    return [make_event("workers", {"seat": seat, "workers": workers})]


def place_tile(state: dict, seat: int, tile: str, space: int) -> list[Event]:
    """Put a stored tile on ``space``, then score region and colour (effects come after)."""
    p = state["players"][seat]
    p["store"].remove(tile)
    p["sp"][space] = tile
    facts = estate.placed(p, space)
    events = [make_event("place", {"seat": seat, "tile": tile, "space": space})]
    if facts.region_complete(space):
        size = len(estate.region_spaces(p, space))
        bonus = PHASE_BONUS[state["phase"]]
        gain_vp(p, "regions", REGION_VP[size] + bonus)
        events.append(Event("region", {"seat": seat, "size": size, "vp": REGION_VP[size],
                                       "bonus": bonus}))
    colour = TILES[tile].colour
    if facts.colour_complete(colour):
        events += colour_bonus(state, seat, colour)
    return events


def colour_bonus(state: dict, seat: int, colour: str) -> list[Event]:
    """First player to fill a colour gets the large tile, the second the small one."""
    taken = state["bonus"].get(colour, 0)
    if taken >= 2:
        return []
    size = "small" if taken else "large"
    state["bonus"][colour] = taken + 1
    p = state["players"][seat]
    p["bonus"].append(f"bonus_{colour}_{size}")
    vp = BONUS_VP[size][state["n"]]
    gain_vp(p, "bonus", vp)
    return [Event("colour_bonus", {"seat": seat, "tile": f"bonus_{colour}_{size}", "vp": vp})]


def can_buy(state: dict, p: dict) -> bool:
    """Purchase possible now: not bought this turn, 2 silverlings, a tile to buy."""
    if state["bought"] or p["silver"] < BUY_PRICE:
        return False
    if state["black"]:
        return True
    return BUY_ANY_DEPOT in p["know"] and any(t for d in state["depots"] for t in d)
