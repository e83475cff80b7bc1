"""The Castles of Burgundy for honest AI search: the public state and its determinization.

Hidden from a seat: the order of the face-down tile supplies, the goods stacks of later
phases together with the goods returned to the box at setup, which goods the others
sold (only their count is public), the others' secret estate picks and the RNG.
"""
from __future__ import annotations

import math
import random

from engine.core import State
from engine.search.hidden import blank_picks, copy_state, deal, refill_picks

from .scoring import breakdown
from .setup import PICKS


def public_state(state: State, seat: int) -> State:
    """The state with what ``seat`` may not know blanked or in a canonical order."""
    out = copy_state(state)
    out["rng"] = 0
    out["supply"] = {colour: sorted(tiles) for colour, tiles in out["supply"].items()}
    hidden = [g for stack in out["stacks"] for g in stack] + out["box"]
    for s, player in enumerate(out["players"]):
        if s != seat:
            hidden += [g for g, k in enumerate(player["sold"]) for _ in range(k)]
            player["sold"] = [sum(player["sold"])] + [0] * (len(player["sold"]) - 1)
    hidden.sort()
    out["stacks"] = [[None] * len(stack) for stack in out["stacks"]]
    out["box"] = [None] * len(out["box"])
    out["hidden_goods"] = hidden
    blank_picks(out.get(PICKS), seat)
    return out


def determinize(game, view: dict, rng: random.Random) -> State:
    """A full state behind ``view`` (which carries ``public``)."""
    state = copy_state(view["public"])
    seat = view["seat"]
    state["rng"] = rng.getrandbits(63)
    for tiles in state["supply"].values():
        rng.shuffle(tiles)
    others = [s for s in range(len(state["players"])) if s != seat]
    sold = [[None] * state["players"][s]["sold"][0] for s in others]
    dealt = deal(rng, state.pop("hidden_goods"), state["stacks"] + [state["box"]] + sold)
    k = len(state["stacks"])
    state["stacks"], state["box"] = dealt[:k], dealt[k]
    for s, goods in zip(others, dealt[k + 1:]):
        counts = [0] * len(state["players"][s]["sold"])
        for g in goods:
            counts[g] += 1
        state["players"][s]["sold"] = counts
    moves = state["moves"]
    refill_picks(game, state, PICKS, seat, rng)
    if state["moves"] != moves:  # the refilled picks were made before: not new moves
        state["moves"] = moves
        state = copy_state(state)  # (a fresh object: the game's memo keys on the counter)
    return state


#: search rollouts stop after this many actions and judge the position by the points
#: the seats would have if the game ended now
HORIZON = 30
#: hard plays its rollouts to the end (``Budget.reach`` in ``engine.search``).  Where
#: hard and normal picked differently, hard's picks gained, per such decision,
#: -0.007 ± 0.016 (46 decisions) win share over normal's with rollouts cut at HORIZON,
#: +0.020 ± 0.017 (22) played to the end (judged by 20 paired full heuristic rollouts;
#: 2 seats, seeds 800-804 and 800-802: ``tests/engine/search_diagnose.py``)
MAX_REACH = math.inf
SCALE = 15.0  # a lead of SCALE points is most of a win (tanh(1) = 0.76)


def ai_scores(state: State) -> list[float]:
    """Every seat's final score if the game ended now (points plus goods, silverlings,
    workers and end-game knowledge): the search's judgement of a cut-off rollout."""
    return [float(sum(breakdown(p).values())) for p in state["players"]]
