"""The central board: phase preparation, round start, depots and the turn-order track.

State layout (plain JSON, mutated in place) is documented in :mod:`engine.burgundy.view`;
hidden parts are ``supply`` (face-down tile supplies), ``stacks`` (goods of later phases)
and ``box`` (goods returned unseen at setup).
"""
from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Rng
from engine.burgundy.data import (
    BLACK_BACK, BLACK_PER_PHASE, COLOUR_BACK, DEPOT_SPACES, DEPOTS, PHASES, THREE_PLAYER_SWAP,
)


def depot_colour(state: dict, depot: int, slot: int) -> str | None:
    """Colour of a depot space this game (None: unused at this player count)."""
    colour, min_players = DEPOT_SPACES[depot][slot]
    n = state["n"]
    if min_players > n:
        return None
    swap_depot, swap_colour, phases, replacement = THREE_PLAYER_SWAP
    if (n == 3 and depot == swap_depot and colour == swap_colour
            and PHASES[state["phase"]] in phases):
        return replacement
    return colour


@lru_cache(maxsize=None)
def _slot_backs(n: int, phase: int) -> tuple[tuple[str | None, ...], ...]:
    """Per depot, per space: the back of the supply that fills it at ``n`` players in
    ``phase`` (None: unused), from :func:`depot_colour` (a few dozen (n, phase) pairs)."""
    state = {"n": n, "phase": phase}
    return tuple(tuple(COLOUR_BACK[c] if (c := depot_colour(state, d, i)) else None
                       for i in range(len(DEPOT_SPACES[d])))
                 for d in DEPOTS)


def prepare_phase(state: dict) -> list[Event]:
    """Clear the board's hex tiles, refill depots and the black depot, reveal the goods."""
    out, supply = state["out"], state["supply"]
    for depot in state["depots"]:
        out.extend(t for t in depot if t is not None)
    out.extend(state["black"])
    for slots, backs in zip(state["depots"], _slot_backs(state["n"], state["phase"])):
        for i, back in enumerate(backs):
            pile = supply[back] if back else None
            slots[i] = pile.pop() if pile else None
    black = supply[BLACK_BACK]
    state["black"] = [black.pop() for _ in range(min(BLACK_PER_PHASE[state["n"]], len(black)))]
    state["round_goods"] = state["stacks"].pop(0)
    state["round"] = 0
    return [Event("phase_start", {"phase": PHASES[state["phase"]]})]


def play_order(track: list) -> list[int]:
    """Seats in playing order: rightmost space first, top of a stack first."""
    order = []
    for space in reversed(track):
        if space:
            order += space[::-1]  # a list extends a list at C speed: reversed() did not
    return order


def start_round(state: dict) -> list[Event]:
    """Roll every die, move this round's goods to the white die's depot, set the order."""
    players = state["players"]
    rolls = Rng(state).randints(1, 6, 2 * len(players) + 1)  # two per seat, then white
    for seat, p in enumerate(players):
        p["dice"] = rolls[2 * seat:2 * seat + 2]
        p["used"] = [False, False]
    white = rolls[-1]
    state["white"] = white
    goods = state["round_goods"].pop(0)
    state["depot_goods"][white - 1].append(goods)
    order = play_order(state["track"])
    state["order"] = order
    state["turn_idx"] = 0
    state["active"] = order[0]
    state["bought"] = False
    return [Event("round_start", {
        "phase": PHASES[state["phase"]], "round": state["round"] + 1, "white": white,
        "goods": f"goods_{goods}", "depot": white, "seat": order[0],
        "dice": {str(s): list(p["dice"]) for s, p in enumerate(state["players"])}})]


def advance_track(state: dict, seat: int) -> int:
    """Move ``seat``'s pawn one space right, on top of any stack; returns the new space."""
    track = state["track"]
    for i, space in enumerate(track):
        if seat in space:
            space.remove(seat)
            new = min(i + 1, len(track) - 1)
            track[new].append(seat)
            return new
    raise AssertionError("seat not on the track")
