"""Shared by the render tests: AI games that snapshot their states, and image sanity checks."""
from __future__ import annotations

import copy
import random
from typing import Callable, Mapping

from PIL import Image

from engine import ai
from render import kit

MAX_BYTES = 2 * 1024 * 1024


def snapshots(game, state: dict, seed: int,
              moments: Mapping[str, Callable[[dict], bool]]) -> dict[str, dict]:
    """Plays ``state`` to its end with AI seats (``random.Random(seed)``); returns, in the
    order they happened, a copy of the first state (checked before every action) where
    each moment holds, and ``"end"``: the final state."""
    rnd = random.Random(seed)
    shots: dict[str, dict] = {}
    while game.result(state) is None:
        for name, happened in moments.items():
            if name not in shots and happened(state):
                shots[name] = copy.deepcopy(state)
        decision = game.pending(state)[0]           # secret picks: one seat after another
        game.apply(state, decision.seat, ai.choose(game, state, decision, rnd))
    shots["end"] = state
    return shots


def png(img: Image.Image) -> bytes:
    return kit.encode(img)


def all_keys(obj) -> set[str]:
    """Every dict key anywhere inside ``obj``."""
    if isinstance(obj, dict):
        return set(obj) | set().union(*(all_keys(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(all_keys(v) for v in obj)) if obj else set()
    return set()


def check_size(img: Image.Image) -> None:
    """An RGB picture between 600 and 2400 px each way, under ``MAX_BYTES`` encoded."""
    assert img.mode == "RGB"
    assert 600 <= img.width <= 2400 and 600 <= img.height <= 2400, img.size
    assert len(png(img)) < MAX_BYTES
