"""Round procedure examples: R1 market round, D14 deck exhaustion, D16 coins, D12/D13 reward
timing, D10 downstairs counter, setup bonus return, and the solo turn."""
from engine.ludwig import GAME
from engine.ludwig import data as D
from engine.ludwig.build import complete
from engine.ludwig import market

from lw_helpers import act


def through_setup(seats, seed=1, options=None):
    state = GAME.setup(seats, options or {}, seed)
    while GAME.pending(state) and GAME.pending(state)[0].kind == "bonus_return":
        for d in GAME.pending(state):
            act(state, d.seat, d.kind, d.default)
    return state


def place_first(state, seat):
    """Answer placement decisions with the first offered placement."""
    while True:
        d = GAME.decision_for(state, seat)
        if d is None or d.kind not in ("place", "place_spot", "place_rot"):
            return
        act(state, seat, d.kind, d.options[0].id)


def defaults_until_turn_of(state, seat):
    while True:
        d = GAME.pending(state)[0]
        if d.kind in ("turn", "extra_turn") and d.seat == seat:
            return d
        act(state, d.seat, d.kind, d.default or d.options[0].id)


def test_setup_bonus_return_is_simultaneous_and_secret():
    state = GAME.setup(3, {}, 4)
    pending = GAME.pending(state)
    assert [d.seat for d in pending] == [0, 1, 2] and all(d.secret for d in pending)
    dealt = list(state["players"][1]["dealt"])
    act(state, 1, "bonus_return", f"return:{dealt[0]}")
    assert GAME.view(state, 0)["dealt"] != dealt and GAME.view(state, 1)["setup_pick"]["mine"] == dealt[0]
    for d in GAME.pending(state):
        act(state, d.seat, d.kind, d.default)
    assert state["players"][1]["bonus"] == dealt[1:]
    assert state["bonus_deck"][:3].count(dealt[0]) == 1
    assert [p["score"] for p in state["players"]] == [(s - state["mb"]) % 3 for s in range(3)]
    assert len(state["favors"]) == 3 and len(state["deck"]) == 33 - 6


def test_r1_market_round_payments_and_coins():
    state = through_setup(3)
    state["mb"], state["round"] = 0, 2
    state["order"] = [1, 2, 0]
    for p in state["players"]:
        p["money"] = 15000
    tiles = {2000: ("buttery", 1000), 4000: ("shed", 1000), 6000: ("pumpkin_garden", 1000),
             8000: ("guest_bedroom", 0), 10000: ("anteroom", 0), 15000: ("drawing_room", 0)}
    for slot in state["market"]:
        slot["tile"], slot["coins"] = tiles[slot["price"]]
    state["task"] = {"type": "price", "seat": 0, "moves": 0}
    act(state, 0, "price", "confirm")
    idx = {s["tile"]: s["index"] for s in GAME.view(state, None)["market"]}
    act(state, 1, "turn", f"buy:{idx['pumpkin_garden']}")
    place_first(state, 1)
    defaults_until_turn_of(state, 2)
    act(state, 2, "turn", "stairs")
    place_first(state, 2)
    defaults_until_turn_of(state, 0)
    act(state, 0, "turn", f"buy:{idx['guest_bedroom']}")
    place_first(state, 0)
    money = [p["money"] for p in state["players"]]
    assert money == [16000, 10000, 12000]
    coins = {s["tile"]: s["coins"] for s in state["market"] if s["tile"]}
    assert state["mb"] == 1 and state["round"] == 3
    left = {"buttery": 2000, "shed": 2000, "anteroom": 1000, "drawing_room": 1000}
    assert {t: coins[t] for t in left} == left
    assert sorted(v for t, v in coins.items() if t not in left) == [0, 0]   # refilled slots


