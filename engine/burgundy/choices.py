"""Option builders shared by die actions, the castle's extra action and building effects.

Options are :class:`engine.core.Option` objects; the hot builders (take, place, space,
sell) make each distinct one once and hand the same object out again (options are
read-only by the contract's convention: nobody assigns to them or changes their params),
so ``Game.pending`` wraps the list as it is.

``die`` is the die value used (its worker cost is shown in the option's ``cost`` param),
or None for "any value, free" (castle extra action, building effects, City Hall).
"""
from __future__ import annotations

from engine.core import Option, make_option
from engine.burgundy.data import DEPOTS, DIE, GOODS, TILES
from engine.burgundy.dice import _COST
from engine.burgundy.estate import COLOUR_KEY, PLACEMENT_KEY, Layout, layout
from engine.burgundy.knowledge import (
    DOUBLE_STEP, IGNORE_BUILDING_LIMIT, PLACE_FREE_STEP, TAKE_FREE_STEP,
)

Opt = Option

#: the options made so far, by content (a few thousand at most: ids are bounded):
#: take ``[depot][cost][tile]``, place ``[tile][span code]``, sell
_TAKE: list[list[dict[str, Option]]] = [[{} for _cost in range(7)] for _depot in range(7)]
_PLACE: dict[str, list[Option | None]] = {tile: [None] * 17 for tile in TILES}  # codes 0..16
_SELL: dict[tuple, Option] = {}

BACK = Option("back", "back")
DECLINE = Option("decline", "decline")
WORKERS = Option("workers", "workers")
_NO_COST = (0,) * 7
#: no worker cost exceeds 3 (three steps on the ring of six values)
_MAX_COST = 3


def take_options(state: dict, p: dict, die: int | None, categories=None) -> list[Opt]:
    """``take:<depot>:<tile>`` for every affordable tile on depots 1-6 (of
    ``categories`` only, if given: then no die is used, so every depot is free, and only
    those tiles are looked at: a building asks it when placed and again for its menu)."""
    if categories is None:
        return action_options(state, p, die, places=False, sales=False, workers=False)
    return [_TAKE[d][0].get(tile) or _take(d, 0, tile)
            for d, slots in zip(DEPOTS, state["depots"])
            for tile in slots if tile is not None and _CATEGORY[tile] in categories]


#: tile -> its category
_CATEGORY = {t.id: t.category for t in TILES.values()}


def _take(d: int, cost: int, tile: str) -> Opt:
    opt = _TAKE[d][cost][tile] = Option(f"take:{d}:{tile}", "take_cost" if cost else "take",
                                        {"tile": tile, "depot": d, "cost": cost})
    return opt


def space_costs(p: dict, tile: str, die: int | None, facts: Layout | None = None
                ) -> list[tuple[int, int]]:
    """(space, worker cost) for every legal, affordable space for ``tile``, in ascending
    order: the legal spaces of :func:`~engine.burgundy.estate.legal_spaces` read off the
    layout's mask here, with the costs of :func:`~engine.burgundy.dice.cost_row` (no
    call per step: every space choice asks it)."""
    facts = facts or layout(p)
    know = p["know"]
    mask = facts.legal_mask(COLOUR_KEY[tile] if IGNORE_BUILDING_LIMIT in know
                            else PLACEMENT_KEY[tile])
    row = _COST[DOUBLE_STEP in know][_PLACE_FREE[tile] in know][die] if die else _NO_COST
    workers = p["workers"]
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        space = low.bit_length() - 1
        cost = row[DIE[space]]
        if cost <= workers:
            out.append((space, cost))
    return out


def place_options(p: dict, die: int | None) -> list[Opt]:
    """``place:<tile>`` for every stored tile with at least one reachable space (see
    :func:`action_options`)."""
    return action_options(None, p, die, takes=False, sales=False, workers=False)


#: tile -> the knowledge number granting a free step when placing it
_PLACE_FREE = {t.id: PLACE_FREE_STEP[t.colour] for t in TILES.values()}
#: tile -> (placement key, the same with the building limit off, its free-step knowledge
#: number, its made place options by span code), one look-up per stored tile
_PLACING = {t: (PLACEMENT_KEY[t], COLOUR_KEY[t], _PLACE_FREE[t], _PLACE[t]) for t in TILES}


def _span_codes(row: tuple, afford: int) -> tuple[int, ...]:
    """Per die number mask (bit ``n`` for number ``n``): the worker costs (from ``row``)
    of its numbers that ``afford`` workers pay, as ``1 + 4 * cheapest + dearest``, or 0
    if none is affordable.  Each mask extends the one without its lowest number."""
    low: list = [None] * 128
    high: list = [None] * 128
    codes = [0] * 128
    for mask in range(2, 128, 2):
        rest = mask & (mask - 1)
        lo, hi, cost = low[rest], high[rest], row[(mask & -mask).bit_length() - 1]
        if cost <= afford:
            lo = cost if lo is None or cost < lo else lo
            hi = cost if hi is None or cost > hi else hi
        low[mask], high[mask] = lo, hi
        codes[mask] = 0 if lo is None else 1 + 4 * lo + hi
    return tuple(codes)


