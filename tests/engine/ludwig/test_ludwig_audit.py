"""Independent rules audit of the Ludwig engine, one block per spec section
(``shared/rules/ludwig.md``).  Each test states the rule it guards; each would fail if the
engine did otherwise."""
import json
import random

import pytest

from engine.core import Action, RuleError
from engine.ludwig import GAME
from engine.ludwig import courtyard, market
from engine.ludwig import data as D
from engine.ludwig import placement as P
from engine.ludwig.build import complete
from engine.ludwig.castle import Castle, castle_of
from engine.ludwig.placement import check, legal
from engine.ludwig.scoring import bonus_points, favor_measure, finish, measures, rank_points
from engine.ludwig.shapes import ORIENTS, get, key

from lw_helpers import FOYER, act, castle, legal_here, points, random_rooms, room


# -- helpers ---------------------------------------------------------------------------
def ready(seats, seed=1, **opts):
    """A game past the setup decisions (defaults), at round 1 pricing (solo: the turn)."""
    state = GAME.setup(seats, opts, seed)
    while GAME.pending(state) and GAME.pending(state)[0].kind in (
            "bonus_return", "foyer_side", "favor_pick", "bonus_pick"):
        for d in GAME.pending(state):
            act(state, d.seat, d.kind, d.default)
    return state


def in_turn(seats=2, seed=1, **opts):
    """(state, seat) in the first buying turn of round 1."""
    state = ready(seats, seed, **opts)
    if not state["solo"]:
        act(state, state["mb"], "price", "confirm")
    d = GAME.pending(state)[0]
    assert d.kind == "turn"
    return state, d.seat


def answer_default_until(state, pred, limit=500):
    for _ in range(limit):
        d = GAME.pending(state)[0]
        if pred(d):
            return d
        act(state, d.seat, d.kind, d.default or d.options[0].id)
    raise AssertionError("never reached")


def place_first(state, seat):
    while True:
        d = GAME.decision_for(state, seat)
        if d is None or d.kind not in ("place", "place_spot", "place_rot"):
            return
        act(state, seat, d.kind, d.options[0].id)


def ids(decision):
    return [o.id for o in decision.options]


# -- 4 setup -----------------------------------------------------------------------------
STACKS = {2: (5, 4, 4, 5), 3: (7, 5, 5, 7), 4: (9, 6, 6, 9)}   # small, large, stairs, hallways


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_4_1_setup_per_player_count(seats):
    state = GAME.setup(seats, {}, 11)
    small, large, stairs, halls = STACKS[seats]
    in_market = {str(D.size_of(s["tile"])): 0 for s in state["market"] if s["tile"]}
    for s in state["market"]:
        if s["tile"]:
            in_market[str(D.size_of(s["tile"]))] += 1
    for size, stack in state["stacks"].items():
        want = small if int(size) <= 300 else large
        assert len(stack) + in_market.get(size, 0) == want
        assert all(D.size_of(t) == int(size) for t in stack)
    assert state["supply"] == {"stairs": stairs, "hallway": halls}
    assert [s["price"] for s in state["market"]] == D.SLOTS[seats]
    assert len(state["market"]) == seats + 3 and all(s["tile"] and s["coins"] == 0 for s in state["market"])
    assert len(state["deck"]) + len(state["discard"]) == 11 * seats
    assert len(state["discard"]) == seats + 3
    assert all(p["money"] == 15000 for p in state["players"])
    assert [p["score"] for p in state["players"]] == [(s - state["mb"]) % seats for s in range(seats)]
    assert all(len(p["dealt"]) == 3 and p["bonus"] == [] for p in state["players"])
    assert len(state["bonus_deck"]) == 27 - 3 * seats
    assert len(set(state["favors"])) == seats
    assert all(len(p["rooms"]) == 1 and p["rooms"][0]["tile"] == "foyer" for p in state["players"])


def test_4_1_completed_and_uncompleted_favors_never_together():
    seen_one = 0
    for seed in range(300):
        favors = GAME.setup(4, {}, seed)["favors"]
        both = {"favor_completed", "favor_uncompleted"} <= set(favors)
        assert not both and len(favors) == 4
        seen_one += bool({"favor_completed", "favor_uncompleted"} & set(favors))
    assert seen_one > 20


def test_4_1_bonus_return_keeps_two_and_returned_cards_go_to_the_bottom():
    state = GAME.setup(3, {}, 5)
    dealt = [list(p["dealt"]) for p in state["players"]]
    for d in GAME.pending(state):
        assert d.secret and d.kind == "bonus_return"
        act(state, d.seat, d.kind, f"return:{dealt[d.seat][1]}")
    for s in range(3):
        assert state["players"][s]["bonus"] == [dealt[s][0], dealt[s][2]]
    assert sorted(state["bonus_deck"][:3]) == sorted(dealt[s][1] for s in range(3))
    assert len(state["bonus_deck"]) == 27 - 6
    all_cards = state["bonus_deck"] + [c for p in state["players"] for c in p["bonus"]]
    assert sorted(all_cards) == sorted(D.BONUS_CARDS)
    assert GAME.pending(state)[0].kind == "price" and GAME.pending(state)[0].seat == state["mb"]


# -- 5.1 refill ----------------------------------------------------------------------------
def test_5_1_prepared_tiles_fill_first_without_using_room_cards():
    state = ready(3)
    state["market"][1]["tile"] = state["market"][3]["tile"] = state["market"][4]["tile"] = None
    state["prepared"] = [{"tile": "kitchen", "by": 0}, {"tile": "sauna", "by": 0},
                         {"tile": "dungeon", "by": 1}, {"tile": "crypt", "by": 1}]
    deck = list(state["deck"])
    market.fill(state, state["market"])
    assert [state["market"][i]["tile"] for i in (1, 3, 4)] == ["kitchen", "sauna", "dungeon"]
    assert state["deck"] == deck and state["prepared"] == [{"tile": "crypt", "by": 1}]


def test_5_1_card_of_an_empty_stack_is_discarded_and_another_revealed():
    state = ready(2)
    state["market"][0]["tile"] = None
    state["stacks"]["600"] = []
    state["deck"] = [300, 600]          # top = last: 600 first, its stack is empty
    top300 = state["stacks"]["300"][-1]
    market.fill(state, state["market"])
    assert state["market"][0]["tile"] == top300 and state["discard"][-2:] == [600, 300]


def test_5_1_5_slot_stays_empty_when_no_stack_can_fill_it():
    state = ready(2)
    for size in state["stacks"]:
        state["stacks"][size] = []
    state["market"][2]["tile"] = None
    market.fill(state, state["market"])
    assert state["market"][2]["tile"] is None and state["last_round"]


