"""Carcassonne: The Castle (Carcassonne – Hrad) on the Castellan engine contract."""
from __future__ import annotations

import random
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from engine.core import (
    Action, Decision, Event, Game, Hook, OptionSpec, Result, RuleError, State,
)

from . import cards, flow
from .ai import ai_preference
from .geometry import Geometry, load_data
from .names import build_names
from .view import view

SCORE_PARTS = ("path", "tower", "house", "court", "wall_tiles", "keep")


class CarcassonneCastle(Game):
    """Exactly 2 seats.  ``CarcassonneCastle(data)`` plays on another data file (a path or
    a dict shaped like ``data/carcassonne_castle.json``); ``GAME`` uses the packaged one."""

    id = "carcassonne_castle"
    version = 1
    min_seats = 2
    max_seats = 2
    options = {"late_pickup": OptionSpec(False, (False, True)),
               "fountain_wall_tile_4": OptionSpec(False, (False, True)),
               "keep_requires_own_placement": OptionSpec(True, (True, False))}

    def __init__(self, data: str | Path | Mapping[str, Any] | None = None) -> None:
        self.geo = Geometry(load_data(data))

    @cached_property
    def _names(self) -> dict:
        return {**build_names(self.geo), **cards.build_card_names(self.geo)}

    def names(self) -> Mapping[str, Mapping[str, str]]:
        return self._names

    def card_info(self, card_id: str) -> Mapping[str, Any] | None:
        return cards.card_info(self.geo, card_id)

    def card_ids(self) -> list[str]:
        return cards.card_ids(self.geo)

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_seats(seats)
        state = flow.new_state(self.geo, seats, self.parse_options(options), seed)
        flow.start_turn(self.geo, state, [])
        return state

    def pending(self, state: State) -> list[Decision]:
        return flow.pending(self.geo, state)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        _, option = self.require(state, seat, action)
        return flow.apply(self.geo, state, seat, action, option)

    def view(self, state: State, seat: int | None) -> dict:
        return view(self.geo, state, seat, self.result(state))

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = {s: v for s, v in enumerate(state["score"])}
        best = max(scores.values())
        breakdown = {s: {p: state["breakdown"][s].get(p, 0) for p in SCORE_PARTS} for s in scores}
        return Result(tuple(s for s, v in scores.items() if v == best), scores, breakdown)

    def turn_marker(self, state: State) -> Any:
        """The turn number: an extra turn (wall tile 1) is a new turn of the same seat."""
        return state["turn"]

    def turn_label(self, state: State) -> tuple[str, Mapping[str, Any]] | None:
        """"Turn 12 · 40 tiles left in the supply" for board headers."""
        if self.result(state) is not None:
            return None
        return "turn", {"turn": state["turn"], "left": len(state["supply"])}

    def explain_illegal(self, state: State, seat: int, action: Action) -> RuleError:
        return flow.explain_illegal(self.geo, state, action)

    def ai_preference(self, state: State, decision: Decision, rnd: random.Random) -> list[str]:
        return ai_preference(self.geo, state, decision, rnd)

    check_invariants = Hook(".invariants", "problems")
    public_state = Hook(".determinize")
    determinize = Hook(".determinize", pass_game=True)


GAME = CarcassonneCastle()
