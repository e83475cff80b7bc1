"""Seeded whole games for 1-4 seats and every option: they end, conserve money and tiles,
keep hidden cards hidden (views and events), and survive a JSON round trip."""
import copy
import json
import random

import pytest

from engine.ai import choose
from engine.ludwig import GAME
from engine.ludwig import data as D

CASES = [(1, {}), (2, {}), (3, {}), (4, {}), (2, {"chosen_bonus": True}),
         (3, {"chosen_favors": True}), (4, {"room_cards": "uniform"}),
         (4, {"chosen_favors": True, "chosen_bonus": True}), (1, {"foyer_back": "four_doors"}),
         (3, {"foyer_back": "four_doors"})]


def tiles_everywhere(state) -> list[str]:
    out = [t for stack in state["stacks"].values() for t in stack]
    out += [s["tile"] for s in state["market"] if s["tile"]]
    out += [r["tile"] for p in state["players"] for r in p["rooms"] if r["tile"] in D.ROOM_IDS]
    out += [e["tile"] for e in state["prepared"]] + state["boxed"] + state["discarded_tiles"]
    return out


def money_expected(start, events):
    total = start
    for e in events:
        if e.kind in ("took_money", "reward_money", "took_coins"):
            total += e.params["money"]
        elif e.kind == "paid_bank":
            total -= e.params["money"]
    return total


@pytest.mark.parametrize("seats,options", CASES)
@pytest.mark.parametrize("smart", [False, True])
def test_games_end_and_conserve(seats, options, smart):
    for seed in range(3):
        state = GAME.setup(seats, options, seed)
        tiles0 = sorted(tiles_everywhere(state))
        corridor0 = dict(state["supply"])
        rnd = random.Random(seed)
        events = []
        steps = 0
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            events += GAME.apply(state, d.seat, choose(GAME, state, d, rnd, smart=smart))
            steps += 1
            assert steps < 5000
            if steps % 7 == 0:
                assert sorted(tiles_everywhere(state)) == tiles0
                assert sum(p["money"] for p in state["players"]) == \
                    money_expected(D.START_MONEY * seats, events)
        assert GAME.pending(state) == []
        assert sorted(tiles_everywhere(state)) == tiles0
        assert sum(p["money"] for p in state["players"]) == money_expected(D.START_MONEY * seats, events)
        for piece in corridor0:
            used = sum(1 for p in state["players"] for r in p["rooms"] if r["tile"] == piece)
            assert used + state["supply"][piece] == corridor0[piece]
        result = GAME.result(state)
        assert set(result.scores) == set(range(seats))
        assert json.loads(json.dumps(state)) == state


def scramble(state, viewer):
    """Change everything ``viewer`` may not know; the view must not move."""
    s = copy.deepcopy(state)
    rnd = random.Random(99)
    spare = [c for c in D.BONUS_CARDS]
    for seat, p in enumerate(s["players"]):
        if seat != viewer:
            p["bonus"] = [rnd.choice(spare) for _ in p["bonus"]]
            p["dealt"] = [rnd.choice(spare) for _ in p["dealt"]]
    for stack in s["stacks"].values():
        stack.reverse()
    s["deck"].reverse()
    s["bonus_deck"] = [rnd.choice(spare) for _ in s["bonus_deck"]]
    for e in s["prepared"]:
        if e["by"] != viewer:
            e["tile"] = "buttery"
    task = s["task"]
    if task and task["seat"] != viewer:
        if s.get("peek"):
            s["peek"] = ["buttery"] * len(s["peek"])
        if s.get("drawn"):
            s["drawn"] = ["bonus_money"] * len(s["drawn"])
    box = s.get("bonus_return")
    if box:
        for k in box["picks"]:
            if k != str(viewer):
                box["picks"][k] = "bonus_money"
    return s


SECRET_EVENTS = {"stack_contents", "tiles_chosen", "bonus_kept"}


@pytest.mark.parametrize("seats,options", [(2, {}), (3, {"chosen_bonus": True}), (4, {})])
def test_hidden_information_stays_hidden(seats, options):
    state = GAME.setup(seats, options, 5)
    rnd = random.Random(5)
    steps = 0
    while GAME.result(state) is None:
        if steps % 3 == 0:
            for viewer in [None, *range(seats)]:
                assert GAME.view(scramble(state, viewer), viewer) == GAME.view(state, viewer)
        d = GAME.pending(state)[0]
        for e in GAME.apply(state, d.seat, choose(GAME, state, d, rnd)):
            if e.kind in SECRET_EVENTS:
                assert e.visible_to == frozenset({d.seat})
            elif e.kind != "final_bonus":
                assert not any(isinstance(v, str) and v in D.BONUS_CARDS for v in e.params.values())
        steps += 1
    final = GAME.view(state, None)
    assert final["bonus_all"] == [p["bonus"] for p in state["players"]]


def test_view_is_json_and_option_ids_are_short():
    import re
    pattern = re.compile(r"^[A-Za-z0-9_.:+-]{1,60}$")
    for seats in (1, 4):
        state = GAME.setup(seats, {}, 3)
        rnd = random.Random(3)
        while GAME.result(state) is None:
            for d in GAME.pending(state):
                assert all(pattern.match(o.id) for o in d.options)
                assert len({o.id for o in d.options}) == len(d.options)
                v = GAME.view(state, d.seat)
                assert json.loads(json.dumps(v)) == v
            d = GAME.pending(state)[0]
            GAME.apply(state, d.seat, choose(GAME, state, d, rnd))