def _spans(key: tuple[bool, int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`_span_codes` without and with the free step, for (double step, die,
    workers up to 3), worked out on first use."""
    double, die, afford = key
    spans = _SPANS[key] = tuple(_span_codes(_COST[double][free][die], afford) for free in (0, 1))
    return spans


#: (double step, die, workers up to 3) -> span codes by die number mask, without and
#: with the free step (:func:`_spans`)
_SPANS: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _place(tile: str, code: int) -> Option:
    """The ``place:<tile>`` option for the span of worker costs ``code`` (see
    :func:`_span_codes`), made once."""
    low, high = divmod(code - 1, 4)
    label = "place" if not low else "place_cost" if low == high else "place_costs"
    opt = _PLACE[tile][code] = Option(f"place:{tile}", label,
                                      {"tile": tile, "cost": low, "max_cost": high})
    return opt


def space_options(p: dict, tile: str, die: int | None) -> list[Opt]:
    """``space:<id>`` for every legal, affordable space, made afresh: an option names
    the tile too, and half the (space, cost, tile) triples of a random game were new
    (a kept table of them cost more than it saved)."""
    return [make_option(_SPACE_IDS[s], "space_cost" if cost else "space",
                        {"space": s, "die": DIE[s], "cost": cost, "tile": tile})
            for s, cost in space_costs(p, tile, die)]


#: space -> its ``space:<id>`` option id (made once, not formatted per option)
_SPACE_IDS = tuple(f"space:{s}" for s in range(38))


def sell_options(p: dict, die: int | None) -> list[Opt]:
    """``sell:<goods>`` for every goods type held (a sale takes the whole type)."""
    return action_options(None, p, die, takes=False, places=False, workers=False)


def _sell(g: int, count: int, cost: int) -> Option:
    opt = _SELL[g, count, cost] = Option(f"sell:{g}", "sell_cost" if cost else "sell",
                                         {"goods": f"goods_{g}", "count": count, "cost": cost})
    return opt


def action_options(state: dict | None, p: dict, die: int | None, *, takes: bool = True,
                   places: bool = True, sales: bool = True, workers: bool = True) -> list[Opt]:
    """The four die actions for a die showing ``die`` (None: any value, free), in this
    order: ``take`` per affordable depot tile, ``place`` per stored tile, ``sell`` per
    goods type held, ``workers`` (the keywords leave parts out).

    One function and one look-up of the player's cost profile (:func:`_make_profile`),
    not a helper per part: the die menu is the hottest thing a playout builds (about 225
    per random 4-seat game), and calls and per-depot cost checks were a third of it.

    ``place``: ``cost`` is the cheapest reachable space's worker cost, ``max_cost`` the
    dearest one's; the label is ``place`` (a free space exists), ``place_cost`` (every
    space costs ``cost``) or ``place_costs`` (``cost`` to ``max_cost``).  The estate's
    :class:`Layout` gives the die numbers a tile may use (a bit mask), and the profile's
    span table their span of worker costs (:func:`_span_codes`)."""
    know = p["know"]
    have = p["workers"]  # the profile's key, worked out inline (it runs per die menu)
    key = (DOUBLE_STEP in know, TAKE_FREE_STEP in know, die or 0,
           have if have < _MAX_COST else _MAX_COST)
    affordable, sellable, spans = _PROFILES.get(key) or _make_profile(key)
    out: list[Opt] = []
    if takes:
        depots = state["depots"]
        for index, made, d, cost in affordable:
            for tile in depots[index]:
                if tile is not None:
                    out.append(made.get(tile) or _take(d, cost, tile))  # options are truthy
    store = p["store"]
    if store and places:
        facts = layout(p)
        known = facts.dies
        any_city = IGNORE_BUILDING_LIMIT in know
        for tile in store:
            key, colour_key, free, made = _PLACING[tile]
            if any_city:
                key = colour_key
            mask = known.get(key)
            if mask is None:
                mask = facts.die_mask(key)
            code = spans[free in know][mask]
            if code:
                out.append(made[code] or _place(tile, code))
    if sales:
        goods = p["goods"]
        for g, cost in sellable:
            count = goods[g]
            if count:
                out.append(_SELL.get((g, count, cost)) or _sell(g, count, cost))
    if workers:
        out.append(WORKERS)
    return out


def _make_profile(key: tuple) -> tuple:
    """What worker costs allow, for the profile ``key`` = (the player owns the double step,
    owns the free take step, the die's value or 0 for "any value, free", the player's
    workers up to 3: no cost exceeds 3): (the affordable depots as (index, their made
    take options by tile, depot, cost), the affordable goods as (goods, cost), the place
    span codes without and with the free step); made once per key into
    :data:`_PROFILES`, which :func:`action_options` reads."""
    double, free, die, afford = key
    if die:
        take_row, sale_row = _COST[double][free][die], _COST[double][0][die]
        spans = _SPANS.get((double, die, afford)) or _spans((double, die, afford))
    else:
        take_row = sale_row = _NO_COST
        spans = (_ANY_SPAN, _ANY_SPAN)
    profile = _PROFILES[key] = (
        tuple((d - 1, _TAKE[d][take_row[d]], d, take_row[d])
              for d in DEPOTS if take_row[d] <= afford),
        tuple((g, sale_row[g]) for g in GOODS if sale_row[g] <= afford),
        spans)
    return profile


#: (double step, free take step, die or 0, workers up to 3) -> :func:`_make_profile`
_PROFILES: dict[tuple, tuple] = {}
#: span codes without a die: any reachable number, free (code 1 = cost 0 to 0)
_ANY_SPAN = (0,) + (1,) * 127


def split(option_id: str) -> list[str]:
    return option_id.split(":")
