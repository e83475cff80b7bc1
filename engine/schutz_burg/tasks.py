"""Registries tying the game's steps and open decisions to the rule modules.

A *step* (``state["queue"]`` entry ``[name, ...args]``) is work the flow runs in order;
its function may do automatic work, push more steps, and return a *task*: an open
decision ``{"type": kind, "seat": s, ...}``.  A task type registers an option builder
(``options(state, task) -> [Option]``, also used to skip tasks with nothing real to
choose) and an answer handler (``act(state, task, option_id, events)``); it may also
register the question's params (``question(state, task) -> dict``; by default the task's
own fields).
"""
from __future__ import annotations

from typing import Callable

from engine.core import Event, Option, State

StepFn = Callable[[State, list, list[Event]], "dict | None"]
OptionsFn = Callable[[State, dict], list[Option]]
ActFn = Callable[[State, dict, str, list[Event]], None]
QuestionFn = Callable[[State, dict], dict]

STEPS: dict[str, StepFn] = {}
OPTIONS: dict[str, OptionsFn] = {}
ACTS: dict[str, ActFn] = {}
QUESTIONS: dict[str, QuestionFn] = {}
#: optional quick checks standing in for ``live_options`` in ``advance``: True when it
#: would return more than one option (the task stays open), False when it would return
#: None (nothing real to choose: the task is skipped)
LIVE: dict[str, Callable[[State, dict], bool]] = {}
#: answers that do nothing by themselves; a task offering only these is skipped
PASSIVE = frozenset({"done", "pass", "back"})
DONE = Option("done", "done")
PASS = Option("pass", "pass")
BACK = Option("back", "back")


def step(name: str) -> Callable[[StepFn], StepFn]:
    def register(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn
    return register


def options(name: str) -> Callable[[OptionsFn], OptionsFn]:
    def register(fn: OptionsFn) -> OptionsFn:
        OPTIONS[name] = fn
        return fn
    return register


def act(name: str) -> Callable[[ActFn], ActFn]:
    def register(fn: ActFn) -> ActFn:
        ACTS[name] = fn
        return fn
    return register


def question(name: str) -> Callable[[QuestionFn], QuestionFn]:
    def register(fn: QuestionFn) -> QuestionFn:
        QUESTIONS[name] = fn
        return fn
    return register


def live(name: str) -> Callable:
    def register(fn: Callable[[State, dict], bool]) -> Callable[[State, dict], bool]:
        LIVE[name] = fn
        return fn
    return register


def push(state: State, *steps: list) -> None:
    """Run ``steps`` next (before whatever is queued)."""
    state["queue"][0:0] = list(steps)


def live_options(state: State, task: dict) -> list[Option] | None:
    """The task's options, or None when none of them is a real choice."""
    opts = OPTIONS[task["type"]](state, task)
    for opt in opts:
        if opt.id not in PASSIVE:
            return opts
    return None
