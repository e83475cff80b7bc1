"""Carcassonne: The Castle's invariants (``Game.check_invariants``): six followers per
seat (on the board or in supply) and all 60 tiles accounted for."""
from __future__ import annotations

from engine.core import State

TILES = 60
FOLLOWERS = 6


def problems(state: State) -> list[str]:
    out = []
    for seat, supply in enumerate(state["supply_f"]):
        placed = sum(1 for s, _ in state["followers"] if s == seat)
        if placed + supply != FOLLOWERS:
            out.append(f"seat {seat} has {placed} + {supply} followers")
    tiles = len(state["placements"]) + len(state["discards"]) + len(state["supply"]) \
        + (state["drawn"] is not None and state["placed"] is None)
    if tiles != TILES:
        out.append(f"{tiles} tiles accounted for")
    return out
