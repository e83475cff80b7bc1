"""Rulebook scoring examples R2-R13 and derived D8-D11, D17 (spec section 14)."""
from engine.ludwig.castle import castle_of
from engine.ludwig.placement import legal
from engine.ludwig.points import adjacent_to, gain, rescore
from engine.ludwig.scoring import bonus_points, depleted, favor_measure, measures, rank_points
from engine.ludwig import data as D
from engine.ludwig.shapes import get

from lw_helpers import FOYER, castle, legal_here, points, room


def place_linking(rooms, tile, must_link, only=True, complete=None):
    """The first legal placement of ``tile`` linking to ``must_link`` (exactly, if only)."""
    c = castle_of(rooms)
    for cand in legal(c, tile):
        links = cand[4]
        if (links == must_link) if only else must_link <= links:
            new = room(tile, cand[1], cand[2], cand[0], cand[3])
            after = castle_of(rooms + [new])
            if complete is None or all(after.completed(j) for j in complete):
                return new
    raise AssertionError(f"no placement of {tile} linking {must_link}")


def test_r2_r3_connection_bonus_then_completion_and_existing_bonus():
    rooms = [dict(FOYER)]
    rooms.append(place_linking(rooms, "parlor", {0}))                 # living room L0 (1)
    nap = place_linking(rooms, "nap_room", {1})
    c = castle_of(rooms)
    o = get("nap_room", nap["rot"])
    assert gain(c, "nap_room", {1}, adjacent_to(c, o, nap["x"], nap["y"]))["own"] == 2
    assert D.TILES["nap_room"]["points"] + 2 == 4
    rooms.append(nap)                                                  # nap room (2)
    cab = place_linking(rooms, "lilac_cabinet", {2}, only=False, complete=[2])
    c = castle_of(rooms)
    links = next(cand[4] for cand in legal(c, "lilac_cabinet")
                 if (cand[0], cand[1], cand[2]) == (cab["rot"], cab["x"], cab["y"]))
    parts = gain(c, "lilac_cabinet", links, adjacent_to(c, get("lilac_cabinet", cab["rot"]),
                                                         cab["x"], cab["y"]))
    living_linked = sum(1 for j in links if D.type_of(rooms[j]["tile"]) == "sleeping")
    assert parts["base"] == 5 and parts["others"] == 2 * living_linked >= 2
    assert castle_of(rooms + [cab]).completed(2)


def test_r4_r5_downstairs_bonus_and_adjacency_penalty():
    base = castle(room("stairs", -3, 1), room("music_room", 3, 3))     # one activity room
    assert points(base, "armory", -9, 0) == 3
    c = castle(room("hall_of_mirrors", -10, -3), room("stairs", -3, 1), room("armory", -9, 0))
    links = legal_here(c, "audience_room", -3, -4, rot=2)
    assert links is not None and 0 in links
    adj = adjacent_to(c, get("audience_room", 2), -3, -4)
    assert adj == {0, 1}                                              # foyer, Hall of Mirrors
    assert gain(c, "audience_room", links, adj) == {"base": 7, "own": -4, "others": 2}


def test_r6_living_rescore_counts_connected_corridors():
    rooms = [dict(FOYER), room("hall_of_mirrors", 3, 0)]
    rooms.append(place_linking(rooms, "hallway", {1}))
    c = castle_of(rooms)
    assert rescore(c, 1) == 3 + 2 * 2                                 # foyer + hallway


def test_r7_food_completion_scores_dining_room_bonus():
    rooms = [dict(FOYER)]
    rooms.append(place_linking(rooms, "dining_room", {0}))
    hall = place_linking(rooms, "hall_of_mirrors", {1})
    c = castle_of(rooms)
    parts = gain(c, "hall_of_mirrors", {1}, adjacent_to(c, get("hall_of_mirrors", hall["rot"]),
                                                        hall["x"], hall["y"]))
    assert parts["base"] + parts["own"] + parts["others"] == 3 + 0 + 3
    assert castle_of(rooms + [hall]).completed(1)


def test_d8_dungeon_counts_itself_and_later_downstairs_rooms():
    c = castle(room("stairs", -3, 1), room("crypt", -8, 1))
    dungeon = gain(c, "dungeon", set(), set())
    assert dungeon["base"] + dungeon["own"] == 1 + 2 * 2
    c = castle(room("stairs", -3, 1), room("crypt", -8, 1), room("dungeon", -20, 0))
    assert gain(c, "knight_room", set(), set())["others"] == 2


def test_r9_d15_depleted_stacks():
    state = {"players": [{"rooms": [dict(FOYER), room("kitchen", 0, 0), room("sauna", 0, 0),
                                    room("scullery", 0, 0), room("dungeon", 0, 0),
                                    room("parlor", 0, 0)]}],
             "stacks": {s: [] for s in D.STACK_IDS}, "supply": {"stairs": 1, "hallway": 1}}
    state["stacks"]["150"] = ["study"]
    assert depleted(state, 0) == 8


def test_r10_d9_favor_ties():
    assert rank_points([3, 3, 1, 0], 4) == [6, 6, 2, 0]
    assert rank_points([2, 2, 2, 2], 4) == [3, 3, 3, 3]
    assert rank_points([5, 3, 3, 3], 4) == [8, 2, 2, 2]
    assert rank_points([4, 4], 2) == [6, 6]
    assert rank_points([4, 0, 0], 3) == [8, 0, 0]


def test_r11_area_and_r12_money():
    state = {"players": [{"rooms": [dict(FOYER), room("parlor", 9, 9), room("throne_room", 20, 20)],
                          "money": 29000}]}
    m = measures(state, 0)
    assert favor_measure("favor_area_living", m) == 750
    assert m["money"] // D.MONEY_PER_POINT == 2
    assert bonus_points("bonus_money", m) == 5


def test_r13_solo_ranks():
    got = {s: D.names()[D.solo_rank(s)]["cs"].lower() for s in (59, 60, 80, 81, 95, 96, 110, 111)}
    assert got[59] == "přidavač" and got[60] == got[80] == "zedník"
    assert got[81] == got[95] == "polír" and got[96] == got[110] == "architekt"
    assert got[111] == "vrchní královský stavitel"


def test_d17_bonus_cards():
    far = [room(t, 10 * i, 50) for i, t in enumerate(
        ("buttery", "lilac_cabinet", "observatory", "hallway", "hallway"))]
    state = {"players": [{"rooms": [dict(FOYER)] + far, "money": 0}]}
    m = measures(state, 0)
    assert bonus_points("bonus_square", m) == 3
    assert bonus_points("bonus_all_sizes", m) == 0
    m["completed"] = 5
    assert bonus_points("bonus_completed", m) == 2
