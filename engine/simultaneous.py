"""Simultaneous secret picks: several seats choose at once, answers hidden until all are in.

Used by any game whose players commit face down and reveal together (Im Schutz der Burg's
character cards, Citadels' reaction windows, Ludwig's opening choice).  The bookkeeping
lives in the game state under one key, as plain JSON:

    {"open": [seats still to choose], "picks": {"<seat>": answer, ...}}

A game's ``pending`` yields one secret Decision per seat in ``waiting(state, key)``;
its ``apply`` calls ``record``; once ``complete`` it calls ``reveal`` and resolves.
Its ``view`` calls ``public_view`` so a seat sees who has chosen, never what
(except its own answer).
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.core import RuleError, State


def open_picks(state: State, key: str, seats: Iterable[int]) -> None:
    """Start a simultaneous pick for ``seats`` under ``state[key]``."""
    state[key] = {"open": sorted(seats), "picks": {}}


def is_open(state: State, key: str) -> bool:
    box = state.get(key)
    return bool(box) and bool(box["open"])


def waiting(state: State, key: str) -> list[int]:
    """Seats that have not chosen yet."""
    box = state.get(key)
    return list(box["open"]) if box else []


def record(state: State, key: str, seat: int, answer: Any) -> None:
    """Store ``seat``'s hidden answer; RuleError if it is not waiting for one."""
    box = state.get(key)
    if not box or seat not in box["open"]:
        raise RuleError("already_chosen")
    box["open"].remove(seat)
    box["picks"][str(seat)] = answer


def complete(state: State, key: str) -> bool:
    """True when every seat has answered."""
    box = state.get(key)
    return bool(box) and not box["open"]


def reveal(state: State, key: str) -> dict[int, Any]:
    """Close the pick and return every answer by seat."""
    box = state.pop(key)
    return {int(s): a for s, a in box["picks"].items()}


def public_view(state: State, key: str, viewer: int | None) -> dict | None:
    """What ``viewer`` may know: who chose, who is still choosing, and only its own answer."""
    box = state.get(key)
    if not box:
        return None
    chosen = sorted(int(s) for s in box["picks"])
    out = {"chosen": chosen, "waiting": list(box["open"])}
    if viewer is not None and str(viewer) in box["picks"]:
        out["mine"] = box["picks"][str(viewer)]
    return out
