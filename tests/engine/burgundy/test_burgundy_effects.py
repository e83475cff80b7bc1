"""Tile effects: ships, turn order, animals, castles, mines, colour bonus tiles.

Spec §9, §10, §15; examples 2, 3, 5, 11, 20, 26, 27, 30, 31, 32.
"""
from engine.burgundy.actions import place_tile
from engine.burgundy.board import play_order
from engine.burgundy.scoring import phase_income
from burgundy_helpers import (
    act, between_actions, cover, decision,
    kinds, learn, me, new, options, player, set_dice, store,
)


def _clear_goods(state):
    for pile in state["depot_goods"]:
        pile.clear()


def test_ship_goods_choice_and_track_move():           # example 2
    state = new(3)
    seat, p = me(state), player(state)
    _clear_goods(state)
    p["goods"] = [0, 1, 0, 0, 2, 0, 0]             # turquoise x1, red x2
    state["depot_goods"][3] = [1, 3, 5]             # turquoise, pink, brown on depot 4
    ship = store(state, seat, "ship")
    set_dice(state, 2, 1)
    events = act(state, "die:0", f"place:{ship}", "space:18")
    assert ("track" in kinds(events)) and seat in state["track"][1]
    assert options(state) == ["depot:4", "no_goods"]     # an empty depot may be chosen
    act(state, "depot:4")
    assert p["goods"][1] == 2 and p["goods"][4] == 2
    assert decision(state).kind == "ship_goods" and options(state) == ["goods:3", "goods:5"]
    act(state, "goods:5")
    assert p["goods"] == [0, 2, 0, 0, 2, 1, 0] and state["depot_goods"][3] == [3]
    assert between_actions(state)


def test_ship_with_knowledge_5_takes_two_adjacent_depots():    # example 30
    state = new(3)
    seat, p = me(state), player(state)
    _clear_goods(state)
    p["goods"] = [0] * 7
    learn(state, seat, 5)
    state["depot_goods"][5] = [4]
    state["depot_goods"][0] = [3, 3]
    ship = store(state, seat, "ship")
    set_dice(state, 2, 1)
    act(state, "die:0", f"place:{ship}", "space:18")
    assert "depots:6:1" in options(state) and "depots:5:6" in options(state)
    act(state, "depots:6:1")
    assert p["goods"][4] == 1 and p["goods"][3] == 2
    assert state["depot_goods"][5] == [] and state["depot_goods"][0] == []


def test_ship_without_goods_on_the_board_only_moves_the_pawn():
    state = new(3)
    seat = me(state)
    _clear_goods(state)
    ship = store(state, seat, "ship")
    set_dice(state, 2, 1)
    act(state, "die:0", f"place:{ship}", "space:18")
    assert between_actions(state) and seat in state["track"][1]


def _workers_turn(state):
    state["players"][me(state)]["silver"] = 0
    act(state, "die:0", "workers", "die:1", "workers")


def _ship_turn(state):
    seat = me(state)
    state["players"][seat]["silver"] = 0
    ship = store(state, seat, "ship")
    set_dice(state, 2, 5)
    space = "space:18" if state["players"][seat]["sp"][18] is None else "space:20"
    act(state, "die:0", f"place:{ship}", space)
    while decision(state).kind in ("ship", "ship_goods"):
        act(state, options(state)[0])
    act(state, "die:1", "workers")


def test_turn_order_track():                           # example 26
    state = new(3)
    a, b, c = state["order"]
    _workers_turn(state)
    _workers_turn(state)
    _ship_turn(state)                                   # C moves to space 2
    assert state["order"] == [c, a, b] and state["round"] == 1
    assert state["track"][1] == [c]
    _workers_turn(state)                                # C
    _workers_turn(state)                                # A
    _ship_turn(state)                                   # B: on top of C
    assert state["track"][1] == [c, b]
    assert state["order"] == [b, c, a] and me(state) == b
    assert play_order(state["track"]) == [b, c, a]


def test_animals_score_same_kind_in_the_pasture():     # example 3
    state = new(3)
    seat, p = me(state), player(state)
    p["workers"] = 20
    cover(state, seat, 11, "cow", animals=3)
    cow4 = store(state, seat, "cow", animals=4)
    set_dice(state, 5, 2)
    events = act(state, "die:0", f"place:{cow4}", "space:10")
    assert next(e for e in events if e.kind == "animals").params["vp"] == 7 and p["vp"] == 7
    cow4b = store(state, seat, "cow", animals=4)
    act(state, "die:1", f"place:{cow4b}", "space:5")
    assert p["vp"] == 7 + 11


