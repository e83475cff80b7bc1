"""The engine boundary: garbage seats and actions raise RuleError and change nothing,
in every registered game (the check lives once in engine.core, games get it for free)."""
import json
import random

import pytest

from engine import registry
from engine.core import Action, Game, RuleError, refuse_garbage

GAMES = registry.available()
BAD_SEATS = [True, False, -1, 1.0, 0.0, None, "0", [0]]
BAD_VALUES = [None, 0, 1, True, 2.5, [], {}, ["a"], {"kind": "x"}, b"a", ("a",)]


def _positions(game: Game, count: int = 12):
    """States along one seeded random game (setup included)."""
    rng = random.Random(7)
    state = game.setup(game.min_seats + (game.max_seats > game.min_seats), {}, 11)
    for _ in range(count):
        yield state
        decisions = game.pending(state)
        if not decisions:
            return
        d = rng.choice(decisions)
        for _ in range(rng.randint(1, 8)):
            d = rng.choice(game.pending(state) or [d])
            game.apply(state, d.seat, Action(d.kind, rng.choice(d.options).id))
            if game.result(state) is not None:
                return


def _refused(game, state, seat, action):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError):
        game.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("gid", GAMES)
def test_garbage_is_refused_and_changes_nothing(gid):
    game = registry.get(gid)
    for state in _positions(game):
        for d in game.pending(state):
            legal = Action(d.kind, d.options[0].id)
            for seat in BAD_SEATS:
                _refused(game, state, seat, legal)
            for seat in (d.seat + game.max_seats, 99):
                _refused(game, state, seat, legal)
            for value in BAD_VALUES:
                _refused(game, state, d.seat, Action(value, d.options[0].id))
                _refused(game, state, d.seat, Action(d.kind, value))
                _refused(game, state, d.seat, value)  # not an Action at all
            for tail in ("x", ":", ":-1", ":999", ":None", " "):
                _refused(game, state, d.seat, Action(d.kind, d.options[0].id + tail))


def test_bool_seat_is_not_seat_one():
    game = registry.get(GAMES[0])
    state = game.setup(game.min_seats, {}, 3)
    d = game.pending(state)[0]
    _refused(game, state, bool(d.seat) if d.seat in (0, 1) else True, Action(d.kind, d.options[0].id))


def test_action_from_json_refuses_non_dicts_and_non_strings():
    assert Action.from_json({"kind": "turn", "option": "a"}) == Action("turn", "a")
    for bad in (None, [], "turn", 3, {"kind": "turn"}, {"kind": 1, "option": "a"},
                {"kind": "turn", "option": ["a"]}):
        with pytest.raises(RuleError):
            Action.from_json(bad)


def test_refuse_garbage_returns_the_action_and_keys_are_existing_errors():
    act = Action("k", "o")
    assert refuse_garbage(0, act) is act
    keys = set()
    for seat, action in ((True, act), (-2, act), (0, Action(1, "o")), (0, Action("k", None))):
        with pytest.raises(RuleError) as err:
            refuse_garbage(seat, action)
        keys.add(err.value.key)
    assert keys == {"not_your_turn", "stale_decision", "illegal_option"}


def test_a_subclass_apply_is_wrapped_once():
    calls = []

    class Toy(Game):
        id = "toy_boundary"

        def apply(self, state, seat, action):
            calls.append(seat)
            return []

    class Sub(Toy):
        pass

    assert Sub.apply is Toy.apply and Toy.apply.boundary_checked
    Sub().apply({}, 0, Action("a", "b"))
    with pytest.raises(RuleError):
        Sub().apply({}, True, Action("a", "b"))
    assert calls == [0] and Toy.apply.__doc__ is None and Toy.apply.__name__ == "apply"
