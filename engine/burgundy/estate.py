"""Estate geometry and placement: which spaces a tile may go to, regions, animals.

A player's estate is ``player["sp"]``: a list indexed by space id 1..37 (index 0 unused)
holding the tile id on that space or None.  Geometry comes from :mod:`engine.burgundy.data`.
"""
from __future__ import annotations

from functools import lru_cache

from engine.burgundy.data import ESTATES, NEIGHBOURS, TILES, Estate
from engine.burgundy.knowledge import IGNORE_BUILDING_LIMIT


def estate_of(player: dict) -> Estate:
    return ESTATES[player["estate"]]


def touches_covered(sp: list, space: int) -> bool:
    """True if ``space`` is next to a covered space."""
    for nb in NEIGHBOURS[space]:
        if sp[nb] is not None:
            return True
    return False


def city_has(player: dict, space: int, kind: str) -> bool:
    """True if the city (region) of ``space`` already holds a building of ``kind``."""
    est, sp = estate_of(player), player["sp"]
    for s in est.regions[est.region[space]]:
        tile = sp[s]
        if tile is not None and TILES[tile].kind == kind:
            return True
    return False


@lru_cache(maxsize=8192)
def _facts(estate: int, sp: tuple) -> tuple[dict[str, tuple[int, ...]], frozenset]:
    """(colour -> empty spaces next to a covered one, {(region, kind) of every building})
    of one estate layout: computed once per layout instead of once per tile and space."""
    est = ESTATES[estate]
    open_by_colour = {c: tuple(s for s in spaces if sp[s] is None and touches_covered(sp, s))
                      for c, spaces in est.by_colour.items()}
    built = frozenset((est.region[s], TILES[t].kind) for s, t in enumerate(sp)
                      if t is not None and s and TILES[t].category == "building")
    return open_by_colour, built


def layout(player: dict) -> tuple:
    """What :func:`legal_spaces` needs of the estate, for callers asking about many tiles."""
    return _facts(player["estate"], tuple(player["sp"]))


def legal_spaces(player: dict, tile_id: str, facts: tuple | None = None) -> list[int]:
    """Empty spaces of the tile's colour next to a covered space (building limit applied).

    The die is not checked here: callers filter by die number and worker cost.
    ``facts``: :func:`layout` of the player's estate as it is now, if known.
    """
    tile = TILES[tile_id]
    open_by_colour, built = facts or _facts(player["estate"], tuple(player["sp"]))
    out = open_by_colour[tile.colour]
    if tile.category == "building" and IGNORE_BUILDING_LIMIT not in player["know"]:
        region = ESTATES[player["estate"]].region
        return [s for s in out if (region[s], tile.kind) not in built]
    return list(out)


def placement_fault(player: dict, tile_id: str, space: int) -> tuple[str, dict] | None:
    """Why ``tile_id`` may not go on ``space`` whatever the die: (error key, params), or
    None.  The same rules as :func:`legal_spaces`, one by one, for error messages."""
    tile = TILES[tile_id]
    sp = player["sp"]
    if sp[space] is not None:
        return "space_taken", {"space": space}
    if estate_of(player).colour[space] != tile.colour:
        return "wrong_colour", {"space": space, "colour": f"colour_{tile.colour}"}
    if not touches_covered(sp, space):
        return "not_adjacent", {"space": space}
    if (tile.category == "building" and IGNORE_BUILDING_LIMIT not in player["know"]
            and city_has(player, space, tile.kind)):
        return "building_in_city", {"tile": tile.kind}
    return None


def region_spaces(player: dict, space: int) -> tuple[int, ...]:
    est = estate_of(player)
    return est.regions[est.region[space]]


def region_complete(player: dict, space: int) -> bool:
    sp = player["sp"]
    return all(sp[s] is not None for s in region_spaces(player, space))


def colour_complete(player: dict, colour: str) -> bool:
    sp = player["sp"]
    return all(sp[s] is not None for s in estate_of(player).by_colour[colour])


def same_kind_in_pasture(player: dict, space: int) -> list[str]:
    """Tiles of the animal kind on ``space`` within its pasture (including itself)."""
    sp = player["sp"]
    kind = TILES[sp[space]].kind
    return [sp[s] for s in region_spaces(player, space)
            if sp[s] is not None and TILES[sp[s]].kind == kind]


def empty_spaces(player: dict) -> int:
    return sum(1 for tile in player["sp"][1:] if tile is None)


def count_category(player: dict, category: str) -> int:
    return sum(1 for t in player["sp"][1:] if t is not None and TILES[t].category == category)


def count_kind(player: dict, kind: str) -> int:
    return sum(1 for tile in player["sp"][1:] if tile is not None and TILES[tile].kind == kind)
