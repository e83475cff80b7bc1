"""The die menu built from a cost profile (``choices.action_options``) equals a plain
derivation from the rules: every affordable depot tile, every stored tile with a
reachable space (its span of worker costs), every goods type held whose sale is
affordable, then ``workers`` -- for every die value and without a die, with and without
the knowledge tiles that change worker costs, at every worker count."""
import random

from engine.ai import choose
from engine.burgundy import GAME
from engine.burgundy.buildings import TAKES
from engine.burgundy.data import TILES
from engine.burgundy.choices import (
    WORKERS, action_options, place_options, sell_options, space_costs, take_options,
)
from engine.burgundy.dice import worker_cost
from engine.burgundy.knowledge import DOUBLE_STEP, IGNORE_BUILDING_LIMIT, TAKE_FREE_STEP

#: knowledge sets that change what a menu offers or costs
KNOWLEDGE = ([], [DOUBLE_STEP], [TAKE_FREE_STEP], [IGNORE_BUILDING_LIMIT],
             [DOUBLE_STEP, TAKE_FREE_STEP, 9, 10, 11])


def plain_menu(state, p, die):
    """(id, label, params) of the die actions, worked out one rule at a time."""
    know, workers = p["know"], p["workers"]
    out = []
    for d in range(1, 7):
        cost = worker_cost(know, die, d, TAKE_FREE_STEP) if die else 0
        for tile in state["depots"][d - 1]:
            if tile is not None and cost <= workers:
                out.append((f"take:{d}:{tile}", "take_cost" if cost else "take",
                            {"tile": tile, "depot": d, "cost": cost}))
    for tile in p["store"]:
        costs = [c for _, c in space_costs(p, tile, die)]
        if costs:
            low, high = min(costs), max(costs)
            label = "place" if not low else "place_cost" if low == high else "place_costs"
            out.append((f"place:{tile}", label, {"tile": tile, "cost": low, "max_cost": high}))
    for g in range(1, 7):
        count = p["goods"][g]
        cost = worker_cost(know, die, g) if die else 0
        if count and cost <= workers:
            out.append((f"sell:{g}", "sell_cost" if cost else "sell",
                        {"goods": f"goods_{g}", "count": count, "cost": cost}))
    out.append((WORKERS.id, WORKERS.label, {}))
    return out


def seen(options):
    return [(o.id, o.label, dict(o.params)) for o in options]


def positions(seeds: int, moves: int, every: int):
    """Every ``every``-th state of seeded random 4-seat games (up to ``moves`` moves each);
    a caller may edit it by hand: the game forgets its kept decisions before playing on."""
    for seed in range(seeds):
        state = GAME.setup(4, {}, seed)
        rnd = random.Random(seed)
        for move in range(moves):
            if GAME.result(state) is not None:
                break
            if move % every == 0:
                yield state
                GAME.forget()
            decision = GAME.pending(state)[0]
            GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd, smart=False))


def test_profile_menus_equal_the_plain_derivation():
    checked = 0
    for state in positions(4, 400, 7):
        for p in state["players"]:
            kept = p["know"], p["workers"]
            for know in KNOWLEDGE:
                p["know"] = list(know)
                for workers in (0, 1, 2, 3, 5):
                    p["workers"] = workers
                    for die in (None, 1, 2, 3, 4, 5, 6):
                        menu = action_options(state, p, die)
                        assert seen(menu) == plain_menu(state, p, die)
                        checked += 1
                    parts = (take_options(state, p, die) + place_options(p, die)
                             + sell_options(p, die) + [WORKERS])
                    assert parts == menu
            p["know"], p["workers"] = kept
    assert checked > 10_000


def test_building_take_menus_equal_the_plain_derivation():
    """A building's take menu (``take_options`` with categories, no die) is the free take
    menu's tiles of those categories, in the same order, with the same options."""
    checked = 0
    for state in positions(3, 300, 5):
        p = state["players"][state["active"]]
        for categories in TAKES.values():
            want = [o for o in plain_menu(state, p, None) if o[0].startswith("take:")
                    and TILES[o[2]["tile"]].category in categories]
            assert seen(take_options(state, p, None, categories)) == want
            checked += 1
    assert checked > 100