def test_knowledge_7_adds_one_per_scoring_tile():      # example 5
    state = new(3)
    seat, p = me(state), player(state)
    p["workers"] = 20
    learn(state, seat, 7)
    cover(state, seat, 11, "sheep", animals=4)
    sheep3 = store(state, seat, "sheep", animals=3)
    pig2 = store(state, seat, "pig", animals=2)
    set_dice(state, 5, 2)
    act(state, "die:0", f"place:{sheep3}", "space:10")
    assert p["vp"] == 9
    act(state, "die:1", f"place:{pig2}", "space:5")
    assert p["vp"] == 9 + 3


def test_animals_in_another_pasture_do_not_count():    # example 31
    state = new(3)
    seat, p = me(state), player(state)
    cover(state, seat, 11, "cow", animals=4)
    cover(state, seat, 27, "bank")
    cow2 = store(state, seat, "cow", animals=2)
    set_dice(state, 2, 2)
    act(state, "die:0", f"place:{cow2}", "space:28")
    assert p["vp"] == 2 + 1 + 10
    assert p["parts"] == {"animals": 2, "regions": 11}


def test_castle_extra_action_take_workers_with_13_and_14():   # example 20
    state = new(3)
    seat, p = me(state), player(state)
    learn(state, seat, 13, 14)
    cover(state, seat, 12, "bank")
    castle = store(state, seat, "castle")
    set_dice(state, 6, 1)
    act(state, "die:0", f"place:{castle}", "space:7")
    d = decision(state)
    assert d.kind == "castle" and d.default == "workers" and "decline" in options(state)
    workers, silver = p["workers"], p["silver"]
    act(state, "workers")
    assert p["workers"] == workers + 4 and p["silver"] == silver + 1


def test_castle_extra_action_places_on_any_die_number():
    state = new(3)
    seat, p = me(state), player(state)
    p["workers"] = 0
    cover(state, seat, 12, "bank")
    castle, mine = store(state, seat, "castle"), store(state, seat, "mine")
    set_dice(state, 6, 1)
    act(state, "die:0", f"place:{castle}", "space:7", f"place:{mine}")
    assert options(state) == ["space:25", "back"]     # die 4 space, no cost
    act(state, "back")
    assert decision(state).kind == "castle"
    act(state, f"place:{mine}", "space:25")
    assert p["sp"][25] == mine and p["used"] == [True, False]


def test_mine_income():                                # example 27
    state = new(3)
    seat, p = me(state), player(state)
    for space in (25, 30, 34):
        cover(state, seat, space, "mine")
    learn(state, seat, 2)
    silver, workers = p["silver"], p["workers"]
    events = phase_income(state)
    assert p["silver"] == silver + 3 and p["workers"] == workers + 3
    assert [e.params["seat"] for e in events] == [seat]


def test_mine_income_paid_when_the_phase_ends():
    state = new(2)
    seat = me(state)
    for space in (25, 30):
        cover(state, seat, space, "mine")
    state["round"] = 4
    _workers_turn(state)                 # each turn starts from 0 silverlings
    _workers_turn(state)
    assert state["phase"] == 1 and state["round"] == 0
    assert state["players"][seat]["silver"] == 2


def test_colour_bonus_three_players():                 # example 11
    state = new(3)
    gained = []
    for seat in (0, 1, 2):
        cover(state, seat, 25, "mine")
        cover(state, seat, 30, "mine")
        store(state, seat, "mine")
        mine = state["players"][seat]["store"][-1]
        events = place_tile(state, seat, mine, 34)
        gained.append([e.params for e in events if e.kind == "colour_bonus"])
    assert gained[0] == [{"seat": 0, "tile": "bonus_mine_large", "vp": 6}]
    assert gained[1] == [{"seat": 1, "tile": "bonus_mine_small", "vp": 3}]
    assert gained[2] == []
    assert state["players"][0]["vp"] == 6 + 6 + 10     # bonus + region of 3 (phase A)


def test_colour_bonus_two_players_river():             # example 32
    state = new(2)
    for seat, expected in ((0, ("bonus_river_large", 5)), (1, ("bonus_river_small", 2))):
        for space in (16, 17, 18, 20, 21):
            cover(state, seat, space, "ship")
        ship = store(state, seat, "ship")
        events = place_tile(state, seat, ship, 22)
        bonus = [e.params for e in events if e.kind == "colour_bonus"]
        assert [(b["tile"], b["vp"]) for b in bonus] == [expected]


def test_the_start_castle_counts_for_the_castle_colour():
    state = new(2)
    seat = me(state)
    cover(state, seat, 2, "castle")
    cover(state, seat, 3, "castle")
    castle = store(state, seat, "castle")
    events = place_tile(state, seat, castle, 7)
    assert "colour_bonus" in kinds(events)
