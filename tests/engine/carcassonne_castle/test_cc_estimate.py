"""The search's estimate (``engine/carcassonne_castle/estimate.py``): its features mean
what they say, it reads nothing a seat may not know, and it predicts final score
differences of held-out games better than the points alone."""
import random

from fit_estimate import mse, positions, solve

from engine.carcassonne_castle import GAME, estimate
from engine.core import Action
from tests.engine.sampled_worlds import sampled_worlds

F = estimate._I


def _after_first_follower(seed: int) -> tuple[dict, int]:
    """A seeded heuristic game just after the first follower went onto an open feature."""
    state = GAME.setup(2, {}, seed)
    rnd = random.Random(seed)
    while True:
        decision = GAME.pending(state)[0]
        option = GAME.ai_preference(state, decision, rnd)[0]
        GAME.apply(state, decision.seat, Action(decision.kind, option))
        if decision.kind == "follower" and option != "none" and state["followers"]:
            return state, decision.seat


def test_a_follower_on_an_open_feature_counts_for_its_seat_only():
    state, seat = _after_first_follower(3)
    mine, other = estimate.features(GAME.geo, state)[seat], \
        estimate.features(GAME.geo, state)[1 - seat]
    assert mine[F["onopen"]] == 1 and other[F["onopen"]] == 0
    assert mine[F["supply"]] == state["supply_f"][seat] == 5
    held = sum(mine[F[f"prospect_{k}"]] for k in "PTH") + mine[F["court"]]
    assert held > 0
    assert sum(other[F[f"prospect_{k}"]] for k in "PTH") + other[F["court"]] == 0


def test_more_points_or_a_follower_in_the_supply_is_worth_more():
    state, seat = _after_first_follower(5)
    before = estimate.values(GAME.geo, state)[seat]
    state["score"][seat] += 4
    assert estimate.values(GAME.geo, state)[seat] > before + 4
    state["supply_f"][seat] += 1
    assert estimate.values(GAME.geo, state)[seat] > before + 4


def test_the_estimate_reads_nothing_hidden():
    """Every world sampled from a seat's knowledge gets the same estimate."""
    checked = 0
    for state, _, world in sampled_worlds(GAME, 2, 8):
        assert estimate.values(GAME.geo, world) == estimate.values(GAME.geo, state)
        checked += 1
    assert checked >= 10   # two worlds at each of at least 5 positions


def test_the_fitted_weights_predict_held_out_games_better_than_the_points():
    """On games the weights were not fitted on (seeds far from the fit's), the estimate's
    squared error is clearly below that of the points alone; a fit on a fresh small
    sample lands near the stored weights' error (they are not stale)."""
    held = [row for seed in range(90_000, 90_060) for row in positions(GAME, seed)]
    points = [1.0] + [0.0] * (len(estimate.WEIGHTS) - 1)
    stored, alone = mse(held, estimate.WEIGHTS), mse(held, points)
    assert stored < 0.9 * alone
    refit = solve([row for seed in range(91_000, 91_100) for row in positions(GAME, seed)])
    assert stored < 1.1 * mse(held, refit)
