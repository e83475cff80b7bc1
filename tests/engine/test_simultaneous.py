import pytest

from engine import simultaneous as sim
from engine.core import RuleError


def test_hidden_until_all_in():
    state = {}
    sim.open_picks(state, "pick", [0, 1, 2])
    sim.record(state, "pick", 1, "trader")
    assert sim.waiting(state, "pick") == [0, 2]
    assert not sim.complete(state, "pick")
    # another seat and a spectator see who chose, never what
    for viewer in (0, 2, None):
        seen = sim.public_view(state, "pick", viewer)
        assert seen == {"chosen": [1], "waiting": [0, 2]}
        assert "trader" not in repr(seen)
    assert sim.public_view(state, "pick", 1)["mine"] == "trader"
    sim.record(state, "pick", 0, "messenger")
    sim.record(state, "pick", 2, "workers")
    assert sim.complete(state, "pick")
    assert sim.reveal(state, "pick") == {0: "messenger", 1: "trader", 2: "workers"}
    assert "pick" not in state


def test_double_answer_is_refused_and_changes_nothing():
    state = {}
    sim.open_picks(state, "pick", [0, 1])
    sim.record(state, "pick", 0, "a")
    with pytest.raises(RuleError) as err:
        sim.record(state, "pick", 0, "b")
    assert err.value.key == "already_chosen"
    assert sim.public_view(state, "pick", 0)["mine"] == "a"