def test_5_1_4_deck_exhaustion_reshuffles_only_the_discard_and_marks_the_last_round():
    state = ready(4)
    for s in state["market"][:5]:
        s["tile"] = None
    state["deck"] = [100, 150, 200]
    state["discard"] = [250, 300, 350, 400]
    market.fill(state, state["market"])
    assert all(s["tile"] for s in state["market"]) and state["last_round"]
    assert len(state["deck"]) + len(state["discard"]) == 7      # no boxed card came back


def test_5_1_last_round_ends_the_game_after_its_turns():
    state = ready(2)
    act(state, state["mb"], "price", "confirm")
    state["deck"] = []                       # the next refill runs out
    answer_default_until(state, lambda d: d.kind == "price")
    assert state["last_round"] and state["round"] == 2
    act(state, state["mb"], "price", "confirm")
    for _ in range(2):
        d = GAME.pending(state)[0]
        act(state, d.seat, d.kind, "take")
    assert GAME.result(state) is not None and GAME.pending(state) == []


# -- 5.2 pricing ---------------------------------------------------------------------------
def test_5_2_master_builder_can_reach_any_arrangement_and_coins_move_with_tiles():
    state = ready(4, seed=3)
    mb = state["mb"]
    for i, s in enumerate(state["market"]):
        s["coins"] = 1000 * i
    before = [(s["tile"], s["coins"]) for s in state["market"]]
    target = list(reversed(before))
    rnd = random.Random(1)
    rnd.shuffle(target)
    for j, (tile, _c) in enumerate(target):
        i = [s["tile"] for s in state["market"]].index(tile)
        if i != j:
            assert GAME.pending(state)[0].kind == "price"
            act(state, mb, "price", f"move:{i}")
            act(state, mb, "price_to", f"to:{j}")
    assert [(s["tile"], s["coins"]) for s in state["market"]] == target
    assert [s["price"] for s in state["market"]] == D.SLOTS[4]
    assert "confirm" in ids(GAME.pending(state)[0])
    with pytest.raises(RuleError):
        GAME.apply(state, (mb + 1) % 4, Action("price", "confirm"))


# -- 5.3 turns and payments -------------------------------------------------------------------
def test_5_3_turn_order_starts_left_of_the_master_builder_who_is_last():
    state = ready(4, seed=2)
    mb = state["mb"]
    act(state, mb, "price", "confirm")
    order = []
    for _ in range(4):
        d = GAME.pending(state)[0]
        order.append(d.seat)
        act(state, d.seat, "turn", "take")
    assert order == [(mb + k) % 4 for k in (1, 2, 3, 4)]


def test_5_3_payments_go_to_the_master_builder_or_the_bank():
    state = ready(3, seed=4)
    mb = state["mb"]
    act(state, mb, "price", "confirm")
    buyer = GAME.pending(state)[0].seat
    money = [p["money"] for p in state["players"]]
    act(state, buyer, "turn", "stairs")
    place_first(state, buyer)
    assert state["players"][buyer]["money"] == money[buyer] - 3000
    assert state["players"][mb]["money"] == money[mb] + 3000
    answer_default_until(state, lambda d: d.kind == "turn" and d.seat == mb)
    money = [p["money"] for p in state["players"]]
    total = sum(money)
    act(state, mb, "turn", "hallway")
    place_first(state, mb)
    assert state["players"][mb]["money"] == money[mb] - 3000
    assert sum(p["money"] for p in state["players"]) == total - 3000     # to the bank


def test_5_3_take_5000_and_unaffordable_or_unplaceable_rooms_are_not_offered():
    state, seat = in_turn(2, seed=6)
    p = state["players"][seat]
    p["money"] = 3500
    state["market"][0].update(tile="dungeon", coins=0)        # downstairs: no stairs yet
    state["market"][1].update(tile="kitchen", coins=500)      # 6,000 slot: 3,500 + 500 short
    state["market"][2].update(tile="pantry", coins=4500)      # 8,000 slot: 3,500 + 4,500 ok
    d = GAME.pending(state)[0]
    offered = ids(d)
    assert "buy:0" not in offered and "buy:1" not in offered and "buy:2" in offered
    assert "stairs" in offered and "hallway" in offered and offered[-1] == "take"
    with pytest.raises(RuleError):
        act(state, seat, "turn", "buy:1")
    act(state, seat, "turn", "take")
    assert p["money"] == 8500


def test_5_3_coins_on_the_tile_count_toward_the_price_and_the_rest_is_kept():
    state, seat = in_turn(2, seed=7)
    mb = state["mb"]
    state["players"][seat]["money"] = 0
    state["market"][0].update(tile="pantry", coins=5000)       # 4,000 slot
    act(state, seat, "turn", "buy:0")
    place_first(state, seat)
    assert state["players"][seat]["money"] == 1000
    assert state["players"][mb]["money"] == 15000 + 4000


# -- 5.4 / 5.5 coins and the role ------------------------------------------------------------
def test_5_4_coins_on_unsold_rooms_and_5_5_role_passes_left():
    state = ready(3, seed=8)
    mb = state["mb"]
    act(state, mb, "price", "confirm")
    buyer = GAME.pending(state)[0].seat
    act(state, buyer, "turn", "buy:0")
    place_first(state, buyer)
    sold_price = 2000
    for _ in range(2):
        d = GAME.pending(state)[0]
        act(state, d.seat, d.kind, "take")
    assert state["mb"] == (mb + 1) % 3 and state["round"] == 2
    # refilled slot has no coins, every other room got 1,000; the supply has no coins
    coins = sorted(s["coins"] for s in state["market"])
    assert coins == [0] + [1000] * 5
    assert [s for s in state["market"] if s["price"] == sold_price][0]["coins"] == 0
    assert GAME.pending(state)[0].kind == "price" and GAME.pending(state)[0].seat == (mb + 1) % 3


# -- 6 placement rules ----------------------------------------------------------------------
def _door_pair_candidates(c, tile):
    """Every (orient, x, y, side) where some door of ``tile`` lies on an open castle door."""
    out = []
    for e, (_i, facing, _floor) in c.doors.items():
        if e in c.met or e in c.shared:
            continue
        for o in ORIENTS[tile]:
            for d in o.doors:
                for side in P.sides_of(tile):
                    x, y, _k = P.unkey(e - d.elem + key(0, 0, 0))
                    out.append((o, x, y, side))
    return out


