"""The Ludwig heuristic (``engine/ludwig/ai.py``): what it remembers never goes stale."""
import random

from engine.core import Action
from engine.ludwig import GAME, ai, determinize
from engine.search.hidden import copy_state
from engine.search.rollout import judge, rollout


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


class _Counted:
    """The Ludwig game counting the actions applied to it."""

    def __init__(self):
        self.applied = 0

    def __getattr__(self, name):
        return getattr(GAME, name)

    def apply(self, state, seat, action):
        self.applied += 1
        return GAME.apply(state, seat, action)


def test_a_cut_rollout_is_judged_at_a_turn_boundary_never_mid_pricing():
    """The search's cut-off rollouts play on past ``HORIZON`` until a turn is about to
    start (at most ``QUIET_CAP`` more actions): the estimate sees neither a half-made
    market nor a half-placed purchase.  From pricing positions many would otherwise be
    cut mid-pricing."""
    j = judge(GAME)
    assert j.quiet is determinize.ai_quiet and j.horizon == determinize.HORIZON
    lengths = []
    for k, state in enumerate(_pricing_states(4, range(2))):
        if k % 3:
            continue
        played, counted = copy_state(state), _Counted()
        value = rollout(counted, played, state["mb"], random.Random(k), 200)
        assert 0.0 <= value <= 1.0
        assert played["finished"] or played["task"]["type"] == "turn"
        assert j.horizon <= counted.applied <= j.horizon + j.quiet_cap
        lengths.append(counted.applied)
    assert len(lengths) >= 10 and max(lengths) > j.horizon


def test_picking_up_a_tile_already_in_its_target_slot_puts_it_back():
    """A search (or a rollout's random move) may pick up a tile the heuristic would leave
    where it is: the heuristic then answers ``back``, a legal option, never its own slot."""
    checked, back = 0, 0
    for state in _pricing_states(4, range(2)):
        decision = GAME.pending(state)[0]
        if decision.kind != "price" or checked >= 30:
            continue
        target = ai._price_target(state)
        for i, slot in enumerate(state["market"]):
            if slot["tile"] is None or decision.option(f"move:{i}") is None:
                continue
            moved = copy_state(state)
            GAME.apply(moved, decision.seat, Action("price", f"move:{i}"))
            answer = GAME.pending(moved)[0]
            pick = GAME.ai_preference(moved, answer, random.Random(0))[0]
            assert answer.option(pick) is not None
            assert (pick == "back") == (target[i] == slot["tile"])
            checked += 1
            back += pick == "back"
    assert checked >= 30 and back >= 1
