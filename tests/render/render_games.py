"""Real Citadels games played by AI seats, with states captured along the way."""
from __future__ import annotations

from functools import lru_cache

from engine.citadels import GAME
from render_helpers import snapshots

# snapshot name -> "take the first state where this holds" (during a turn)
_MOMENTS = {
    "turns": lambda s: s["round"] >= 2,
    "killed": lambda s: bool(s["kill"]) and bool(s["rob"]),
    "drawn": lambda s: bool((s["turn"].get("sub") or {}).get("drawn")),
    "late": lambda s: max(map(len, s["cities"])) >= 6,
    "wagon": lambda s: bool(s["wagons"]),
    "peek": lambda s: any(s["peeks"]),
}


def _during_a_turn(happened):
    return lambda s: s["phase"] == "call" and bool(s["turn"]) and happened(s)


# the draft comes first: the game's opening state
_SHOTS = {"draft": lambda s: True, **{name: _during_a_turn(happened)
                                      for name, happened in _MOMENTS.items()}}


@lru_cache(maxsize=None)
def played(seats: int, seed: int, action_cards: bool = False) -> tuple[dict, list[dict]]:
    """(final state, snapshots) of one AI game: the first draft decision, the first
    turn state of each moment in ``_MOMENTS`` that happens, and the end."""
    state = GAME.setup(seats, GAME.parse_options({"action_cards": action_cards}), seed)
    shots = snapshots(GAME, state, seed, _SHOTS)
    return shots["end"], list(shots.values())
