"""The invariants every game keeps by the engine contract, plus the game's own
(:meth:`engine.core.Game.check_invariants`): checked by the soak after every move."""
from __future__ import annotations

import json
import re

from engine.core import Game, State

__all__ = ["contract_problems", "OPTION_ID"]

OPTION_ID = re.compile(r"[A-Za-z0-9_.:+-]{1,60}")


def contract_problems(game: Game, state: State, seats: int, views: bool = False) -> list[str]:
    """Broken contract rules of ``state``: JSON round trip, pending decisions iff the game
    is not over, option ids well-formed and unique, seats in range, a default that is an
    option; with ``views``, every seat's and the spectator's view is JSON too."""
    problems: list[str] = []
    if json.loads(json.dumps(state)) != state:
        problems.append("state is not JSON")
    decisions = game.pending(state)
    over = game.result(state) is not None
    if over == bool(decisions):
        problems.append(f"over={over} with {len(decisions)} pending decisions")
    for d in decisions:
        ids = [o.id for o in d.options]
        if not ids:
            problems.append(f"decision {d.kind} has no options")
        if len(set(ids)) != len(ids):
            problems.append(f"decision {d.kind} repeats an option id")
        bad = [i for i in ids if not isinstance(i, str) or not OPTION_ID.fullmatch(i)]
        if bad:
            problems.append(f"decision {d.kind} has malformed option ids {bad[:3]}")
        if not (type(d.seat) is int and 0 <= d.seat < seats):
            problems.append(f"decision {d.kind} for seat {d.seat!r}")
        if d.default is not None and d.default not in ids:
            problems.append(f"decision {d.kind} defaults to a non-option {d.default}")
    if views:
        for seat in (None, *range(seats)):
            view = game.view(state, seat)
            if json.loads(json.dumps(view)) != view:
                problems.append(f"view of {seat} is not JSON")
    return problems + list(game.check_invariants(state))
