"""The AI levels (engine.search): legal, honest, and they find the obvious move.

Small budgets keep these fast; ``python -m bot arena`` measures strength on demand.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from engine import registry
from engine.ai import choose
from engine.core import Action
from engine.search import BUDGETS, LEVELS, Budget, decide, knowledge
from engine.search.hidden import copy_state
from engine.search.rollout import _JUDGES, estimate, judge as rollout_judge, rollout

SMALL = Budget(iterations=6, seconds=2.0)
#: the normal level's budget without its CPU cap: the same answer on a busy machine
NORMAL = replace(BUDGETS["normal"], seconds=60.0)
GAMES = {"citadels": 3, "burgundy": 2, "schutz_burg": 3, "ludwig": 2, "carcassonne_castle": 2}
#: a seat's public points in the state (for positions where one option scores at once)
POINTS = {"burgundy": lambda s, p: s["players"][p]["vp"],
          "ludwig": lambda s, p: s["players"][p]["score"],
          "carcassonne_castle": lambda s, p: s["score"][p]}


def _decide(game, state, seat, level, seed=7):
    return decide(game, knowledge(game, state, seat), level, seed, SMALL)


def _states(game, seats, seed, every=0.08, options=None):
    """(state, decision) along one seeded game played by the heuristic on the state."""
    state = game.setup(seats, game.parse_options(options or {}), seed)
    rnd = random.Random(seed)
    while game.result(state) is None:
        decision = game.pending(state)[0]
        if len(decision.options) > 1 and rnd.random() < every:
            yield state, decision
        game.apply(state, decision.seat, choose(game, state, decision, rnd))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_level_answers_legally_and_the_same_for_the_same_seed(game_id):
    game = registry.get(game_id)
    for k, (state, decision) in enumerate(_states(game, GAMES[game_id], seed=3)):
        if k >= 4:
            break
        legal = {o.id for o in decision.options}
        for level in LEVELS:
            pick = _decide(game, state, decision.seat, level)
            assert pick in legal
            assert pick == _decide(game, state, decision.seat, level)


def _other_world(game, state, seat, seed):
    """The same position with everything ``seat`` may not know drawn anew."""
    other = game.determinize(knowledge(game, state, seat), random.Random(seed))
    assert knowledge(game, other, seat) == knowledge(game, state, seat)
    return other


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_level_reads_hidden_information(game_id):
    """Change only what the deciding seat may not know: every level decides the same."""
    game = registry.get(game_id)
    changed = 0
    for k, (state, decision) in enumerate(_states(game, GAMES[game_id], seed=11, every=0.15)):
        if k >= 3:
            break
        for world_seed in (1, 2):
            other = _other_world(game, state, decision.seat, world_seed)
            changed += other != state
            for level in LEVELS:
                assert _decide(game, other, decision.seat, level) == \
                    _decide(game, state, decision.seat, level)
    assert changed, "the hidden items should differ in some worlds"


def test_citadels_decision_ignores_the_others_hands_and_the_deck():
    """A hand-made change: the other seats' hands swapped with the top of the deck."""
    game = registry.get("citadels")
    for k, (state, decision) in enumerate(_states(game, 4, seed=2, every=0.2)):
        if k >= 4:
            break
        other = copy_state(state)
        for s in range(4):
            if s != decision.seat:
                size = len(other["hands"][s])
                other["hands"][s], other["deck"][:size] = other["deck"][:size], other["hands"][s]
        for level in LEVELS:
            assert _decide(game, other, decision.seat, level) == \
                _decide(game, state, decision.seat, level)


# -- sanity: the normal level finds the obvious move ------------------------------------

def test_citadels_normal_completes_the_city_for_the_win():
    """Both cities have seven districts of equal worth and the eighth in hand; the other
    seat is called later this round: building now takes the first-complete bonus and
    the win, waiting hands both to the other seat.  The normal seat builds this turn."""
    game = registry.get("citadels")
    state, decision = next((s, d) for s, d in _states(game, 2, seed=4, every=1.0)
                           if d.kind == "turn" and s["turn"]["step1"] and not s["turn"]["builds"]
                           and s["turn"]["char"] != "warlord")
    seat, other = decision.seat, 1 - decision.seat
    city = ["tavern", "market", "trading_post", "docks", "harbor", "temple", "church"]
    state["cities"] = [list(city), list(city)]
    state["hands"] = [["manor"], ["manor"]]
    state["gold"] = [3, 3]
    for char in [c for c, s in state["held"].items() if s == other]:
        del state["held"][char]
    state["held"]["warlord"] = other
    state["down"] = [c for c in state["down"] if c != "warlord"]
    state = copy_state(state)
    while state["turn"] and state["turn"]["seat"] == seat and game.result(state) is None:
        now = game.decision_for(state, seat)
        pick = decide(game, knowledge(game, state, seat), "normal", 5, NORMAL)
        game.apply(state, seat, Action(now.kind, pick))
    assert "manor" in state["cities"][seat] and state["first8"] == seat


