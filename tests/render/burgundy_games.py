"""Real Castles of Burgundy games played by AI seats, with states captured along the way."""
from __future__ import annotations

from functools import lru_cache

from engine.burgundy import GAME
from render_helpers import snapshots

# snapshot name -> "take the first state where this holds" (checked before every action)
_MOMENTS = {
    "secret_estate": lambda s: bool(s.get("estate_picks")),
    "secret_partial": lambda s: bool((s.get("estate_picks") or {}).get("picks")),
    "choose_estate": lambda s: bool(s["stack"]) and s["stack"][-1]["k"] == "choose_estate",
    "start_castle": lambda s: bool(s["stack"]) and s["stack"][-1]["k"] == "start_castle",
    "first_turn": lambda s: not s["stack"] and "estate_picks" not in s and s["phase"] == 0,
    "space": lambda s: bool(s["stack"]) and s["stack"][-1]["k"] == "space",
    "phase_b": lambda s: s["phase"] == 1,
    "discard": lambda s: bool(s["stack"]) and s["stack"][-1]["k"] == "discard",
    "phase_c": lambda s: s["phase"] == 2,
    "phase_d": lambda s: s["phase"] == 3,
    "effect": lambda s: bool(s["stack"]) and s["stack"][-1]["k"] in (
        "ship", "castle", "church", "market", "warehouse", "city_hall"),
    "phase_e": lambda s: s["phase"] == 4,
    "late_space": lambda s: s["phase"] == 4 and s["round"] >= 3 and bool(s["stack"])
    and s["stack"][-1]["k"] == "space",
}


@lru_cache(maxsize=None)
def played(seats: int, seed: int, estates: str = "standard",
           estate_choice: str = "open") -> tuple[dict, list[dict]]:
    """(final state, snapshots) of one AI game: the first state of each moment in
    ``_MOMENTS`` that happens, and the end."""
    options = {"estates": estates, "estate_choice": estate_choice}
    shots = snapshots(GAME, GAME.setup(seats, GAME.parse_options(options), seed), seed, _MOMENTS)
    return shots["end"], list(shots.values())