def test_d16_coins_on_a_tile():
    state = through_setup(4)
    state["mb"], state["order"] = 0, [2, 3, 0]
    slot = next(s for s in state["market"] if s["price"] == 2000)
    slot["tile"], slot["coins"] = "buttery", 3000
    state["turn"] = {"seat": 1, "extra": False, "extras": 0, "corridor_used": False}
    state["task"] = {"type": "turn", "seat": 1}
    before = [p["money"] for p in state["players"]]
    act(state, 1, "turn", f"buy:{state['market'].index(slot)}")
    place_first(state, 1)
    assert state["players"][1]["money"] - before[1] == 1000
    assert state["players"][0]["money"] - before[0] == 2000


def test_d14_deck_runs_out_and_reshuffles():
    state = through_setup(4)
    for slot in state["market"][:5]:
        slot["tile"], slot["coins"] = None, 0
    state["deck"] = [100, 150, 200]
    state["discard"] = [300, 350, 400, 450, 500, 600, 250]
    events = market.fill(state, state["market"])
    assert all(s["tile"] for s in state["market"])
    assert state["last_round"] and any(e.kind == "deck_reshuffled" for e in events)
    assert len(state["deck"]) + len(state["discard"]) == 10


def test_d12_corridor_reward_once_per_turn_and_d13_two_food_rooms():
    state = through_setup(2)
    act(state, state["mb"], "price", "confirm")
    seat = GAME.pending(state)[0].seat
    state["pool"] = []
    state["players"][seat]["rooms"].append({"tile": "hallway", "rot": 0, "x": 3, "y": 1,
                                            "side": "ground"})
    complete(state, seat, 0, [])
    complete(state, seat, 1, [])
    assert [e["kind"] for e in state["pool"]] == ["corridor"]
    state["turn"]["corridor_used"] = True
    state["pool"] = []
    complete(state, seat, 1, [])
    assert state["pool"] == []
    state["players"][seat]["rooms"] += [{"tile": "kitchen", "rot": 0, "x": 40, "y": 0, "side": None},
                                        {"tile": "pantry", "rot": 0, "x": 50, "y": 0, "side": None}]
    complete(state, seat, 2, [])
    complete(state, seat, 3, [])
    assert state["turn"]["extras"] == 2
    act(state, seat, "turn", "take")
    assert GAME.pending(state)[0].kind == "extra_turn" and GAME.pending(state)[0].seat == seat
    act(state, seat, "extra_turn", "take")
    assert GAME.pending(state)[0].kind == "extra_turn"
    act(state, seat, "extra_turn", "take")
    assert GAME.pending(state)[0].seat != seat or GAME.pending(state)[0].kind == "price"


def test_d10_d11_downstairs_counter_and_living_wild():
    state = through_setup(2)
    act(state, state["mb"], "price", "confirm")
    seat = GAME.pending(state)[0].seat
    p = state["players"][seat]
    p["rooms"] += [{"tile": t, "rot": 0, "x": 10 * i + 20, "y": 40, "side": None}
                   for i, t in enumerate(("the_hole", "crypt", "nap_room", "solar", "dungeon"))]
    complete(state, seat, 1, [])
    assert state["pool"] == []
    complete(state, seat, 2, [])
    assert state["pool"] == [{"kind": "wild", "room": 2}]
    complete(state, seat, 5, [])
    assert len(state["pool"]) == 1
    state["pool"] = [{"kind": "wild", "room": 1}]
    state["task"] = {"type": "wild", "seat": seat, "room": 1}
    score = p["score"]
    act(state, seat, "wild", "type:living")
    assert p["score"] - score == 3 + 2                      # The Hole: 3 + 1 per sleeping room


def test_solo_turns_use_the_fixed_slots_and_box_unsold_rooms():
    state = GAME.setup(1, {}, 2)
    assert [s["price"] for s in state["market"]] == [2000, 4000, 6000]
    assert all(s["tile"] for s in state["market"]) and state["favors"] == []
    assert len(state["players"][0]["bonus"]) == 2 and state["players"][0]["score"] == 0
    first = [s["tile"] for s in state["market"]]
    act(state, 0, "turn", "take")
    assert state["boxed"] == first and state["turn_no"] == 2
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        act(state, d.seat, d.kind, d.default or d.options[0].id)
    assert GAME.view(state, 0)["rank"].startswith("rank_")
