"""Option builders shared by die actions, the castle's extra action and building effects.

Options are plain ``(id, label, params)`` tuples (cheap to build twice per action);
``Game.pending`` turns them into :class:`engine.core.Option`.

``die`` is the die value used (its worker cost is shown in the option's ``cost`` param),
or None for "any value, free" (castle extra action, building effects, City Hall).
"""
from __future__ import annotations

from engine.core import Option
from engine.burgundy.data import DEPOTS, DIE, GOODS, TILES
from engine.burgundy.dice import cost_row
from engine.burgundy.estate import Layout, layout, legal_spaces
from engine.burgundy.knowledge import IGNORE_BUILDING_LIMIT, PLACE_FREE_STEP, TAKE_FREE_STEP

#: an option as a plain tuple (id, label, params); ``Game.pending`` wraps it in core.Option
Opt = tuple[str, str, dict]


class Shared(tuple):
    """An option tuple made once for its content and kept, with its core ``Option``
    (``.option``) made once too: the hot builders hand these out instead of new tuples.
    Their params are shared, so nobody may change them (nobody does)."""

    option: Option


def shared(opt: Opt) -> Shared:
    out = Shared(opt)
    out.option = Option(*opt)
    return out


#: content key -> Shared option, per builder (a few thousand at most: ids are bounded)
_TAKE: dict[tuple, Shared] = {}
_PLACE: dict[tuple, Shared] = {}
_SPACE: dict[tuple, Shared] = {}
_SELL: dict[tuple, Shared] = {}

BACK: Opt = shared(("back", "back", {}))
DECLINE: Opt = shared(("decline", "decline", {}))
WORKERS: Opt = shared(("workers", "workers", {}))
_NO_COST = (0,) * 7


def take_options(state: dict, p: dict, die: int | None, categories=None) -> list[Opt]:
    """``take:<depot>:<tile>`` for every affordable tile on depots 1-6."""
    row = cost_row(p["know"], die, TAKE_FREE_STEP) if die else _NO_COST
    workers = p["workers"]
    out = []
    for d in DEPOTS:
        cost = row[d]
        if cost > workers:
            continue
        for tile in state["depots"][d - 1]:
            if tile is not None and (categories is None or TILES[tile].category in categories):
                opt = _TAKE.get((d, tile, cost))
                if opt is None:
                    opt = _TAKE[d, tile, cost] = shared((
                        f"take:{d}:{tile}", "take_cost" if cost else "take",
                        {"tile": tile, "depot": d, "cost": cost}))
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
    or ``place_costs`` (``cost`` to ``max_cost``).
    """
    out = []
    if not p["store"]:
        return out
    facts = layout(p)
    know = p["know"]
    any_city = IGNORE_BUILDING_LIMIT in know
    for tile in p["store"]:
        numbers = facts.numbers(tile, any_city)
        if not numbers:
            continue
        if die:
            row = cost_row(know, die, PLACE_FREE_STEP[TILES[tile].colour])
            workers = p["workers"]
            costs = [row[n] for n in numbers if row[n] <= workers]
            if not costs:
                continue
        else:
            costs = _FREE
        out.append(_place(tile, costs))
    return out


_FREE = (0,)


def _place(tile: str, costs) -> Shared:
    """The ``place:<tile>`` option for these worker costs of its reachable spaces."""
    low, high = min(costs), max(costs)
    opt = _PLACE.get((tile, low, high))
    if opt is None:
        label = "place" if not low else "place_cost" if low == high else "place_costs"
        opt = _PLACE[tile, low, high] = shared((
            f"place:{tile}", label, {"tile": tile, "cost": low, "max_cost": high}))
    return opt


def _space(s: int, cost: int, tile: str) -> Shared:
    opt = _SPACE.get((s, cost, tile))
    if opt is None:
        opt = _SPACE[s, cost, tile] = shared((
            f"space:{s}", "space_cost" if cost else "space",
            {"space": s, "die": DIE[s], "cost": cost, "tile": tile}))
    return opt


def space_options(p: dict, tile: str, die: int | None) -> list[Opt]:
    return [_space(s, cost, tile) for s, cost in space_costs(p, tile, die)]


def sell_options(p: dict, die: int | None) -> list[Opt]:
    """``sell:<goods>`` for every goods type held (a sale takes the whole type)."""
    row = cost_row(p["know"], die) if die else _NO_COST
    out = []
    for g in GOODS:
        count = p["goods"][g]
        if count and row[g] <= p["workers"]:
            opt = _SELL.get((g, count, row[g]))
            if opt is None:
                opt = _SELL[g, count, row[g]] = shared((
                    f"sell:{g}", "sell_cost" if row[g] else "sell",
                    {"goods": f"goods_{g}", "count": count, "cost": row[g]}))
            out.append(opt)
    return out


def action_options(state: dict, p: dict, die: int | None) -> list[Opt]:
    """The four die actions for a die showing ``die`` (None: any value)."""
    return (take_options(state, p, die) + place_options(p, die)
            + sell_options(p, die) + [WORKERS])


def split(option_id: str) -> list[str]:
    return option_id.split(":")
