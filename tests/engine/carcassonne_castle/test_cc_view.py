"""The view carries what the pictures need, consistent with the open decision."""
import json
import random

from engine.ai import choose
from engine.carcassonne_castle import GAME

KEYS = {"game", "seat", "players", "finished", "options", "board", "tiles", "followers", "keeps",
        "track", "seats", "active", "turn", "phase", "drawn", "supply", "discards", "placed",
        "legal", "chosen", "last", "scoring", "follower_options", "scored", "final", "asking",
        "discard_faces"}


def test_view_follows_the_decisions_through_a_game():
    state = GAME.setup(2, {}, 11)
    rnd = random.Random(11)
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        view = json.loads(json.dumps(GAME.view(state, decision.seat)))
        assert set(view) == KEYS and view["active"] == decision.seat
        ids = {o.id for o in decision.options}
        if decision.kind == "place":
            assert {f"at:{x['label']}" for x in view["legal"]} == ids
            assert view["drawn"]["tile"] == decision.params["tile"]
        elif decision.kind == "rotate":
            assert {f"rot:{d}" for d in view["chosen"]["rotations"]} | {"back"} == ids
        elif decision.kind == "follower":
            assert {x["option"] for x in view["follower_options"]} | {"none"} == ids
        elif decision.kind == "order":
            assert {f"score:{x['feature']}" for x in view["scoring"] if x["next"]} == ids
        placed = sum(1 for t in view["tiles"])
        assert placed == view["placed"]
        assert sum(s["followers"] for s in view["seats"]) + len(view["followers"]) == 12
        GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd))
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["winners"] and view["final"]["area"] >= 0
    assert view["placed"] + len(view["discards"]) == 60


def test_placed_tiles_show_faces_and_parts_after_rotation():
    state = GAME.setup(2, {}, 4)
    decision = GAME.pending(state)[0]
    rnd = random.Random(4)
    while state["placements"] == []:
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd))
    tile = GAME.view(state, None)["tiles"][0]
    assert set(tile["face"]["quarters"]) == {"NW", "NE", "SE", "SW"}
    covered = sorted(q for p in tile["parts"] for q in p["quarters"])
    assert covered == ["NE", "NW", "SE", "SW"]
    arms = sorted(a for s in tile["face"]["segments"] for a in s["arms"])
    assert arms == sorted(a for p in tile["parts"] for a in p["arms"])
