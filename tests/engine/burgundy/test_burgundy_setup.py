"""Setup and phase preparation (spec §5, §6.1, examples 16, 28, 36)."""
from collections import Counter

from engine.burgundy import GAME
from engine.burgundy.board import play_order
from engine.burgundy.data import TILES
from burgundy_helpers import kinds, new


def test_basic_setup():
    state = new(4, seed=3)
    start = state["order"][0]
    clockwise = [(start + i) % 4 for i in range(4)]
    for rank, seat in enumerate(clockwise, 1):
        p = state["players"][seat]
        assert p["workers"] == rank and p["silver"] == 1 and p["vp"] == 0
        assert sum(p["goods"]) == 3
        assert TILES[p["sp"][19]].kind == "castle"
        assert sum(t is not None for t in p["sp"]) == 1
    assert play_order(state["track"]) == clockwise
    assert state["active"] == start


def test_start_castle_region_is_not_scored():         # example 16
    state = new(3)
    assert all(p["vp"] == 0 and not p["parts"] for p in state["players"])


def test_phase_preparation_two_players():              # example 36
    state = new(2, seed=11)
    tiles = [t for d in state["depots"] for t in d if t]
    assert len(tiles) == 12
    assert Counter(TILES[t].colour for t in tiles) == {
        "city": 4, "river": 2, "pasture": 2, "knowledge": 2, "castle": 1, "mine": 1}
    assert len(state["black"]) == 4
    assert sum(len(g) for g in state["depot_goods"]) == 1       # round 1 goods placed
    # phase B: board tiles replaced, goods and storage kept
    keep_goods = [list(g) for g in state["depot_goods"]]
    stored = [list(p["store"]) for p in state["players"]]
    from engine.burgundy.board import prepare_phase
    state["phase"] = 1
    prepare_phase(state)
    assert state["depot_goods"] == keep_goods
    assert [p["store"] for p in state["players"]] == stored
    assert not set(tiles) & {t for d in state["depots"] for t in d if t}
    assert len(state["black"]) == 4 and len(state["round_goods"]) == 5


def test_three_player_depot_6_gets_a_mine_in_b_and_d():   # example 28
    from engine.burgundy.board import prepare_phase
    state = new(3)
    for phase, expected in ((1, "mine"), (2, "castle"), (3, "mine"), (4, "castle")):
        state["phase"] = phase
        prepare_phase(state)
        colours = sorted(TILES[t].colour for t in state["depots"][5] if t)
        assert colours == sorted(["city", "pasture", expected])


def test_black_depot_sizes():
    for n, size in ((2, 4), (3, 6), (4, 8)):
        assert len(new(n)["black"]) == size


def test_round_start_rolls_dice_and_moves_goods_to_white_depot():
    state = new(3)
    white = state["white"]
    assert 1 <= white <= 6 and len(state["depot_goods"][white - 1]) == 1
    assert len(state["round_goods"]) == 4
    for p in state["players"]:
        assert all(1 <= d <= 6 for d in p["dice"]) and p["used"] == [False, False]


def test_setup_is_deterministic_and_hides_nothing_it_should_show():
    a, b = new(4, seed=5), new(4, seed=5)
    assert a == b
    assert new(4, seed=6) != a


def test_advanced_setup_choices():
    state = GAME.setup(3, {"estates": "advanced"}, 9)
    queue = list(state["order"])
    for seat in queue:
        d = GAME.pending(state)[0]
        assert d.seat == seat and d.kind == "choose_estate"
        board = state["players"][seat]["board"]
        assert [o.id for o in d.options] == [f"side:{n}" for n in board]
        from burgundy_helpers import act
        act(state, f"side:{board[-1]}")
        d = GAME.pending(state)[0]
        assert d.kind == "start_castle" and d.options[-1].id == "back"
        space = d.options[0].params["space"]
        events = act(state, d.options[0].id)
        p = state["players"][seat]
        assert p["estate"] == board[-1] and TILES[p["sp"][space]].kind == "castle"
        assert "estate_chosen" in kinds(events)
    assert GAME.pending(state)[0].kind == "turn"
    faces = [f for p in state["players"] for f in p["board"]]
    assert len(set(faces) - {1}) == len([f for f in faces if f != 1])   # faces 2-9 unique


def test_bad_setup_is_refused():
    import pytest
    from engine.core import RuleError
    from engine.registry import get
    assert get("burgundy") is GAME
    for seats, options, key in ((1, {}, "bad_seat_count"), (5, {}, "bad_seat_count"),
                                (3, {"estates": "huge"}, "bad_option_value"),
                                (3, {"colour": "red"}, "unknown_option")):
        with pytest.raises(RuleError) as err:
            GAME.setup(seats, options, 1)
        assert err.value.key == key
    opts = new(3, tiebreak="more_empty")["opts"]
    assert opts == {"estates": "standard", "tiebreak": "more_empty", "estate_choice": "open"}


def test_advanced_secret_choice_is_hidden_until_all_have_chosen():
    import pytest
    from engine.core import Action, RuleError
    state = GAME.setup(3, {"estates": "advanced", "estate_choice": "secret"}, 4)
    decisions = GAME.pending(state)
    assert sorted(d.seat for d in decisions) == [0, 1, 2]
    assert all(d.secret and d.kind == "secret_estate" for d in decisions)
    first = decisions[0]
    board = state["players"][first.seat]["board"]
    assert len(first.options) == sum(4 for _ in board)       # every side x castle space
    pick = first.options[-1].id
    events = GAME.apply(state, first.seat, Action("secret_estate", pick))
    assert kinds(events) == ["estate_picked"]
    for viewer in (None, 0, 1, 2):
        seen = GAME.view(state, viewer)
        assert seen["decision"] == "secret_estate"
        assert (pick in repr(seen)) == (viewer == first.seat)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, first.seat, Action("secret_estate", pick))
    assert err.value.key == "already_chosen"
    for d in GAME.pending(state):
        events = GAME.apply(state, d.seat, Action(d.kind, d.options[0].id))
    _, estate, space = pick.split(":")
    p = state["players"][first.seat]
    assert p["estate"] == int(estate) and TILES[p["sp"][int(space)]].kind == "castle"
    assert kinds(events).count("estate_chosen") == 3 and "round_start" in kinds(events)
    assert GAME.pending(state)[0].kind == "turn" and "estate_picks" not in GAME.view(state, 0)