def test_6_1_a_door_must_meet_a_door_on_the_same_floor():
    c = castle(room("porch", -3, -2))
    assert legal_here(c, "buttery", 2, -3) is None          # D3: adjacent, no door link
    for cand in legal(c, "buttery"):
        assert cand[4]                                       # every legal spot links
    c0 = castle()
    assert legal(c0, "the_hole") == []                       # downstairs only off stairs
    assert legal(c0, "hallway") and all(cand[3] == "ground" for cand in legal(c0, "hallway"))


def test_6_2_doors_may_face_walls_and_such_rooms_never_complete():
    rnd = random.Random(5)
    rooms = [dict(FOYER)]
    found = None
    for _ in range(400):
        tile = rnd.choice(list(D.ROOM_IDS) + ["hallway"])
        cands = legal(castle_of(rooms), tile)
        if not cands:
            continue
        rot, x, y, side = rnd.choice(cands)[:4]
        rooms.append(room(tile, x, y, rot, side))
        c = castle_of(rooms)
        i = len(rooms) - 1
        if "blocked" in c.door_states(i):
            found = (c, i)
            break
    assert found, "a random castle soon has a door facing a wall"
    c, i = found
    assert not c.completed(i)
    blocked = [d.elem + c.shifts[i] for d, st in zip(c.orients[i].doors, c.door_states(i))
               if st == "blocked"]
    for e in blocked:                        # no later tile can put a door there
        assert e in c.shared and e not in c.met
    for tile in ("hallway", "stairs", "lilac_cabinet", "great_hall"):
        for cand in legal(c, tile):
            assert not any(b in {d.elem + P.shift(cand[1], cand[2]) for d in get(tile, cand[0]).doors}
                           for b in blocked)


def test_6_4_no_overlap_whatever_the_floor():
    c = castle(room("stairs", -3, 1))
    assert legal_here(c, "armory", -9, 0) is not None                     # D7
    for tile in ("armory", "dungeon", "crypt", "hallway"):
        for cand in legal(c, tile):
            o = get(tile, cand[0])
            for i, oo in enumerate(c.orients):
                assert not P._overlaps(castle_of(c.rooms[i:i + 1]), o, cand[1], cand[2])


def test_6_5_the_last_open_door_cannot_be_closed():
    rooms = [dict(FOYER)]
    closed = 0
    for _ in range(2):
        c = castle_of(rooms)
        cand = legal(c, "powder_room")[0]
        rooms.append(room("powder_room", cand[1], cand[2], cand[0]))
        closed += 1
    c = castle_of(rooms)
    open_doors = [e for e in c.doors if e not in c.met and e not in c.shared]
    assert len(open_doors) == 1
    assert legal(c, "powder_room") == []                     # would leave no way out
    keep = P._keeps_exit
    try:
        P._keeps_exit = lambda *a: True
        fresh = Castle()            # not the cached index: it remembers its placements
        for r in rooms:
            fresh.add(dict(r))
        assert legal(fresh, "powder_room")                   # only rule 5 stops it
    finally:
        P._keeps_exit = keep


def _random_rooms(seed, size, favour=()):
    return random_rooms(seed, size, list(D.ROOM_IDS) + ["hallway"] * 6 + list(favour) * 8, 4)


def _fence_decides(c, tile, clear_castle_fence):
    """Candidates the fence rule alone rejects."""
    out = []
    for o, x, y, side in _door_pair_candidates(c, tile):
        real = P.check_anew(c, o, x, y, side)
        if clear_castle_fence:
            saved, c.fence = c.fence, set()
            free = P.check_anew(c, o, x, y, side)
            c.fence = saved
        else:
            free = P.check_anew(c, o._replace(fence=()), x, y, side)
        if real is None and free is not None:
            out.append((o, x, y))
    return out


def test_6_6_nothing_touches_a_fence_in_either_direction():
    hits = []
    for seed in range(30):
        c = castle_of(_random_rooms(seed, 10, ("porch", "shed", "stables", "orangery")))
        hits = [h for tile in ("pantry", "hallway", "great_hall", "lilac_cabinet")
                for h in _fence_decides(c, tile, clear_castle_fence=True)]
        if hits:
            break
    assert hits
    for o, x, y in hits:
        assert any(e + P.shift(x, y) in c.fence for e in o.contact)
    for seed in range(30):                                    # a new garden's fence on a wall
        c0 = castle_of(_random_rooms(seed, 10))
        hits = [h for tile in ("porch", "shed", "gatehouse", "stables", "orangery")
                for h in _fence_decides(c0, tile, clear_castle_fence=False)]
        if hits:
            break
    assert hits
    for o, x, y in hits:
        assert any(e + P.shift(x, y) in c0.contact for e in o.fence)
    assert legal_here(castle(room("porch", -3, -2)), "buttery", -1, -4) is None    # D3


def test_6_6_touching_the_stone_wall_at_a_fence_end_is_fine():
    c = castle(room("porch", -3, -2))
    o = get("buttery", 0)
    sh = P.shift(2, -3)
    assert not any(e + sh in c.fence for e in o.contact)      # D3: side wall, fence end point
    assert c.adjacent[1] == {0} and P._overlaps(c, o, 2, -3) is False


def test_6_7_floors_and_13_2_1_cross_floor_doors_are_illegal():
    assert D.FLAGS["cross_floor_doors_illegal"] is True and P.CROSS_FLOOR_ILLEGAL is True
    c = castle()
    assert legal_here(c, "stairs", -3, 1, rot=0) is not None
    assert legal_here(c, "stairs", -3, 1, rot=2) is None      # dark end on the foyer door
    c = castle(room("stairs", -3, 1))
    assert legal_here(c, "hallway", -9, 1, side="downstairs") is not None
    assert legal_here(c, "hallway", -9, 1, side="ground") is None


def test_6_8_stairs_never_attach_to_stairs():
    c = castle(room("stairs", -3, 1))
    assert legal_here(c, "stairs", -6, 1, rot=2) is None      # dark end on dark end
    assert legal_here(c, "hallway", -9, 1, side="downstairs") is not None   # the spot is free
    for cand in legal(c, "stairs"):
        assert 1 not in cand[4]


def test_13_2_2_corner_touch_is_not_adjacency_unless_flagged(monkeypatch):
    import engine.ludwig.castle as C
    assert D.FLAGS["corner_touch_is_adjacent"] is False and C.CORNER_TOUCH is False
    rooms = [dict(FOYER), room("hall_of_mirrors", 3, 0), room("audience_room", -3, -4, 2)]
    assert 1 not in castle_of(rooms).adjacent[2]              # D2: the point (3, 0)
    monkeypatch.setattr(C, "CORNER_TOUCH", True)
    C.clear_cache()
    try:
        assert 1 in castle_of([dict(r) for r in rooms]).adjacent[2]
    finally:
        C.clear_cache()


