"""The Trader: the Village Inn toll (winter), placing a trader's helper on a cart or the
rider (with displacement), and the production once per round after the last Trader.

Decisions: ``trader`` (``spot:<spot>`` / ``inn:<spot>`` placing from supply / the
innkeeper, or ``pass``) and ``toll_return`` (``spot:<spot>``: which trader's helper to
take back when the toll cannot be paid).
"""
from __future__ import annotations

from engine.core import Event, Option, State

from . import data as D
from .tasks import PASS, act, options, step

INN = D.INN


def own_spots(state: State, seat: int) -> list[str]:
    return [s for s, occ in state["spots"].items() if occ and occ[0] == seat]


# -- the inn toll --------------------------------------------------------------------
@step("toll")
def toll(state: State, st: list, events: list[Event]) -> dict | None:
    """Pay 1 Taler to the innkeeper (or onto the card); unable: give back a trader's helper."""
    seat, inn = st[1], state["inn"]
    if inn is None or inn["keeper"] == seat:
        return None
    amount = D.WINTER[INN]["trader_toll"]
    player = state["players"][seat]
    if player["taler"] >= amount:
        player["taler"] -= amount
        if inn["keeper"] is None:
            inn["taler"] += amount
            events.append(Event("toll_to_inn", {"seat": seat, "amount": amount}))
        else:
            state["players"][inn["keeper"]]["taler"] += amount
            events.append(Event("toll_paid", {"seat": seat, "amount": amount,
                                              "keeper_seat": inn["keeper"]}))
        return None
    if own_spots(state, seat):
        return {"type": "toll_return", "seat": seat}
    events.append(Event("toll_unpaid", {"seat": seat}))
    return None


@options("toll_return")
def toll_options(state: State, task: dict) -> list[Option]:
    return [Option(f"spot:{s}", "spot_return", {"spot": s}) for s in own_spots(state, task["seat"])]


@act("toll_return")
def act_toll(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    return_helper(state, task["seat"], option[5:], events)


def return_helper(state: State, seat: int, spot: str, events: list[Event]) -> None:
    state["spots"][spot] = None
    state["players"][seat]["helpers"] += 1
    events.append(Event("toll_helper_returned", {"seat": seat, "spot": spot}))


# -- placing a trader's helper -------------------------------------------------------
@step("trader_place")
def start_trader(state: State, st: list, _events: list[Event]) -> dict:
    return {"type": "trader", "seat": st[1]}


def legal_spots(state: State, seat: int) -> list[tuple[str, int | None]]:
    """(spot, displaced seat or None) where ``seat`` may put a trader's helper now."""
    spots = state["spots"]
    free = [c for c in D.CARTS if spots[c] is None]
    if free:
        return [(c, None) for c in free]
    out: list[tuple[str, int | None]] = [(D.RIDER, None)] if spots[D.RIDER] is None else []
    for spot in D.SPOTS:
        occ = spots[spot]
        if occ and occ[0] != seat and occ[1] < state["round"]:
            out.append((spot, occ[0]))
    return out


@options("trader")
def trader_options(state: State, task: dict) -> list[Option]:
    seat = task["seat"]
    sources = ["spot"] if state["players"][seat]["helpers"] else []
    inn = state["inn"]
    if inn and inn["keeper"] == seat:
        sources.append("inn")
    opts = []
    for spot, victim in legal_spots(state, seat):
        for src in sources:
            params = {"spot": spot, "resource": D.SPOT_RES[spot],
                      "source": "supply" if src == "spot" else "innkeeper"}
            if victim is None:
                opts.append(Option(f"{src}:{spot}", "spot", params))
            else:
                opts.append(Option(f"{src}:{spot}", "displace", dict(params, victim_seat=victim)))
    return opts + [PASS] if opts else []


@act("trader")
def act_trader(state: State, task: dict, option: str, events: list[Event]) -> None:
    state["task"] = None
    seat = task["seat"]
    if option == "pass":
        events.append(Event("trader_passed", {"seat": seat}))
        return
    source, spot = option.split(":", 1)
    if source == "inn":
        state["inn"]["keeper"] = None
    else:
        state["players"][seat]["helpers"] -= 1
    occ = state["spots"][spot]
    if occ is not None:
        state["players"][occ[0]]["helpers"] += 1
        events.append(Event("trader_displaced", {"seat": seat, "victim_seat": occ[0], "spot": spot}))
    state["spots"][spot] = [seat, state["round"]]
    events.append(Event("trader_placed", {"seat": seat, "spot": spot}))


# -- production ----------------------------------------------------------------------
@step("production")
def production(state: State, _st: list, events: list[Event]) -> None:
    """Every trader's helper yields its spot's resource; 1 of each kind goes to the tower."""
    supply, tower = state["supply"], state["tower"]
    for spot in D.SPOTS:
        occ = state["spots"][spot]
        if occ is None:
            continue
        kind = D.SPOT_RES[spot]
        taken = min(D.SPOT_YIELD[spot], supply[kind])
        if not taken:
            continue
        fee = min(D.TOWER_FEE, taken)
        supply[kind] -= taken
        tower[kind] += fee
        state["players"][occ[0]]["res"][kind] += taken - fee
        params = {"seat": occ[0], "resource": kind, "amount": taken - fee, "fee": fee}
        events.append(Event("produced", params) if taken > fee
                      else Event("produced_for_tower", params))
