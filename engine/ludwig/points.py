"""Points of one placement (section 7) and the living/downstairs rescoring (8.3, 8.5).

A placement's points need, per room type, the castle rooms whose bonus counts it: that
index (:func:`bonus_index`) is built once per castle, so judging one more candidate is a
few look-ups instead of a walk over every room."""
from __future__ import annotations

from typing import Iterable

from . import data as D
from .castle import Castle
from .shapes import shift

#: tile -> (base points, room type, bonus kind or None, bonus per room, bonus types)
_TILE = {t: (spec.get("points", 0), spec["type"], (spec.get("bonus") or {}).get("kind"),
             (spec.get("bonus") or {}).get("per", 0),
             frozenset((spec.get("bonus") or {}).get("types", ())))
         for t, spec in D.TILES.items()}
_NOBODY = (0, {}, {})


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


def bonus_index(castle: Castle) -> tuple[list[str], dict[str, int], dict[str, tuple]]:
    """(type of each room, rooms per type, type -> (sum of the "anywhere" bonuses that
    count a room of that type, {room: per} of the "connected" ones, {room: per} of the
    "adjacent" ones)), built once per castle: from its parent's (``bonuses_before``)
    plus its last room when known, else room by room."""
    found = castle.bonuses
    if found is None:
        rooms, before = castle.rooms, castle.bonuses_before
        if before is not None and len(before[0]) == len(rooms) - 1:
            kinds, count, by_type = before[0][:], before[1].copy(), before[2].copy()
            _count(kinds, count, by_type, len(rooms) - 1, rooms[-1]["tile"], True)
        else:
            kinds, count, by_type = [], {}, {}
            for j, room in enumerate(rooms):
                _count(kinds, count, by_type, j, room["tile"], False)
        found = castle.bonuses = (kinds, count, by_type)
    return found


def _count(kinds: list, count: dict, by_type: dict, j: int, tile: str, shared: bool) -> None:
    """Add room ``j`` (``tile``) to a bonus index; ``shared``: the index's inner dicts
    belong to another castle too, so those it changes are copied first."""
    _base, kind, bkind, per, types = _TILE[tile]
    kinds.append(kind)
    count[kind] = count.get(kind, 0) + 1
    for t in types:
        anywhere, conn, adj = by_type.get(t) or (0, {}, {})
        if bkind == "anywhere":
            anywhere += per
        elif bkind == "connected":
            conn = conn.copy() if shared else conn
            conn[j] = per
        elif bkind == "adjacent":
            adj = adj.copy() if shared else adj
            adj[j] = per
        by_type[t] = (anywhere, conn, adj)


def _parts(castle: Castle, tile: str, links: Iterable[int], adjacent) -> tuple[int, int, int]:
    """(base, own, others) of ``tile`` linked to ``links`` and adjacent to ``adjacent``."""
    base, kind, bkind, per, types = _TILE[tile]
    kinds, count, by_type = bonus_index(castle)
    anywhere, conn, adj = by_type.get(kind, _NOBODY)
    others = anywhere
    if conn:
        for j in links:
            others += conn.get(j, 0)
    if adj:
        for j in adjacent:
            others += adj.get(j, 0)
    own = 0
    if bkind == "connected":
        own = per * sum(1 for j in links if kinds[j] in types)
    elif bkind == "adjacent":
        own = per * sum(1 for j in adjacent if kinds[j] in types)
    elif bkind == "anywhere":
        own = per * (sum(count.get(t, 0) for t in types) + (kind in types))
    return base, own, others


def weights(castle: Castle, tile: str) -> tuple[int, dict[int, int], dict[int, int]]:
    """(fixed points, {room: points}, {room: points}) of ``tile`` placed in ``castle``: a
    placement linked to rooms ``links`` and adjacent to rooms ``adjacent`` scores the
    fixed points plus the weights of its links (second) and of its adjacent rooms
    (third): the sum :func:`_parts` makes, split into what the neighbours change and
    what they do not."""
    base, kind, bkind, per, types = _TILE[tile]
    kinds, count, by_type = bonus_index(castle)
    anywhere, conn, adj = by_type.get(kind, _NOBODY)
    by_link, by_adjacent = dict(conn), dict(adj)
    if bkind == "connected" or bkind == "adjacent":
        own = by_link if bkind == "connected" else by_adjacent
        for j, k in enumerate(kinds):
            if k in types:
                own[j] = own.get(j, 0) + per
    fixed = base + anywhere
    if bkind == "anywhere":
        fixed += per * (sum(count.get(t, 0) for t in types) + (kind in types))
    return fixed, by_link, by_adjacent


def gain(castle: Castle, tile: str, links: set[int], adjacent: set[int]) -> dict[str, int]:
    """Points for placing ``tile`` with these neighbours into ``castle`` (not yet added).

    Parts: ``base``, ``own`` (its bonus or penalty), ``others`` (existing rooms' bonuses
    and penalties it triggers).
    """
    base, own, others = _parts(castle, tile, links, adjacent)
    return {"base": base, "own": own, "others": others}


def adjacent_to(castle: Castle, o, ox: int, oy: int) -> set[int]:
    """Rooms of ``castle`` whose walls touch orientation ``o`` placed at (ox, oy)."""
    sh = shift(ox, oy)
    contact = castle.contact
    out = {contact[e + sh] for e in o.contact if e + sh in contact}
    if castle.vertices:
        for v in o.vertices:
            out.update(castle.vertices.get(v + sh, ()))
    return out
