"""engine.core speed helpers: the faster dataclass inits keep their meaning; PendingMemo
matches only the very state object it was given."""
import json

import pytest

from engine.core import Action, Decision, Event, Option, PendingMemo


def test_contract_objects_keep_defaults_value_semantics_and_repr():
    opt = Option("a", "b")
    assert opt == Option("a", "b", {}) and opt.params == {}
    assert Option("a", "b").params is not Option("a", "b").params  # a fresh dict each time
    dec = Decision(1, "turn", (opt,))
    assert (dec.secret, dec.default, dec.params, dec.anonymous) == (False, None, {}, False)
    assert Decision(seat=2, kind="k", options=(), secret=True, default="x").default == "x"
    assert Event("e").visible_to is None and Event("e").params == {}
    assert Action("k", "o") == Action(kind="k", option="o") != Action("k", "p")
    assert hash(Action("k", "o")) == hash(Action("k", "o"))  # still usable as keys
    assert Option("a", "b") != Action("a", "b")                 # same fields, other class
    for obj in (opt, dec, Event("e"), Action("k", "o")):
        assert not hasattr(obj, "__dict__")                    # slotted
    # the repr is the dataclass one: tests/engine/fingerprints.py hashes it
    assert repr(dec) == ("Decision(seat=1, kind='turn', options=(Option(id='a', label='b',"
                         " params={}),), secret=False, default=None, params={},"
                         " anonymous=False)")
    assert repr(Event("e", {"x": 1}, frozenset({2}))) == \
        "Event(kind='e', params={'x': 1}, visible_to=frozenset({2}))"
    with pytest.raises(TypeError):
        Option("a")  # still a required argument


def test_pending_memo_is_keyed_by_the_state_object():
    memo, state = PendingMemo(), {"x": 1}
    decisions = [Decision(0, "turn", (Option("a", "b"),))]
    assert memo.get(state) is None
    memo.put(state, decisions)
    assert memo.get(state) == tuple(decisions)
    assert memo.get(json.loads(json.dumps(state))) is None  # an equal copy never matches
    assert memo.get(dict(state)) is None
    memo.clear()
    assert memo.get(state) is None
    assert "_cache" not in json.dumps(state) and state == {"x": 1}  # nothing in the state


def test_scoped_views_are_built_once_per_state_and_seat_until_an_apply():
    import random
    import threading

    from engine import registry
    from engine.core import Action, PendingScope, scoped_view

    game = registry.get("citadels")
    state = game.setup(4, game.parse_options({}), 3)
    assert scoped_view(game, state, 0) is not scoped_view(game, state, 0)  # no scope: fresh
    with PendingScope():
        view = scoped_view(game, state, 0)
        assert scoped_view(game, state, 0) is view and view == game.view(state, 0)
        assert scoped_view(game, state, None) is not view                   # per seat
        copy = json.loads(json.dumps(state))
        assert scoped_view(game, copy, 0) is not view                       # per state object
        other = []
        thread = threading.Thread(target=lambda: other.append(scoped_view(game, state, 0)))
        thread.start()
        thread.join()
        assert other[0] is not view and other[0] == view                    # another thread
        decision = game.pending(copy)[0]
        game.apply(copy, decision.seat,
                   Action(decision.kind, random.Random(1).choice(decision.options).id))
        assert scoped_view(game, state, 0) is not view                      # any apply forgets
    with PendingScope():
        assert scoped_view(game, state, 0) is not view                      # a new click
    with PendingScope(views=False) as scope:                                # nothing to reuse
        assert scoped_view(game, state, 0) is not scoped_view(game, state, 0)
        game.pending(state)
        game.pending(state)
        assert scope.hits == 1                                              # pending still kept


def test_differences_of_lists_of_other_lengths_keep_the_counts_exact():
    from collections import Counter

    from engine.reveal import _differences, changed, named_ids

    names = {"a": 1, "b": 1, "c": 1}
    base = {"hand": ["a", "b", "b"], "board": [["a"], ["c"], ["b"]], "x": "c"}
    for value in ({"hand": ["a", "b", "b", "c"], "board": [["a"], ["b"]], "x": "c"},
                  {"hand": ["c", "a", "b", "b"], "board": [["a"], ["c"], ["b"], ["b"]]},
                  {"hand": [], "board": [["b"]], "x": "a"},
                  {"hand": ["a", "b"], "board": [["a"], ["a"], ["c"], ["b"]], "x": "c"}):
        delta, had, has = changed(value, base, names), named_ids(base, names), \
            named_ids(value, names)
        assert 0 not in delta.values() and \
            all(had[k] + delta[k] == has[k] for k in {*had, *has, *delta}), value
    added, removed = [], []
    _differences({"l": ["a", "b", "c", "a"]}, {"l": ["a", "b", "a"]}, added, removed)
    assert (added, removed) == ([["c"]], [[]])        # only the middle of a grown list
    assert changed(base, dict(base), names) == Counter()  # equal values: nothing changed
