"""Castles of Mad King Ludwig for honest AI search: the public state and its sampling.

Hidden from a seat: which room tiles lie in each stack (each stack is a random part of
its size) and their order, the tiles others laid on the deck or discarded face down
(the size of a laid tile is public), the room-card deck order, the bonus deck and the
others' bonus cards (dealt, kept or drawn), the others' secret bonus returns, the RNG.
A stack the seat is looking at (sleeping reward) is known to it as a set.
"""
from __future__ import annotations

import random

from engine.core import State
from engine.search.hidden import blank_picks, copy_state, deal, refill_picks

from . import data as D
from . import estimate
from .setup import BONUS_RETURN


def _mine(state: State, seat: int, key: str) -> bool:
    task = state["task"]
    return state[key] is not None and task is not None and task.get("seat") == seat


def public_state(state: State, seat: int) -> State:
    """The state with what ``seat`` may not know blanked or in a canonical order."""
    out = copy_state(state)
    out["rng"] = 0
    out["deck"] = sorted(out["deck"])
    peeking = _mine(state, seat, "peek")
    for size, stack in out["stacks"].items():
        known = peeking and state["task"]["size"] == size
        out["stacks"][size] = sorted(stack) if known else [None] * len(stack)
    for item in out["prepared"]:
        if item["by"] != seat:
            item["size"], item["tile"] = D.size_of(item["tile"]), None
    out["discarded_tiles"] = [None] * len(out["discarded_tiles"])
    if out["peek"] is not None:
        out["peek"] = sorted(out["peek"]) if peeking else None
        if not peeking:  # the other seat's picks from the stack it looks at
            out["task"]["chosen"] = [None] * len(out["task"]["chosen"])
    hidden = list(out["bonus_deck"])
    for s, player in enumerate(out["players"]):
        if s != seat:
            hidden += player["bonus"] + player["dealt"]
            player["bonus"] = [None] * len(player["bonus"])
            player["dealt"] = [None] * len(player["dealt"])
    if out["drawn"] is not None and not _mine(state, seat, "drawn"):
        hidden += out["drawn"]
        out["drawn"] = [None] * len(out["drawn"])
    out["bonus_deck"] = [None] * len(out["bonus_deck"])
    out["hidden_bonus"] = sorted(hidden)
    blank_picks(out.get(BONUS_RETURN), seat)
    return out


def _seen_tiles(state: State) -> set[str]:
    seen = {slot["tile"] for slot in state["market"] if slot["tile"]}
    seen.update(room["tile"] for p in state["players"] for room in p["rooms"])
    seen.update(state["boxed"])
    seen.update(x["tile"] for x in state["pool"] if isinstance(x, dict) and x.get("tile"))
    seen.update(x["tile"] for x in state["prepared"] if x["tile"])
    for stack in state["stacks"].values():
        seen.update(t for t in stack if t)
    return seen


def determinize(game, view: dict, rng: random.Random) -> State:
    """A full state behind ``view`` (which carries ``public``)."""
    state = copy_state(view["public"])
    seat = view["seat"]
    state["rng"] = rng.getrandbits(63)
    rng.shuffle(state["deck"])
    unseen: dict[int, list[str]] = {}
    for tile in sorted(set(D.ROOM_IDS) - _seen_tiles(state)):
        unseen.setdefault(D.size_of(tile), []).append(tile)
    for tiles in unseen.values():
        rng.shuffle(tiles)
    for size, stack in state["stacks"].items():
        if stack and stack[0] is None:
            pool = unseen.get(int(size), [])
            state["stacks"][size] = [pool.pop() for _ in stack]
        else:
            rng.shuffle(stack)
    task = state["task"]
    if task is not None and task["type"] == "sleep_pick":
        state["peek"] = list(state["stacks"][task["size"]])
        if task["chosen"][:1] == [None]:
            task["chosen"] = rng.sample(state["peek"], len(task["chosen"]))
    for item in state["prepared"]:
        if item["tile"] is None:
            item["tile"] = unseen[item.pop("size")].pop()
    rest = [t for tiles in unseen.values() for t in tiles]
    rng.shuffle(rest)
    state["discarded_tiles"] = [rest.pop() if rest else D.ROOM_IDS[0]
                                for _ in state["discarded_tiles"]]
    _bonus(state, seat, rng, view.get("my_decision"))
    refill_picks(game, state, BONUS_RETURN, seat, rng)
    return state


def _bonus(state: State, seat: int, rng: random.Random, mine: dict | None) -> None:
    """Deal the hidden bonus cards; when the seat picks a card (chosen-bonus variant) its
    options show which cards are still free, so the others hold the rest."""
    others = [p for s, p in enumerate(state["players"]) if s != seat]
    pool = state.pop("hidden_bonus")
    taken: list[str] = []
    if mine is not None and mine["kind"] == "bonus_pick":
        free = {o.split(":", 1)[1] for o in mine["options"] if o.startswith("pick:")}
        taken = [c for c in pool if c not in free]
        pool = [c for c in pool if c in free]
    held = deal(rng, taken, [p["bonus"] for p in others]) if taken else None
    shapes = [state["bonus_deck"]] + [p["dealt"] for p in others]
    shapes += [[None] * 0 if held else p["bonus"] for p in others]
    drawn = state["drawn"] is not None and state["drawn"][:1] == [None]
    if drawn:
        shapes.append(state["drawn"])
    dealt = deal(rng, pool, shapes)
    state["bonus_deck"] = dealt[0]
    k = len(others)
    for i, p in enumerate(others):
        p["dealt"] = dealt[1 + i]
        p["bonus"] = held[i] if held else dealt[1 + k + i]
    if drawn:
        state["drawn"] = dealt[-1]


