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
    "adjacent" ones)), built once per castle."""
    found = castle.bonuses
    if found is None:
        kinds = [_TILE[r["tile"]][1] for r in castle.rooms]
        count: dict[str, int] = {}
        by_type: dict[str, tuple] = {}
        for j, room in enumerate(castle.rooms):
            count[kinds[j]] = count.get(kinds[j], 0) + 1
            _base, _kind, bkind, per, types = _TILE[room["tile"]]
            for t in types:
                anywhere, conn, adj = by_type.get(t) or (0, {}, {})
                if bkind == "anywhere":
                    anywhere += per
                elif bkind == "connected":
                    conn[j] = per
                elif bkind == "adjacent":
                    adj[j] = per
                by_type[t] = (anywhere, conn, adj)
        found = castle.bonuses = (kinds, count, by_type)
    return found


def _parts(castle: Castle, tile: str, links: Iterable[int], adjacent) -> tuple[int, int, int]:
    """(base, own, others); ``adjacent`` is a set of rooms or a function giving it (asked
    only when a bonus counts adjacent rooms)."""
    base, kind, bkind, per, types = _TILE[tile]
    kinds, count, by_type = bonus_index(castle)
    anywhere, conn, adj = by_type.get(kind, _NOBODY)
    if callable(adjacent) and (adj or bkind == "adjacent"):
        adjacent = adjacent()
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


def counts_adjacent(castle: Castle, tile: str) -> bool:
    """Does some bonus count the rooms adjacent to ``tile`` placed in ``castle`` (its own,
    or an existing room's)?  If not, its points depend on its links alone."""
    _base, kind, bkind, _per, _types = _TILE[tile]
    return bkind == "adjacent" or bool(bonus_index(castle)[2].get(kind, _NOBODY)[2])


def link_weights(castle: Castle, tile: str) -> tuple[int, dict[int, int]]:
    """(fixed points, {room: points}) of ``tile`` placed in ``castle`` when no bonus
    counts adjacent rooms (:func:`counts_adjacent` is False): a placement linked to
    ``links`` scores the fixed points plus the weights of those rooms (the sum
    :func:`_parts` makes, split into what the links change and what they do not)."""
    base, kind, bkind, per, types = _TILE[tile]
    kinds, count, by_type = bonus_index(castle)
    anywhere, conn, _adj = by_type.get(kind, _NOBODY)
    weights = dict(conn)
    if bkind == "connected":
        for j, k in enumerate(kinds):
            if k in types:
                weights[j] = weights.get(j, 0) + per
    fixed = base + anywhere
    if bkind == "anywhere":
        fixed += per * (sum(count.get(t, 0) for t in types) + (kind in types))
    return fixed, weights


def gain(castle: Castle, tile: str, links: set[int], adjacent: set[int]) -> dict[str, int]:
    """Points for placing ``tile`` with these neighbours into ``castle`` (not yet added).

    Parts: ``base``, ``own`` (its bonus or penalty), ``others`` (existing rooms' bonuses
    and penalties it triggers).
    """
    base, own, others = _parts(castle, tile, links, adjacent)
    return {"base": base, "own": own, "others": others}


def placement_points(castle: Castle, tile: str, o, x: int, y: int, links: Iterable[int]) -> int:
    """The points of ``tile`` in orientation ``o`` at (x, y) with these links, all parts
    summed; the adjacent rooms are found only if some bonus counts them."""
    return sum(_parts(castle, tile, links, lambda: adjacent_to(castle, o, x, y)))


def adjacent_to(castle: Castle, o, ox: int, oy: int) -> set[int]:
    """Rooms of ``castle`` whose walls touch orientation ``o`` placed at (ox, oy)."""
    sh = shift(ox, oy)
    contact = castle.contact
    out = {contact[e + sh] for e in o.contact if e + sh in contact}
    if castle.vertices:
        for v in o.vertices:
            out.update(castle.vertices.get(v + sh, ()))
    return out
