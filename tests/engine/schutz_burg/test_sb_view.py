"""The view schema the renderer relies on, and what each viewer may see."""
import json

from engine.schutz_burg import GAME
from sb_helpers import A, B, C, answer, decision, ids, new_game, pick, put_spot, set_res, set_taler, skip_to

KEYS = {"game", "seat", "players", "finished", "winter", "round", "rounds", "start_seat",
        "round_track", "bank", "smithy_silver", "supply", "defense_tower", "trade_spots",
        "buildings", "seats", "hand", "pick", "worker_cards", "built_this_round",
        "winter_cards", "deciding", "final"}


def test_view_schema_for_seat_and_spectator():
    state = new_game(3, start=A)
    for viewer in (A, None):
        view = GAME.view(state, viewer)
        assert KEYS <= set(view) and "result" not in view
        assert view["game"] == "schutz_burg" and view["players"] == 3 and view["seat"] == viewer
        json.dumps(view)
    assert GAME.view(state, None)["hand"] is None
    assert GAME.view(state, B)["hand"] == state["players"][B]["hand"]
    buildings = {b["id"]: b for b in GAME.view(state, None)["buildings"]}
    assert len(buildings) == 25 and buildings["market"]["built"] and not buildings["palace"]["built"]
    assert [s["fee"] for s in buildings["tavern"]["spaces"]] == [12, 6]
    assert GAME.view(state, None)["winter_cards"]["deck"] == 0


def test_winter_deck_order_hidden_until_the_end():
    state = new_game(3, winter=True)
    view = GAME.view(state, A)
    assert view["winter_cards"]["deck"] == 6 and "deck_order" not in view
    assert "castle_maiden" not in json.dumps(view)


def test_deciding_and_worker_cards_are_public():
    state = new_game(3, start=A)
    pick(state, {A: ["stonemason"], B: ["worker_sand_clay"], C: ["messenger"]})
    view = GAME.view(state, C)
    assert view["deciding"] == {"seat": A, "kind": "buy"}
    assert view["worker_cards"] == [{"seat": B, "card": "worker_sand_clay",
                                     "resources": {"sand": 2, "clay": 1}}]
    assert view["seats"][B]["round_cards"] == ["worker_sand_clay"]


def test_toll_unpaid_without_trader_helpers():
    state = new_game(3, start=A, winter=True)
    state["inn"] = {"keeper": B, "taler": 0}
    state["players"][B]["helpers"] -= 1
    set_taler(state, A, 0)
    events = pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    assert "toll_unpaid" in [e.kind for e in events]
    assert decision(state).kind == "trader"


def test_helper_source_back_keeps_everything():
    state = new_game(3, start=A)
    put_spot(state, "cart_sand", A, 0)
    set_taler(state, A, 10)
    set_res(state, A, sand=2, wood=1, clay=1)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    answer(state, "space:market.1")
    answer(state, "back")
    assert decision(state).kind == "helper" and state["spaces"]["market.1"] is None
    assert "space:market.1" in ids(state) and state["players"][A]["taler"] == 10
