"""The undo check builds each state's views at most once: ``Game.undo_verdict`` fed with
the previous move's counts (only of the viewers that verdict looked at) says what the
plain rule says on every move of seeded games of every game, and ``bot.undo.SeenCache``
hands counts back only for the very state."""
from __future__ import annotations

import gc
import json
import random
from collections import Counter

import pytest

from bot.undo import SeenCache
from engine import registry
from engine.core import Action
from engine.reveal import named_ids

GAMES = registry.available()


def plain_rule(game, before, after, events) -> bool:
    """The generic undo rule as it was written before the counts were kept."""
    if before.get("rng") != after.get("rng") or game.result(after) is not None:
        return False
    if any(e.visible_to is not None for e in events):
        return False
    names = game.names()
    told = set(named_ids([dict(e.params) for e in events], names))
    seats = int(game.view(after, None).get("players") or 0)
    for seat in (None, *range(seats)):
        knew = named_ids(game.view(before, seat), names)
        if named_ids(game.view(after, seat), names) - knew or told - set(knew):
            return False
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_chained_counts_give_the_plain_rules_verdict_on_every_move(game_id):
    game = registry.get(game_id)
    verdicts, chained, partial = Counter(), 0, 0
    for seed in range(3):
        state = game.setup(game.max_seats, game.parse_options({}), seed)
        rnd, seen = random.Random(seed), None
        for _ in range(150):
            if game.result(state) is not None:
                break
            decision = rnd.choice(game.pending(state))
            before = json.loads(json.dumps(state))
            events = game.apply(state, decision.seat,
                                Action(decision.kind, rnd.choice(decision.options).id))
            expected = plain_rule(game, before, state, events)
            chained += seen is not None
            mover = decision.seat if seed % 2 else None   # the mover's seat looked at first
            ok, seen = game.undo_verdict(before, state, events, seen, mover)
            assert ok == expected == game.undoable(before, state, events), seed
            if seen is not None:   # the exact counts of the viewers looked at
                exact = game.seen_names(state)
                assert len(seen) == len(exact) and seen[0] == exact[0]
                assert all(c is None or c == e for c, e in zip(seen, exact))
                assert not ok or seen == exact           # an undoable move: every viewer
                partial += None in seen
            verdicts[ok] += 1
    assert verdicts[True] and verdicts[False] and chained, (verdicts, chained)
    assert partial, "no verdict stopped at a viewer who sees more"


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
