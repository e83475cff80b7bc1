"""engine.core.named_ids: the fast walk counts exactly what the plain isinstance walk
counted, on random views (every seat and a spectator) of seeded games of every game, and
on odd values (subclasses of the JSON types, non-string keys, scalars)."""
from __future__ import annotations

import random
from collections import Counter, OrderedDict

import pytest

from engine import registry
from engine.core import Action
from engine.reveal import changed, named_ids


def assert_beside(delta: Counter, base_counts: Counter, counts: Counter) -> None:
    """``delta`` (what :func:`changed` says of a value beside a base) turns the base's
    counts into the value's own, exactly, and holds no zero count."""
    assert 0 not in delta.values(), delta
    for name in set(base_counts) | set(counts) | set(delta):
        assert base_counts[name] + delta[name] == counts[name], (name, delta)


def reference(value, names) -> Counter:
    """The walk as it was before the rewrite (the definition the fast one must keep)."""
    found: Counter = Counter()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in names:
                found[item] += 1
        elif isinstance(item, dict):
            found.update(k for k in item if k in names)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def random_views(game, seed: int, moves: int, every: int):
    """Views of every seat and a spectator, every ``every`` moves of a random game."""
    state = game.setup(game.max_seats, game.parse_options({}), seed)
    rnd = random.Random(seed)
    for n in range(moves):
        if n % every == 0:
            for seat in (None, *range(game.max_seats)):
                yield game.view(state, seat)
        if game.result(state) is not None:
            return
        decision = rnd.choice(game.pending(state))
        game.apply(state, decision.seat, Action(decision.kind, rnd.choice(decision.options).id))


@pytest.mark.parametrize("game_id", registry.available())
def test_counts_equal_the_plain_walk_on_random_views(game_id):
    game = registry.get(game_id)
    names = game.names()
    views = found = 0
    for seed in range(3):
        for view in random_views(game, seed, moves=150, every=5):
            counts = named_ids(view, names)
            assert counts == reference(view, names), (seed, views)
            views += 1
            found += bool(counts)
    assert views >= 30 and found >= views // 2   # real views, most of them naming things


class Name(str):
    pass


class Listing(list):
    pass


def test_subclasses_odd_keys_and_scalars_count_like_before():
    names = {"a": 1, "b": 1, 3: 1}
    value = {"a": [Name("b"), ("a", 1, 2.5, None, True)], 3: OrderedDict(b="a", c=Name("a")),
             "x": Listing(["b", {"a": "b"}]), "y": {1, 2}, "z": b"a"}
    assert named_ids(value, names) == reference(value, names)
    assert named_ids(value, names) == Counter({"a": 5, "b": 4, 3: 1})
    assert named_ids("a", names) == Counter({"a": 1}) and named_ids(7, names) == Counter()


@pytest.mark.parametrize("game_id", registry.available())
def test_each_seats_counts_beside_the_spectators_equal_its_views_own_counts(game_id):
    game = registry.get(game_id)
    names = game.names()
    for seed in range(2):
        state = game.setup(game.max_seats, game.parse_options({}), seed)
        rnd = random.Random(seed)
        for _ in range(120):
            spectator = game.view(state, None)
            public = reference(spectator, names)
            for seat in range(game.max_seats):
                view = game.view(state, seat)
                assert_beside(changed(view, spectator, names), public, reference(view, names))
            if game.result(state) is not None:
                break
            decision = rnd.choice(game.pending(state))
            game.apply(state, decision.seat,
                       Action(decision.kind, rnd.choice(decision.options).id))


def test_counts_beside_a_base_view_equal_its_own_counts():
    names = {"a": 1, "b": 1, "hand": 1, 3: 1}
    base = {"board": ["a", "b"], "hand": ["b"], "seat": None, "a": 1, "p": [{"x": "a"}, {}]}
    for view in ({"board": ["a", "b"], "hand": ["a", "a"], "seat": 0, "a": 1},  # differs
                 {"board": ["a", "b"]},                                         # keys gone
                 {**base, "b": "b", 3: ["a"]},                                  # keys added
                 {**base, "p": [{"x": "b"}, {"a": 2}]},                         # deep
                 {**base, "p": [{"x": "a"}]}, {**base, "p": ({"x": "a"}, {})},  # shape
                 {**base, "hand": "b"}, dict(base), [base], "a"):
        assert_beside(changed(view, base, names), reference(base, names),
                      reference(view, names))
