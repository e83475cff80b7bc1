"""Fast path against slow path: one seeded random game played twice in lockstep.

The fast game is the usual loop on one state object (``pending`` then ``apply``, so
``apply`` validates against the decisions ``pending`` remembered).  The slow game is a
fresh JSON copy before every move, so no memo can ever match it and ``apply`` checks
everything from scratch.  Both must see the same pending lists, the same events and the
same states all along; ``check(state)`` runs the per-game reference checks (the faster
option builders against a plain re-derivation) on the slow copy.  Every few moves the
fast state is also offered a refused move, which must change nothing and fail exactly
like on the slow copy, and the move just played is offered again straight away (no
``pending`` between), which must not be judged by the decisions of the old state.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from engine.core import Action, Game, RuleError


def _refusal(game: Game, state: dict, seat: int, action: Action) -> str | None:
    """The error key of ``action`` (None: accepted -- on a throwaway copy)."""
    try:
        game.apply(state, seat, action)
    except RuleError as err:
        return err.key
    return None


def _outcome(game: Game, state: dict, seat: int, action: Action):
    """("refused", key) or ("played", events) of ``action`` on ``state`` itself."""
    try:
        return "played", game.apply(state, seat, action)
    except RuleError as err:
        return "refused", err.key


def lockstep(game: Game, seats: int, seed: int, options=None, check=None,
             max_actions: int = 20_000) -> int:
    """Play seed ``seed`` both ways and compare; returns the number of moves."""
    fast = game.setup(seats, game.parse_options(options), seed)
    slow = json.loads(json.dumps(fast))
    rnd = random.Random(seed)
    moves = 0
    while game.result(fast) is None:
        slow = json.loads(json.dumps(slow))
        slow_pending = game.pending(slow)
        if check is not None:
            check(slow)
        pending = game.pending(fast)
        assert pending == slow_pending, f"pending differs at move {moves}"
        decision = pending[rnd.randrange(len(pending))]
        if moves % 7 == 3:  # a refused move on the memoised state changes nothing
            before = copy.deepcopy(fast)
            bogus = Action(decision.kind, decision.options[0].id + "x")
            key = _refusal(game, fast, decision.seat, bogus)
            assert key is not None and fast == before
            assert key == _refusal(game, json.loads(json.dumps(slow)), decision.seat, bogus)
            pending = game.pending(fast)
        action = Action(decision.kind, rnd.choice(decision.options).id)
        fast_events = game.apply(fast, decision.seat, action)
        slow_events = game.apply(slow, decision.seat, action)
        assert fast_events == slow_events, f"events differ at move {moves}"
        assert fast == slow, f"states differ after move {moves}"
        if moves % 5 == 1:  # the same answer again, no ``pending`` between: no stale memo
            again = _outcome(game, fast, decision.seat, action)
            assert again == _outcome(game, slow, decision.seat, action)
            assert fast == slow, f"states differ after repeating move {moves}"
        moves += 1
        if moves > max_actions:
            pytest.fail(f"game did not end after {max_actions} moves")
    assert game.result(fast) == game.result(slow)
    assert game.pending(fast) == game.pending(slow) == []
    return moves
