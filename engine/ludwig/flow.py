"""The sequence of play: setup picks, rounds (refill, pricing, turns, coins, pass), the end.

``state["task"]`` is the one open sequential decision (``{"type", "seat", ...}``); the
setup's simultaneous bonus-card return is the only parallel one.  ``advance`` moves the
game forward until a player must answer.  Decision builders live in ``decisions.py``,
answers in ``answers.py``.
"""
from __future__ import annotations

from engine import simultaneous as sim
from engine.core import Event, State

from . import data as D
from . import market
from .decisions import can_build
from .scoring import finish
from .setup import BONUS_RETURN


def start_turn(state: State, seat: int, extra: bool) -> None:
    state["turn_no"] += 1
    state["turn"] = {"seat": seat, "extra": extra, "extras": 0, "corridor_used": False}
    state["task"] = {"type": "turn", "seat": seat}


def _begin_round(state: State, events: list[Event]) -> None:
    """Refill (not in round 1), then pricing or, in solo, the fixed reveal.

    (our ruling) When, after the refill, no seat can place any tile of the market or the
    supply, this is the last round.  The rulebook does not cover it, but nothing could
    change any more: a purchase must be placed at once (rule 8), and without purchases
    no slot empties, the deck never moves and the rounds would repeat for ever (seen in
    random play, where castles close themselves off)."""
    if state["solo"]:
        events += market.fill(state, state["market"])
        if not any(slot["tile"] for slot in state["market"]) and not state["deck"]:
            return _end(state, events)
        events.append(Event("round_started", {"round": state["round"]}))
        state["order"] = []
        start_turn(state, 0, False)
        return None
    stalled, said = False, False
    if state["round"] > 1:
        filled = market.fill(state, state["market"])
        events += filled
        said = any(e.kind == "deck_reshuffled" for e in filled)  # "... the last round"
        stalled = not state["last_round"] and not any(can_build(state, seat)
                                                       for seat in range(state["n"]))
        state["last_round"] = state["last_round"] or stalled
    events.append(Event("round_started", {"round": state["round"], "mb_seat": state["mb"]}))
    if state["last_round"] and not said:
        events.append(Event("nothing_to_build" if stalled else "last_round", {}))
    n = state["n"]
    state["order"] = [(state["mb"] + k) % n for k in range(1, n + 1)]
    state["task"] = {"type": "price", "seat": state["mb"], "moves": 0}
    return None


def after_pricing(state: State) -> None:
    seat = state["order"].pop(0)
    start_turn(state, seat, False)


def _end(state: State, events: list[Event]) -> None:
    state["task"] = None
    state["turn"] = None
    events += finish(state)


def end_turn(state: State, events: list[Event]) -> None:
    """The current turn (and its reward pool) is over: extra turn, next player or round end."""
    turn = state["turn"]
    if turn["extras"]:
        extras = turn["extras"] - 1
        start_turn(state, turn["seat"], True)
        state["turn"]["extras"] = extras
        events.append(Event("extra_turn", {"seat": turn["seat"]}))
        return
    if state["order"]:
        start_turn(state, state["order"].pop(0), False)
        return
    _end_round(state, events)


def _end_round(state: State, events: list[Event]) -> None:
    if state["solo"]:
        events += market.clear_solo(state)
        if state["last_round"]:
            return _end(state, events)
        state["round"] += 1
        return _begin_round(state, events)
    events += market.add_coins(state)
    if state["last_round"]:
        return _end(state, events)
    state["mb"] = (state["mb"] + 1) % state["n"]
    state["round"] += 1
    events.append(Event("master_builder", {"seat": state["mb"]}))
    return _begin_round(state, events)


def after_setup(state: State, events: list[Event]) -> None:
    """Once favors and bonus cards are settled, round 1 starts."""
    if state.get("picking") or state.get("foyer_choosing") or sim.is_open(state, BONUS_RETURN):
        return
    if not state["solo"] and len(state["favors"]) < D.FAVORS_UP[state["n"]]:
        return
    state["task"] = None
    if state["solo"]:
        _begin_round(state, events)
        return
    events.append(Event("round_started", {"round": 1, "mb_seat": state["mb"]}))
    n = state["n"]
    state["order"] = [(state["mb"] + k) % n for k in range(1, n + 1)]
    state["task"] = {"type": "price", "seat": state["mb"], "moves": 0}


def setup_task(state: State) -> None:
    """The first setup decision: favor choice (variant) or the chosen-bonus picks."""
    if not state["solo"] and len(state["favors"]) < D.FAVORS_UP[state["n"]]:
        state["task"] = {"type": "favor_pick", "seat": state["mb"]}
    elif state.get("picking"):
        state["task"] = {"type": "bonus_pick", "seat": state["picking"][0]}
    elif state.get("foyer_choosing"):
        state["task"] = {"type": "foyer_side", "seat": state["foyer_choosing"][0]}
    else:
        state["task"] = None
