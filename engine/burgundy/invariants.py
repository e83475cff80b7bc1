"""Burgundy's conservation invariants (``Game.check_invariants``): every tile and every
goods tile is in exactly one place."""
from __future__ import annotations

from engine.burgundy.data import GOODS, GOODS_PER_TYPE, TILES
from engine.core import State


def problems(state: State) -> list[str]:
    places = [t for pile in state["supply"].values() for t in pile]
    places += [t for d in state["depots"] for t in d if t] + state["black"] + state["out"]
    for p in state["players"]:
        places += p["store"] + [t for t in p["sp"] if t]
    out = [] if sorted(places) == sorted(TILES) else ["tiles are not conserved"]
    goods = [g for stack in state["stacks"] for g in stack] + state["round_goods"] + state["box"]
    goods += [g for pile in state["depot_goods"] for g in pile]
    counts = {g: goods.count(g) for g in GOODS}
    for p in state["players"]:
        for g in GOODS:
            counts[g] += p["goods"][g] + p["sold"][g]
    if counts != GOODS_PER_TYPE:
        out.append(f"goods are not conserved: {counts}")
    return out
