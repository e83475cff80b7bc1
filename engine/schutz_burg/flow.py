"""Runs the queued steps until someone must decide, and answers decisions.

Importing this module registers every step and task of the rule modules.
"""
from __future__ import annotations

from engine.core import Action, Decision, Event, Option, RuleError, State

from . import building, cards, rounds, scoring, trade, winter  # noqa: F401  (registration)
from .errors import explain
from .rounds import act_pick, check_pick, pick_decision, pick_waiting
from .tasks import ACTS, LIVE, OPTIONS, QUESTIONS, STEPS, live_options

#: answers a timed-out player gets, in order of preference (else the first option)
_DEFAULTS = ("done", "pass", "back", "refuse", "withdraw", "pay", "stones:0", "exchange:0")
_HIDDEN_TASK_KEYS = frozenset({"type", "seat", "asked", "key", "cards", "target"})


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a real decision is open or the game is over.

    A task with nothing real to choose is skipped; one with a single option is answered
    with it (a compulsory move, e.g. the only card the Plague can take).
    """
    queue = state["queue"]
    while True:
        task = state["task"]
        if task is not None:
            check = LIVE.get(task["type"])
            if check is not None:
                if check(state, task):
                    return
                state["task"] = None
                continue
            opts = live_options(state, task)
            if opts is not None and len(opts) > 1:
                return
            state["task"] = None
            if opts:
                ACTS[task["type"]](state, task, opts[0].id, events)
                continue
        if state["finished"] or pick_waiting(state):
            return
        st = queue.pop(0)
        task = STEPS[st[0]](state, st, events)
        if task is not None:
            state["task"] = task


def pending(state: State) -> list[Decision]:
    if state["finished"]:
        return []
    waiting = pick_waiting(state)
    if waiting:
        return [pick_decision(state, seat) for seat in waiting]
    task = state["task"]
    opts = tuple(OPTIONS[task["type"]](state, task))
    return [Decision(task["seat"], task["type"], opts, default=_default(opts),
                     params=task_params(state, task))]


def _default(opts: tuple[Option, ...]) -> str:
    ids = {o.id for o in opts}
    for pref in _DEFAULTS:
        if pref in ids:
            return pref
    return opts[0].id


def task_params(state: State, task: dict) -> dict:
    """The question's params: the task's registered ones, else its public fields."""
    if task["type"] in QUESTIONS:
        return QUESTIONS[task["type"]](state, task)
    return {k: v for k, v in task.items() if k not in _HIDDEN_TASK_KEYS}


def _answers(known: "tuple[Decision, ...] | None", seat: int, action: Action) -> bool:
    """Whether ``action`` is an option of ``seat``'s decision among ``known`` ones."""
    for decision in known or ():
        if decision.seat == seat and decision.kind == action.kind:
            option = action.option
            for offered in decision.options:
                if offered.id == option:
                    return True
            return False
    return False


def apply(state: State, seat: int, action: Action,
          known: "tuple[Decision, ...] | None" = None) -> list[Event]:
    """Validate ``action`` for ``seat`` (RuleError, nothing changed) and play it.

    ``known``: this state's pending decisions, if already built; an action among them is
    legal without building the options again (anything else is checked in full)."""
    if state["finished"]:
        raise RuleError("game_over")
    events: list[Event] = []
    if _answers(known, seat, action):
        if action.kind == "pick_card" and pick_waiting(state):
            act_pick(state, seat, action.option, events)
        else:
            task = state["task"]
            ACTS[task["type"]](state, task, action.option, events)
        advance(state, events)
        return events
    waiting = pick_waiting(state)
    if waiting:
        if seat not in waiting:
            raise RuleError("already_chosen" if seat in range(state["n"]) else "not_your_turn")
        if action.kind != "pick_card":
            raise RuleError("stale_decision")
        check_pick(state, seat, action.option)
        act_pick(state, seat, action.option, events)
    else:
        task = state["task"]
        if task is None or task["seat"] != seat:
            raise RuleError("not_your_turn")
        _check(state, task, action)
        ACTS[task["type"]](state, task, action.option, events)
    advance(state, events)
    return events


def _check(state: State, task: dict, action: Action) -> None:
    """RuleError unless ``action`` answers the open ``task`` with one of its options."""
    if action.kind != task["type"]:
        raise RuleError("stale_decision")
    if not any(o.id == action.option for o in OPTIONS[task["type"]](state, task)):
        raise explain(state, task, action.option)
