"""Build Citadels scenario states through the real engine and play them through the API."""
from __future__ import annotations

import json

import pytest

from engine.core import Action, RuleError
from engine.citadels import GAME
from engine.citadels.calling import advance
from engine.citadels.data import CHARACTERS


def table(n: int, held: dict[str, int], *, gold: dict[int, int] | None = None,
          hands: dict[int, list[str]] | None = None, cities: dict[int, list[str]] | None = None,
          crown: int = 0, deck: list[str] | None = None, discard: list[str] | None = None,
          up: tuple[str, ...] = (), seed: int = 1, pass_first_window: bool = True,
          **options) -> tuple[dict, list]:
    """A game after the draft: ``held`` characters (the rest face down, ``up`` face up),
    given gold/hands/cities (bank kept balanced), calling started (an Acrobat window
    opened before the first turn is passed unless ``pass_first_window`` is False)."""
    state = GAME.setup(n, options, seed)
    state.update(draft=None, phase="call", held=dict(held), crown=crown, up=list(up),
                 down=[c for c in CHARACTERS if c not in held and c not in up])
    for seat, amount in (gold or {}).items():
        state["bank"] += state["gold"][seat] - amount
        state["gold"][seat] = amount
    for seat, cards in (hands or {}).items():
        state["hands"][seat] = list(cards)
    for seat, city in (cities or {}).items():
        state["cities"][seat] = list(city)
    if deck is not None:
        state["deck"] = list(deck)  # drawn from the end: deck[-1] is the top card
    if discard is not None:
        state["discard"] = list(discard)
    events: list = []
    advance(state, events)
    if pass_first_window:
        events += pass_windows(state)
    return state, events


def act(state: dict, option: str, seat: int | None = None) -> list:
    """Answer the (single, or ``seat``'s) open decision with ``option``."""
    if seat is None:
        decision = GAME.pending(state)[0]
    else:
        decision = GAME.decision_for(state, seat)
    return GAME.apply(state, decision.seat, Action(decision.kind, option))


def options(state: dict, seat: int | None = None) -> list[str]:
    decision = GAME.pending(state)[0] if seat is None else GAME.decision_for(state, seat)
    return [o.id for o in decision.options]


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def pass_windows(state: dict) -> list:
    """Everybody passes an open reaction window."""
    events: list = []
    while state["window"]:
        events += act(state, "pass", state["window"]["open"][0])
    return events


def play_simple_turn(state: dict) -> list:
    """Take 2 gold and end the current turn."""
    return act(state, "income:gold") + act(state, "end")


def skip_to(state: dict, char: str) -> list:
    """Play plain turns (2 gold, end) and pass windows until ``char``'s turn starts."""
    events: list = []
    while True:
        events += pass_windows(state)
        turn = state["turn"]
        if turn is None or turn["char"] == char:
            return events
        events += play_simple_turn(state)


def current(state: dict) -> str | None:
    return state["turn"]["char"] if state["turn"] else None


def refused(state: dict, seat: int, kind: str, option: str) -> str:
    """The RuleError key of an illegal move, checking that the state did not change."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, seat, Action(kind, option))
    assert json.dumps(state, sort_keys=True) == before
    return err.value.key


def warlord_turn(players: int, held: dict[str, int], cities: dict, warlord_gold: int,
                 **extra) -> dict:
    """A table where the Warlord's turn has begun and his holder has exactly
    ``warlord_gold`` (``extra`` goes to :func:`table`, e.g. other seats' ``gold``)."""
    state, _ = table(players, held, cities=cities, **extra)
    skip_to(state, "warlord")
    seat = state["turn"]["seat"]
    state["bank"] += state["gold"][seat] - warlord_gold
    state["gold"][seat] = warlord_gold
    return state
