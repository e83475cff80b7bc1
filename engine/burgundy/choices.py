"""Option builders shared by die actions, the castle's extra action and building effects.

Options are :class:`engine.core.Option` objects; the hot builders (take, place, space,
sell) make each distinct one once and hand the same object out again (options are
frozen and nobody changes their params), so ``Game.pending`` wraps the list as it is.

``die`` is the die value used (its worker cost is shown in the option's ``cost`` param),
or None for "any value, free" (castle extra action, building effects, City Hall).
"""
from __future__ import annotations

from engine.core import Option
from engine.burgundy.data import DEPOTS, DIE, GOODS, TILES
from engine.burgundy.dice import cost_row
from engine.burgundy.estate import Layout, layout, legal_spaces
from engine.burgundy.knowledge import IGNORE_BUILDING_LIMIT, PLACE_FREE_STEP, TAKE_FREE_STEP

Opt = Option

#: the options made so far, by content (a few thousand at most: ids are bounded):
#: take ``[depot][cost][tile]``, place ``(tile, low, high)``, space, sell
_TAKE: list[list[dict[str, Option]]] = [[{} for _cost in range(7)] for _depot in range(7)]
_PLACE: dict[tuple, Option] = {}
_SPACE: dict[tuple, Option] = {}
_SELL: dict[tuple, Option] = {}

BACK = Option("back", "back")
DECLINE = Option("decline", "decline")
WORKERS = Option("workers", "workers")
_NO_COST = (0,) * 7


def take_options(state: dict, p: dict, die: int | None, categories=None) -> list[Opt]:
    """``take:<depot>:<tile>`` for every affordable tile on depots 1-6."""
    row = cost_row(p["know"], die, TAKE_FREE_STEP) if die else _NO_COST
    workers = p["workers"]
    depots = state["depots"]
    out = []
    for d in DEPOTS:
        cost = row[d]
        if cost > workers:
            continue
        made = _TAKE[d][cost]
        for tile in depots[d - 1]:
            if tile is not None and (categories is None or TILES[tile].category in categories):
                opt = made.get(tile)
                if opt is None:
                    opt = made[tile] = Option(f"take:{d}:{tile}", "take_cost" if cost else "take",
                                              {"tile": tile, "depot": d, "cost": cost})
                out.append(opt)
    return out


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
    """``place:<tile>`` for every stored tile with at least one reachable space.

    ``cost`` is the cheapest space's worker cost, ``max_cost`` the dearest one's; the
    label is ``place`` (a free space exists), ``place_cost`` (every space costs ``cost``)
    or ``place_costs`` (``cost`` to ``max_cost``).  Each tile's answer is kept on the
    estate's :class:`Layout` by what it depends on besides the layout: the tile, the
    building limit, the die's cost row and the workers (above 3 they all afford the same).
    """
    out = []
    if not p["store"]:
        return out
    facts = layout(p)
    know = p["know"]
    any_city = IGNORE_BUILDING_LIMIT in know
    workers = p["workers"]
    afford = workers if workers < _MAX_COST else _MAX_COST
    known = facts.places
    for tile in p["store"]:
        row = cost_row(know, die, _PLACE_FREE[tile]) if die else _NO_COST
        key = (tile, any_city, row, afford)
        opt = known.get(key, _UNKNOWN)
        if opt is _UNKNOWN:
            opt = known[key] = _place_option(facts, tile, any_city, row, workers)
        if opt is not None:
            out.append(opt)
    return out


#: tile -> the knowledge number granting a free step when placing it
_PLACE_FREE = {t.id: PLACE_FREE_STEP[t.colour] for t in TILES.values()}
#: no worker cost exceeds 3 (three steps on the ring of six values)
_MAX_COST = 3
_UNKNOWN = object()


def _place_option(facts: Layout, tile: str, any_city: bool, row: tuple, workers: int
                  ) -> Option | None:
    """The ``place:<tile>`` option (None: no reachable space) for a die's cost ``row``."""
    costs = [row[n] for n in facts.numbers(tile, any_city) if row[n] <= workers]
    return _place(tile, costs) if costs else None


def _place(tile: str, costs) -> Option:
    """The ``place:<tile>`` option for these worker costs of its reachable spaces."""
    low, high = min(costs), max(costs)
    opt = _PLACE.get((tile, low, high))
    if opt is None:
        label = "place" if not low else "place_cost" if low == high else "place_costs"
        opt = _PLACE[tile, low, high] = Option(
            f"place:{tile}", label, {"tile": tile, "cost": low, "max_cost": high})
    return opt


def _space(s: int, cost: int, tile: str) -> Option:
    opt = _SPACE.get((s, cost, tile))
    if opt is None:
        opt = _SPACE[s, cost, tile] = Option(
            f"space:{s}", "space_cost" if cost else "space",
            {"space": s, "die": DIE[s], "cost": cost, "tile": tile})
    return opt


def space_options(p: dict, tile: str, die: int | None) -> list[Opt]:
    return [_space(s, cost, tile) for s, cost in space_costs(p, tile, die)]


def sell_options(p: dict, die: int | None) -> list[Opt]:
    """``sell:<goods>`` for every goods type held (a sale takes the whole type)."""
    out = []
    if not any(p["goods"]):
        return out
    row = cost_row(p["know"], die) if die else _NO_COST
    for g in GOODS:
        count = p["goods"][g]
        if count and row[g] <= p["workers"]:
            opt = _SELL.get((g, count, row[g]))
            if opt is None:
                opt = _SELL[g, count, row[g]] = Option(
                    f"sell:{g}", "sell_cost" if row[g] else "sell",
                    {"goods": f"goods_{g}", "count": count, "cost": row[g]})
            out.append(opt)
    return out


def action_options(state: dict, p: dict, die: int | None) -> list[Opt]:
    """The four die actions for a die showing ``die`` (None: any value)."""
    out = take_options(state, p, die)
    out += place_options(p, die)
    out += sell_options(p, die)
    out.append(WORKERS)
    return out


def split(option_id: str) -> list[str]:
    return option_id.split(":")
