"""The six winter cards (E26-E31) and the winter draw timing."""
from engine.core import Action
from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from sb_helpers import (A, B, C, Dd, answer, assert_conserved, decision, final_scoring,
                        finish_round, ids, new_game, pick, play, put_spot, set_res, set_taler,
                        skip_to, start_round)


def draw_next(state, card):
    """Make ``card`` the winter card drawn after this round's choices."""
    state["deck"] = [card] + [c for c in state["deck"] if c != card]
    state["queue"].insert(0, ["winter_draw"])


def test_winter_cards_come_in_marked_rounds_after_the_choice():
    state = new_game(3, winter=True)
    assert sorted(state["deck"]) == sorted(D.WINTER_CARDS)
    while not state["finished"]:
        marked = state["round"] in D.WINTER_ROUNDS
        deck = len(state["deck"])
        events = []
        for d in GAME.pending(state):  # every seat's face-down choice
            events += GAME.apply(state, d.seat, Action(d.kind, d.default))
        kinds = [e.kind for e in events]
        assert ("winter_card" in kinds) == marked
        if marked:  # drawn after all choices are locked, before anything is revealed
            assert kinds.index("winter_card") > kinds.index("card_chosen")
            assert "card_revealed" not in kinds[:kinds.index("winter_card")]
            assert len(state["deck"]) == deck - 1
        finish_round(state)
    if state["round"] >= max(D.WINTER_ROUNDS):
        assert state["deck"] == []


def test_summer_game_has_no_winter_cards():
    state = new_game(3)
    assert state["deck"] == [] and not state["winter"]


def test_plague_e27():
    state = new_game(4, start=A, winter=True)
    play(state, A, "messenger", "trader", "bricklayer")
    set_taler(state, A, 2)
    play(state, B, "messenger", "trader")
    set_taler(state, B, 10)
    draw_next(state, "plague")
    pick(state, {A: ["stonemason"], B: ["stonemason"], C: ["messenger"], Dd: ["messenger"]})
    d = decision(state)
    assert (d.kind, d.seat) == ("plague", A)
    assert ids(state) == ["remove:messenger", "remove:trader", "remove:bricklayer"]
    answer(state, "remove:trader")
    assert state["players"][A]["removed"] == ["trader"]
    assert ids(state) == ["remove:messenger", "remove:trader", "pay"]
    events = answer(state, "pay")
    assert events[0].kind == "winter_paid" and events[0].params == {
        "seat": B, "amount": 2, "winter_card": "plague"}
    assert GAME.pending(state)[0].kind != "plague"  # C and D have empty discard piles
    assert "trader" not in state["players"][A]["hand"] + state["players"][A]["played"]


def test_snowdrift_e28():
    state = new_game(3, start=A, winter=True)
    play(state, A, "worker_sand_clay")
    set_taler(state, A, 5)
    draw_next(state, "snowdrift")
    pick(state, {A: ["messenger"], B: ["worker_sand_clay"], C: ["messenger"]})
    assert ids(state, A) == ["remove:worker_wood_silver", "remove:worker_stone_choice",
                             "remove:worker_sand_clay", "pay"]
    answer(state, "remove:worker_stone_choice")
    assert state["players"][A]["removed"] == ["worker_stone_choice"]
    # B chose worker_sand_clay face down: only the other two Workers may go
    assert ids(state, B) == ["remove:worker_wood_silver", "remove:worker_stone_choice", "pay"]


def test_snowdrift_two_players_no_eligible_worker_pays_all_e28():
    state = new_game(2, start=A, winter=True)
    player = state["players"][B]
    player["hand"].remove("worker_sand_clay")
    player["removed"].append("worker_sand_clay")
    set_taler(state, B, 2)
    draw_next(state, "snowdrift")
    pick(state, {A: ["messenger", "trader"], B: ["worker_wood_silver", "worker_stone_choice"]})
    events = answer(state, "pay", A)
    paid = [e.params for e in events if e.kind == "winter_paid"]
    assert paid[-1] == {"seat": B, "amount": 2, "winter_card": "snowdrift"}  # all B had
    assert "worker_wood_silver" in state["players"][B]["played"]


def test_wall_breach_e29():
    state = new_game(3, start=A, winter=True)
    set_res(state, A, stone=2, silver=1)
    draw_next(state, "wall_breach")
    pick(state, {A: ["messenger"], B: ["messenger"], C: ["messenger"]})
    assert ids(state) == ["stones:3", "stones:2", "stones:1", "stones:0"]
    answer(state, "stones:3")
    assert state["players"][A]["vp"] == 9 and state["smithy"] == 1
    assert state["players"][A]["res"]["stone"] == 0 and state["players"][A]["res"]["silver"] == 0
    assert_conserved(state)


def test_village_inn_toll_e31():
    state = new_game(4, start=A, winter=True)
    state["inn"] = {"keeper": B, "taler": 0}
    state["players"][B]["helpers"] -= 1
    put_spot(state, "cart_sand", C, 0)
    put_spot(state, "cart_wood", C, 0)
    set_taler(state, C, 0)
    taler_b = state["players"][B]["taler"]
    pick(state, {A: ["trader"], B: ["messenger"], C: ["trader"], Dd: ["messenger"]})
    assert state["players"][B]["taler"] == taler_b + 1 + 8  # toll, then the Messenger
    answer(state, "pass", A)
    d = decision(state)
    assert (d.kind, d.seat) == ("toll_return", C)
    assert set(ids(state)) == {"spot:cart_sand", "spot:cart_wood"}
    answer(state, "spot:cart_wood")
    assert state["spots"]["cart_wood"] is None
    assert decision(state).kind == "trader"  # then the Trader resolves normally
    assert_conserved(state)


