"""Final scoring in the rulebook's order and the winner with tie-breaks.

Order: trader's helpers leave; keep, tavern, gates, stable, servants' house, market,
palace (decision ``palace_exchange``: ``exchange:<n>`` silver bars to exchange before
converting), smithy, granary (winter).  Parts go to ``state["final"][seat]``.
"""
from __future__ import annotations

from engine.core import Event, Option, Result, State

from . import data as D
from .payment import exchange_one
from .state import is_built, res_points, seats_from
from .tasks import act, options, push, step

PALACE_PIECES = 5  # pieces one palace space converts (data: helper_space_roles.palace)


def castle_helpers(state: State) -> int:
    return sum(1 for s in state["spaces"].values() if s is not None)


def _towers(state: State) -> int:
    return sum(1 for t in state["built"] if D.TYPE_KIND[D.TEMPLATE_TYPE[t]] == "tower")


def _houses(state: State) -> int:
    return sum(1 for t in state["built"] if D.TYPE_KIND[D.TEMPLATE_TYPE[t]] == "house")


def _empty_spaces(state: State) -> int:
    return sum(1 for sp, s in state["spaces"].items()
               if s is None and is_built(state, D.SPACES[sp]["building"]))


#: role -> (score part, VP per space held), evaluated in the final scoring order
ROLE_SCORES = {
    "keep": ("keep", lambda st: 3 * _empty_spaces(st)),
    "tavern_full": ("tavern", castle_helpers),
    "tavern_half": ("tavern", lambda st: castle_helpers(st) // 2),
    "gate_large": ("gate_large", lambda st: 2 * _towers(st)),
    "gate_small": ("gate_small", _towers),
    "stable_high": ("stable", lambda st: 3 * _houses(st)),
    "stable_low": ("stable", lambda st: 2 * _houses(st)),
    "servants": ("servants_house", lambda st: len(st["board"])),
}
SMITHY_SCORES = {"smithy_full": lambda bars: bars, "smithy_half": lambda bars: bars // 2}


def _score(state: State, seat: int, part: str, vp: int, events: list[Event]) -> None:
    state["players"][seat]["vp"] += vp
    parts = state["final"][seat]
    parts[part] = parts.get(part, 0) + vp
    params = {"seat": seat, "part": part, "vp": vp}
    events.append(Event("final_score", params) if vp else Event("final_score_nothing", params))


def _held(state: State, role: str) -> list[int]:
    """Seats on the spaces of ``role`` (one entry per space), from the last start player."""
    order = seats_from(state, state["start"])
    held = [state["spaces"][sp] for sp, meta in D.SPACES.items()
            if meta["role"] == role and state["spaces"][sp] is not None]
    return sorted(held, key=order.index)


@step("final")
def final(state: State, _st: list, events: list[Event]) -> None:
    """Trader's helpers go home; score the castle up to the market; queue the palace."""
    events.append(Event("final_scoring", {}))
    for spot, occ in state["spots"].items():
        if occ is not None:
            state["players"][occ[0]]["helpers"] += 1
            state["spots"][spot] = None
    state["final"] = [{} for _ in range(state["n"])]
    for role, (part, rule) in ROLE_SCORES.items():
        for seat in _held(state, role):
            _score(state, seat, part, rule(state), events)
    for seat in dict.fromkeys(_held(state, "market")):
        _market(state, seat, _held(state, "market").count(seat), events)
    palace = _held(state, "palace")
    push(state, *[["palace", s, palace.count(s)] for s in dict.fromkeys(palace)], ["final_end"])


def _market(state: State, seat: int, spaces: int, events: list[Event]) -> None:
    player = state["players"][seat]
    rate = 1 if spaces > 1 else 2
    vp = player["taler"] // rate
    player["taler"] -= vp * rate
    state["lost"]["taler"] += vp * rate
    _score(state, seat, "market", vp, events)


# -- palace --------------------------------------------------------------------------
def exchange_max(state: State, seat: int, limit: int) -> int:
    carts = sum(state["supply"][k] for k in D.BUILD_KINDS)
    return min(state["players"][seat]["res"]["silver"], limit, carts)


@step("palace")
def palace(state: State, st: list, events: list[Event]) -> dict | None:
    seat, limit = st[1], PALACE_PIECES * st[2]
    if exchange_max(state, seat, limit):
        return {"type": "palace_exchange", "seat": seat, "limit": limit}
    convert(state, seat, limit, 0, events)
    return None


@options("palace_exchange")
def palace_options(state: State, task: dict) -> list[Option]:
    top = exchange_max(state, task["seat"], task["limit"])
    return [Option(f"exchange:{k}", "exchange" if k else "exchange_none", {"count": k})
            for k in range(top, -1, -1)]


@act("palace_exchange")
def act_palace(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    convert(state, task["seat"], task["limit"], int(option[9:]), events)


def convert(state: State, seat: int, limit: int, bars: int, events: list[Event]) -> None:
    """Exchange ``bars`` for the best kinds left on the carts, then convert the ``limit``
    most valuable pieces into VP; converted pieces leave the game."""
    by_value = sorted(D.BUILD_KINDS, key=D.POINTS.__getitem__, reverse=True)
    for _ in range(bars):
        exchange_one(state, seat, next(k for k in by_value if state["supply"][k]))
    res = state["players"][seat]["res"]
    vp, left = 0, limit
    for kind in by_value:
        take = min(left, res[kind])
        res[kind] -= take
        state["lost"][kind] += take
        vp += take * D.POINTS[kind]
        left -= take
    _score(state, seat, "palace", vp, events)


# -- smithy, granary, result ---------------------------------------------------------
@step("final_end")
def final_end(state: State, _st: list, events: list[Event]) -> None:
    for role, rule in SMITHY_SCORES.items():
        for seat in _held(state, role):
            _score(state, seat, "smithy", rule(state["smithy"]), events)
    granary = state["granary"]
    if granary:
        vp = D.WINTER["granary"]["scoring_by_helper_count"][str(len(granary))]
        for seat in granary:
            _score(state, seat, "granary", vp, events)
    if state["maiden"] is not None:
        for item in state["maiden"]["items"]:
            state["lost"][item] += 1
        state["maiden"]["items"] = []
    result = compute_result(state)
    state["result"] = result.to_json()
    state["finished"] = True
    state["queue"] = []
    for seat in result.winners:
        events.append(Event("game_won", {"seat": seat, "vp": result.scores[seat]}))


def tie_key(state: State, seat: int) -> tuple[int, int, int]:
    """VP, then Taler, then building points of the supply (silver 0)."""
    player = state["players"][seat]
    return player["vp"], player["taler"], res_points(player["res"])


def compute_result(state: State) -> Result:
    seats = range(state["n"])
    best = max(tie_key(state, s) for s in seats)
    winners = tuple(s for s in seats if tie_key(state, s) == best)
    scores = {s: state["players"][s]["vp"] for s in seats}
    breakdown = {}
    for s in seats:
        parts = state["final"][s]
        breakdown[s] = {"play": scores[s] - sum(parts.values()), **parts}
    return Result(winners, scores, breakdown)


def result_of(state: State) -> Result | None:
    data = state["result"]
    if data is None:
        return None
    return Result(tuple(data["winners"]), {int(k): v for k, v in data["scores"].items()},
                  {int(k): dict(v) for k, v in data["breakdown"].items()})