# -- 6.5 / 12 courtyards ---------------------------------------------------------------------
POCKET = [room("piano_room", 0, 0), room("hallway", -1, -1, 0, "ground"),
          room("hallway", 3, 0, 1, "ground")]


def test_12_door_into_a_courtyard_sealed_by_a_circle_does_not_lead_outside():
    """A circle nestled in a corner seals the pocket between it and the two tiles (its
    tangent points touch both); the hallway doors opening into that pocket are not exits,
    while the doors into the open area below the circle are."""
    c = castle_of(POCKET)
    exits = {(P.unkey(c.orients[i].doors[n].elem + c.shifts[i]), c.orients[i].doors[n].facing)
             for i, n in c.exits()}
    assert ((2, 0, 0), "S") not in exits and ((3, 0, 1), "W") not in exits
    assert ((3, 2, 1), "W") in exits and ((0, 0, 0), "S") in exits


def _pocket_room():
    """A non-corridor room above the circle whose door (2,0)-(3,0) faces into the pocket."""
    circle_and_b = castle_of([POCKET[0], POCKET[2]])
    for tile in D.ROOM_IDS:
        if D.type_of(tile) == "corridor":
            continue
        for o in ORIENTS[tile]:
            for x in range(-6, 3):
                if x + o.w < 3:
                    continue
                new = room(tile, x, -o.h, o.rot)
                sh = P.shift(x, -o.h)
                if not any(d.elem + sh == key(2, 0, 0) and d.facing == "S" for d in o.doors):
                    continue
                if not {key(1, 0, 0), key(2, 0, 0)} <= {e + sh for e in o.contact}:
                    continue
                if not P._overlaps(circle_and_b, o, x, -o.h):
                    return new
    raise AssertionError("no room fits")


def test_12_courtyard_doors_do_not_count_as_external_entrances():
    top = _pocket_room()
    rooms = [dict(FOYER, x=40), POCKET[0], top, POCKET[2]]
    c = castle_of(rooms)
    exits = c.exits()
    pocket_door = [n for n, d in enumerate(c.orients[2].doors)
                   if d.elem + c.shifts[2] == key(2, 0, 0)]
    assert pocket_door and (2, pocket_door[0]) not in exits
    state = GAME.setup(2, {}, 1)
    state["players"][0]["rooms"] = rooms
    external = measures(state, 0)["external"]
    assert external == sum(1 for i, _n in exits if i in (1, 2))
    assert external == len([1 for i, n in exits if i in (1, 2)])
    assert state and external < sum(len(c.orients[i].doors) for i in (1, 2))


def test_12_half_triangle_edges_meet_discs_only_with_an_end_point():
    """The fact behind courtyard.py's proof: every disc a legal castle can hold (radius
    3/2 or 5/2, centre at half-integers) that meets an edge of a half-triangle also covers
    one of the edge's end points (exact arithmetic, doubled coordinates)."""
    from fractions import Fraction
    discs = [(2 * cx + 3, 2 * cy + 3, 3) for cx in range(-2, 3) for cy in range(-2, 3)]
    discs += [(2 * cx + 5, 2 * cy + 5, 5) for cx in range(-3, 3) for cy in range(-3, 3)]
    edges = []
    for q in range(4):
        k = key(0, 0, q)
        a, b, mid, m = courtyard._points(k)
        edges += [(a, mid), (mid, b), (mid, m), (a, m), (b, m)]

    def d2(p, a, b):
        (px, py), (ax, ay), (bx, by) = p, a, b
        dx, dy = bx - ax, by - ay
        t = min(Fraction(1), max(Fraction(0), Fraction((px - ax) * dx + (py - ay) * dy, dx * dx + dy * dy)))
        return (ax + t * dx - px) ** 2 + (ay + t * dy - py) ** 2

    for cx, cy, r in discs:
        for a, b in edges:
            if d2((cx, cy), a, b) <= r * r:
                assert courtyard._inside(a, (cx, cy, r)) or courtyard._inside(b, (cx, cy, r))


# -- 7 scoring a placement ---------------------------------------------------------------
def test_7_connection_counts_distinct_tiles_not_door_pairs_13_2_5():
    """Two door pairs with the same neighbour link it once (only hallways and the two
    halls can meet one tile twice; no bonus tile can, so the index is what matters)."""
    found = 0
    for cand in legal(castle(), "great_hall"):
        rooms = [dict(FOYER), room("great_hall", cand[1], cand[2], cand[0])]
        c = castle_of(rooms)
        hall = {d.elem + c.shifts[1] for d in c.orients[1].doors}
        for h in legal(c, "hallway"):
            pairs = hall & {d.elem + P.shift(h[1], h[2]) for d in get("hallway", h[0]).doors}
            if len(pairs) >= 2:
                after = castle_of(rooms + [room("hallway", h[1], h[2], h[0], h[3])])
                assert after.links[2] == {1} | (h[4] - {1}) and h[4] >= {1}
                assert sorted(after.links[1]).count(2) == 1
                found += 1
        if found:
            break
    assert found


def test_7_existing_activity_penalty_is_triggered_by_an_adjacent_newcomer():
    rooms = [dict(FOYER)]
    cand = legal(castle_of(rooms), "piano_room")[0]           # -1 per adjacent living/sleeping
    rooms.append(room("piano_room", cand[1], cand[2], cand[0]))
    c = castle_of(rooms)
    seen = 0
    for tile in ("lilac_cabinet", "nap_room", "pantry"):
        for cand in legal(c, tile):
            after = castle_of(rooms + [room(tile, cand[1], cand[2], cand[0])])
            touching = 1 in after.adjacent[2]
            penalty = -1 if touching and D.type_of(tile) in ("living", "sleeping") else 0
            base = D.TILES[tile]["points"]
            own = 2 * sum(1 for j in cand[4] if D.type_of(rooms[j]["tile"]) == "living") \
                if tile == "nap_room" else 0
            assert points(c, tile, cand[1], cand[2], cand[0]) == base + own + penalty
            seen += touching and penalty < 0
    assert seen


def test_7_activity_net_value_can_be_negative():
    from engine.ludwig.points import gain
    c = castle_of([dict(FOYER)] + [room("hallway", 10 * k, 20, 0, "ground") for k in range(1, 5)])
    parts = gain(c, "theater", set(), {1, 2, 3, 4})           # 6 - 2 x 4 corridor rooms
    assert parts["base"] + parts["own"] + parts["others"] == -2


# -- 8 completion rewards ----------------------------------------------------------------
def _with_rooms(state, seat, *tiles):
    """Append far-away rooms (geometry irrelevant here) and return their indices."""
    rooms = state["players"][seat]["rooms"]
    out = []
    for t in tiles:
        rooms.append(room(t, 30 + 12 * len(rooms), 40))
        out.append(len(rooms) - 1)
    return out


