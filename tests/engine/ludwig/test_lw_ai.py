"""The Ludwig heuristic (``engine/ludwig/ai.py``): what it remembers never goes stale."""
import random

from engine.core import Action
from engine.ludwig import GAME, ai


def _pricing_states(seats: int, seeds: range):
    """Every state of seeded heuristic games (5 % random moves, as the search's rollouts)
    where the Master Builder prices the market."""
    for seed in seeds:
        state = GAME.setup(seats, {}, seed)
        rnd = random.Random(seed)
        for _ in range(1500):
            if GAME.result(state) is not None:
                break
            decision = GAME.pending(state)[0]
            if decision.kind in ("price", "price_to"):
                yield state
            option = GAME.ai_preference(state, decision, rnd)[0]
            if rnd.random() < 0.05 or decision.option(option) is None:
                option = rnd.choice(decision.options).id
            GAME.apply(state, decision.seat, Action(decision.kind, option))


def test_the_remembered_pricing_target_is_the_one_worked_out_afresh():
    """The target is remembered per pricing (a move swaps tiles with their coins); at
    every step of every pricing, and in a copied state, it equals the target worked out
    from scratch."""
    checked = 0
    for state in _pricing_states(4, range(3)):
        others = [s for s in range(state["n"]) if s != state["mb"]]
        assert ai._price_target(state) == ai._target(state, others)
        checked += 1
    assert checked >= 30


def test_a_move_keeps_the_target_and_new_coins_change_it():
    state = next(s for s in _pricing_states(4, range(1)) if s["task"]["type"] == "price")
    target = ai._price_target(state)
    market = state["market"]
    a, b = [i for i, slot in enumerate(market) if slot["tile"]][:2]
    for k in ("tile", "coins"):
        market[a][k], market[b][k] = market[b][k], market[a][k]
    assert ai._price_target(state) == target          # the same pricing: the same target
    dearest = max(range(len(market)), key=lambda i: market[i]["price"])
    cheapest = min(range(len(market)), key=lambda i: market[i]["price"])
    least = next(slot for slot in market if slot["tile"] == target[cheapest])
    least["coins"] += 1_000_000                        # the least wanted tile now pays most
    others = [s for s in range(state["n"]) if s != state["mb"]]
    assert ai._price_target(state) == ai._target(state, others)
    assert ai._price_target(state)[dearest] == least["tile"]
