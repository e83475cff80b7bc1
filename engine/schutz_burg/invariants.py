"""Im Schutz der Burg's conservation invariants (``Game.check_invariants``): Taler,
every resource and every helper are each somewhere, and no count is negative."""
from __future__ import annotations

from engine.core import State
from engine.schutz_burg import data as D


def _maiden_items(state: State) -> list:
    maiden = state["maiden"]
    return (maiden["items"] if maiden else []) + state["maiden_items"]


def taler_total(state: State) -> int:
    inn = state["inn"]["taler"] if state["inn"] else 0
    return (state["bank"] + state["track"] + sum(p["taler"] for p in state["players"]) + inn
            + _maiden_items(state).count("taler") + state["lost"]["taler"])


def resource_total(state: State, kind: str) -> int:
    return (state["supply"][kind] + state["tower"][kind]
            + sum(p["res"][kind] for p in state["players"])
            + sum(w.get(kind, 0) for w in state["rs"]["workers"].values())
            + _maiden_items(state).count(kind) + state["lost"][kind]
            + (state["smithy"] if kind == "silver" else 0))


def helper_total(state: State) -> int:
    return (sum(p["helpers"] for p in state["players"])
            + sum(1 for s in state["spaces"].values() if s is not None)
            + sum(1 for s in state["spots"].values() if s)
            + (1 if state["inn"] and state["inn"]["keeper"] is not None else 0)
            + len(state["granary"] or []))


def problems(state: State) -> list[str]:
    out = []
    if taler_total(state) != D.TOTAL_TALER:
        out.append(f"Taler: {taler_total(state)} of {D.TOTAL_TALER}")
    for kind in D.RESOURCES:
        if resource_total(state, kind) != D.RESOURCE_COUNT[kind]:
            out.append(f"{kind}: {resource_total(state, kind)} of {D.RESOURCE_COUNT[kind]}")
        if state["supply"][kind] < 0 or state["tower"][kind] < 0:
            out.append(f"{kind}: negative supply or tower")
    if helper_total(state) != D.HELPERS[state["n"]] * state["n"]:
        out.append(f"helpers: {helper_total(state)}")
    for i, p in enumerate(state["players"]):
        if p["taler"] < 0 or min(p["res"].values()) < 0 or p["helpers"] < 0:
            out.append(f"player {i} has a negative count")
    return out
