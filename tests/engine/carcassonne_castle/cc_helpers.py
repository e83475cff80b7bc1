"""Shared helpers for the Carcassonne: The Castle engine tests: a game whose tile list
also holds every tile code used by the spec's examples, boards set up directly from
codes, and one-call turns through the real ``apply``."""
from __future__ import annotations

import copy

from engine.carcassonne_castle import CarcassonneCastle
from engine.carcassonne_castle import board, flow
from engine.carcassonne_castle.geometry import load_data, parse_code
from engine.core import Action

BLACK, WHITE = 0, 1
EXAMPLE_CODES = [
    "C C C C | -", "H H C C | S>B", "T T T T | -", "H H H H | -", "H T C H | -", "C H H C | -",
    "C C1 C C | -", "C1 H H H | -", "C C H H | WE", "C C H H | WE+f", "C C H H | W>P",
    "C C C C | WE", "C C C C | NS", "C H T C1 | N>P E>P S>P", "T H C C | NESW",
    "C C C C | N>P", "C C C C | W>P", "C C C C | E>P", "T H H T | NS", "C C C C | WE+f",
    "C1 C1 C1 C | -", "C1 C1 C C | -", "T T T T | NS",
]


def example_data(data: dict | None = None) -> dict:
    data = copy.deepcopy(data or load_data())
    data["castle_tiles"] = data["castle_tiles"] + [
        parse_code(code, f"X{i:02d}") for i, code in enumerate(EXAMPLE_CODES)]
    return data


GAME = CarcassonneCastle(example_data())
GEO = GAME.geo
TID = {code: f"X{i:02d}" for i, code in enumerate(EXAMPLE_CODES)}


def cell(r: int, c: int) -> int:
    return GEO.index(r, c)


def part_id(state: dict, rc: tuple[int, int], name: str) -> int:
    tile, rot, base = state["board"][cell(*rc)]
    names = [p["name"] for p in GEO.faces[tile][rot]["parts"]]
    return base + names.index(name)


def scenario(tiles: dict, followers=(), active: int = BLACK, drawn: str | None = None,
             scores=(0, 0), supply=None, options=None, game=GAME) -> dict:
    """A state with ``tiles`` ({(r, c): code or (code, rotation)}) set directly (no
    legality, no scoring), ``followers`` [(seat, (r, c), part name)], ``active`` to move,
    ``drawn`` (a code) drawn and the supply ``supply`` (codes, drawn from the end)."""
    geo = game.geo
    state = game.setup(2, options or {}, 1)
    board.init_board(geo, state, 2)
    state.update(placements=[], followers=[], supply_f=[6, 6], score=list(scores),
                 discards=[], active=active, turn=5)
    for rc, code in tiles.items():
        code, rot = (code, 0) if isinstance(code, str) else code
        c = geo.index(*rc)
        board.place(geo, state, c, TID.get(code, code), rot)
        state["placements"].append(c)
    for seat, rc, name in followers:
        p = part_id(state, rc, name)
        state["followers"].append([seat, p])
        state["supply_f"][seat] -= 1
        state["uf"]["fol"][board.find(state["uf"], p)][seat] += 1
    state["supply"] = [TID.get(c, c) for c in (["C C C C | -"] * 3 if supply is None else supply)]
    if drawn is not None:
        state["supply"].append(TID.get(drawn, drawn))
    state["turn"] -= 1
    flow.start_turn(geo, state, [])
    return state


def act(state: dict, kind: str, option: str, game=GAME) -> list:
    decision = game.pending(state)[0]
    assert decision.kind == kind, (decision.kind, [o.id for o in decision.options])
    return game.apply(state, decision.seat, Action(kind, option))


def place(state: dict, rc: tuple[int, int], rot: int = 0, follower: str | None = None,
          game=GAME) -> list:
    """Place the drawn tile on ``rc`` turned ``rot`` degrees, deploy ``follower`` (a part
    name) or none; returns every event up to the next open decision."""
    events = act(state, "place", f"at:{game.geo.label(game.geo.index(*rc))}", game)
    events += act(state, "rotate", f"rot:{rot}", game)
    if state["phase"] == "follower":
        events += act(state, "follower", f"f:{follower}" if follower else "none", game)
    else:
        assert follower is None, "no follower decision was offered"
    return events


def options_of(state: dict, game=GAME) -> list[str]:
    return [o.id for o in game.pending(state)[0].options]


def scored(events, kind="feature_scored"):
    return [(e.params["seat"], e.params["points"]) for e in events if e.kind == kind]


def set_towers(state: dict, tiles: dict[int, int], geo=GEO) -> None:
    """Only the corner towers covering the given track spaces hold the given wall tiles."""
    state["towers"] = [None] * len(geo.towers)
    for space, number in tiles.items():
        state["towers"][geo.tower_at[space]] = number
