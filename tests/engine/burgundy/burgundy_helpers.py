"""Test helpers: build Burgundy positions from a real setup, then act through the contract.

Positions are edited by hand between moves, so every question asked through these helpers
first makes the game forget the decisions it kept (``GAME.forget``)."""
from __future__ import annotations

from engine.core import Action
from engine.burgundy import GAME
from engine.burgundy.data import TILES


def new(players: int = 3, seed: int = 7, **options) -> dict:
    """A real game after setup (round 1 of phase A, first player to act)."""
    return GAME.setup(players, options, seed)


def _fits(tile: str | None, kind: str, animals: int | None) -> bool:
    return bool(tile) and TILES[tile].kind == kind and animals in (None, TILES[tile].animals)


def grab(state: dict, kind: str, animals: int | None = None) -> str:
    """Take a tile of ``kind`` out of the supplies (or the board), conserving every tile."""
    for pile in list(state["supply"].values()) + [state["black"]]:
        for tile in pile:
            if _fits(tile, kind, animals):
                pile.remove(tile)
                return tile
    for slots in state["depots"]:
        for i, tile in enumerate(slots):
            if _fits(tile, kind, animals):
                slots[i] = None
                return tile
    raise LookupError(kind)


def cover(state: dict, seat: int, space: int, kind: str, animals: int | None = None) -> str:
    """Put a tile of ``kind`` on ``space`` directly (setting up a position, no effects)."""
    tile = grab(state, kind, animals)
    state["players"][seat]["sp"][space] = tile
    if TILES[tile].category == "knowledge":
        state["players"][seat]["know"].append(TILES[tile].number)
    return tile


def store(state: dict, seat: int, kind: str, animals: int | None = None) -> str:
    tile = grab(state, kind, animals)
    state["players"][seat]["store"].append(tile)
    return tile


def learn(state: dict, seat: int, *numbers: int) -> None:
    """Give knowledge tiles (their effect only; not placed on the estate)."""
    state["players"][seat]["know"].extend(numbers)


def on_depot(state: dict, depot: int, kind: str, slot: int = 0) -> str:
    tile = grab(state, kind)
    state["depots"][depot - 1][slot] = tile
    return tile


def me(state: dict) -> int:
    return state["active"]


def player(state: dict, seat: int | None = None) -> dict:
    return state["players"][me(state) if seat is None else seat]


def act(state: dict, *option_ids: str) -> list:
    """Answer the active seat's open decisions with ``option_ids`` in turn; all events.

    ``die:<i>`` is skipped when the engine already opened that die by itself (the last
    die of a turn with nothing to buy).
    """
    events = []
    for option_id in option_ids:
        frame = state["stack"][-1] if state["stack"] else None
        if (option_id.startswith("die:") and frame and frame.get("auto")
                and option_id == f"die:{frame['die']}"):
            continue
        GAME.forget()
        decision = GAME.pending(state)[0]
        events += GAME.apply(state, decision.seat, Action(decision.kind, option_id))
    return events


def options(state: dict) -> list[str]:
    return [o.id for o in decision(state).options]


def decision(state: dict):
    GAME.forget()
    return GAME.pending(state)[0]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def set_dice(state: dict, a: int, b: int, seat: int | None = None) -> None:
    player(state, seat)["dice"] = [a, b]


def between_actions(state: dict) -> bool:
    """No effect is resolving: the turn menu, or the last die opened by the engine."""
    stack = state["stack"]
    return not stack or (len(stack) == 1 and bool(stack[0].get("auto")))
