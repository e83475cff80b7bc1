"""Option builders shared by die actions, the castle's extra action and building effects.

Options are :class:`engine.core.Option` objects; the hot builders (take, place, space,
sell) make each distinct one once and hand the same object out again (options are
read-only by the contract's convention: nobody assigns to them or changes their params),
so ``Game.pending`` wraps the list as it is.

``die`` is the die value used (its worker cost is shown in the option's ``cost`` param),
or None for "any value, free" (castle extra action, building effects, City Hall).
"""
from __future__ import annotations

from engine.core import Option
from engine.burgundy.data import DEPOTS, DIE, GOODS, TILES
from engine.burgundy.dice import _COST, cost_row
from engine.burgundy.estate import COLOUR_KEY, PLACEMENT_KEY, Layout, layout, legal_spaces
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
    ``categories`` only, if given: then no die is used)."""
    out: list[Opt] = []
    _add_takes(out, state["depots"], p, die)
    if categories is None:
        return out
    return [o for o in out if TILES[o.params["tile"]].category in categories]


def _add_takes(out: list, depots: list, p: dict, die: int | None) -> None:
    """Append the ``take`` options of every affordable depot to ``out`` (each option is
    made once per depot, worker cost and tile).  Measured: keeping whole menus per depot
    content or per board does not pay, the depots change too often."""
    workers = p["workers"]
    if die:
        know = p["know"]
        row = _COST[DOUBLE_STEP in know][TAKE_FREE_STEP in know][die]
    else:
        row = _NO_COST
    for d in DEPOTS:
        cost = row[d]
        if cost <= workers:
            made = _TAKE[d][cost]
            for tile in depots[d - 1]:
                if tile is not None:
                    opt = made.get(tile)
                    out.append(_take(d, cost, tile) if opt is None else opt)


def _take(d: int, cost: int, tile: str) -> Opt:
    opt = _TAKE[d][cost][tile] = Option(f"take:{d}:{tile}", "take_cost" if cost else "take",
                                        {"tile": tile, "depot": d, "cost": cost})
    return opt


def space_costs(p: dict, tile: str, die: int | None, facts: Layout | None = None
                ) -> list[tuple[int, int]]:
    """(space, worker cost) for every legal, affordable space for ``tile``."""
    spaces = legal_spaces(p, tile, facts)
    if not die:
        return [(s, 0) for s in spaces]
    row = cost_row(p["know"], die, PLACE_FREE_STEP[TILES[tile].colour])
    workers = p["workers"]
    return [(s, row[DIE[s]]) for s in spaces if row[DIE[s]] <= workers]


def place_options(p: dict, die: int | None) -> list[Opt]:
    """``place:<tile>`` for every stored tile with at least one reachable space
    (:func:`_add_places`)."""
    out: list[Opt] = []
    _add_places(out, p, die)
    return out


def _add_places(out: list, p: dict, die: int | None) -> None:
    """Append ``place:<tile>`` for every stored tile with at least one reachable space.

    ``cost`` is the cheapest space's worker cost, ``max_cost`` the dearest one's; the
    label is ``place`` (a free space exists), ``place_cost`` (every space costs ``cost``)
    or ``place_costs`` (``cost`` to ``max_cost``).  The estate's :class:`Layout` gives
    the die numbers a tile may use (as a bit mask) and :func:`_spans` their span of worker costs.
    """
    store = p["store"]
    if not store:
        return
    facts = layout(p)
    known, die_mask = facts.dies, facts.die_mask
    know = p["know"]
    keys = COLOUR_KEY if IGNORE_BUILDING_LIMIT in know else PLACEMENT_KEY
    if die:
        workers = p["workers"]
        key = (DOUBLE_STEP in know, die, workers if workers < _MAX_COST else _MAX_COST)
        spans = _SPANS.get(key) or _spans(key)  # by free step
    for tile in store:
        key = keys[tile]
        mask = known.get(key)
        if mask is None:
            mask = die_mask(key)
        if not mask:
            continue
        code = spans[_PLACE_FREE[tile] in know][mask] if die else 1
        if code:
            opt = _PLACE[tile][code]
            out.append(_place(tile, code) if opt is None else opt)


#: tile -> the knowledge number granting a free step when placing it
_PLACE_FREE = {t.id: PLACE_FREE_STEP[t.colour] for t in TILES.values()}


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
    return [Option(f"space:{s}", "space_cost" if cost else "space",
                   {"space": s, "die": DIE[s], "cost": cost, "tile": tile})
            for s, cost in space_costs(p, tile, die)]


def sell_options(p: dict, die: int | None) -> list[Opt]:
    """``sell:<goods>`` for every goods type held (a sale takes the whole type)."""
    out: list[Opt] = []
    _add_sales(out, p, die)
    return out


def _add_sales(out: list, p: dict, die: int | None) -> None:
    goods = p["goods"]
    if not any(goods):
        return
    if die:
        know = p["know"]
        row = _COST[DOUBLE_STEP in know][0][die]
    else:
        row = _NO_COST
    workers = p["workers"]
    for g in GOODS:
        count = goods[g]
        if count:
            cost = row[g]
            if cost <= workers:
                opt = _SELL.get((g, count, cost))
                out.append(_sell(g, count, cost) if opt is None else opt)


def _sell(g: int, count: int, cost: int) -> Option:
    opt = _SELL[g, count, cost] = Option(f"sell:{g}", "sell_cost" if cost else "sell",
                                         {"goods": f"goods_{g}", "count": count, "cost": cost})
    return opt


def action_options(state: dict, p: dict, die: int | None) -> list[Opt]:
    """The four die actions for a die showing ``die`` (None: any value)."""
    out: list[Opt] = []
    _add_takes(out, state["depots"], p, die)
    _add_places(out, p, die)
    _add_sales(out, p, die)
    out.append(WORKERS)
    return out


def split(option_id: str) -> list[str]:
    return option_id.split(":")
