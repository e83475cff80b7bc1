"""Exact building payments, with silver exchanged at the smithy.

A payment is a vector of pieces over ``BUILD_KINDS`` (sand, wood, clay, stone) whose
building points equal the cost exactly, using at least ``MIN_KINDS`` kinds.  Pieces the
player lacks are covered by silver bars exchanged for that kind from its cart (the bar
goes onto the smithy); the exchange is part of the payment, so it is never larger than
the shortfall.  Option id: ``pay:<sand>-<wood>-<clay>-<stone>``.
"""
from __future__ import annotations

from functools import lru_cache

from engine.core import State

from . import data as D

KINDS = D.BUILD_KINDS
_PTS = tuple(D.POINTS[k] for k in KINDS)


@lru_cache(maxsize=65536)
def _payments(cost: int, have: tuple[int, ...], silver: int, carts: tuple[int, ...]
              ) -> tuple[tuple[int, ...], ...]:
    caps = [min(h + min(silver, c), cost // p) for h, c, p in zip(have, carts, _PTS)]
    out = []
    p0, p1, p2, p3 = _PTS
    for d in range(caps[3] + 1):
        rest_d = cost - p3 * d
        for c in range(min(caps[2], rest_d // p2) + 1):
            rest_c = rest_d - p2 * c
            for b in range(min(caps[1], rest_c // p1) + 1):
                rest_b = rest_c - p1 * b
                if rest_b % p0:
                    continue
                a = rest_b // p0
                if a > caps[0]:
                    continue
                vec = (a, b, c, d)
                if sum(1 for x in vec if x) < D.MIN_KINDS:
                    continue
                if sum(max(0, x - h) for x, h in zip(vec, have)) > silver:
                    continue
                out.append(vec)
    out.sort(key=lambda v: (exchanged(v, have), v[::-1]))
    return tuple(out)


def exchanged(vec: tuple[int, ...], have: tuple[int, ...]) -> int:
    """Silver bars a payment needs."""
    return sum(max(0, x - h) for x, h in zip(vec, have))


def payments_for(cost: int, have: tuple[int, ...], silver: int, carts: tuple[int, ...]
                 ) -> tuple[tuple[int, ...], ...]:
    """``_payments`` for raw holdings (:func:`holdings`), through their :func:`clamp`."""
    return _payments(*clamp(cost, have, silver, carts))


def clamp(cost: int, have: tuple[int, ...], silver: int, carts: tuple[int, ...]) -> tuple:
    """``(cost, have, silver, carts)`` cut to what a payment of ``cost`` can tell apart (no
    more silver than the cost, no more cart pieces than that silver buys, no more pieces of
    a kind than the cost holds): a key many holdings share."""
    (h0, h1, h2, h3), (c0, c1, c2, c3), (p0, p1, p2, p3) = have, carts, _PTS
    silver = silver if silver < cost else cost
    m0, m1, m2, m3 = cost // p0, cost // p1, cost // p2, cost // p3
    return cost, (h0 if h0 < m0 else m0, h1 if h1 < m1 else m1, h2 if h2 < m2 else m2,
                  h3 if h3 < m3 else m3), silver, \
        (c0 if c0 < silver else silver, c1 if c1 < silver else silver,
         c2 if c2 < silver else silver, c3 if c3 < silver else silver)


@lru_cache(maxsize=None)
def _exact(cost: int) -> tuple[tuple[int, ...], ...]:
    """Every piece vector worth exactly ``cost`` using at least ``MIN_KINDS`` kinds."""
    return _payments(cost, tuple(cost // p for p in _PTS), 0, (0,) * len(KINDS))


def payable(cost: int, have: tuple[int, ...], silver: int, carts: tuple[int, ...]) -> bool:
    """``bool(payments_for(...))``: a quick worth check first, then a search stopping at the
    first payment (cached for the holdings clamped as in ``_payments``).  Spelled with
    conditional expressions, not ``min`` (the hot path asks :func:`payable_costs`)."""
    silver = silver if silver < cost else cost
    (h0, h1, h2, h3), (c0, c1, c2, c3), (p0, p1, p2, p3) = have, carts, _PTS
    c0, c1 = (c0 if c0 < silver else silver), (c1 if c1 < silver else silver)
    c2, c3 = (c2 if c2 < silver else silver), (c3 if c3 < silver else silver)
    r0, r1, r2, r3 = h0 + c0, h1 + c1, h2 + c2, h3 + c3  # pieces within reach per kind
    if (r0 > 0) + (r1 > 0) + (r2 > 0) + (r3 > 0) < D.MIN_KINDS \
            or h0 * p0 + h1 * p1 + h2 * p2 + h3 * p3 + silver * _MAX_PTS < cost:
        return False  # too few kinds or too little worth
    m0, m1, m2, m3 = cost // p0, cost // p1, cost // p2, cost // p3  # most of a kind used
    if ((r0 if r0 < m0 else m0) * p0 + (r1 if r1 < m1 else m1) * p1
            + (r2 if r2 < m2 else m2) * p2 + (r3 if r3 < m3 else m3) * p3) < cost:
        return False  # too little worth within reach
    return _payable(cost, (h0 if h0 < m0 else m0, h1 if h1 < m1 else m1,
                           h2 if h2 < m2 else m2, h3 if h3 < m3 else m3), silver, (c0, c1, c2, c3))


_MAX_PTS = max(_PTS)
#: every cost a template has, on either side
COSTS = tuple(sorted({D.template_value(t, w)[0] for t in D.TEMPLATE_TYPE for w in (False, True)}))


def payable_costs(have: tuple[int, ...], silver: int, carts: tuple[int, ...]) -> frozenset[int]:
    """The template costs of :data:`COSTS` these holdings can pay exactly: one look-up
    answers every template on the board.  Keyed by the holdings clamped as far as no cost
    can tell (silver beyond the largest cost, cart pieces beyond the silver that could
    buy them), so most moves find their answer."""
    (c0, c1, c2, c3) = carts
    if silver > _MOST:
        silver = _MOST
    return _payable_costs(have, silver, (c0 if c0 < silver else silver, c1 if c1 < silver
                                         else silver, c2 if c2 < silver else silver,
                                         c3 if c3 < silver else silver))


@lru_cache(maxsize=65536)
def _payable_costs(have: tuple[int, ...], silver: int, carts: tuple[int, ...]) -> frozenset[int]:
    return frozenset(cost for cost in COSTS if payable(cost, have, silver, carts))


_MOST = COSTS[-1]


@lru_cache(maxsize=65536)
def _payable(cost: int, have: tuple[int, ...], silver: int, carts: tuple[int, ...]) -> bool:
    """Whether an exact payment exists, stopping at the first one found."""
    for vec in _exact(cost):
        short = 0
        for x, h, c in zip(vec, have, carts):
            if x > h:
                if x - h > c:
                    break
                short += x - h
        else:
            if short <= silver:
                return True
    return False


def holdings(state: State, seat: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """(pieces per kind, silver, pieces per kind on the carts): what a payment depends on."""
    res, supply = state["players"][seat]["res"], state["supply"]
    return (res[KINDS[0]], res[KINDS[1]], res[KINDS[2]], res[KINDS[3]]), res["silver"], \
        (supply[KINDS[0]], supply[KINDS[1]], supply[KINDS[2]], supply[KINDS[3]])


def payments(state: State, seat: int, cost: int) -> tuple[tuple[int, ...], ...]:
    """Every legal exact payment of ``cost`` for ``seat`` (fewest silver exchanges first)."""
    return payments_for(cost, *holdings(state, seat))


def can_pay(state: State, seat: int, cost: int) -> bool:
    return bool(payments(state, seat, cost))


def pay_id(vec: tuple[int, ...]) -> str:
    return "pay:" + "-".join(map(str, vec))


def parse_pay(option: str) -> tuple[int, ...]:
    return tuple(int(x) for x in option[4:].split("-"))


def pay(state: State, seat: int, vec: tuple[int, ...]) -> dict[str, int]:
    """Exchange the shortfall for silver, pay ``vec`` back onto the carts; the exchanges."""
    res = state["players"][seat]["res"]
    supply = state["supply"]
    swaps: dict[str, int] = {}
    for kind, amount in zip(KINDS, vec):
        short = max(0, amount - res[kind])
        if short:
            swaps[kind] = short
            res["silver"] -= short
            state["smithy"] += short
            supply[kind] -= short
            res[kind] += short
        res[kind] -= amount
        supply[kind] += amount
    return swaps


def exchange_one(state: State, seat: int, kind: str) -> None:
    """One bar onto the smithy for one ``kind`` from its cart (checked available)."""
    res = state["players"][seat]["res"]
    res["silver"] -= 1
    state["smithy"] += 1
    state["supply"][kind] -= 1
    res[kind] += 1
