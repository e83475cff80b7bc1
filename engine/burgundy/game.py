"""The Castles of Burgundy on the Castellan contract (engine.core.Game).

Speed: the open decision of a state is computed once per move.  It is memoised on the
state object and its move counter ``state["moves"]`` (bumped by every accepted
``apply``), so a state must change only through ``apply`` -- as the contract says.
A menu that opened a child choice (a die's menu under its space or discard choice, the
turn menu under a die's menu) is kept too, and served again when the very next move is
the child's ``back``: that move puts the state back as it was, so the menu is the same.
Code that edits a state by hand (a test building a position) calls :meth:`forget` first.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine import simultaneous
from engine.core import (
    Action, Decision, Event, Game, Hook, OptionSpec, Result, RuleError, State, make_decision,
)
from engine.burgundy import ai, errors, scoring, view as view_mod
from engine.burgundy.flow import settle
from engine.burgundy.frames import HANDLERS
from engine.burgundy import names as names_data
from engine.burgundy.names import NAMES
from engine.burgundy.setup import (
    ADVANCED, OPEN, PICKS, SECRET, STANDARD, new_game, secret_choose, secret_options,
)
from engine.burgundy.data import PHASES, TILES
from engine.burgundy.choices import BACK, WORKERS
from engine.burgundy.turn import END, die_options, turn_choose, turn_options


#: the params of the turn menu per white die, and of a die menu per die and value: made
#: once and shared by the decisions (nobody changes a decision's params)
_WHITE_PARAMS = tuple({"white": white} for white in range(7))
_DIE_PARAMS = tuple(tuple({"die": die + 1, "value": value} for value in range(7))
                    for die in (0, 1))
#: the params of a decision about a tile (space, discard, ...), per tile
_TILE_PARAMS = {tile: {"tile": tile} for tile in TILES}


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

    #: (state, its move counter, its open Decision, the frame it answers): the decision
    #: of the last state asked, built once per move by :meth:`pending`
    _memo: tuple = (None, -1, None, None)
    #: (state, move counter after the step, Decision, frame): the menu a step just left
    #: by opening a child choice on top of its frame (None: the turn menu), for a ``back``
    _below: tuple = (None, -1, None, None)

    def pending(self, state: State) -> list[Decision]:
        """The open decision.  Params: ``turn`` {white} (the white die), ``die_action``
        {die (1 or 2), value}, ``space``/``discard`` {tile}.

        Built here once per move and kept with its frame (None: the turn menu) in
        ``_memo`` for :meth:`apply` (built in this method, not a helper: one Python call
        less per move, and a random playout asks for about 600 decisions)."""
        memo = self._memo
        moves = state["moves"]
        if memo[0] is state and memo[1] == moves:
            return [memo[2]]
        if state["finished"]:
            return []
        if PICKS in state:
            return [self._secret_decision(state, seat)
                    for seat in simultaneous.waiting(state, PICKS)]
        stack = state["stack"]
        seat = state["active"]
        p = state["players"][seat]
        if not stack:
            frame = None
            options = turn_options(state, p)
            decision = make_decision(seat, "turn", tuple(options),
                                     options[-1].id if options[-1] is END else options[0].id,
                                     _WHITE_PARAMS[state["white"]])
        elif stack[-1]["k"] == "die_action":  # the hot one: built here without a detour
            frame = stack[-1]
            die = frame["die"]
            value = p["dice"][die]
            options = die_options(state, frame, p)
            decision = make_decision(seat, "die_action", tuple(options), WORKERS.id,
                                     _DIE_PARAMS[die][value])
        else:
            frame = stack[-1]
            kind = frame["k"]
            handler = HANDLERS[kind]
            options = handler.options(state, frame, p)
            decision = make_decision(seat, kind, tuple(options), handler.default(options),
                                     _TILE_PARAMS[frame["tile"]] if "tile" in frame else {})
        self._memo = (state, moves, decision, frame)
        return [decision]

    def forget(self) -> None:
        """Drop the kept decisions (for code that edits a state by hand)."""
        self._memo = self._below = Burgundy._memo

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
        memo = self._memo  # (the usual case: pending just built it)
        if memo[0] is state and memo[1] == state["moves"]:
            decision, frame = memo[2], memo[3]  # so the game is on and the turn is open
            if seat != decision.seat:
                raise RuleError("not_your_turn")
        else:
            if state["finished"]:
                raise RuleError("game_over")
            if PICKS in state:
                return self._apply_secret(state, seat, action)
            if seat != state["active"]:
                raise RuleError("not_your_turn")
            self.pending(state)
            decision, frame = self._memo[2], self._memo[3]
        kind = decision.kind
        if action.kind != kind:
            raise RuleError("stale_decision")
        option_id = action.option
        for option in decision.options:
            if option.id == option_id:
                break
        else:
            raise errors.explain(state, seat, kind, option_id)
        moves = state["moves"] = state["moves"] + 1
        stack = state["stack"]
        depth = len(stack)
        if frame is None:
            events = turn_choose(state, seat, frame, option)
        else:
            events = HANDLERS[kind].choose(state, seat, frame, option)
        if len(stack) > depth:
            if len(stack) == depth + 1 and (stack[-2] is frame if depth else frame is None):
                self._below = (state, moves, decision, frame)  # a child opened: keep the menu
        elif option is BACK:
            self._back(state, moves)
        if not stack:
            more = settle(state)
            if more:
                return events + more
        return events

    def _back(self, state: State, moves: int) -> None:
        """A child choice was left by ``back`` at ``moves``: if it was opened by the move
        just before, the menu under it is open again as it was, so serve the kept one."""
        below = self._below
        if below[0] is state and below[1] == moves - 1:
            stack = state["stack"]
            frame = below[3]
            if stack[-1] is frame if stack else frame is None:
                self._memo = (state, moves, below[2], frame)

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