def test_inn_without_keeper_collects_then_pays_the_new_keeper_e31():
    state = new_game(4, start=A, winter=True)
    state["inn"] = {"keeper": None, "taler": 0}
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"], Dd: ["messenger"]})
    assert state["inn"]["taler"] == 1
    answer(state, "pass", A)
    start_round(state, 2, Dd)
    set_res(state, Dd, sand=2, wood=1, clay=1)
    set_taler(state, Dd, 5)
    pick(state, {A: ["worker_wood_silver"], B: ["trader"], C: ["worker_sand_clay"], Dd: ["stonemason"]})
    skip_to(state, "build", Dd)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert "loc:village_inn" in ids(state)
    taler = state["players"][Dd]["taler"]
    answer(state, "loc:village_inn")
    assert state["inn"] == {"keeper": Dd, "taler": 0}
    assert state["players"][Dd]["taler"] == taler - 3 + 2  # fee 3; A's and B's tolls
    assert_conserved(state)


def test_innkeeper_can_become_a_trader_helper():
    state = new_game(3, start=A, winter=True)
    state["inn"] = {"keeper": A, "taler": 0}
    state["players"][A]["helpers"] = 0
    taler = state["players"][A]["taler"]
    pick(state, {A: ["trader"], B: ["messenger"], C: ["messenger"]})
    assert ids(state) == ["inn:cart_sand", "inn:cart_wood", "inn:cart_clay", "inn:cart_stone", "pass"]
    answer(state, "inn:cart_clay")
    assert state["inn"]["keeper"] is None and state["spots"]["cart_clay"] == [A, 1]
    assert state["players"][A]["taler"] == taler  # the innkeeper's owner pays no toll


def test_granary_placement_limits():
    state = new_game(3, start=A, winter=True)
    state["granary"] = [B, C, B]
    for seat in (B, C, B):
        state["players"][seat]["helpers"] -= 1
    set_taler(state, A, 20)
    set_res(state, A, sand=2, wood=1, clay=1)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:house_1")
    answer(state, "pay:2-1-1-0")
    assert "loc:granary" not in ids(state)  # already three helpers
    state["granary"].pop()
    state["players"][B]["helpers"] += 1
    assert "loc:granary" in ids(state)
    answer(state, "loc:granary")
    assert state["granary"] == [B, C, A]
    assert "loc:granary" not in ids(state)


def _maiden_game():
    state = new_game(3, start=A, winter=True)
    state["maiden"] = {"drawn": 4, "first": True, "out": [], "paid": [], "items": []}
    for seat in (A, B, C):
        set_res(state, seat, sand=1, wood=1)
    return state


def test_castle_maiden_courtship_e26():
    state = _maiden_game()
    start_round(state, 5, B)
    assert (decision(state).kind, decision(state).seat) == ("court", B)
    answer(state, "give:sand")
    answer(state, "withdraw")  # C: out for good
    answer(state, "give:taler")  # A
    assert GAME.pending(state)[0].kind == "pick_card"
    start_round(state, 6, C)
    assert decision(state).seat == A  # C is out
    answer(state, "give:wood")
    answer(state, "give:taler")  # B
    start_round(state, 7, A)
    vp_b = state["players"][B]["vp"]
    events = answer(state, "withdraw")  # A leaves: B is the only one still in
    assert state["players"][B]["vp"] == vp_b + 8
    assert "maiden_won" in [e.kind for e in events]
    assert state["maiden"] is None
    assert sorted(state["maiden_items"]) == ["sand", "taler", "taler", "wood"]
    takers = []
    while GAME.pending(state)[0].kind == "maiden_take":
        takers.append(decision(state).seat)
        answer(state, ids(state)[0])
    assert takers[:2] == [A, C]  # A, C, A, C: the last item is handed over automatically
    assert state["maiden_items"] == []
    assert_conserved(state)


def test_castle_maiden_lone_undecided_player_e26_variant():
    state = _maiden_game()
    start_round(state, 5, B)
    answer(state, "withdraw")  # B
    answer(state, "withdraw")  # C
    assert decision(state).seat == A
    sand_b = state["players"][B]["res"]["sand"]
    answer(state, "give:sand")
    assert state["players"][A]["vp"] == 8 and state["maiden"] is None
    assert state["players"][B]["res"]["sand"] == sand_b + 1  # first from the start player, skipping A


def test_castle_maiden_nobody_courts():
    state = _maiden_game()
    start_round(state, 5, B)
    for _ in range(3):
        answer(state, "withdraw")
    assert state["maiden"] is None and state["players"][A]["vp"] == 0


def test_castle_maiden_first_courtship_is_next_round():
    state = new_game(3, start=A, winter=True)
    draw_next(state, "castle_maiden")
    pick(state, {A: ["messenger"], B: ["messenger"], C: ["messenger"]})
    assert state["maiden"]["drawn"] == 1
    assert state["round"] == 2
    assert (decision(state).kind, decision(state).seat) == ("court", B)  # round 2 opens with it


def test_castle_maiden_unclaimed_items_are_lost_at_the_end():
    state = _maiden_game()
    state["maiden"].update(first=False, paid=[A, B], items=["sand", "taler"])
    state["players"][A]["res"]["sand"] -= 1
    state["players"][B]["taler"] -= 1
    final_scoring(state)
    assert state["lost"]["taler"] == 1 and state["lost"]["sand"] == 1
    assert_conserved(state)
