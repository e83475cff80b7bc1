"""Turn, round and phase progression (rules §6): who acts next, and when the game ends."""
from __future__ import annotations

from engine.core import Event
from engine.burgundy.actions import can_buy
from engine.burgundy.board import prepare_phase, start_round
from engine.burgundy.data import PHASES, ROUNDS
from engine.burgundy.scoring import finish, phase_income


def settle(state: dict) -> list[Event]:
    """Move on while the active player has nothing left to decide.

    A turn with both dice used and nothing to buy ends; a turn with one die left and
    nothing to buy opens that die's action at once (``auto``: no ``back`` to a menu
    that would offer nothing else).
    """
    events: list[Event] = []
    while not state["finished"] and not state["stack"] and not state["setup_queue"]:
        p = state["players"][state["active"]]
        used = p["used"]
        if used[0] and used[1]:
            if can_buy(state, p):
                break
            events += next_turn(state)
        elif (used[0] or used[1]) and not can_buy(state, p):
            state["stack"].append({"k": "die_action", "die": 1 if used[0] else 0, "auto": True})
        else:
            break
    return events


def next_turn(state: dict) -> list[Event]:
    """Pass to the next seat in this round's order, or end the round."""
    state["turn_idx"] += 1
    state["bought"] = False
    if state["turn_idx"] < len(state["order"]):
        state["active"] = state["order"][state["turn_idx"]]
        return []
    state["round"] += 1
    if state["round"] < ROUNDS:
        return start_round(state)
    events = phase_income(state)
    if state["phase"] + 1 < len(PHASES):
        state["phase"] += 1
        return events + prepare_phase(state) + start_round(state)
    state["round"] = ROUNDS - 1
    return events + finish(state)