def test_schutz_burg_normal_builds_what_it_can_pay_exactly():
    """A Stonemason's build step (full crown points) where templates can be paid exactly
    (the engine offers only those): normal builds, not ``done``.  Not with the other
    cards: a Worker builds for half the points and the Bricklayer for Taler, and there
    keeping the resources for a Stonemason's full-point building can be better (the
    search measured it so in such positions); no obvious move there."""
    game = registry.get("schutz_burg")
    found = 0
    for seed in (3, 4, 5, 6):
        for state, decision in _states(game, 2, seed=seed, every=1.0):
            if decision.kind == "build" and any(o.label == "template" for o in decision.options):
                pick = decide(game, knowledge(game, state, decision.seat), "normal", 5, NORMAL)
                assert pick.startswith("tpl:"), pick
                found += 1
    assert found >= 3


@pytest.mark.parametrize("game_id,seeds", [
    ("burgundy", (0, 1, 2)), ("carcassonne_castle", (0, 1, 2)), ("ludwig", (0, 1, 2))])
def test_normal_takes_the_move_that_scores_at_once(game_id, seeds):
    """Positions from seeded games where one option scores at least 3 points more at once
    than any other (a Burgundy tile completing a region, a Carcassonne follower on a
    finished feature, a Ludwig room completed; not an option that ends the game, whose
    final scoring is no gain): the normal level takes it."""
    game = registry.get(game_id)
    points = POINTS[game_id]
    found = 0
    for seed in seeds:
        for state, decision in _states(game, 2, seed=seed, every=1.0):
            gains, ends = {}, False
            for option in decision.options:
                after = copy_state(state)
                game.apply(after, decision.seat, Action(decision.kind, option.id))
                gains[option.id] = points(after, decision.seat) - points(state, decision.seat)
                ends = ends or game.result(after) is not None  # (final scoring: no gain)
            ranked = sorted(gains.values(), reverse=True)
            if ends or ranked[0] < 3 or ranked[0] - ranked[1] < 3 or decision.kind == "double":
                continue
            pick = decide(game, knowledge(game, state, decision.seat), "normal", 1, NORMAL)
            assert gains[pick] == ranked[0], (decision.kind, pick, gains)
            found += 1
            if found >= 4:
                return
    assert found >= 2, "too few positions found"


# -- the budget's rollout knobs ---------------------------------------------------------

@pytest.mark.parametrize("game_id", ["citadels", "burgundy", "schutz_burg"])
def test_rollouts_stop_at_the_horizon_times_reach_or_play_to_the_end(game_id):
    """``reach`` scales the game's cut-off; ``math.inf`` plays the game out (these games'
    ``MAX_REACH``)."""
    game = registry.get(game_id)
    horizon = rollout_judge(game).horizon

    def played(reach):
        state = game.setup(2, game.parse_options({}), 5)
        counted = _Counted(game)
        value = rollout(counted, state, 0, random.Random(1), 10 ** 6, reach=reach)
        assert 0.0 <= value <= 1.0
        return counted.applied, game.result(state) is not None

    assert played(1.0) == (horizon, False)
    assert played(0.5) == (round(horizon / 2), False)
    applied, ended = played(math.inf)
    assert ended and applied > horizon


def test_a_game_with_a_finite_max_reach_keeps_a_cut_off():
    """Carcassonne's playouts are slow: even an endless ``reach`` stops at ``MAX_REACH``
    horizons."""
    game = registry.get("carcassonne_castle")
    state = game.setup(2, game.parse_options({}), 5)
    counted = _Counted(game)
    rollout(counted, state, 0, random.Random(1), 10 ** 6, reach=math.inf)
    j = rollout_judge(game)
    assert counted.applied == round(j.horizon * j.max_reach) and game.result(state) is None


