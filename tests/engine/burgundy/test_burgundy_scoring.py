"""Final scoring and tie-breaks (spec §13, examples 14, 33, 34, 38)."""
from engine.burgundy import GAME
from engine.burgundy.scoring import breakdown, finish
from burgundy_helpers import new


def _flat(state):
    """Everybody on equal 50 VP with nothing left to score."""
    for p in state["players"]:
        p["goods"], p["silver"], p["workers"], p["know"] = [0] * 7, 0, 0, []
        p["vp"], p["parts"] = 50, {"regions": 50}


def test_end_game_leftovers():                          # examples 14 and 34
    p = new(3)["players"][0]
    p.update(goods=[0, 1, 0, 1, 0, 0, 0], silver=3, workers=5, know=[])
    parts = breakdown(p)
    assert (parts["goods"], parts["silverlings"], parts["workers"]) == (2, 3, 2)
    assert parts["knowledge"] == 0


def _fill(state, seat, spaces):
    """Mark spaces covered (only the count of empty spaces matters here)."""
    for space in spaces:
        state["players"][seat]["sp"][space] = "T001"


def test_tie_break_fewer_empty_spaces():                 # example 33
    for tiebreak, winner in (("fewer_empty", 0), ("more_empty", 1)):
        state = new(2, tiebreak=tiebreak)
        _flat(state)
        _fill(state, 0, range(1, 36))             # 2 empty
        _fill(state, 1, range(1, 34))             # 4 empty
        finish(state)
        result = GAME.result(state)
        assert result.winners == (winner,) and result.scores == {0: 50, 1: 50}


def test_tie_break_later_in_turn_order():              # examples 33 and 38
    state = new(3)
    _flat(state)
    a, b, c = 0, 1, 2
    state["track"] = [[], [c, b], [a], [], [], [], []]    # space 3: A; space 2: B on top of C
    _fill(state, b, range(1, 20))                          # B has fewer empty spaces
    finish(state)
    assert GAME.result(state).winners == (b,)
    state = new(3)
    _flat(state)
    state["track"] = [[], [c, b], [a], [], [], [], []]
    finish(state)
    assert state["final"]["ranking"] == [c, b, a]


def test_result_breakdown_sums_to_score():
    state = new(4)
    finish(state)
    result = GAME.result(state)
    for seat, parts in result.breakdown.items():
        assert sum(parts.values()) == result.scores[seat]
        assert set(parts) == {"animals", "regions", "bonus", "sales", "buildings",
                              "goods", "silverlings", "workers", "knowledge"}
    assert GAME.pending(state) == []