def _resume(state):
    from engine.ludwig.answers import _after_turn_action
    state["task"] = None
    events = []
    _after_turn_action(state, events)
    return events


def test_8_1_activity_5_points_and_8_7_outdoor_10000_at_once():
    state, seat = in_turn()
    p = state["players"][seat]
    a, o = _with_rooms(state, seat, "piano_room", "porch")
    score, money = p["score"], p["money"]
    complete(state, seat, a, [])
    complete(state, seat, o, [])
    assert p["score"] == score + 5 and p["money"] == money + 10000 and state["pool"] == []


def test_8_2_free_corridor_piece_once_per_turn_even_through_the_wild_reward():
    state, seat = in_turn()
    p = state["players"][seat]
    d1, d2 = _with_rooms(state, seat, "crypt", "dungeon")
    p["down_done"] = 1
    complete(state, seat, 0, [])                              # the foyer: corridor reward
    complete(state, seat, d1, [])                             # 2nd downstairs: wild
    assert [e["kind"] for e in state["pool"]] == ["corridor", "wild"]
    supply, money = dict(state["supply"]), p["money"]
    _resume(state)
    act(state, seat, "reward", "rw:1")
    act(state, seat, "wild", "type:corridor")
    d = GAME.pending(state)[0]
    assert d.kind == "corridor" and "decline" in ids(d)
    act(state, seat, "corridor", "hallway")
    place_first(state, seat)
    assert state["supply"]["hallway"] == supply["hallway"] - 1 and p["money"] == money
    d = GAME.pending(state)[0]
    assert not (d.seat == seat and d.kind == "corridor")     # the pool's corridor is lost
    assert state["supply"]["stairs"] == supply["stairs"]


def test_8_3_downstairs_counter_counts_even_completions_only():
    state, seat = in_turn()
    rooms = _with_rooms(state, seat, "crypt", "dungeon", "the_hole", "armory", "mold_room")
    wilds = []
    for j in rooms:
        before = len(state["pool"])
        complete(state, seat, j, [])
        wilds.append(len(state["pool"]) - before)
    assert wilds == [0, 1, 0, 1, 0] and state["players"][seat]["down_done"] == 5


def test_8_4_food_extra_turns_wait_for_the_reward_pool_13_2_27():
    state, seat = in_turn()
    u, f1, f2 = _with_rooms(state, seat, "sauna", "kitchen", "pantry")
    complete(state, seat, f1, [])
    complete(state, seat, u, [])
    complete(state, seat, f2, [])
    assert state["turn"]["extras"] == 2 and [e["kind"] for e in state["pool"]] == ["utility"]
    _resume(state)
    assert GAME.pending(state)[0].kind == "utility"
    act(state, seat, "utility", GAME.pending(state)[0].options[0].id)
    for _ in range(2):
        d = GAME.pending(state)[0]
        assert d.kind == "extra_turn" and d.seat == seat
        corridor_used = state["turn"]["corridor_used"]
        assert corridor_used is False                      # a separate turn
        act(state, seat, "extra_turn", "take")
    assert GAME.pending(state)[0].seat != seat


def test_8_6_sleeping_reward_lays_tiles_on_the_deck_secretly():
    state, seat = in_turn(3, seed=9)
    other = (seat + 1) % 3
    state["stacks"]["600"] = []
    state["pool"] = [{"kind": "sleeping", "room": 0}]
    _resume(state)
    d = GAME.pending(state)[0]
    assert d.kind == "sleep_stack" and "stack:600" not in ids(d) and "stack:300" in ids(d)
    stack = list(state["stacks"]["300"])
    events = act(state, seat, "sleep_stack", "stack:300")
    assert GAME.view(state, seat)["peek"] == sorted(stack)
    assert GAME.view(state, other)["peek"] is None and GAME.view(state, None)["peek"] is None
    assert [e.visible_to for e in events if e.kind == "stack_contents"] == [frozenset({seat})]
    d = GAME.pending(state)[0]
    assert d.kind == "sleep_pick" and d.secret
    first, second = stack[0], stack[1]
    act(state, seat, "sleep_pick", f"tile:{first}")
    events = act(state, seat, "sleep_pick", f"tile:{second}")
    assert [e["tile"] for e in state["prepared"]] == [first, second]
    assert sorted(state["stacks"]["300"]) == sorted(stack[2:])
    assert GAME.view(state, seat)["prepared_mine"] == [first, second]
    assert GAME.view(state, other)["prepared_mine"] == [] and GAME.view(state, other)["prepared"] == 2
    for e in events:
        if e.visible_to is None:
            assert first not in json.dumps(e.params) and second not in json.dumps(e.params)
    state["market"][0]["tile"] = state["market"][1]["tile"] = None
    market.fill(state, state["market"])
    assert [state["market"][0]["tile"], state["market"][1]["tile"]] == [first, second]


def test_8_6_sleeping_reward_in_the_last_round_discards_the_tiles():
    state, seat = in_turn(2, seed=9)
    state["last_round"] = True
    state["pool"] = [{"kind": "sleeping", "room": 0}]
    _resume(state)
    stack = list(state["stacks"]["250"])
    act(state, seat, "sleep_stack", "stack:250")
    for t in stack[:2]:
        act(state, seat, "sleep_pick", f"tile:{t}")
    assert state["prepared"] == [] and state["discarded_tiles"] == stack[:2]
    assert len(state["stacks"]["250"]) == len(stack) - 2


def test_8_8_utility_draws_two_keeps_one_and_puts_the_other_at_the_bottom():
    state, seat = in_turn()
    deck = state["bonus_deck"]
    top2 = deck[-2:]
    state["pool"] = [{"kind": "utility", "room": 0}]
    _resume(state)
    d = GAME.pending(state)[0]
    assert d.secret and sorted(ids(d)) == sorted(f"keep:{c}" for c in top2)
    assert GAME.view(state, (seat + 1) % 2)["drawn"] is None
    assert sorted(GAME.view(state, seat)["drawn"]) == sorted(top2)
    events = act(state, seat, "utility", f"keep:{top2[0]}")
    assert top2[0] in state["players"][seat]["bonus"] and deck[0] == top2[1]
    assert [e.visible_to for e in events if e.kind == "bonus_kept"] == [frozenset({seat})]


