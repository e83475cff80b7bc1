"""Estate geometry and placement: which spaces a tile may go to, regions, animals.

A player's estate is ``player["sp"]``: a list indexed by space id 1..37 (index 0 unused)
holding the tile id on that space or None.  Geometry comes from :mod:`engine.burgundy.data`.
"""
from __future__ import annotations

from functools import lru_cache

from engine.burgundy.data import DIE, ESTATES, NEIGHBOURS, TILES, Estate
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


class Layout:
    """Where tiles may go on one estate layout (a tuple of the spaces' tiles), worked out
    lazily, once per colour and per city: what :func:`legal_spaces` asks again and again
    between two placements.  Kept only in the cache below, never in the state."""

    __slots__ = ("est", "sp", "_open", "_cities", "_numbers", "places")

    def __init__(self, estate: int, sp: tuple) -> None:
        self.est, self.sp = ESTATES[estate], sp
        self._open: dict[str, tuple[int, ...]] = {}
        self._cities: dict[tuple[int, str], bool] = {}
        self._numbers: dict[tuple, tuple[int, ...]] = {}
        #: :func:`engine.burgundy.choices.place_options`' answers per tile on this layout
        self.places: dict[tuple, object] = {}

    def open_spaces(self, colour: str) -> tuple[int, ...]:
        """Empty spaces of ``colour`` next to a covered space."""
        out = self._open.get(colour)
        if out is None:
            sp = self.sp
            out = self._open[colour] = tuple(s for s in self.est.by_colour[colour]
                                             if sp[s] is None and touches_covered(sp, s))
        return out

    def city_has(self, space: int, kind: str) -> bool:
        """The city (region) of ``space`` already holds a building of ``kind``."""
        key = (self.est.region[space], kind)
        out = self._cities.get(key)
        if out is None:
            sp = self.sp
            out = self._cities[key] = any(sp[s] is not None and TILES[sp[s]].kind == kind
                                          for s in self.est.regions[key[0]])
        return out

    def after(self, space: int, sp: tuple) -> "Layout":
        """This layout with a tile put on the empty ``space`` (``sp``: the spaces then),
        carrying over what is already worked out: a colour's open spaces change only
        around ``space``, and a city only gains the placed tile's kind."""
        new = Layout(self.est.number, sp)
        colours = self.est.colour
        freed = [nb for nb in NEIGHBOURS[space] if sp[nb] is None]
        for colour, spaces in self._open.items():
            add = [nb for nb in freed if colours[nb] == colour and nb not in spaces]
            if add or space in spaces:
                spaces = tuple(sorted([s for s in spaces if s != space] + add))
            new._open[colour] = spaces
        new._cities.update(self._cities)
        new._cities[self.est.region[space], TILES[sp[space]].kind] = True
        return new

    def legal(self, tile_id: str, any_city: bool) -> list[int]:
        """:func:`legal_spaces` of ``tile_id`` here (``any_city``: the building limit is off)."""
        tile = TILES[tile_id]
        out = self.open_spaces(tile.colour)
        if tile.category == "building" and not any_city:
            return [s for s in out if not self.city_has(s, tile.kind)]
        return list(out)

    def numbers(self, tile_id: str, any_city: bool) -> tuple[int, ...]:
        """The distinct die numbers of the spaces ``tile_id`` may go to (what the worker
        cost of a placement depends on), worked out once per colour (and building kind)
        on this layout."""
        key = (PLACEMENT_CLASS[tile_id], any_city)
        out = self._numbers.get(key)
        if out is None:
            out = self._numbers[key] = tuple(sorted({DIE[s] for s in self.legal(tile_id,
                                                                                 any_city)}))
        return out


#: tile -> what decides where it may go: (colour, building kind or None)
PLACEMENT_CLASS = {t.id: (t.colour, t.kind if t.category == "building" else None)
                   for t in TILES.values()}


@lru_cache(maxsize=4096)
def _layout(estate: int, sp: tuple) -> Layout:
    return Layout(estate, sp)


#: id of a player's ``sp`` list -> (that list, a copy of it, estate, its Layout): the
#: layouts asked for lately.  The list is held (its id cannot be reused) and compared with
#: the copy at each use, so a changed estate is never served an old layout; a hit costs
#: one list comparison instead of hashing the 38 spaces for the cache below.
_RECENT: dict[int, tuple[list, list, int, Layout]] = {}
_RECENT_MAX = 64


def layout(player: dict) -> Layout:
    """The player's estate as it is now, for callers asking about many tiles."""
    sp, estate = player["sp"], player["estate"]
    hit = _RECENT.get(id(sp))
    if hit is not None and hit[0] is sp and hit[2] == estate and hit[1] == sp:
        return hit[3]
    facts = _layout(estate, tuple(sp))
    if len(_RECENT) >= _RECENT_MAX:
        _RECENT.clear()
    _RECENT[id(sp)] = (sp, sp.copy(), estate, facts)
    return facts


def placed(player: dict, space: int) -> None:
    """A tile was just put on the empty ``space`` of ``player``'s estate: the layout
    worked out before is carried over to the new one (:meth:`Layout.after`) instead of
    being worked out afresh.  Only a speed-up: nothing else changed in the estate or the
    layouts are left alone, and :func:`layout` still compares the content at each use."""
    sp, estate = player["sp"], player["estate"]
    hit = _RECENT.get(id(sp))
    if hit is None or hit[0] is not sp or hit[2] != estate or hit[1][space] is not None:
        return
    before = hit[1]
    before[space] = sp[space]
    if before != sp:
        del _RECENT[id(sp)]
        return
    _RECENT[id(sp)] = (sp, before, estate, hit[3].after(space, tuple(sp)))


def legal_spaces(player: dict, tile_id: str, facts: Layout | None = None) -> list[int]:
    """Empty spaces of the tile's colour next to a covered space (building limit applied).

    The die is not checked here: callers filter by die number and worker cost.
    ``facts``: :func:`layout` of the player's estate as it is now, if known.
    """
    facts = facts or layout(player)
    return facts.legal(tile_id, IGNORE_BUILDING_LIMIT in player["know"])


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
