"""The search's judgement of a Ludwig position: the final score difference the
heuristic's own play would reach from here, as a linear function of a few features.

The weights were fitted by least squares on positions of heuristic-vs-heuristic games,
each labelled with that game's final score difference (Monte Carlo value regression,
as Carcassonne's ``estimate``: ``python tests/engine/ludwig/fit_estimate.py`` plays the
games, fits and prints the weights and the error).  The search's rollouts play the easy
level's policy, so this is the value they need: what a position is worth when every
seat goes on playing the heuristic.

Beyond the final scoring as if the game ended now (``now``), it sees what a placement
leaves for later (open doors, rooms still to complete and the rewards they promise),
the stairs that open the downstairs, and a room bought but not yet placed (paid and
scored only on placement, so without it every purchase would look alike one step on).
"""
from __future__ import annotations

from . import data as D
from .ai import REWARD_VALUE, _best_placement, _values, money_value
from .build import castle
from .decisions import spots
from .placement import legal
from .scoring import bonus_points, depleted, favor_measure, measures, rank_points

#: one feature per name, per seat; "_left" features are scaled by the share of the
#: room-card deck left (what a castle can still become)
FEATURES = ("now", "open", "open_left", "promise", "promise_left", "stairs_left", "pending",
            "pending_cost", "active", "builder")
_I = {name: i for i, name in enumerate(FEATURES)}

#: fitted weights (see the module docstring), in FEATURES order, per number of seats:
#: 2-seat games on 800 games, 4-seat games on 300 (the 2-seat weights judge 4-seat
#: positions worse than the score now alone: held-out MSE 402 against 356, the 4-seat
#: ones 350); 3 seats use the 4-seat weights.  Re-fitted on 1,000 4-seat games
#: (``--games 1000 --seats 4 --seed 5000``): held-out MSE 366.9 against the stored
#: weights' 367.4 and the score now alone's 384.4 (label variance 585), and the same
#: search choices on 48 sampled 4-seat decisions, so the stored weights stay.  At 4
#: seats the estimate removes 4 % of the score-now error, at 2 seats 15 % (638 against
#: 748): what a 4-seat game does after the cut is mostly the other three seats' luck,
#: which no feature of the position sees.
WEIGHTS = {2: (1.103, -0.110, -0.175, 0.605, 1.970, 1.070, 1.011, -0.332, 0.624, 2.514),
           4: (0.951, 0.003, -0.221, 0.295, 0.279, 3.120, 0.938, -0.205, -0.196, 3.331)}


def weights_for(seats: int) -> tuple[float, ...]:
    """The fitted weights for a game of ``seats`` seats."""
    return WEIGHTS[2 if seats <= 2 else 4]


def deck_left(state: dict) -> float:
    """The share of the room-card deck still to come (1 at the start, 0 at the end).

    In the last round the deck is the reshuffled discard pile, so this (and
    :func:`.ai.money_value`) reads it as early in the game.  Taking 0 there in the 4-seat
    features barely helps: held-out MSE 348.3 -> 346.9 with the stored weights, 349.2 ->
    347.7 refitted, on 1,000 4-seat games (``lw_fit_estimate.py --games 1000 --seats 4
    --seed 5000``; the score now alone 359.8, label variance 543.5), so it stays (and the
    2-seat features stay fixed while 2-seat play is being measured)."""
    full = D.DECK_SIZE[state["n"]]
    return min(1.0, len(state["deck"]) / full) if full else 0.0