def test_8_8_utility_with_one_card_draws_it_and_with_none_is_lost():
    state, seat = in_turn()
    deck = state["bonus_deck"]
    del deck[:-1]
    last = deck[-1]
    state["pool"] = [{"kind": "utility", "room": 0}, {"kind": "utility", "room": 0}]
    _resume(state)
    act(state, seat, "reward", "rw:0")
    assert ids(GAME.pending(state)[0]) == [f"keep:{last}"]
    events = act(state, seat, "utility", f"keep:{last}")
    assert any(e.kind == "reward_utility_empty" for e in events)
    assert GAME.pending(state)[0].kind != "utility"


def test_13_2_26_the_player_orders_the_pool():
    state, seat = in_turn()
    state["pool"] = [{"kind": "utility", "room": 0}, {"kind": "sleeping", "room": 0}]
    _resume(state)
    d = GAME.pending(state)[0]
    assert d.kind == "reward" and ids(d) == ["rw:0", "rw:1"]
    act(state, seat, "reward", "rw:1")
    assert GAME.pending(state)[0].kind == "sleep_stack"
    act(state, seat, "sleep_stack", "decline")
    assert GAME.pending(state)[0].kind == "utility"


# -- 9 final scoring -------------------------------------------------------------------------
FAR = [("throne_room", 0), ("lilac_cabinet", 20), ("piano_room", 30), ("the_hole", 40),
       ("hallway", 50), ("stairs", 60), ("orangery", 70), ("kitchen", 80), ("sauna", 90),
       ("nap_room", 100), ("great_hall", 110)]


def measured_state():
    state = GAME.setup(2, {}, 1)
    rooms = [dict(FOYER), room("hall_of_mirrors", 3, 0)]
    rooms += [room(t, x, 20, 0, "ground" if t == "hallway" else None) for t, x in FAR]
    state["players"][0]["rooms"] = rooms
    state["players"][0]["money"] = 23000
    return state


FAVOR_VALUES = {
    "favor_count_living": 3, "favor_count_activity": 1, "favor_count_food": 1,
    "favor_count_sleeping": 1, "favor_count_outdoor": 1, "favor_count_utility": 1,
    "favor_count_corridor": 4, "favor_count_downstairs": 1,
    "favor_area_living": 1050, "favor_area_activity": 150, "favor_area_food": 300,
    "favor_area_sleeping": 200, "favor_area_outdoor": 500, "favor_area_utility": 300,
    "favor_area_corridor": 700, "favor_area_downstairs": 150,
    "favor_small": 6, "favor_large": 4, "favor_square": 1, "favor_circular": 3,
    "favor_completed": 0, "favor_uncompleted": 13, "favor_external": 22, "favor_money": 23000,
}


def test_9_1_all_24_favor_measures():
    m = measures(measured_state(), 0)
    assert set(FAVOR_VALUES) == set(D.FAVORS)
    for favor, want in FAVOR_VALUES.items():
        assert favor_measure(favor, m) == want, favor


BONUS_VALUES = {
    "bonus_type_living": 6, "bonus_type_activity": 2, "bonus_type_sleeping": 3,
    "bonus_type_outdoor": 2, "bonus_type_utility": 2, "bonus_type_food": 3,
    "bonus_type_corridor": 4, "bonus_type_downstairs": 2,
    "bonus_size_100": 2, "bonus_size_150": 4, "bonus_size_200": 2, "bonus_size_250": 0,
    "bonus_size_300": 4, "bonus_size_350": 6, "bonus_size_400": 0, "bonus_size_450": 0,
    "bonus_size_500": 3, "bonus_size_600": 3, "bonus_all_sizes": 0, "bonus_all_types": 7,
    "bonus_hallways": 1, "bonus_stairs": 2, "bonus_completed": 0, "bonus_square": 1,
    "bonus_circular": 3, "bonus_money": 4, "bonus_external": 11,
}


def test_9_2_all_27_bonus_cards():
    state = measured_state()
    m = measures(state, 0)
    assert set(BONUS_VALUES) == set(D.BONUS_CARDS)
    for card, want in BONUS_VALUES.items():
        assert bonus_points(card, m) == want, card
    rooms = state["players"][0]["rooms"]
    rooms += [room("shed", 130, 20), room("observatory", 140, 20), room("west_tapestry_room", 150, 20)]
    assert bonus_points("bonus_all_sizes", measures(state, 0)) == 8


def test_9_favor_ranks_need_a_counted_item_and_share_tied_ranks():
    assert rank_points([5, 5, 0, 0], 4) == [6, 6, 0, 0]
    assert rank_points([3, 2, 2, 1], 4) == [8, 3, 3, 1]
    assert rank_points([0, 0], 2) == [0, 0]
    assert rank_points([1, 0, 0], 3) == [8, 0, 0]
    assert rank_points([2, 2, 2], 3) == [4, 4, 4]


def _finished(totals_castles_money):
    state = GAME.setup(len(totals_castles_money), {}, 2)
    state["favors"] = []
    for p, (score, extra_rooms, money) in zip(state["players"], totals_castles_money):
        p["bonus"], p["score"], p["money"] = [], score, money
        p["rooms"] = [dict(FOYER)] + [room(t, 20 * (k + 1), 20) for k, t in enumerate(extra_rooms)]
    events = finish(state)
    return state, events


def test_9_depleted_stacks_money_and_tie_breaks():
    state, _ = _finished([(10, ["pantry"], 9000), (10, ["larder"], 9000)])
    assert GAME.result(state).winners == (0, 1)                  # shared victory
    state, _ = _finished([(10, ["pantry"], 9000), (10, ["kitchen"], 0)])
    assert GAME.result(state).winners == (1,)                    # larger castle (300 > 100)
    state, _ = _finished([(10, ["pantry"], 9000), (10, ["larder"], 8000)])
    assert GAME.result(state).winners == (0,)                    # then money
    state = GAME.setup(2, {}, 3)
    state["favors"] = []
    p = state["players"][0]
    p["bonus"], p["money"], p["score"] = [], 29000, 0
    p["rooms"] = [dict(FOYER), room("hallway", 10, 10, 0, "ground"), room("stairs", 20, 10),
                  room("kitchen", 30, 10), room("pantry", 40, 10)]
    state["supply"]["hallway"] = 0
    state["stacks"]["300"] = []
    finish(state)
    assert state["final"][0] == {"castle": 0, "depleted": 4, "favors": 0, "bonus_cards": 0,
                                 "money": 2}


def test_9_bonus_cards_are_revealed_from_the_master_builder_clockwise():
    state = GAME.setup(3, {}, 4)
    state["mb"] = 2
    events = finish(state)
    assert [e.params["seat"] for e in events if e.kind == "final_bonus"] == [2, 0, 1]


