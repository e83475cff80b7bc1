"""The faster Im Schutz der Burg path (pending memo, "any payable template" check, cached
payable costs, clamped payment keys, kept pick decisions) plays exactly like the slow one:
seeded lockstep games and the quick checks against plain derivations."""
import random

import pytest

from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from engine.core import Decision
from engine.schutz_burg.building import build_live, buildable
from engine.schutz_burg.flow import pending
from engine.schutz_burg.payment import (KINDS, _payments, exchanged, pay_id, payable,
                                        payable_costs, payments, payments_for)
from engine.schutz_burg.rounds import pick_options, pick_params
from engine.schutz_burg.tasks import live_options

from tests.engine.lockstep import lockstep

COSTS = sorted({D.template_value(t, w)[0] for t in D.TEMPLATE_TYPE for w in (False, True)})


def slow_payments(state, seat, cost):
    """The payment list keyed the original way (holdings clamped to the cost)."""
    res = state["players"][seat]["res"]
    silver = min(res["silver"], cost)
    have = tuple(min(res[k], cost // D.POINTS[k]) for k in KINDS)
    carts = tuple(min(state["supply"][k], silver) for k in KINDS)
    return _payments(cost, have, silver, carts)


def plain_buildable(state, seat):
    """One template of each type on the board (the first), if an exact payment exists."""
    seen, out = set(), []
    for tpl in state["board"]:
        ttype = D.TEMPLATE_TYPE[tpl]
        if ttype not in seen:
            seen.add(ttype)
            cost, vp = D.template_value(tpl, state["winter"])
            if slow_payments(state, seat, cost):
                out.append((tpl, cost, vp))
    return out


def reference_check(state):
    for seat in range(state["n"]):
        for cost in COSTS:
            assert payments(state, seat, cost) == slow_payments(state, seat, cost)
        assert buildable(state, seat) == plain_buildable(state, seat)
        assert buildable(state, seat, first=True) == plain_buildable(state, seat)[:1]
    for decision in pending(state):
        if decision.kind == "pick_card":
            opts = tuple(pick_options(state, decision.seat))
            assert decision == Decision(decision.seat, "pick_card", opts, secret=True,
                                        default=next(o.id for o in opts if o.id != "back"),
                                        params=pick_params(state, decision.seat))
        if decision.kind == "pay":
            task = state["task"]
            cost = D.template_value(task["template"], state["winter"])[0]
            res = state["players"][task["seat"]]["res"]
            have = tuple(res[k] for k in KINDS)
            plain = []
            for vec in slow_payments(state, task["seat"], cost):
                silver = exchanged(vec, have)
                plain.append((pay_id(vec), "payment_silver" if silver else "payment",
                              {"pieces": dict(zip(KINDS, vec)), "silver": silver}))
            assert [(o.id, o.label, o.params) for o in decision.options] == plain + [
                ("back", "back", {})]
    task = state["task"]
    if task is not None and task["type"] == "build":
        opts = live_options(state, task)
        assert build_live(state, task) == (opts is not None and len(opts) > 1)
        assert build_live(state, task) or not opts


@pytest.mark.parametrize("seats,winter", [(4, False), (4, True), (2, False), (3, True)])
def test_fast_path_plays_like_the_slow_path(seats, winter):
    for seed in range(4):
        assert lockstep(GAME, seats, seed, {"winter": winter}, check=reference_check) > 30


def test_payable_is_whether_any_payment_exists():
    rnd = random.Random(13)
    found = 0
    for _ in range(5000):
        cost = rnd.choice(COSTS)
        have = tuple(rnd.randint(0, rnd.choice((1, 3, 6))) for _ in KINDS)
        silver, carts = rnd.randint(0, 5), tuple(rnd.randint(0, 8) for _ in KINDS)
        clamp = min(silver, cost)
        full = _payments(cost, tuple(min(h, cost // p) for h, p in zip(have, D.POINTS.values())),
                         clamp, tuple(min(c, clamp) for c in carts))
        assert payable(cost, have, silver, carts) == bool(full)
        assert (cost in payable_costs(have, silver, carts)) == bool(full)
        assert payments_for(cost, have, silver, carts) == full
        found += bool(full)
    assert 500 < found < 4500  # both answers were exercised
