"""The Castles of Burgundy on the Castellan contract (engine.core.Game).

Speed: the open decision of a state is computed once per move.  It is memoised on the
state object and its move counter ``state["moves"]`` (bumped by every accepted
``apply``), so a state must change only through ``apply`` -- as the contract says.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine import simultaneous
from engine.core import (
    Action, Decision, Event, Game, Hook, OptionSpec, Result, RuleError, State,
)
from engine.burgundy import ai, errors, scoring, view as view_mod
from engine.burgundy.flow import settle
from engine.burgundy.frames import HANDLERS
from engine.burgundy import names as names_data
from engine.burgundy.names import NAMES
from engine.burgundy.setup import (
    ADVANCED, OPEN, PICKS, SECRET, STANDARD, new_game, secret_choose, secret_options,
)
from engine.burgundy.data import PHASES
from engine.burgundy.turn import turn_choose, turn_options


class Burgundy(Game):
    id = "burgundy"
    version = 1
    min_seats = 2
    max_seats = 4
    options = {
        "estates": OptionSpec(STANDARD, (STANDARD, ADVANCED)),
        "tiebreak": OptionSpec(scoring.FEWER_EMPTY, scoring.TIEBREAKS),
        "estate_choice": OptionSpec(OPEN, (OPEN, SECRET)),
    }

    def names(self) -> Mapping[str, Mapping[str, str]]:
        return NAMES

    def card_info(self, card_id: str) -> Mapping[str, Any] | None:
        return names_data.card_info(card_id)

    def card_ids(self) -> list[str]:
        return list(names_data.LOOKUP_KINDS)

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_seats(seats)
        return new_game(seats, self.parse_options(options), seed)

    _memo: tuple = (None, -1, None)

    def _open(self, state: State):
        """(kind, frame, options) of the active seat's open decision."""
        memo_state, memo_moves, memo = self._memo
        if memo_state is state and memo_moves == state["moves"]:
            return memo
        p = state["players"][state["active"]]
        stack = state["stack"]
        if stack:
            frame = stack[-1]
            memo = frame["k"], frame, HANDLERS[frame["k"]].options(state, frame, p)
        else:
            memo = "turn", None, turn_options(state, p)
        self._memo = (state, state["moves"], memo)
        return memo

    def pending(self, state: State) -> list[Decision]:
        """The open decision.  Params: ``turn`` {white} (the white die), ``die_action``
        {die (1 or 2), value}, ``space``/``discard`` {tile}."""
        if state["finished"]:
            return []
        if PICKS in state:
            return [self._secret_decision(state, seat)
                    for seat in simultaneous.waiting(state, PICKS)]
        kind, frame, options = self._open(state)
        seat = state["active"]
        if frame is not None:
            params = {"tile": frame["tile"]} if "tile" in frame else {}
            if kind == "die_action":
                params["die"] = frame["die"] + 1
                params["value"] = state["players"][seat]["dice"][frame["die"]]
            default = HANDLERS[kind].default(options)
        else:
            params = {"white": state["white"]}
            default = options[-1].id if options[-1].id == "end" else options[0].id
        return [Decision(seat, kind, tuple(options), default=default, params=params)]

    def _secret_decision(self, state: State, seat: int) -> Decision:
        options = secret_options(state, seat)
        return Decision(seat, "secret_estate", tuple(options), secret=True,
                        default=options[0].id)

    def _apply_secret(self, state: State, seat: int, action: Action) -> list[Event]:
        """Advanced setup, secret variant: one hidden choice per seat, any order."""
        if seat not in simultaneous.waiting(state, PICKS):
            raise RuleError("already_chosen" if 0 <= seat < state["n"] else "not_your_turn")
        if action.kind != "secret_estate":
            raise RuleError("stale_decision")
        if action.option not in [o.id for o in secret_options(state, seat)]:
            raise RuleError("illegal_option", option=action.option)
        state["moves"] += 1
        return secret_choose(state, seat, action.option) + settle(state)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        if state["finished"]:
            raise RuleError("game_over")
        if PICKS in state:
            return self._apply_secret(state, seat, action)
        if seat != state["active"]:
            raise RuleError("not_your_turn")
        kind, frame, options = self._open(state)
        if action.kind != kind:
            raise RuleError("stale_decision")
        for option in options:
            if option.id == action.option:
                break
        else:
            raise errors.explain(state, seat, kind, action.option)
        choose = turn_choose if frame is None else HANDLERS[kind].choose
        state["moves"] += 1
        events = choose(state, seat, frame, action.option)
        return events + settle(state)

    def view(self, state: State, seat: int | None) -> dict:
        return view_mod.view(state, seat)

    def result(self, state: State) -> Result | None:
        return scoring.result(state) if state["finished"] else None

    def turn_marker(self, state: State) -> Any:
        """(phase, round, turn in the round, active seat, setup choices left): a new board
        per player's turn, even when the same seat plays twice in a row (the turn order
        follows the track), and per estate choice of the advanced setup."""
        return (state["phase"], state["round"], state["turn_idx"], state["active"],
                len(state["setup_queue"]))

    def turn_label(self, state: State) -> tuple[str, Mapping[str, Any]] | None:
        """"Phase B · round 3": the phase letter and the round within it."""
        if state["finished"]:
            return None
        return "phase_round", {"phase": PHASES[state["phase"]], "round": state["round"] + 1}

    def ai_preference(self, state: State, decision: Decision, rnd) -> list[str]:
        return ai.preference(state, decision, rnd)

    check_invariants = Hook(".invariants", "problems")
    public_state = Hook(".determinize")
    determinize = Hook(".determinize", pass_game=True)


GAME = Burgundy()
