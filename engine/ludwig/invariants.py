"""Castles of Mad King Ludwig's invariants (``Game.check_invariants``): every room tile
dealt into the stacks at setup is in exactly one place, stairs and hallways are in the
supply or in a castle, room cards and bonus cards are conserved, and counts stay within
the rules' bounds (money never negative, market coins never negative, one foyer each)."""
from __future__ import annotations

from collections import Counter

from engine.core import State

from . import data as D

_CORRIDORS = frozenset(D.CORRIDOR_PIECES)
_ROOMS = frozenset(D.ROOM_IDS) - _CORRIDORS
#: room size -> how many room tiles of that size the game has
_OF_SIZE = Counter(D.size_of(t) for t in _ROOMS)
_BONUS = Counter(list(D.BONUS_CARDS))  # one of each (a Counter of the dict would count values)


def _table_seats(state: State) -> int:
    """The player count the stacks and supply were made for (solo plays as 3)."""
    return 3 if state["solo"] else state["n"]


def room_tiles(state: State) -> Counter:
    """Room tiles anywhere: stacks, market, castles, prepared on the deck, discarded by a
    last-round Sleeping reward, or boxed (unsold in the solo game)."""
    found: Counter = Counter()
    for stack in state["stacks"].values():
        found.update(stack)
    found.update(slot["tile"] for slot in state["market"] if slot["tile"] is not None)
    for player in state["players"]:
        found.update(r["tile"] for r in player["rooms"] if r["tile"] not in _CORRIDORS)
    found.update(item["tile"] for item in state["prepared"])
    found.update(state["discarded_tiles"])
    found.update(state["boxed"])
    return found


def _tile_problems(state: State) -> list[str]:
    out = []
    found = room_tiles(state)
    twice = sorted(t for t, k in found.items() if k > 1)
    if twice:
        out.append(f"room tiles in two places: {twice[:5]}")
    if set(found) - _ROOMS:
        out.append(f"unknown room tiles {sorted(set(found) - _ROOMS)[:5]}")
    seats = _table_seats(state)
    expected = sum(min(k, D.stack_size(seats, size)) for size, k in _OF_SIZE.items())
    if sum(found.values()) != expected:
        out.append(f"{sum(found.values())} room tiles in play, {expected} dealt")
    for piece, start in D.supply(seats).items():
        built = sum(1 for p in state["players"] for r in p["rooms"] if r["tile"] == piece)
        if state["supply"][piece] < 0 or state["supply"][piece] + built != start:
            out.append(f"{piece}: {state['supply'][piece]} in supply + {built} built, not {start}")
    for seat, player in enumerate(state["players"]):
        if [r["tile"] for r in player["rooms"]].count(D.FOYER) != 1:
            out.append(f"seat {seat} has no single foyer")
    return out


def _card_problems(state: State) -> list[str]:
    out = []
    cards = state["deck"] + state["discard"]
    if any(str(size) not in state["stacks"] for size in cards):
        out.append("a room card names no stack")
    start = min(sum(D.ROOM_CARDS[state["opts"]["room_cards"]].values()),
                D.DECK_SIZE[_table_seats(state)])
    expected = min(start, D.DECK_SIZE[1]) if state["solo"] else start
    if len(cards) != expected:
        out.append(f"{len(cards)} room cards, {expected} in the game")
    bonus = Counter(state["bonus_deck"])
    for player in state["players"]:
        bonus.update(player["bonus"])
        bonus.update(player["dealt"])
    bonus.update(state["drawn"] or ())
    if bonus != _BONUS:
        missing = sorted(set(D.BONUS_CARDS) - set(bonus))
        twice = sorted(c for c, k in bonus.items() if k > 1)
        out.append(f"bonus cards: missing {missing[:3]}, twice {twice[:3]}")
    if len(set(state["favors"])) != len(state["favors"]) or set(state["favors"]) - set(D.FAVORS):
        out.append(f"favors {state['favors']}")
    return out


def _bounds_problems(state: State) -> list[str]:
    out = []
    n = state["n"]
    if not 0 <= state["mb"] < n:
        out.append(f"master builder at seat {state['mb']}")
    for seat, player in enumerate(state["players"]):
        if player["money"] < 0:
            out.append(f"seat {seat} has {player['money']} money")
    market = state["market"]
    if any(slot["coins"] < 0 or (slot["tile"] is None and slot["coins"]) for slot in market):
        out.append("market coins on an empty slot or below zero")
    task = state["task"]
    if task is not None and not 0 <= task["seat"] < n:
        out.append(f"a {task['type']} task for seat {task['seat']}")
    return out


def problems(state: State) -> list[str]:
    """Every broken invariant of ``state``, one short sentence each."""
    return _tile_problems(state) + _card_problems(state) + _bounds_problems(state)
