"""The castle comes from the data file: another wall, other start spaces, another track
and another tile list give another, fully playable game without code changes."""
import copy
import json
import random

import pytest

from engine.ai import choose
from engine.carcassonne_castle import CarcassonneCastle
from engine.carcassonne_castle.geometry import load_data, parse_code


def start(sid, cell, touches, inner, code):
    entry = parse_code(code, sid)
    return {"id": sid, "cell": cell, "touches_interior_cell": touches, "inner_side": inner,
            "code": code, "quarters": entry["quarters"], "markets": entry["markets"],
            "paths": [dict(p, end="wall") if p["end"] is None else p for p in entry["paths"]]}


def small_castle() -> dict:
    data = copy.deepcopy(load_data())
    data["board"]["layout"]["mask"] = [
        "..S.....",
        ".######.",
        "S######.",
        ".######S",
        ".######.",
        ".######.",
        ".######.",
        "....S...",
    ]
    data["board"]["layout"]["outline_vertices_clockwise"] = [[0, 0], [6, 0], [6, 6], [0, 6]]
    data["board"]["start_spaces"] = [
        start("A", [-1, 1], [0, 1], "S", "W W T H | S>W"),
        start("B", [1, -1], [1, 0], "E", "W C1 C W | -"),
        start("C", [2, 6], [2, 5], "W", "H W W H | -"),
        start("D", [6, 3], [5, 3], "N", "C T W W | N>W"),
    ]
    track = data["scoring_track"]
    track["length"] = 50
    track["corner_towers"] = [
        {"id": "Q0", "spaces": [0, 1], "holds_wall_tile": False},
        {"id": "Q1", "spaces": [6, 7], "holds_wall_tile": True},
        {"id": "Q2", "spaces": [18, 19], "holds_wall_tile": True},
        {"id": "Q3", "spaces": [30, 31], "holds_wall_tile": True},
        {"id": "Q4", "spaces": [42, 43], "holds_wall_tile": True},
    ]
    tiles = data["castle_tiles"][::2]
    for t in tiles:
        t["count"] = 1
    tiles.append(parse_code("C1 C1 T T | NS+f", "Z1", count=6))
    data["castle_tiles"] = tiles
    return data


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("data") / "small_castle.json"
    path.write_text(json.dumps(small_castle()), encoding="utf-8")
    return CarcassonneCastle(path)


@pytest.mark.parametrize("seed", range(8))
def test_a_whole_game_on_a_modified_data_file(small, seed):
    geo = small.geo
    assert len(geo.deck) == 31 and len(geo.interior) == 36 and len(geo.starts) == 4
    options = {"late_pickup": seed % 2 == 1}
    state = small.setup(2, options, seed)
    assert sum(t is not None for t in state["towers"]) == 4 and len(state["box"]) == 14
    rnd = random.Random(seed)
    events = []
    while small.result(state) is None:
        decision = small.pending(state)[0]
        events += small.apply(state, decision.seat, choose(small, state, decision, rnd,
                                                           smart=seed % 3 != 0))
    assert len(state["placements"]) + len(state["discards"]) == 31
    view = small.view(state, None)
    assert view["board"]["mask"] == small_castle()["board"]["layout"]["mask"]
    assert {t["label"] for t in view["tiles"]} <= {geo.label(c) for c in geo.interior}
    assert [t["id"] for t in view["track"]["towers"]] == ["Q0", "Q1", "Q2", "Q3", "Q4"]
    assert all(s["space"] < 50 for s in view["seats"])
    assert any(t["tile"] == "Z1" for t in view["tiles"])
    for e in events:
        if e.kind == "wall_tile_taken":
            assert e.params["tower"] in {"Q1", "Q2", "Q3", "Q4"}
    assert "Z1" in small.names() and "Q1" in small.names()


def test_the_modified_castle_follows_its_own_start_spaces(small):
    state = small.setup(2, {}, 3)
    legal = {small.geo.label(c) for c, _ in state["legal"]}
    assert legal <= {"B1", "A2", "F3", "D6"}
    assert legal and small.geo.label(small.geo.index(0, 1)) == "B1"