def test_at_the_cut_a_rollout_plays_on_until_the_games_ai_quiet_holds(monkeypatch):
    """A game's ``ai_quiet`` makes a cut rollout play on to a quiet position, at most
    ``QUIET_CAP`` actions; without it (every game but Ludwig) it stops where it stands."""
    game = registry.get("citadels")
    base = rollout_judge(game)
    assert base.quiet is None

    def applied(quiet, cap):
        monkeypatch.setitem(_JUDGES, game.id, replace(base, quiet=quiet, quiet_cap=cap))
        state = game.setup(2, game.parse_options({}), 5)
        counted = _Counted(game)
        rollout(counted, state, 0, random.Random(1), 10 ** 6)
        return counted.applied

    asked = []

    def quiet_at_the_third_look(state):
        asked.append(state)
        return len(asked) == 3

    assert applied(None, 50) == base.horizon
    assert applied(lambda state: False, 7) == base.horizon + 7
    assert applied(quiet_at_the_third_look, 50) == base.horizon + 2


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - {"ludwig"}))
def test_only_ludwig_plays_on_to_a_quiet_position(game_id):
    """The other games' rollouts are cut as before (their decisions stay the same:
    ``tests/engine/search_fingerprint.py`` before and after)."""
    assert rollout_judge(registry.get(game_id)).quiet is None


def test_epsilon_one_plays_at_random_and_zero_as_the_heuristic():
    """``epsilon`` is the share of uniformly random rollout moves."""
    game = registry.get("citadels")
    heuristic_moves = {}
    for epsilon in (0.0, 1.0):
        state = game.setup(2, game.parse_options({}), 9)
        counted = _Counted(game)
        rollout(counted, state, 0, random.Random(3), 30, epsilon=epsilon)
        heuristic_moves[epsilon] = counted.agreed
    assert heuristic_moves[0.0] == 30
    assert heuristic_moves[1.0] < 30


# -- a level's budget at more than two seats (``Budget.crowd``) --------------------------

#: a crowd setting whose effect is plain: any candidate better on average than the
#: favourite is picked, however noisy the difference
EAGER = (("confidence", 0.0),)


def _search_picks(game_id, seats, budget, positions=6):
    """The search's picks with ``budget`` at a few positions of a seeded game."""
    game = registry.get(game_id)
    for k, (state, decision) in enumerate(_states(game, seats, seed=6, every=0.3)):
        if k >= positions:
            break
        yield decide(game, knowledge(game, state, decision.seat), "hard", 3, budget)


def test_a_budgets_crowd_replaces_its_fields_above_two_seats_only():
    budget = Budget(iterations=6, seconds=2.0, crowd=(("reach", 3.0), ("win_weight", 0.5)))
    assert budget.at(2) is budget
    assert (budget.at(3).reach, budget.at(4).win_weight) == (3.0, 0.5)
    assert replace(budget.at(4), crowd=()) == replace(budget, reach=3.0, win_weight=0.5,
                                                      crowd=())


@pytest.mark.parametrize("game_id", ["citadels", "schutz_burg"])
def test_the_search_reads_the_crowd_at_four_seats_and_not_at_two(game_id):
    """A crowd that overrides the favourite on any mean gain: at 4 seats the search picks
    as with that confidence set outright; at 2 seats as without the crowd, though the
    eager confidence would pick differently there."""
    plain = replace(SMALL, iterations=24, seconds=60.0)
    crowd, eager = replace(plain, crowd=EAGER), replace(plain, confidence=0.0)
    for seats in (4, 2):
        picks = {name: list(_search_picks(game_id, seats, budget))
                 for name, budget in (("crowd", crowd), ("eager", eager), ("plain", plain))}
        assert picks["eager"] != picks["plain"]
        assert picks["crowd"] == picks["eager" if seats > 2 else "plain"]


def test_hards_crowd_leaves_its_duel_budget_and_normal_alone():
    """Hard's 4-seat settings live in its ``crowd``: at 2 seats hard is its old budget;
    normal has none (``tests/engine/search_fingerprint.py`` shows the same picks)."""
    hard = BUDGETS["hard"]
    assert hard.at(2) == hard and math.isinf(hard.reach) and hard.win_weight == 0.8
    assert BUDGETS["normal"].crowd == () and BUDGETS["normal"].at(4) == BUDGETS["normal"]


def test_win_weight_is_the_win_shares_part_of_a_rollouts_value_at_the_end():
    game = registry.get("citadels")
    values = {}
    for weight in (0.0, 1.0):
        state = game.setup(4, game.parse_options({}), 5)
        values[weight] = rollout(game, state, 0, random.Random(1), 10 ** 6, reach=math.inf,
                                 win_weight=weight)
        result = game.result(state)
    assert values[1.0] == (1 / len(result.winners) if 0 in result.winners else 0.0)
    assert values[0.0] == estimate(rollout_judge(game), result.scores, 0)


class _Counted:
    """``game`` counting its applied actions and how many were the heuristic's choice."""

    def __init__(self, game):
        self.game, self.applied, self.agreed = game, 0, 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, seat, action):
        decision = self.game.pending(state)[0]
        ranked = self.game.ai_preference(state, decision, random.Random(0))
        self.agreed += action.option == ranked[0]
        self.applied += 1
        return self.game.apply(state, seat, action)
