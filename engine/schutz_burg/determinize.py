"""Im Schutz der Burg for honest AI search: the public state and its determinization.

Hidden from a seat: the order of the winter deck, the other seats' face-down picks of
this round (also a first card already laid by a 2-player seat) and the RNG.  Everything
else is public (hands are known by deduction: played cards lie face up).
"""
from __future__ import annotations

import math
import random

from engine.core import State
from engine.search.hidden import HIDDEN, blank_picks, copy_state, refill_picks

from . import data as D
from .ai import projected
from .rounds import PICKS, picks_needed


def public_state(state: State, seat: int) -> State:
    """The state with what ``seat`` may not know blanked (deck order: sorted)."""
    out = copy_state(state)
    out["rng"] = 0
    out["deck"] = sorted(out["deck"])
    blank_picks(out.get(PICKS), seat)
    out["draft"] = {k: v for k, v in out["draft"].items() if int(k) == seat}
    return out


def determinize(game, view: dict, rng: random.Random) -> State:
    """A full state behind ``view`` (which carries ``public``): deck shuffled, the
    others' picks drawn at random from their legal cards."""
    state = copy_state(view["public"])
    state["rng"] = rng.getrandbits(63)
    rng.shuffle(state["deck"])
    box = state.get(PICKS)
    if box and not box["open"]:  # all chosen, not yet revealed (a winter card between)
        _draw_picks(state, box, rng)
    else:
        refill_picks(game, state, PICKS, view["seat"], rng)
    return state


def _draw_picks(state: State, box: dict, rng: random.Random) -> None:
    """Blanked picks of a closed pick box, drawn from each seat's legal cards directly
    (asking the seat again would answer whatever step is open now instead)."""
    for key, pick in box["picks"].items():
        if pick is HIDDEN:
            player = state["players"][int(key)]
            legal = [c for c in player["hand"] if player["played"] or c != D.MASTER]
            box["picks"][key] = rng.sample(legal, min(picks_needed(state, int(key)), len(legal)))


#: search rollouts stop after this many actions and judge the position by the points
#: plus what the helpers on buildings would score now; a lead of SCALE is most of a win
HORIZON = 24
#: hard plays its rollouts to the end (``Budget.reach`` in ``engine.search``).  Where
#: hard and normal picked differently, hard's picks gained, per such decision,
#: +0.010 ± 0.032 win share over normal's with rollouts cut at HORIZON (31 decisions),
#: +0.087 ± 0.025 played to the end (26), on the same 81 positions (judged by 20 paired
#: full heuristic rollouts; 2 seats, seeds 800-803: ``tests/engine/search_diagnose.py``)
MAX_REACH = math.inf
SCALE = 12.0


def ai_scores(state: State) -> list[float]:
    """Every seat's points so far plus its helpers' worth (the search's judgement)."""
    return projected(state)
