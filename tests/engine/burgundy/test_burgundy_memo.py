"""The content memo behind the estate layouts (answers served only while the object
they were worked out from is unchanged), the take menu and the placement span table."""
from engine.burgundy import GAME
from engine.burgundy.choices import _spans, take_options
from engine.burgundy.dice import _COST
from engine.burgundy.memo import ContentMemo


def test_memo_serves_only_an_unchanged_object():
    memo = ContentMemo(list.copy)
    items = [1, 2]
    memo.put(items, "answer")
    assert memo.get(items) == "answer"
    assert memo.get([1, 2]) is None  # an equal copy is another object
    items.append(3)
    assert memo.get(items) is None  # changed in place
    items.pop()
    assert memo.get(items) == "answer"  # the same content again
    memo.forget(items)
    assert memo.get(items) is None


def test_memo_is_bounded():
    memo = ContentMemo(list.copy, limit=3)
    kept = [[n] for n in range(10)]
    for items in kept:
        memo.put(items, items[0])
    assert len(memo._entries) <= 3
    assert memo.get(kept[-1]) == 9


def _fresh_take_ids(state, p, die):
    """``take:`` ids worked out directly from the depots and the cost rules."""
    from engine.burgundy.dice import cost_row
    from engine.burgundy.knowledge import TAKE_FREE_STEP
    row = cost_row(p["know"], die, TAKE_FREE_STEP) if die else (0,) * 7
    return [f"take:{d}:{t}" for d in range(1, 7) for t in state["depots"][d - 1]
            if t is not None and row[d] <= p["workers"]]


def test_take_menu_follows_a_depot_changed_by_hand():
    state = GAME.setup(4, {}, 3)
    p = state["players"][state["active"]]
    for die in (None, 1, 4, 6):
        assert [o.id for o in take_options(state, p, die)] == _fresh_take_ids(state, p, die)
    tile = next(t for t in state["depots"][0] if t is not None)
    state["depots"][0][state["depots"][0].index(tile)] = None
    p["workers"] = 0
    for die in (None, 1, 4, 6):
        ids = [o.id for o in take_options(state, p, die)]
        assert ids == _fresh_take_ids(state, p, die)
        assert f"take:1:{tile}" not in ids


def test_span_table_matches_the_costs_it_stands_for():
    for double in (False, True):
        for die in range(1, 7):
            for afford in range(4):
                spans = _spans((double, die, afford))
                for free in (0, 1):
                    row = _COST[double][free][die]
                    for mask in range(0, 128, 2):
                        costs = [row[n] for n in range(1, 7)
                                 if mask >> n & 1 and row[n] <= afford]
                        want = 1 + 4 * min(costs) + max(costs) if costs else 0
                        assert spans[free][mask] == want
