"""A simple, sensible AI: ``ai_preference`` ranks the options of any decision.

Cheap heuristics only (it runs inside playouts): build when possible, pay the Bricklayer
with many pieces, place helpers where they would score most (:func:`space_worth`: what
the space would score if the game ended now), pick the card that fits the moment.
:func:`projected` (points plus what the seat's helpers would score now) is also the
search's judgement of a cut-off rollout.
"""
from __future__ import annotations

import random
from typing import Callable

from engine.core import Decision, State

from . import data as D
from .building import buildable
from .scoring import PALACE_PIECES, ROLE_SCORES, SMITHY_SCORES

Ranker = Callable[[State, Decision, random.Random], list[str]]
_VALUE = {"sand": 1, "wood": 2, "clay": 4, "stone": 5, "silver": 2, "taler": 1}


def _by(decision: Decision, score: Callable[[str], float]) -> list[str]:
    return sorted((o.id for o in decision.options), key=score, reverse=True)


def _pick(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    seat = decision.seat
    player = state["players"][seat]
    can_build = bool(buildable(state, seat))
    builders = sum(1 for s in range(state["n"]) if s != seat and buildable(state, s))
    base = {"messenger": 9 - player["taler"] / 2, "trader": 4 if player["helpers"] else 0,
            "bricklayer": (7 if can_build else 1) + sum(state["tower"].values()) / 2,
            "stonemason": 9 if can_build else 0,
            D.MASTER: 3 * builders + 0.6 * len(player["played"])}

    def score(oid: str) -> float:
        if oid == "back":
            return -99
        return base.get(oid[5:], 3.5) + 4 * rnd.random()
    return _by(decision, score)


def _build(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    return _by(decision, lambda oid: -1 if oid == "done" else decision.option(oid).params["vp"])


def _pay(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    if decision.params.get("card") == "bricklayer":
        return _by(decision, lambda oid: -99 if oid == "back" else
                   sum(map(int, oid[4:].split("-"))) - 3 * decision.option(oid).params["silver"])
    return [o.id for o in decision.options]


TALER_WORTH = 0.3   # VP a Taler is worth to the heuristic (fees, tie-breaks, the market)


def _palace(res: dict, pieces: int) -> int:
    """Building points of the ``pieces`` most valuable resource pieces of ``res``."""
    points = sorted((D.POINTS[k] for k in D.BUILD_KINDS for _ in range(res[k])), reverse=True)
    return sum(points[:pieces])


def space_worth(state: State, seat: int, space: str, held: int = 1) -> float:
    """What ``seat``'s helper on ``space`` would score if the game ended now (``held``:
    how many spaces of that role the seat holds, for the market and the palace)."""
    role = D.SPACES[space]["role"]
    if role in ROLE_SCORES:
        return ROLE_SCORES[role][1](state)
    if role in SMITHY_SCORES:
        return SMITHY_SCORES[role](state["smithy"])
    player = state["players"][seat]
    if role == "market":
        return player["taler"] / (2 if held < 2 else 1) / held
    if role == "palace":
        return _palace(player["res"], PALACE_PIECES * held) / held
    return 0.0


def projected(state: State) -> list[float]:
    """Every seat's points so far plus what its helpers on buildings would score now."""
    out = [float(p["vp"]) for p in state["players"]]
    mine: dict[tuple[int, str], int] = {}
    for space, seat in state["spaces"].items():
        if seat is not None:
            role = D.SPACES[space]["role"]
            mine[seat, role] = mine.get((seat, role), 0) + 1
    for space, seat in state["spaces"].items():
        if seat is not None:
            out[seat] += space_worth(state, seat, space, mine[seat, D.SPACES[space]["role"]])
    return out


def _helper(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    seat = decision.seat

    def score(oid: str) -> float:
        if oid == "done":
            return 1.0
        if not oid.startswith("space:"):
            return 0.5 + rnd.random()
        fee = decision.option(oid).params["fee"]
        return space_worth(state, seat, oid[6:]) - TALER_WORTH * fee + rnd.random() / 10
    return _by(decision, score)


def _first_real(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    real = [o.id for o in decision.options if o.id not in ("pass", "done", "back")]
    rnd.shuffle(real)
    return real


def _tower(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    return _by(decision, lambda oid: state["tower"][oid[5:]] * _VALUE[oid[5:]])


def _buy(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    if state["players"][decision.seat]["taler"] < 3:
        return ["done"]
    return _by(decision, lambda oid: 0 if oid == "done" else _VALUE[oid.rsplit(":", 1)[1]])


def _court(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    if rnd.random() < 0.35:
        return ["withdraw"]
    return _by(decision, lambda oid: -9 if oid == "withdraw" else -_VALUE[oid[5:]])


def _winter_loss(fee_room: int) -> Ranker:
    def rank(state: State, decision: Decision, rnd: random.Random) -> list[str]:
        rich = state["players"][decision.seat]["taler"] >= fee_room
        return _by(decision, lambda oid: (2 if rich else -2) if oid == "pay" else rnd.random())
    return rank


def _take(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    return _by(decision, lambda oid: _VALUE[oid.split(":")[1].split("+")[0]])


def _first(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    return [decision.options[0].id]


_RANKERS: dict[str, Ranker] = {
    "pick_card": _pick, "build": _build, "pay": _pay, "helper": _helper,
    "helper_source": _first, "trader": _first_real, "toll_return": _first,
    "tower_kind": _tower, "buy": _buy, "sell_last": lambda s, d, r: ["refuse"],
    "court": _court, "plague": _winter_loss(8), "snowdrift": _winter_loss(9),
    "wall_breach": _first, "palace_exchange": _first, "stock_choice": _take,
    "worker_order": _first, "maiden_take": _take,
}


def ai_preference(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    """Option ids of ``decision`` in order of preference (never empty)."""
    ranker = _RANKERS.get(decision.kind)
    ranked = ranker(state, decision, rnd) if ranker else []
    return ranked or [decision.options[0].id]
