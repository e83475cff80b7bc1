"""Shared helpers of the Ludwig engine tests: build castles and games by hand."""
from __future__ import annotations

import random

from engine.ai import choose
from engine.core import Action
from engine.ludwig import GAME
from engine.ludwig.castle import castle_of
from engine.ludwig.placement import check
from engine.ludwig.points import adjacent_to, gain
from engine.ludwig.shapes import get

FOYER = {"tile": "foyer", "rot": 0, "x": 0, "y": 0, "side": "front"}


def room(tile: str, x: int, y: int, rot: int = 0, side: str | None = None) -> dict:
    return {"tile": tile, "rot": rot, "x": x, "y": y, "side": side}


def random_rooms(seed: int, size: int, pool, tries: int = 3) -> list[dict]:
    """A random legal castle: the foyer plus up to ``size`` tiles drawn from ``pool``."""
    from engine.ludwig.placement import legal
    rnd = random.Random(seed)
    rooms = [dict(FOYER)]
    for _ in range(size * tries):
        if len(rooms) > size:
            break
        tile = rnd.choice(pool)
        cands = legal(castle_of(rooms), tile)
        if cands:
            rot, x, y, side = rnd.choice(cands)[:4]
            rooms.append(room(tile, x, y, rot, side))
    return rooms


def castle(*rooms: dict):
    return castle_of([dict(FOYER), *rooms])


def legal_here(c, tile: str, x: int, y: int, rot: int = 0, side: str | None = None):
    """The rooms the placement links to, or None if illegal."""
    return check(c, get(tile, rot), x, y, side)


def points(c, tile: str, x: int, y: int, rot: int = 0, side: str | None = None) -> int:
    links = legal_here(c, tile, x, y, rot, side)
    assert links is not None, f"{tile} at {x},{y} r{rot} is illegal"
    parts = gain(c, tile, links, adjacent_to(c, get(tile, rot), x, y))
    return parts["base"] + parts["own"] + parts["others"]


def play_random(seats: int, seed: int, options=None, smart: bool = True, on_step=None):
    """A whole game with AI seats; returns (state, events)."""
    state = GAME.setup(seats, options or {}, seed)
    rnd = random.Random(seed)
    events = []
    steps = 0
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        if on_step:
            on_step(state, d)
        events += GAME.apply(state, d.seat, choose(GAME, state, d, rnd, smart=smart))
        steps += 1
        assert steps < 20000
    return state, events


def act(state, seat: int, kind: str, option: str):
    """Apply one answer.  These tests build positions by editing states by hand between
    moves, so the decisions ``pending`` remembered for ``apply`` (valid only while a state
    changes through ``apply``, see engine.core.PendingMemo) are dropped first."""
    GAME._memo.clear()
    return GAME.apply(state, seat, Action(kind, option))
