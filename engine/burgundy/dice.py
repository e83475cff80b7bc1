"""Dice and workers: the worker cost of turning a die into the value an action needs.

One worker changes a die by ±1 (±2 with knowledge 8); 6 and 1 are neighbours.  Knowledge
9-12 give one free ±1 step on a die used for their action.  We implement the rulebook's
"spend workers any time in your turn" as: the player declares the target value with the
action and pays the minimal cost (rules §7).
"""
from __future__ import annotations

from engine.burgundy.knowledge import DOUBLE_STEP


def distance(a: int, b: int) -> int:
    """Steps between two die values on the 1..6 ring."""
    d = abs(a - b)
    return min(d, 6 - d)


def _cost(a: int, b: int, step: int, free: int) -> int:
    left = max(0, distance(a, b) - free)
    return -(-left // step)


# _COST[double][free][a][b]
_COST = tuple(tuple(tuple(tuple(_cost(a, b, 2 if double else 1, free) for b in range(7))
                          for a in range(7)) for free in (0, 1)) for double in (0, 1))


def worker_cost(know: list, die: int, target: int, free_tile: int = 0) -> int:
    """Workers needed to turn ``die`` into ``target`` for a player owning knowledge ``know``.

    ``free_tile`` is the knowledge number granting a free step for this action (0: none).
    """
    return _COST[DOUBLE_STEP in know][bool(free_tile) and free_tile in know][die][target]


def cost_row(know: list, die: int, free_tile: int = 0) -> tuple[int, ...]:
    """Worker cost to reach every value 0..6 (index 0 unused) from ``die``."""
    return _COST[DOUBLE_STEP in know][bool(free_tile) and free_tile in know][die]
