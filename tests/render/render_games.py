"""Real Citadels games played by AI seats, with views captured along the way."""
from __future__ import annotations

import random
from functools import lru_cache

from engine import ai
from engine.citadels import GAME
from engine.core import Action, Decision


def _choose(state: dict, decision: Decision, rnd: random.Random) -> Action:
    """The engine AI's choice; a random non-"back" option if it has no preference."""
    try:
        return ai.choose(GAME, state, decision, rnd)
    except Exception:   # the AI is work in progress; the renderer only needs real states
        forward = [o for o in decision.options if o.id != "back"] or decision.options
        return Action(decision.kind, rnd.choice(forward).id)


@lru_cache(maxsize=None)
def played(seats: int, seed: int, action_cards: bool = False) -> tuple[dict, list[dict]]:
    """(final state, states snapshotted as JSON-like copies) of one AI game.

    Snapshots: the first draft decision, the first turn of round 2 (mid-game, cities
    started), a turn with a Box-Office Wagon in play when there is one, and the end.
    """
    import copy

    state = GAME.setup(seats, GAME.parse_options({"action_cards": action_cards}), seed)
    rnd = random.Random(seed)
    shots: dict[str, dict] = {"draft": copy.deepcopy(state)}
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, _choose(state, decision, rnd))
        if state["phase"] == "call" and state["turn"]:
            if "turns" not in shots and state["round"] >= 2:
                shots["turns"] = copy.deepcopy(state)
            if "late" not in shots and max(map(len, state["cities"])) >= 6:
                shots["late"] = copy.deepcopy(state)
            if "wagon" not in shots and state["wagons"]:
                shots["wagon"] = copy.deepcopy(state)
    shots["end"] = state
    return state, list(shots.values())


def views(seats: int, seed: int, action_cards: bool = False,
          seat: int | None = None) -> list[dict]:
    """Views (spectator by default) of every snapshot of ``played(...)``."""
    return [GAME.view(s, seat) for s in played(seats, seed, action_cards)[1]]
