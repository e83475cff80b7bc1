"""Shared helpers for the Im Schutz der Burg engine tests: drive the real engine into a
scenario, answer decisions, and check the conservation invariants."""
from __future__ import annotations

from engine.core import Action, Decision
from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from engine.schutz_burg import flow

A, B, C, Dd = 0, 1, 2, 3  # seat names used by the spec's worked examples


def new_game(n: int = 4, start: int = 0, winter: bool = False) -> dict:
    """A fresh game in round 1's pick whose start player is ``start``."""
    for seed in range(200):
        state = GAME.setup(n, {"winter": winter}, seed)
        if state["start"] == start:
            return state
    raise AssertionError("no seed gives that start player")


def decision(state: dict, seat: int | None = None) -> Decision:
    """The open decision (of ``seat`` if given)."""
    pending = GAME.pending(state)
    if seat is None:
        assert len(pending) == 1, pending
        return pending[0]
    return next(d for d in pending if d.seat == seat)


def ids(state: dict, seat: int | None = None) -> list[str]:
    return [o.id for o in decision(state, seat).options]


def answer(state: dict, option: str, seat: int | None = None) -> list:
    d = decision(state, seat)
    return GAME.apply(state, d.seat, Action(d.kind, option))


def pick(state: dict, cards: dict[int, list[str]]) -> list:
    """Every seat lays down ``cards[seat]`` (1 card, or 2 with two players)."""
    events = []
    for seat, chosen in cards.items():
        for card in chosen:
            events += GAME.apply(state, seat, Action("pick_card", f"card:{card}"))
    return events


def play(state: dict, seat: int, *cards: str) -> None:
    """Move ``cards`` from ``seat``'s hand to its played pile (so e.g. the Masterbuilder is allowed)."""
    player = state["players"][seat]
    for card in cards:
        player["hand"].remove(card)
        player["played"].append(card)


def skip_to(state: dict, kind: str, seat: int | None = None) -> Decision:
    """Answer other decisions with their defaults until ``kind`` (of ``seat``) is open."""
    for _ in range(200):
        d = GAME.pending(state)[0]
        if d.kind == kind and (seat is None or d.seat == seat):
            return d
        GAME.apply(state, d.seat, Action(d.kind, d.default))
    raise AssertionError(f"{kind} never came")


def finish_round(state: dict) -> None:
    """Answer every decision with its default until the next card pick (or the end)."""
    while not state["finished"] and GAME.pending(state)[0].kind != "pick_card":
        d = GAME.pending(state)[0]
        GAME.apply(state, d.seat, Action(d.kind, d.default))


def finish_defaults(state: dict) -> None:
    """Answer every open decision with its default until the game is over."""
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        GAME.apply(state, d.seat, Action(d.kind, d.default))


def set_res(state: dict, seat: int, **res: int) -> None:
    """Give ``seat`` exactly these resources (others 0), moving pieces to/from the carts."""
    have = state["players"][seat]["res"]
    for kind in D.RESOURCES:
        want = res.get(kind, 0)
        state["supply"][kind] -= want - have[kind]
        have[kind] = want


def set_taler(state: dict, seat: int, taler: int) -> None:
    """Give ``seat`` exactly ``taler``, through the bank."""
    player = state["players"][seat]
    state["bank"] -= taler - player["taler"]
    player["taler"] = taler


def put_spot(state: dict, spot: str, seat: int, placed_round: int) -> None:
    state["spots"][spot] = [seat, placed_round]
    state["players"][seat]["helpers"] -= 1


def put_space(state: dict, space: str, seat: int) -> None:
    state["spaces"][space] = seat
    state["players"][seat]["helpers"] -= 1


def build(state: dict, template: str, seat: int = 0) -> None:
    state["board"].remove(template)
    state["built"][template] = seat


def run_steps(state: dict, *steps: list) -> list:
    """Abandon the round in progress and run ``steps`` through the real flow."""
    state.pop("picks", None)
    state["draft"] = {}
    state["task"] = None
    state["queue"] = [list(s) for s in steps]
    events: list = []
    flow.advance(state, events)
    return events


def start_round(state: dict, number: int, start: int) -> list:
    """Jump to the start of round ``number`` with start player ``start``."""
    state["round"] = number - 1
    state["start"] = start
    return run_steps(state, ["round_start"])


def final_scoring(state: dict) -> list:
    return run_steps(state, ["final"])


def assert_conserved(state: dict) -> None:
    """Taler, resources and helpers are each somewhere, none negative (the engine's own
    ``Game.check_invariants``, which the soak also runs after every fuzzed move)."""
    assert GAME.check_invariants(state) == []
