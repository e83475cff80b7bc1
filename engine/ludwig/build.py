"""Placing a tile: payment, scoring (section 7) and completions feeding the reward pool (8).

Completion rewards that need no choice (activity +5, outdoor +10,000, living rescore,
food extra turn) are paid at once: their order cannot change any outcome.  Rewards with
a choice (corridor, sleeping, utility, the downstairs wild reward) join
``state["pool"]``; the player resolves them in the order they like (ruling 13.2.26).
"""
from __future__ import annotations

from engine.core import Event, State

from . import data as D
from .castle import castle_of
from .points import rescore
from .preview import preview_points
from .shapes import get


def castle(state: State, seat: int):
    return castle_of(state["players"][seat]["rooms"])


def payee(state: State, seat: int) -> int | None:
    """Who receives a payment of ``seat``: the Master Builder, or None for the bank."""
    return None if state["solo"] or seat == state["mb"] else state["mb"]


def pay(state: State, seat: int, amount: int, events: list[Event], what: str) -> None:
    state["players"][seat]["money"] -= amount
    to = payee(state, seat)
    if to is not None:
        state["players"][to]["money"] += amount
        events.append(Event("paid", {"seat": seat, "to_seat": to, "money": amount, "what": what}))
    else:
        events.append(Event("paid_bank", {"seat": seat, "money": amount, "what": what}))


def place(state: State, seat: int, tile: str, rot: int, x: int, y: int, side: str | None,
          events: list[Event], cand: tuple | None = None) -> None:
    """Add the (legal) placement to ``seat``'s castle, score it and resolve completions.

    ``cand``: the placement as its castle listed it (``placement.legal``), whose links
    and preview points are then taken as they are instead of judged again."""
    player = state["players"][seat]
    before = castle(state, seat)
    if cand is None:
        from .placement import check
        links = check(before, get(tile, rot), x, y, side) or set()
        cand = (rot, x, y, side, links)
    else:
        links = cand[4]
    points = preview_points(before, tile, cand)
    room = {"tile": tile, "rot": rot, "x": x, "y": y, "side": side}
    player["rooms"].append(room)
    after = castle(state, seat)
    player["score"] += points
    events.append(Event("placed", {"seat": seat, "tile": tile, "points": points,
                                   "floor": side or D.TILES[tile]["floor"]}))
    i = len(after.rooms) - 1
    for j in sorted({i} | links):
        if after.completed(j) and j not in player["completed"]:
            player["completed"].append(j)
            complete(state, seat, j, events)


def complete(state: State, seat: int, j: int, events: list[Event]) -> None:
    player = state["players"][seat]
    c = castle(state, seat)
    tile = c.rooms[j]["tile"]
    kind = D.type_of(tile)
    events.append(Event("completed", {"seat": seat, "tile": tile}))
    if kind == "downstairs":
        player["down_done"] += 1
        if player["down_done"] % 2 == 0:
            state["pool"].append({"kind": "wild", "room": j})
        return
    reward(state, seat, kind, j, events)


def reward(state: State, seat: int, kind: str, j: int, events: list[Event]) -> None:
    """The completion reward of room type ``kind`` for room ``j``."""
    player = state["players"][seat]
    turn = state["turn"]
    if kind == "activity":
        player["score"] += D.REWARD_POINTS
        events.append(Event("reward_points", {"seat": seat, "points": D.REWARD_POINTS}))
    elif kind == "outdoor":
        player["money"] += D.REWARD_MONEY
        events.append(Event("reward_money", {"seat": seat, "money": D.REWARD_MONEY}))
    elif kind == "living":
        pts = rescore(castle(state, seat), j)
        player["score"] += pts
        events.append(Event("reward_rescore", {"seat": seat, "tile": castle(state, seat).rooms[j]["tile"],
                                               "points": pts}))
    elif kind == "food":
        turn["extras"] += 1
        events.append(Event("reward_extra_turn", {"seat": seat}))
    elif kind == "corridor":
        if turn["corridor_used"] or any(e["kind"] == "corridor" for e in state["pool"]):
            events.append(Event("reward_corridor_lost", {"seat": seat}))
        else:
            state["pool"].append({"kind": "corridor", "room": j})
    elif kind == "sleeping":
        state["pool"].append({"kind": "sleeping", "room": j})
    elif kind == "utility":
        if state["bonus_deck"]:
            state["pool"].append({"kind": "utility", "room": j})
        else:
            events.append(Event("reward_utility_empty", {"seat": seat}))
