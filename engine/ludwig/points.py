"""Points of one placement (section 7) and the living/downstairs rescoring (8.3, 8.5)."""
from __future__ import annotations

from . import data as D
from .castle import Castle


def type_of(room: dict) -> str:
    return D.type_of(room["tile"])


def own_bonus(castle: Castle, i: int) -> int:
    """Room ``i``'s centre bonus as the castle is now (connected, adjacent or anywhere)."""
    bonus = D.TILES[castle.rooms[i]["tile"]].get("bonus")
    if not bonus:
        return 0
    types = bonus["types"]
    if bonus["kind"] == "connected":
        n = sum(1 for j in castle.links[i] if type_of(castle.rooms[j]) in types)
    elif bonus["kind"] == "adjacent":
        n = sum(1 for j in castle.adjacent[i] if type_of(castle.rooms[j]) in types)
    else:
        n = sum(1 for room in castle.rooms if type_of(room) in types)
    return bonus["per"] * n


def rescore(castle: Castle, i: int) -> int:
    """Living reward: base points plus the room's own bonus counted now."""
    return D.TILES[castle.rooms[i]["tile"]]["points"] + own_bonus(castle, i)


def gain(castle: Castle, tile: str, links: set[int], adjacent: set[int]) -> dict[str, int]:
    """Points for placing ``tile`` with these neighbours into ``castle`` (not yet added).

    Parts: ``base``, ``own`` (its bonus or penalty), ``others`` (existing rooms' bonuses
    and penalties it triggers).
    """
    spec = D.TILES[tile]
    kind = spec["type"]
    own = 0
    bonus = spec.get("bonus")
    if bonus:
        types = bonus["types"]
        if bonus["kind"] == "connected":
            own = bonus["per"] * sum(1 for j in links if type_of(castle.rooms[j]) in types)
        elif bonus["kind"] == "adjacent":
            own = bonus["per"] * sum(1 for j in adjacent if type_of(castle.rooms[j]) in types)
        else:
            own = bonus["per"] * (sum(1 for r in castle.rooms if type_of(r) in types)
                                  + (kind in types))
    others = 0
    for j, room in enumerate(castle.rooms):
        b = D.TILES[room["tile"]].get("bonus")
        if not b or kind not in b["types"]:
            continue
        if b["kind"] == "connected" and j in links:
            others += b["per"]
        elif b["kind"] == "adjacent" and j in adjacent:
            others += b["per"]
        elif b["kind"] == "anywhere":
            others += b["per"]
    return {"base": spec.get("points", 0), "own": own, "others": others}


def adjacent_to(castle: Castle, o, ox: int, oy: int) -> set[int]:
    """Rooms of ``castle`` whose walls touch orientation ``o`` placed at (ox, oy)."""
    from .shapes import shift
    sh = shift(ox, oy)
    contact = castle.contact
    out = {contact[e + sh] for e in o.contact if e + sh in contact}
    if castle.vertices:
        for v in o.vertices:
            out.update(castle.vertices.get(v + sh, ()))
    return out
