"""Castles of Mad King Ludwig on the Castellan engine contract (1-4 seats, solo included)."""
from __future__ import annotations

import random
from typing import Any, Mapping

from engine.core import (
    Action, Decision, Event, Game, Hook, OptionSpec, PendingMemo, Result, RuleError, State,
)

from . import cards
from . import data as D
from . import flow
from .ai import ai_preference
from .answers import answer
from .decisions import pending
from .errors import explain
from .scoring import result_of
from .setup import new_state
from .view import view


class Ludwig(Game):
    """Options: ``chosen_favors`` and ``chosen_bonus`` (variants 10.1), ``room_cards``
    (the unverified room-card composition, data ``room_cards``), ``foyer_back`` (the
    unverified back side of the foyer, data ``rule_flags.foyer_back_side``: with
    ``four_doors`` every player picks the side of their foyer at setup, 13.1.1)."""

    id = "ludwig"
    version = 1
    min_seats = 1
    max_seats = 4
    options = {"chosen_favors": OptionSpec(False, (False, True)),
               "chosen_bonus": OptionSpec(False, (False, True)),
               "room_cards": OptionSpec("default", tuple(D.ROOM_CARDS)),
               "foyer_back": OptionSpec(D.FLAGS["foyer_back_side"],
                                        tuple(D.FLAGS["foyer_back_side_values"]))}

    def __init__(self) -> None:
        self._memo = PendingMemo()

    def names(self) -> Mapping[str, Mapping[str, str]]:
        return _NAMES

    def card_info(self, card_id: str) -> Mapping[str, Any] | None:
        return cards.card_info(card_id)

    def card_ids(self) -> list[str]:
        return cards.card_ids()

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_seats(seats)
        state = new_state(seats, self.parse_options(options), seed)
        flow.setup_task(state)
        flow.after_setup(state, [])
        return state

    def pending(self, state: State) -> list[Decision]:
        """The open decisions; remembered for ``apply`` to validate against (memo)."""
        out = pending(state)
        self._memo.put(state, out)
        return out

    def decision_for(self, state: State, seat: int) -> Decision | None:
        known = self._memo.get(state)
        if known is None:
            return super().decision_for(state, seat)
        for decision in known:
            if decision.seat == seat:
                return decision
        return None

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """:meth:`Game.require` (against the decisions ``pending`` just gave for this
        state, if it did), then play; the memo is cleared either way (nothing in
        ``answer`` reads it)."""
        try:
            self.require(state, seat, action)
            return answer(state, seat, action.option)
        finally:
            self._memo.clear()

    def explain_illegal(self, state: State, seat: int, action: Action) -> RuleError:
        return explain(state, seat, action.option)

    def view(self, state: State, seat: int | None) -> dict:
        return view(state, seat)

    def result(self, state: State) -> Result | None:
        return result_of(state)

    def turn_marker(self, state: State) -> Any:
        """(round, turn number, pricing?): every turn, extra turns included, gets a board."""
        task = state["task"]
        return (state["round"], state["turn_no"], bool(task and task["type"].startswith("price")))

    def turn_label(self, state: State) -> tuple[str, Mapping[str, Any]] | None:
        """"Round 4" (or "round 9, the last") for board headers."""
        if state["finished"]:
            return None
        return ("last_round" if state["last_round"] else "round"), {"round": state["round"]}

    def ai_preference(self, state: State, decision: Decision, rnd: random.Random) -> list[str]:
        return ai_preference(state, decision, rnd)

    check_invariants = Hook(".invariants", "problems")
    public_state = Hook(".determinize")
    determinize = Hook(".determinize", pass_game=True)


_NAMES = {**D.names(), **cards.NAMES}
GAME = Ludwig()
