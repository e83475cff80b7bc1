"""The Ludwig pending memo (``apply`` validates against the decisions ``pending`` just
gave) plays exactly like validating afresh: seeded lockstep games against JSON copies,
refusals on the memoised state changing nothing, repeated answers without ``pending``."""
import copy
import random

import pytest

from engine.core import Action, RuleError
from engine.ludwig import GAME
from engine.ludwig.game import Ludwig

from tests.engine.lockstep import lockstep


@pytest.mark.parametrize("seats,options", [(4, {}), (2, {"chosen_bonus": True}), (1, {})])
def test_memoised_path_plays_like_the_fresh_one(seats, options):
    for seed in range(2):
        assert lockstep(GAME, seats, seed, options) > 20


def test_an_answer_replayed_after_apply_is_checked_against_the_new_state():
    """The same answer twice with no ``pending`` between: the second is judged by the
    state as it is now (refused, nothing changed), never by the remembered decisions."""
    judge = Ludwig()  # its own memo: asking it leaves GAME's untouched
    rnd, replayed = random.Random(3), 0
    state = GAME.setup(3, {}, 3)
    while GAME.result(state) is None and replayed < 30:
        decision = GAME.pending(state)[0]
        action = Action(decision.kind, rnd.choice(decision.options).id)
        GAME.apply(state, decision.seat, action)
        after = copy.deepcopy(state)
        fresh = judge.decision_for(copy.deepcopy(state), decision.seat)
        if fresh is not None and fresh.kind == action.kind and fresh.option(action.option):
            continue  # still a legal answer: nothing to refuse
        with pytest.raises(RuleError):
            GAME.apply(state, decision.seat, action)
        assert state == after
        replayed += 1
    assert replayed == 30