#: search rollouts stop after this many actions and judge the position by the fitted
#: estimate (:mod:`.estimate`): the final score difference the heuristic's own play
#: would reach from there.  (With the final scoring as if the game ended now as the
#: judgement, the search's overrides were neutral: +0.01 at 8 actions and +0.03 at 20
#: on the 0..1 rollout value, judged by 24 paired full-length rollouts each, and normal
#: won 45% of 20 two-seat games against easy; with the estimate, 70% of 60, seeds
#: 700-759: ``python -m bot arena ludwig --seats normal,easy``.  At 4 seats, where a
#: round is longer, 16 won 4 of 12 games against three easy seats (seeds 700-711), no
#: better than 8's 7 of 20: not adopted.)
HORIZON = 8
SCALE = 15.0  # a lead of SCALE points is most of a win (tanh(1) = 0.76)
#: hard plays its rollouts to 3 horizons (normal's reach is 1).  At 2 seats, on the same
#: 67 positions (seeds 800-803), hard's picks that differ from normal's gained +2.5 ± 1.2
#: points of final lead each (31 differ) with 3 horizons, -0.3 ± 0.6 with 1 (17 differ),
#: judged by 20 paired full heuristic rollouts (``search_diagnose.py ludwig --max-reach``);
#: played to the end, hard left the heuristic in 1 of 23 decisions (full 2-seat rollouts,
#: 8 ms each, are too noisy for its 1.6 s).  A rollout to 3 horizons costs about 1.2 ms.
MAX_REACH = 3
#: at most this many actions past the cut-off to reach a quiet position (:func:`ai_quiet`;
#: from 330 positions of 4-seat heuristic games a cut rollout played 2 more actions at
#: the median, 9 at p90, 16 at most: the cap is a guard, never reached there)
QUIET_CAP = 40


def ai_quiet(state: State) -> bool:
    """A turn boundary: no pricing and no purchase half done (the estimate sees neither
    the market's prices nor a placement's choices), or the game over.

    Measured (``python -m bot arena ludwig``, CPU-time budgets, shared machine): normal
    vs easy at 2 seats 21 of 30 (seeds 700-729; 19 of 30 cut where it stood), normal vs
    three easy 14 of 40 (seeds 700-739; 17 of 40 before): both within noise of the cut
    where it stands.  Normal's departures from the heuristic gained the same either way
    (+0.013 win share each, 4 seats, 152 positions); those on pricing gain nothing in
    full rollouts (0.000 on 28 ``price_to``, -0.006 to +0.007 on 25 ``price``)."""
    task = state["task"]
    return task is None or task["type"] == "turn"


def ai_scores(state: State) -> list[float]:
    """Per seat, the fitted estimate of its final score (differences are the lead)."""
    return estimate.values(state)


# Normal at 4 seats: what else was measured, none of it adopted (the code as is won
# 14 of 40 against three easy seats, seeds 700-739; ``python -m bot arena ludwig --seats
# normal,easy,easy,easy``, CPU-time budgets, shared machine):
# - A cut 4-seat rollout valued by the seat's chance to end first (each seat's estimate
#   plus its own normal noise, 6.4 points at the deck's end to 18.4 with half of it left,
#   5.7 in the last round: the estimate's pairwise error over √2, 200 heuristic games, seeds
#   6000-6199) instead of the lead over the best other seat: 8 of 31 games (seeds
#   700-730; as is 10 of the same 31).  Per decision against normal as is (16 paired full
#   rollouts each, seeds 700-707): -0.005 ± 0.013 win share where they differ (25 of 188
#   decisions); the seat's estimate minus the others' mean: -0.012 ± 0.016 (27 of 188).
# - The heuristic's pricing kept (no search on ``price``/``price_to``): 13 of 40 (seeds
#   700-739; p50 101 ms, p99 249 ms); as is 14 of the same 40.
# - Where normal's search gains against the heuristic, per departure, in win share
#   (``search_diagnose.py ludwig --seats 4 --every 0.12 --rollouts 16 --normal
#   seconds=100 --hard confidence=inf --by-kind``, which prints hard = the heuristic minus
#   normal, so with the opposite sign; seeds 700-712 and 724-739, 846 decisions, 287
#   departures): ``turn`` (which room to buy) +0.075 ± 0.027 (63 of 156); ``price``
#   -0.007 ± 0.011 (75 of 211); ``price_to`` 0.000 (74 of 151: the heuristic's price
#   moves that follow undo it); ``place`` +0.003 ± 0.019 (41 of 157); all +0.010 ± 0.008.
#   So the search's worth at 4 seats is the purchase; on it, width 6 with 192 rollouts,
#   confidence 1 or reach 2 changed 6 of 82, 3 of 110 and 11 of 91 purchases against
#   normal as is, with no gain (-0.021 ± 0.131, +0.146 ± 0.150, -0.057 ± 0.073).
# - Searched move by move, pricing can walk in circles, at 2 seats too: in a 2-seat game
#   (seed 812) normal swapped the same two tiles back and forth until the 20-move cap
#   (``decisions.MAX_PRICE_MOVES``: a pricing of 41 decisions, and at hard's 1.6 s each
#   about a minute of thinking); normal-against-normal games had 62-166 pricing decisions,
#   the heuristic's own 36-62 (seeds 812-815).  Leaving pricing to the heuristic at every
#   level stops that, but at 2 seats normal then beat easy in 19 of 30 (seeds 700-729; as
#   is 21 of 30) and hard beat normal in 0 of 3 (seeds 800, 801, 810; as is 7 of 8 on
#   800-807, losing 801): hard's 2-seat edge seems to need its searched pricing.  So the
#   circles stay until a guard that keeps hard's pricing (e.g. no return to an arrangement
#   already seen in the same pricing) is measured.
