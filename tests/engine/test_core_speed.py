"""engine.core speed helpers: the faster dataclass inits keep their meaning; PendingMemo
matches only the very state object it was given."""
import dataclasses
import json

import pytest

from engine.core import Action, Decision, Event, Option, PendingMemo


def test_fast_inits_keep_defaults_and_stay_frozen():
    opt = Option("a", "b")
    assert opt == Option("a", "b", {}) and opt.params == {}
    assert Option("a", "b").params is not Option("a", "b").params  # a fresh dict each time
    dec = Decision(1, "turn", (opt,))
    assert (dec.secret, dec.default, dec.params, dec.anonymous) == (False, None, {}, False)
    assert Decision(seat=2, kind="k", options=(), secret=True, default="x").default == "x"
    assert Event("e").visible_to is None and Event("e").params == {}
    assert Action("k", "o") == Action(kind="k", option="o")
    for obj in (opt, dec, Event("e"), Action("k", "o")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.__setattr__(dataclasses.fields(obj)[0].name, 1)
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