def now_points(state: dict) -> list[float]:
    """Per seat, the final score if the game ended now, with money at what it is worth to
    the heuristic now (:func:`.ai.money_value`: it still buys rooms with it).  Money is
    not a fitted feature: in heuristic games the seats that keep money are those that
    found nothing to buy, so a fit learns a negative worth for it, and the search would
    then spend for the sake of spending."""
    n = state["n"]
    per_coin = money_value(state) / 1000
    ms = [dict(castle_facts(state, s)[0], money=p["money"]) for s, p in enumerate(state["players"])]
    out = [p["score"] + depleted(state, s) + p["money"] * per_coin
           + sum(bonus_points(c, ms[s]) for c in p["bonus"])
           for s, p in enumerate(state["players"])]
    for favor in state["favors"]:
        for s, pts in enumerate(rank_points([favor_measure(favor, m) for m in ms], n)):
            out[s] += pts
    return out


#: the key of the estimate's facts in a castle's own memo (``Castle.values``, where the
#: heuristic keeps its placement values under tile keys)
_FACTS = ("estimate facts",)


def castle_facts(state: dict, seat: int) -> tuple[dict, int, float, float]:
    """(``measures`` but money, open doors, the rewards its open rooms promise, 1.0 if it
    has stairs) of ``seat``'s castle: they depend on its rooms alone, so each castle
    works them out once (the search judges thousands of cut rollouts per decision)."""
    c = castle(state, seat)
    facts = c.values.get(_FACTS)
    if facts is None:
        m = measures(state, seat)
        del m["money"]
        promise = sum(REWARD_VALUE[D.type_of(r["tile"])]
                      for i, r in enumerate(c.rooms) if not c.completed(i))
        stairs = float(any(r["tile"] == D.STAIRS for r in c.rooms))
        facts = c.values[_FACTS] = (m, len(c.open_doors()), promise, stairs)
    return facts


def _pending(state: dict, seat: int) -> tuple[float, float]:
    """(the heuristic's value of the room ``seat`` has bought and not yet placed, what it
    will pay for it in 1,000 M): a purchase is paid and scored on placement."""
    task = state["task"]
    if not task or task.get("seat") != seat or task["type"] != "place":
        return 0.0, 0.0
    value = _best_value(state, seat, task["tile"], task.get("spot"))
    if value is None:
        return 0.0, 0.0
    if task["free"]:
        cost = 0
    elif task["slot"] is not None:
        slot = state["market"][task["slot"]]
        cost = slot["price"] - slot["coins"]
    else:
        cost = D.CORRIDOR_PRICE
    return value, cost / 1000


def _best_value(state: dict, seat: int, tile: str, spot: int | None) -> float | None:
    """The heuristic's value of the best legal placement of ``tile`` (within the chosen
    spot, once one is chosen), or None if there is none."""
    if spot is None:
        value, where = _best_placement(state, seat, tile)
        return None if where is None else value
    c = castle(state, seat)
    group = spots(legal(c, tile))
    if not 0 < spot <= len(group):
        return None
    inside = {id(cand) for cand in group[spot - 1]}
    return max((v for v, cand in _values(state, c, tile) if id(cand) in inside), default=None)


def features(state: dict) -> list[list[float]]:
    """Per seat, the values of ``FEATURES``."""
    left = deck_left(state)
    now = now_points(state)
    turn = state["turn"]["seat"] if state["turn"] else None
    out = []
    for s, p in enumerate(state["players"]):
        _m, doors, promise, stairs = castle_facts(state, s)
        f = [0.0] * len(FEATURES)
        f[_I["now"]] = now[s]
        f[_I["open"]], f[_I["open_left"]] = doors, doors * left
        f[_I["promise"]], f[_I["promise_left"]] = promise, promise * left
        f[_I["stairs_left"]] = stairs * left
        f[_I["pending"]], f[_I["pending_cost"]] = _pending(state, s)
        f[_I["active"]] = float(turn == s and not state["finished"])
        f[_I["builder"]] = float(state["mb"] == s)
        out.append(f)
    return out


def values(state: dict) -> list[float]:
    """Per seat, the weighted sum of its features (differences are the expected lead)."""
    if state["finished"]:
        return [float(p["score"]) for p in state["players"]]
    weights = weights_for(state["n"])
    return [sum(w * x for w, x in zip(weights, f)) for f in features(state)]
