"""Real Citadels games played by AI seats, with states captured along the way."""
from __future__ import annotations

import copy
import random
from functools import lru_cache

from engine import ai
from engine.citadels import GAME

# snapshot name -> "take the first state where this holds" (during a turn)
_MOMENTS = {
    "turns": lambda s: s["round"] >= 2,
    "killed": lambda s: bool(s["kill"]) and bool(s["rob"]),
    "drawn": lambda s: bool((s["turn"].get("sub") or {}).get("drawn")),
    "late": lambda s: max(map(len, s["cities"])) >= 6,
    "wagon": lambda s: bool(s["wagons"]),
    "peek": lambda s: any(s["peeks"]),
}


@lru_cache(maxsize=None)
def played(seats: int, seed: int, action_cards: bool = False) -> tuple[dict, list[dict]]:
    """(final state, snapshots) of one AI game: the first draft decision, the first
    turn state of each moment in ``_MOMENTS`` that happens, and the end."""
    state = GAME.setup(seats, GAME.parse_options({"action_cards": action_cards}), seed)
    rnd = random.Random(seed)
    shots: dict[str, dict] = {"draft": copy.deepcopy(state)}
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, ai.choose(GAME, state, decision, rnd))
        if state["phase"] == "call" and state["turn"]:
            for name, happened in _MOMENTS.items():
                if name not in shots and happened(state):
                    shots[name] = copy.deepcopy(state)
    shots["end"] = state
    return state, list(shots.values())
