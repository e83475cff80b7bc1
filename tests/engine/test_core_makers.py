"""``core.make_option``, ``make_decision`` and ``make_event`` (the class call skipped for speed)
make objects equal to the class's own, with every field set, so nothing can tell them
apart; a field added to the classes fails here until the makers set it too."""
from dataclasses import fields

from engine.core import Decision, Event, Option, make_decision, make_event, make_option


def _same(made, built) -> None:
    assert type(made) is type(built)
    assert made == built and repr(made) == repr(built)
    for f in fields(built):
        assert getattr(made, f.name) is getattr(built, f.name)


def test_make_option_equals_the_class_call():
    params = {"tile": "t1", "new": "t2"}
    _same(make_option("discard:t1", "discard", params), Option("discard:t1", "discard", params))
    assert [f.name for f in fields(Option)] == ["id", "label", "params"]


def test_make_decision_equals_the_class_call():
    options = (Option("a", "a"), Option("b", "b", {"cost": 1}))
    params = {"tile": "t1"}
    _same(make_decision(2, "space", options, "a", params),
          Decision(2, "space", options, False, "a", params))
    empty = {}
    _same(make_decision(0, "turn", options, None, empty),
          Decision(0, "turn", options, False, None, empty))
    assert [f.name for f in fields(Decision)] == [
        "seat", "kind", "options", "secret", "default", "params", "anonymous"]


def test_made_objects_stay_plain_contract_objects():
    option = make_option("x", "y", {})
    decision = make_decision(1, "k", (option,), "x", {})
    assert decision.option("x") is option and decision.option("z") is None
    assert decision == Decision(1, "k", (Option("x", "y", {}),), False, "x", {})


def test_make_event_equals_the_class_call():
    params = {"seat": 1, "tile": "t1"}
    made = make_event("take", params)
    _same(made, Event("take", params))
    assert made.visible_for(None) and made.visible_for(3)
    assert made.to_json() == {"kind": "take", "params": params, "visible_to": None}
    assert [f.name for f in fields(Event)] == ["kind", "params", "visible_to"]
