"""``bot.undo.SeenCache`` hands the counts an undo verdict kept back only for the very
state (the verdicts themselves, cold and fed with kept counts: tests/engine/test_reveal.py),
and a table's second click builds no seat's view of the state before its move."""
from __future__ import annotations

import gc
from collections import Counter

import pytest

from bot.undo import SeenCache
from engine import registry
from engine.reveal import undo_verdict
from tests.engine.random_moves import random_moves

GAMES = registry.available()


class Counted:
    """A real game that notes which seats' views of one state it builds."""

    def __init__(self, game, state) -> None:
        self.game, self.state, self.viewers = game, state, []

    def __getattr__(self, name):
        return getattr(self.game, name)

    def view(self, state, seat):
        if state is self.state:
            self.viewers.append(seat)
        return self.game.view(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_only_the_spectators_view_before_is_built_for_seats_whose_counts_are_kept(game_id):
    game = registry.get(game_id)
    warm = cold = skipped = 0
    for seed in range(2):
        kept = None
        for decision, before, events, state in random_moves(game, game.max_seats, seed, 80):
            counted = Counted(game, before)
            ok, seen = undo_verdict(counted, before, state, events, kept, decision.seat)
            assert ok == game.undoable(before, state, events)
            kept, knew = seen, kept
            if seen is None:
                continue
            looked = [s for s, mine in enumerate(seen) if mine is not None]
            unknown = {s for s in looked if knew is None or knew[s] is None}
            assert counted.viewers[:1] == [None] and set(counted.viewers[1:]) <= unknown
            assert len(counted.viewers) == len(set(counted.viewers))    # each at most once
            warm += bool(looked) and not unknown
            cold += len(counted.viewers) > 1
            skipped += len(counted.viewers) - 1 < len(unknown)   # (they cannot see more)
    assert warm and (cold or skipped), (warm, cold, skipped)


class Db:
    """Stands for a repository object (the cache only needs its identity)."""


def test_seen_cache_answers_only_for_the_same_database_game_seq_type_and_rng():
    cache, db, other = SeenCache(size=3), Db(), Db()
    a, b = Counter({"x": 1}), Counter({"y": 2})
    state = {"rng": 7}
    cache.keep(db, 1, 5, "citadels", state, (a, Counter(a), b))
    assert cache.take(other, 1, 5, "citadels", state) is None      # another database
    assert cache.take(db, 1, 5, "ludwig", state) is None            # another game type
    cache.keep(db, 1, 5, "citadels", state, (a, Counter(a), b))
    assert cache.take(db, 1, 5, "citadels", {"rng": 8}) is None     # another state
    cache.keep(db, 1, 5, "citadels", state, (a, Counter(a), b))
    seen = cache.take(db, 1, 5, "citadels", state)
    assert seen == (a, a, b) and seen[0] is seen[1]                 # equal viewers share
    cache.keep(db, 1, 5, "citadels", state, (a, None, Counter(a)))
    seen = cache.take(db, 1, 5, "citadels", state)
    assert seen == (a, None, a) and seen[2] is seen[0]              # unlooked viewers: None
    assert cache.take(db, 1, 5, "citadels", state) is None          # taken once
    for seq in range(5):
        cache.keep(db, 2, seq, "ludwig", state, (a,))
    assert len(cache) == 3 and cache.take(db, 2, 1, "ludwig", state) is None   # bounded
    assert cache.take(db, 2, 4, "ludwig", state) == (a,)
    del db
    gc.collect()
    assert len(cache) == 0                                          # gone with its database