# -- 10 solo --------------------------------------------------------------------------------
def test_10_solo_fixed_reveal_bank_payments_and_no_coins():
    state = ready(1, seed=3)
    assert state["favors"] == [] and len(state["players"][0]["bonus"]) == 2
    assert len(state["deck"]) + len(state["discard"]) == 33
    p = state["players"][0]
    tiles = [s["tile"] for s in state["market"]]
    sizes = [D.size_of(t) for t in tiles]
    assert state["discard"][-3:] == sizes                       # revealed in slot order
    act(state, 0, "turn", "stairs")
    place_first(state, 0)
    assert p["money"] == 12000
    assert state["boxed"] == tiles and all(s["coins"] == 0 for s in state["market"])
    state["prepared"] = [{"tile": "kitchen", "by": 0}]
    for s in state["market"]:
        s["tile"] = None
    state["stacks"]["300"] = [t for t in state["stacks"]["300"] if t != "kitchen"]
    market.fill(state, state["market"])
    assert state["market"][0]["tile"] == "kitchen"


def test_10_solo_ends_in_the_turn_the_deck_ran_out_and_ranks():
    state = ready(1, seed=4)
    state["deck"] = state["deck"][-2:]
    act(state, 0, "turn", "take")                               # next reveal runs out
    assert state["last_round"]
    act(state, 0, "turn", "take")
    assert GAME.result(state) is not None
    assert GAME.view(state, 0)["rank"] == D.solo_rank(GAME.result(state).scores[0])


# -- 10.1 variants ----------------------------------------------------------------------------
def test_10_1_chosen_favors_respect_the_completed_uncompleted_exclusion():
    state = GAME.setup(3, {"chosen_favors": True}, 1)
    for d in GAME.pending(state):
        act(state, d.seat, d.kind, d.default)
    d = GAME.pending(state)[0]
    assert d.kind == "favor_pick" and d.seat == state["mb"]
    act(state, d.seat, "favor_pick", "favor:favor_completed")
    d = GAME.pending(state)[0]
    assert "favor:favor_uncompleted" not in ids(d) and "favor:favor_completed" not in ids(d)
    act(state, d.seat, "favor_pick", "favor:favor_money")
    act(state, d.seat, "favor_pick", "favor:favor_small")
    assert state["favors"] == ["favor_completed", "favor_money", "favor_small"]
    assert GAME.pending(state)[0].kind == "price"


def test_10_1_chosen_bonus_cards_leave_the_bonus_deck():
    state = GAME.setup(3, {"chosen_bonus": True}, 1)
    order = []
    while GAME.pending(state)[0].kind == "bonus_pick":
        d = GAME.pending(state)[0]
        assert d.secret
        order.append(d.seat)
        act(state, d.seat, d.kind, d.options[-1].id)
    mb = state["mb"]
    assert order == [s for s in [(mb + k) % 3 for k in range(3)] for _ in range(2)]
    held = [c for p in state["players"] for c in p["bonus"]]
    assert len(held) == 6 and not set(held) & set(state["bonus_deck"])
    assert sorted(held + state["bonus_deck"]) == sorted(D.BONUS_CARDS)


def test_13_1_1_foyer_back_side_option():
    assert GAME.options["foyer_back"].default == D.FLAGS["foyer_back_side"] == "same_as_front"
    plain = GAME.setup(2, {}, 1)
    assert plain.get("foyer_choosing") is None
    state = GAME.setup(2, {"foyer_back": "four_doors"}, 1)
    for d in GAME.pending(state):
        act(state, d.seat, d.kind, d.default)
    order = []
    while GAME.pending(state)[0].kind == "foyer_side":
        d = GAME.pending(state)[0]
        assert not d.secret and ids(d) == ["side:front", "side:four_doors"]
        order.append(d.seat)
        act(state, d.seat, "foyer_side", "side:four_doors" if d.seat == 0 else "side:front")
    assert order == [state["mb"], (state["mb"] + 1) % 2]
    four = castle_of(state["players"][0]["rooms"])
    three = castle_of(state["players"][1]["rooms"])
    assert len(four.orients[0].doors) == 4 and len(three.orients[0].doors) == 3
    assert any(d.facing == "S" for d in four.orients[0].doors)
    assert any(c[2] > 0 for c in legal(four, "pantry"))        # something below the foyer
    assert not any(c[2] >= 3 for c in legal(three, "pantry"))
    assert GAME.view(state, 1)["seats"][0]["castle"][0]["side"] == "four_doors"
    assert GAME.pending(state)[0].kind == "price"


# -- 11 hidden information ---------------------------------------------------------------------
def test_11_secret_choices_are_secret_decisions_and_views_hide_cards():
    state = GAME.setup(3, {}, 2)
    for d in GAME.pending(state):
        assert d.secret
        v = GAME.view(state, (d.seat + 1) % 3)
        assert v["dealt"] != state["players"][d.seat]["dealt"]
    for d in GAME.pending(state):
        act(state, d.seat, d.kind, d.default)
    for seat in range(3):
        v = GAME.view(state, seat)
        assert v["my_bonus"] == state["players"][seat]["bonus"]
        assert all(isinstance(p["bonus_cards"], int) for p in v["seats"])
        text = json.dumps(v)
        for other in range(3):
            if other != seat:
                for card in state["players"][other]["bonus"]:
                    assert card not in state["players"][seat]["bonus"] and card not in text
        for stack in state["stacks"].values():
            for t in stack:
                assert f'"{t}"' not in text
    assert GAME.view(state, None)["my_bonus"] is None
    assert GAME.view(state, 0)["players"] == 3


@pytest.mark.parametrize("seed", range(12))
def test_12_door_search_equals_the_whole_flood_fill(seed):
    """``Castle.exits`` (a search from each door) agrees with the reference flood fill of
    the whole box, on random castles rich in circles plus the sealed-pocket castle."""
    rooms = _random_rooms(seed, 18, ("piano_room", "orangery", "venus_grotto", "study", "hallway"))
    for rs in (rooms, POCKET, [dict(FOYER, x=40), POCKET[0], _pocket_room(), POCKET[2]]):
        c = castle_of([dict(r) for r in rs])
        full, clipped, box = c.solids()
        free = courtyard.outside(full, clipped, box)
        want = [(i, n) for i, o in enumerate(c.orients) for n, d in enumerate(o.doors)
                if c.door_states(i)[n] == "open" and d.out + c.shifts[i] in free]
        assert c.exits() == want
        assert c.has_exit() == bool(want)


