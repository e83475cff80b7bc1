"""The scoring track: one marker move per scored feature, wall tiles taken on corner towers.

``state["towers"][i]`` is the face-down wall tile on corner tower ``i`` (or None): hidden.
``state["held"][seat]`` lists ``[number, turn taken]`` of the seat's face-up wall tiles.
Every score change goes through ``add_points`` and yields one ``scored`` event whose
``points`` add up to the final score (tests rely on that).
"""
from __future__ import annotations

from engine.core import Event

from .geometry import Geometry


def space_of(geo: Geometry, score: int) -> int:
    return score % geo.track_length


def tower_with_tile(geo: Geometry, state: dict, score: int) -> int | None:
    """The corner tower under a marker at ``score`` if it still holds a wall tile."""
    tower = geo.tower_at.get(space_of(geo, score))
    if tower is not None and state["towers"][tower] is not None:
        return tower
    return None


def take_wall_tile(geo: Geometry, state: dict, seat: int, events: list[Event]) -> None:
    """Take the wall tile of the tower under ``seat``'s marker, if any (turned face up)."""
    tower = tower_with_tile(geo, state, state["score"][seat])
    if tower is None:
        return
    number = state["towers"][tower]
    state["towers"][tower] = None
    state["held"][seat].append([number, state["turn"]])
    events.append(Event("wall_tile_taken", {"seat": seat, "number": number,
                                            "tile": f"wall{number}",
                                            "tower": geo.towers[tower]["id"],
                                            "spaces": "/".join(map(str, geo.towers[tower]["spaces"]))}))


def add_points(geo: Geometry, state: dict, seat: int, points: int, part: str, reason: str,
               events: list[Event], pickup: bool = True, **params) -> None:
    """Move ``seat``'s marker by ``points`` (one move), log it, maybe take a wall tile."""
    state["score"][seat] += points
    state["breakdown"][seat][part] = state["breakdown"][seat].get(part, 0) + points
    state["moved"][seat] = True
    events.append(Event(reason, {"seat": seat, "points": points, "total": state["score"][seat],
                                 **params}))
    if pickup and not state["options"]["late_pickup"]:
        take_wall_tile(geo, state, seat, events)


def late_pickups(geo: Geometry, state: dict, events: list[Event]) -> None:
    """Variant V1: after all scoring of a turn, each moved marker takes its tower's tile;
    the placing seat first (its features score first, 5.1) if both stop on one tower."""
    if state["options"]["late_pickup"]:
        seats = len(state["moved"])
        for i in range(seats):
            seat = (state["active"] + i) % seats
            if state["moved"][seat]:
                take_wall_tile(geo, state, seat, events)
    state["moved"] = [False] * len(state["moved"])


def held_with(geo: Geometry, state: dict, seat: int, effect: str, usable_now: bool = False) -> list:
    """The seat's held wall tiles with ``effect`` (``usable_now``: not taken this turn)."""
    return [h for h in state["held"][seat] if geo.wall_effect(h[0]) == effect
            and not (usable_now and h[1] == state["turn"])]


def use_wall_tile(state: dict, seat: int, entry: list) -> None:
    state["held"][seat].remove(entry)
    state["used"][seat].append(entry[0])
