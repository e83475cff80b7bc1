"""engine.core.PendingScope: inside the block a state's pending decisions are built once
and forgotten by any apply; outside it (and for what a game asks mid-move) nothing is
kept; every answer equals the game's own on seeded games of every game."""
from __future__ import annotations

import asyncio
import json
import random

import pytest

from engine import registry
from engine.core import Action, Decision, Game, Option, PendingScope


class Counting(Game):
    """A toy game: one decision whose option names the state's counter; ``apply`` asks
    ``pending`` before and after its change, as a game may mid-move."""

    id = "counting"

    def __init__(self) -> None:
        self.built = 0
        self.seen_in_apply: list[str] = []

    def pending(self, state):
        self.built += 1
        return [Decision(0, "step", (Option("next", f"n{state['n']}"),))]

    def apply(self, state, seat, action):
        self.seen_in_apply.append(self.pending(state)[0].options[0].label)
        state["n"] += 1
        self.seen_in_apply.append(self.pending(state)[0].options[0].label)
        return []


def label(game, state):
    return game.pending(state)[0].options[0].label


def test_built_once_per_state_forgotten_by_apply_and_never_kept_mid_move():
    game, state = Counting(), {"n": 0}
    with PendingScope() as scope:
        assert [label(game, state) for _ in range(5)] == ["n0"] * 5
        assert game.built == 1 and (scope.hits, scope.misses) == (4, 1)
        game.pending(state).clear()                       # a caller's list is its own
        assert label(game, state) == "n0"
        game.apply(state, 0, Action("step", "next"))
        assert game.seen_in_apply == ["n0", "n1"]         # asked mid-move: built afresh
        assert label(game, state) == "n1"
        assert label(game, {"n": 1}) == "n1" and label(game, state) == "n1"  # one entry
        built = game.built
    state["n"] = 7                                        # by hand, outside: always fresh
    assert label(game, state) == "n7" and label(game, state) == "n7"
    assert game.built == built + 2


def test_outside_a_block_and_after_it_every_call_builds():
    game, state = Counting(), {"n": 0}
    game.pending(state), game.pending(state)
    assert game.built == 2
    with PendingScope() as scope:
        game.pending(state)
    game.pending(state)
    assert game.built == 4 and scope.misses == 1


async def test_concurrent_tasks_have_their_own_scope():
    game = Counting()
    states = [{"n": 0}, {"n": 10}]

    async def click(state):
        with PendingScope() as scope:
            for _ in range(3):
                assert label(game, state) == f"n{state['n']}"
                await asyncio.sleep(0)                    # the other task runs meanwhile
            game.apply(state, 0, Action("step", "next"))
            assert label(game, state) == f"n{state['n']}"
            return scope.hits, scope.misses

    assert await asyncio.gather(*(click(s) for s in states)) == [(2, 2), (2, 2)]


def test_the_open_scopes_are_counted_through_nesting_errors_and_threads():
    """The wrappers skip the context variable while no scope is open anywhere: the set
    of open scopes must hold exactly the blocks running now, and a scope open in one
    thread must neither serve nor keep another thread's answers."""
    import threading

    from engine.core import _OPEN_SCOPES

    game, state = Counting(), {"n": 0}
    assert not _OPEN_SCOPES
    with pytest.raises(RuntimeError):
        with PendingScope() as outer:
            with PendingScope() as inner:
                assert _OPEN_SCOPES == {outer, inner}
                label(game, state), label(game, state)
            assert _OPEN_SCOPES == {outer} and (inner.hits, inner.misses) == (1, 1)
            raise RuntimeError("a click fails")
    assert not _OPEN_SCOPES
    open_now, done = threading.Event(), threading.Event()

    def click():
        with PendingScope():
            open_now.set()
            done.wait(5)

    worker = threading.Thread(target=click)
    worker.start()
    open_now.wait(5)
    built = game.built
    assert _OPEN_SCOPES and label(game, state) == "n0" and label(game, state) == "n0"
    assert game.built == built + 2                  # its scope is not this thread's
    done.set()
    worker.join()
    assert not _OPEN_SCOPES


@pytest.mark.parametrize("game_id", registry.available())
def test_every_answer_in_a_scope_equals_the_games_own(game_id):
    game = registry.get(game_id)
    own = type(game).pending.__wrapped__                   # the game's pending, unscoped
    for seed in range(2):
        state = game.setup(game.max_seats, game.parse_options({}), seed)
        rnd = random.Random(seed)
        with PendingScope() as scope:
            for _ in range(100):
                if game.result(state) is not None:
                    break
                for _ in range(3):
                    assert game.pending(state) == own(game, state)
                assert game.decision_for(state, 0) == next(
                    (d for d in own(game, state) if d.seat == 0), None)
                decision = rnd.choice(game.pending(state))
                copy = json.loads(json.dumps(state))
                game.apply(state, decision.seat,
                           Action(decision.kind, rnd.choice(decision.options).id))
                assert game.pending(copy) == own(game, copy)   # another object: not kept
        assert scope.hits > scope.misses > 0


async def test_a_worker_thread_that_copied_the_context_never_uses_the_scope():
    game, state = Counting(), {"n": 0}

    def in_worker():  # asyncio.to_thread runs this with the click's context copied
        labels = [label(game, state) for _ in range(3)]
        game.apply(state, 0, Action("step", "next"))
        return labels

    with PendingScope() as scope:
        assert label(game, state) == "n0"
        assert await asyncio.to_thread(in_worker) == ["n0"] * 3
        assert (scope.hits, scope.misses) == (0, 1)
        assert label(game, state) == "n1"    # the worker's apply made the scope forget
    assert game.built == 1 + 3 + 2 + 1