# -- AI ----------------------------------------------------------------------------------------
def test_ai_beats_random_seats_clearly():
    """AI vs uniformly random seat at 2 seats, 20 seeded games, seats alternating."""
    from engine.ai import choose
    wins = 0
    for seed in range(20):
        ai_seat = seed % 2
        state = GAME.setup(2, {}, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            GAME.apply(state, d.seat, choose(GAME, state, d, rnd, smart=d.seat == ai_seat))
        wins += GAME.result(state).winners == (ai_seat,)
    assert wins >= 16


@pytest.mark.parametrize("seats", [2, 3])
def test_ai_decides_from_what_its_seat_may_know(seats):
    """Changing everything hidden from the deciding seat never changes the AI's choice."""
    from engine.ai import choose
    from test_lw_playouts import scramble
    state = GAME.setup(seats, {}, 21)
    rnd = random.Random(21)
    steps = 0
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        if steps % 2 == 0:
            other = scramble(state, d.seat)
            assert GAME.ai_preference(other, GAME.pending(other)[0], random.Random(0))[:1] == \
                GAME.ai_preference(state, d, random.Random(0))[:1]
        GAME.apply(state, d.seat, choose(GAME, state, d, rnd))
        steps += 1


def test_ai_master_builder_prices_the_most_wanted_room_dearest():
    from engine.ludwig.ai import tile_value
    state = ready(2, seed=5)
    mb = state["mb"]
    while GAME.pending(state)[0].kind in ("price", "price_to"):
        d = GAME.pending(state)[0]
        act(state, mb, d.kind, GAME.ai_preference(state, d, random.Random(0))[0])
    other = (mb + 1) % 2
    values = [tile_value(state, other, s["tile"], own=False) for s in state["market"]]
    assert values == sorted(values)                      # slots are cheapest first


# -- more rulings ------------------------------------------------------------------------------
def test_2_components_and_13_2_21_circles_turn_four_ways():
    sizes = {}
    for t in D.ROOM_IDS:
        sizes[D.size_of(t)] = sizes.get(D.size_of(t), 0) + 1
    assert sizes == {100: 9, 150: 9, 200: 9, 250: 9, 300: 9, 350: 6, 400: 6, 450: 6, 500: 6, 600: 6}
    assert len(D.BONUS_CARDS) == 27 and len(D.FAVORS) == 24
    assert sum(D.ROOM_CARDS["default"].values()) == sum(D.ROOM_CARDS["uniform"].values()) == 50
    for t in D.ROOM_IDS:
        if D.SHAPES[D.TILES[t]["shape"]]["kind"] == "circle" and len(D.TILES[t]["doors"]) in (1, 3):
            assert len(ORIENTS[t]) == 4, t             # doors on compass points, any of 4
    assert len(ORIENTS["hallway"]) == 2


def test_13_2_12_master_builders_food_extra_turn_pays_the_bank_before_coins():
    state = ready(2, seed=12)
    mb = state["mb"]
    act(state, mb, "price", "confirm")
    other = (mb + 1) % 2
    act(state, other, "turn", "take")
    assert GAME.pending(state)[0].seat == mb
    (f,) = _with_rooms(state, mb, "kitchen")
    complete(state, mb, f, [])
    coins = [s["coins"] for s in state["market"]]
    act(state, mb, "turn", "take")
    d = GAME.pending(state)[0]
    assert d.kind == "extra_turn" and d.seat == mb
    assert [s["coins"] for s in state["market"]] == coins          # coins wait
    money = [p["money"] for p in state["players"]]
    act(state, mb, "extra_turn", "stairs")
    place_first(state, mb)
    assert state["players"][mb]["money"] == money[mb] - 3000
    assert state["players"][other]["money"] == money[other]        # the bank was paid
    assert state["round"] == 2 and state["mb"] == other


def test_13_2_14_tiles_left_on_the_deck_are_not_in_their_stack():
    state = GAME.setup(2, {}, 6)
    state["favors"] = []
    p = state["players"][0]
    p["bonus"], p["money"], p["score"] = [], 0, 0
    p["rooms"] = [dict(FOYER), room("kitchen", 30, 10)]
    state["prepared"] = [{"tile": t, "by": 1} for t in state["stacks"]["300"]]
    state["stacks"]["300"] = []
    finish(state)
    assert state["final"][0]["depleted"] == 2


def test_10_solo_food_reward_gives_another_turn_on_the_same_market():
    state = ready(1, seed=5)
    (f,) = _with_rooms(state, 0, "kitchen")
    complete(state, 0, f, [])
    market_tiles = [s["tile"] for s in state["market"]]
    act(state, 0, "turn", "take")
    d = GAME.pending(state)[0]
    assert d.kind == "extra_turn" and [s["tile"] for s in state["market"]] == market_tiles
    act(state, 0, "extra_turn", "take")
    assert state["boxed"] == market_tiles


def test_13_2_13_the_last_round_is_public():
    state = ready(3, seed=2)
    act(state, state["mb"], "price", "confirm")
    state["deck"] = state["deck"][:1]
    buyer = GAME.pending(state)[0].seat
    act(state, buyer, "turn", "stairs")
    place_first(state, buyer)
    state["market"][0]["tile"] = state["market"][1]["tile"] = None     # two slots to refill
    answer_default_until(state, lambda d: d.kind == "price")
    assert state["deck"] != [] or state["discard"]
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat)["last_round"] is True


def _reference_keeps_exit(castle_, o, ox, oy, side):
    trial = castle_.copy()
    trial.add({"tile": o.tile, "rot": o.rot, "x": ox, "y": oy, "side": side})
    full, clipped, box = trial.solids()
    free = courtyard.outside(full, clipped, box)
    return any(trial.door_states(i)[n] == "open" and d.out + trial.shifts[i] in free
               for i, oo in enumerate(trial.orients) for n, d in enumerate(oo.doors))


@pytest.mark.parametrize("seed", range(6))
def test_6_5_quick_outside_tests_agree_with_the_flood_fill(seed, monkeypatch):
    rooms = _random_rooms(seed, 14, ("piano_room", "orangery", "great_hall"))
    c = castle_of(rooms)
    for tile in ("pantry", "hallway", "piano_room", "powder_room", "great_hall"):
        for o, x, y, side in _door_pair_candidates(c, tile):
            fast = check(c, o, x, y, side)
            with monkeypatch.context() as m:
                m.setattr(P, "_keeps_exit", _reference_keeps_exit)
                slow = P.check_anew(c, o, x, y, side)
            assert fast == slow


def test_8_5_living_reward_rescores_base_and_own_bonus_only():
    state, seat = in_turn()
    p = state["players"][seat]
    rooms = [dict(FOYER), room("hall_of_mirrors", 3, 0)]       # +2 per connected corridor
    p["rooms"] = rooms
    score = p["score"]
    events = []
    complete(state, seat, 1, events)
    assert p["score"] - score == 3 + 2                         # base 3, the foyer connected
    assert [e.kind for e in events] == ["completed", "reward_rescore"]
