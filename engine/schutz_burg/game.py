"""Im Schutz der Burg (A Castle for All Seasons) on the Castellan engine contract."""
from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core import (
    Action, Decision, Event, Game, Hook, OptionSpec, PendingMemo, Result, State,
)

from . import data as D
from . import flow
from .ai import ai_preference
from .scoring import result_of
from .state import new_state
from .view import view


class SchutzBurg(Game):
    """2-4 seats; option ``winter`` plays the winter side with the six winter cards."""

    id = "schutz_burg"
    version = 1
    min_seats = 2
    max_seats = 4
    options = {"winter": OptionSpec(False, (False, True))}

    def __init__(self) -> None:
        self._memo = PendingMemo()

    def names(self) -> Mapping[str, Mapping[str, str]]:
        return D.names()

    def card_info(self, card_id: str) -> Mapping[str, Any] | None:
        return D.card_info(card_id)

    def card_ids(self) -> list[str]:
        return D.card_ids()

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_seats(seats)
        opts = self.parse_options(options)
        state = new_state(seats, bool(opts["winter"]), seed)
        flow.advance(state, [])
        return state

    def pending(self, state: State) -> list[Decision]:
        """The open decisions; remembered for ``apply`` to validate against (memo)."""
        out = flow.pending(state)
        self._memo.put(state, out)
        return out

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        known = self._memo.get(state)
        self._memo.clear()
        try:
            return flow.apply(state, seat, action, known)
        finally:
            self._memo.clear()

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def result(self, state: State) -> Result | None:
        return result_of(state)

    def turn_marker(self, state: State) -> Any:
        """(round, picking?, phase steps still queued): the pick, the winter card, the reveal
        and each resolving card get their own board, even when the same seat acts next."""
        return (state["round"], bool(flow.pick_waiting(state)), _phases_left(state))

    def turn_label(self, state: State) -> tuple[str, Mapping[str, Any]] | None:
        """"Round 3 of 7"."""
        if state["round"] < 1 or result_of(state) is not None:
            return None
        return "round", {"round": state["round"], "rounds": state["rounds"]}

    def ai_preference(self, state: State, decision: Decision, rnd: random.Random) -> list[str]:
        return ai_preference(state, decision, rnd)

    check_invariants = Hook(".invariants", "problems")
    public_state = Hook(".determinize")
    determinize = Hook(".determinize", pass_game=True)


def _phases_left(state: State) -> int:
    """Phase steps still to come; a 2-player seat's Worker pair counts as its cards (each
    resolves on its own, also when both resolve within one answer of the order question)."""
    left = sum(len(st[2]) if st[0] == "worker_pair" else 1
               for st in state["queue"] if st[0] in _PHASES)
    task = state.get("task")
    if task is not None and task.get("type") == "worker_order":
        left += len(task["cards"])
    return left


_PHASES = ("winter_draw", "reveal", "resolve", "worker_pair", "round_end")

GAME = SchutzBurg()
