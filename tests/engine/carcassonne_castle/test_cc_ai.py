"""The heuristic AI (``engine/carcassonne_castle/ai.py``): it beats random play in at
least 90% of games, the first greedy AI (kept as ``cc_ai_v1``) loses more games than it
wins against it, it decides only on what the seat may know, and an AI game stays fast."""
import json
import random
import time

import cc_ai_v1
import pytest

from engine.carcassonne_castle import GAME, ai
from engine.core import Action
from test_cc_hidden import scramble_hidden


def _pick(policy: str, state: dict, decision, rnd: random.Random) -> str:
    if policy == "random":
        return rnd.choice(decision.options).id
    module = ai if policy == "new" else cc_ai_v1
    return module.ai_preference(GAME.geo, state, decision, rnd)[0]


def play(seed: int, black: str, white: str) -> list[int]:
    state = GAME.setup(2, {}, seed)
    rnd = random.Random(seed)
    policies = (black, white)
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        GAME.apply(state, d.seat, Action(d.kind, _pick(policies[d.seat], state, d, rnd)))
    return state["score"]


def match(policy: str, other: str, games: int) -> tuple[int, int]:
    """(wins, losses) of ``policy``, seats alternating."""
    wins = losses = 0
    for seed in range(games):
        if seed % 2:
            score = play(seed, other, policy)[::-1]
        else:
            score = play(seed, policy, other)
        wins += score[0] > score[1]
        losses += score[0] < score[1]
    return wins, losses


def test_ai_beats_random_play():
    wins, _ = match("new", "random", 30)
    assert wins >= 27


def test_ai_beats_the_first_greedy_ai():
    wins, losses = match("new", "v1", 30)
    assert wins > losses


@pytest.mark.parametrize("seed", range(3))
def test_ai_choices_do_not_depend_on_hidden_information(seed):
    state = GAME.setup(2, {}, seed)
    rnd = random.Random(seed)
    while GAME.result(state) is None:
        d = GAME.pending(state)[0]
        other = scramble_hidden(state, random.Random(rnd.random()))
        mine = ai.ai_preference(GAME.geo, state, d, random.Random(1))
        theirs = ai.ai_preference(GAME.geo, other, GAME.pending(other)[0], random.Random(1))
        assert mine == theirs
        GAME.apply(state, d.seat, Action(d.kind, mine[0]))


def test_ai_game_is_fast():
    start = time.thread_time()
    for seed in range(6):
        play(seed, "new", "new")
    per_game = (time.thread_time() - start) * 1000 / 6
    assert per_game < 120          # ~27 ms on a quiet machine; generous for shared CI


@pytest.mark.parametrize("seed", range(2))
def test_reading_never_changes_the_state(seed):
    """The AI, views and pending leave the state byte for byte as it was (a replay of
    the moves alone must give the stored states)."""
    state = GAME.setup(2, {}, seed)
    rnd = random.Random(seed)
    while GAME.result(state) is None:
        before = json.dumps(state)
        d = GAME.pending(state)[0]
        GAME.view(state, d.seat)
        ranked = ai.ai_preference(GAME.geo, state, d, rnd)
        assert json.dumps(state) == before
        assert sorted(ranked) == sorted(o.id for o in d.options if o.id != "back")
        GAME.apply(state, d.seat, Action(d.kind, ranked[0]))
