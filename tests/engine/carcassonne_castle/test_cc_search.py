"""The search levels on Carcassonne: hard's longer rollouts (``MAX_REACH`` in
``determinize.py``) are read by the generic search, normal keeps its horizon, and hard
still decides only on what its seat may know."""
import math
import random
from dataclasses import replace

from engine.carcassonne_castle import GAME, determinize
from engine.search import BUDGETS, decide, knowledge
from engine.search.rollout import judge, rollout
from tests.engine.test_search import _Counted, _states

#: hard's budget (its reach, width and confidence) without the CPU cap and with few
#: rollouts: the same answer on a busy machine, fast enough for a test
HARD = replace(BUDGETS["hard"], iterations=48, seconds=60.0)


def _applied(reach: float) -> tuple[int, bool]:
    state = GAME.setup(2, {}, 5)
    counted = _Counted(GAME)
    value = rollout(counted, state, 0, random.Random(1), 10 ** 6, reach=reach)
    assert 0.0 <= value <= 1.0
    return counted.applied, GAME.result(state) is not None


def test_the_search_reads_the_games_max_reach():
    assert judge(GAME).max_reach == determinize.MAX_REACH
    assert 1 < determinize.MAX_REACH < math.inf


def test_normal_stops_at_the_horizon_and_hard_at_max_reach_horizons():
    """Normal's reach (1) cuts at ``HORIZON`` actions; hard's endless reach is capped at
    ``MAX_REACH`` horizons (a full heuristic playout costs ~20 ms here)."""
    assert BUDGETS["normal"].reach == 1 and math.isinf(BUDGETS["hard"].reach)
    assert _applied(BUDGETS["normal"].reach) == (determinize.HORIZON, False)
    assert _applied(BUDGETS["hard"].reach) == \
        (round(determinize.HORIZON * determinize.MAX_REACH), False)


def test_hard_decides_the_same_when_only_hidden_tiles_change():
    """Redraw the supply order, the face-down wall tiles and the RNG: hard's long
    rollouts change nothing in its decision (same seed)."""
    changed = 0
    for k, (state, decision) in enumerate(_states(GAME, 2, seed=21, every=0.2)):
        if k >= 3:
            break
        view = knowledge(GAME, state, decision.seat)
        pick = decide(GAME, view, "hard", 5, HARD)
        for world_seed in (1, 2):
            other = GAME.determinize(view, random.Random(world_seed))
            assert knowledge(GAME, other, decision.seat) == view
            changed += other["supply"] != state["supply"]
            assert decide(GAME, knowledge(GAME, other, decision.seat), "hard", 5, HARD) == pick
    assert changed, "the supply order should differ in some worlds"
