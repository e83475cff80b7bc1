"""The Citadels ``Game``: routes the contract (setup/pending/apply/view/result) to the rules."""
from __future__ import annotations

from typing import Any, Mapping

from engine.core import (
    Action, Decision, Event, Game, Hook, OptionSpec, Result, RuleError, State,
)

from engine.citadels import ai, calling, data, income, purple, rounds, turn
from engine.citadels.view import view as build_view

_DRAFT = frozenset({"pick_character", "discard_character"})
_NOTHING_KNOWN: tuple = (None, ())


#: decision kind -> play(state, seat, option, events), for every kind outside a turn
_PLAY = {
    "reaction_window": calling.apply_window,
    **dict.fromkeys(_DRAFT, rounds.apply_draft),
    "graveyard": lambda state, seat, option, events: purple.apply_graveyard(state, option, events),
    "wagon_cash": lambda state, seat, option, events: income.apply_cash(state, option, events),
}


def _actor(state: State) -> int | None:
    """The seat of the single open decision (outside reaction windows)."""
    if state["prompt"]:
        return state["prompt"]["seat"]
    if state["draft"]:
        draft = state["draft"]
        return draft["steps"][draft["i"]][0]
    return state["turn"]["seat"] if state["turn"] else None


def _decision(state: State) -> Decision:
    prompt = state["prompt"]
    if prompt:
        return (purple.graveyard_decision if prompt["kind"] == "graveyard"
                else income.cash_decision)(state)
    if state["draft"]:
        return rounds.draft_decision(state)
    return turn.turn_decision(state)


class Citadels(Game):
    """Citadels, Czech Mindok first edition, with the action-card variant."""

    id = "citadels"
    min_seats = 2
    max_seats = 7
    options = {"action_cards": OptionSpec(False, (False, True)),
               "great_wall": OptionSpec(False, (False, True))}

    def __init__(self) -> None:
        #: (state, its pending decisions) from the last ``pending`` until the next
        #: ``apply``, which validates against them: :class:`PendingMemo`'s idea as one
        #: attribute, read and written as one tuple, in the hottest calls of a playout
        self._known: tuple = _NOTHING_KNOWN

    def names(self) -> Mapping[str, Mapping[str, str]]:
        return data.names()

    def card_info(self, card_id: str) -> Mapping[str, Any] | None:
        return data.card_info(card_id)

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        self.check_seats(seats)
        return rounds.setup(seats, self.parse_options(options), seed)

    def pending(self, state: State) -> list[Decision]:
        """The open decisions; remembered for ``apply`` to validate against."""
        if state["window"]:
            out = tuple([calling.window_decision(state, s) for s in state["window"]["open"]])
        elif state["turn"] is not None and not state["prompt"]:  # the most frequent case
            decision = turn.turn_decision(state)
            self._known = (state, (decision,))
            return [decision]
        elif state["phase"] == "over":
            out = ()
        else:  # a prompt or the draft
            out = (_decision(state),)
        self._known = (state, out)
        return list(out)

    def decision_for(self, state: State, seat: int) -> Decision | None:
        known_state, known = self._known
        if known_state is state:
            for decision in known:
                if decision.seat == seat:
                    return decision
            return None
        if state["phase"] == "over":
            return None
        if state["window"]:
            return calling.window_decision(state, seat) if seat in state["window"]["open"] \
                else None
        return _decision(state) if _actor(state) == seat else None

    def explain_illegal(self, state: State, seat: int, action: Action) -> RuleError:
        if action.kind in _DRAFT and state["draft"]:
            return rounds.explain_draft(state, action.option)
        return turn.explain(state, action.kind, action.option)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """:meth:`Game.require` spelled out, then play (the hottest call of a playout)."""
        if state["result"] is not None:
            self._known = _NOTHING_KNOWN
            raise RuleError("game_over")
        known_state, known = self._known
        self._known = _NOTHING_KNOWN  # nothing below reads it; the state changes now
        decision = None
        if known_state is state:  # decision_for's first case, inline
            for asked in known:
                if asked.seat == seat:
                    decision = asked
                    break
        else:
            decision = self.decision_for(state, seat)
        if decision is None:
            raise RuleError("not_your_turn")
        if decision.kind != action.kind:
            raise RuleError("stale_decision")
        option = action.option
        for offered in decision.options:
            if offered.id == option:
                break
        else:
            raise self.explain_illegal(state, seat, action)
        events: list[Event] = []
        kind = action.kind
        play = _PLAY.get(kind)
        if play is None:  # the turn's decisions: ``turn`` and its follow-ups
            turn.apply_turn(state, kind, option, events)
        else:
            play(state, seat, option, events)
        if state["phase"] == "call" and state["turn"] is None:  # else advance has nothing to do
            calling.advance(state, events)
        return events

    def view(self, state: State, seat: int | None) -> dict:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        res = state["result"]
        if res is None:
            return None
        return Result(winners=tuple(res["winners"]),
                      scores={int(k): v for k, v in res["scores"].items()},
                      breakdown={int(k): v for k, v in res["breakdown"].items()})

    def turn_marker(self, state: State) -> Any:
        """A new board per round phase and per called character."""
        return state["round"], state["phase"], state["rank"]

    def turn_label(self, state: State) -> tuple[str, Mapping[str, Any]] | None:
        """"Round 3 · choosing characters" or "Round 3 · Thief" (the character called)."""
        if state["phase"] == "over":
            return None
        if state["phase"] != "call" or state["rank"] < 1:
            return "draft", {"round": state["round"]}
        return "call", {"round": state["round"], "character": data.CHARACTERS[state["rank"] - 1]}

    def ai_preference(self, state: State, decision: Decision, rnd) -> list[str]:
        return ai.preference(state, decision, rnd)

    check_invariants = Hook(".invariants", "problems")
    determinize = Hook(".determinize")
