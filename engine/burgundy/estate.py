"""Estate geometry and placement: which spaces a tile may go to, regions, animals.

A player's estate is ``player["sp"]``: a list indexed by space id 1..37 (index 0 unused)
holding the tile id on that space or None.  Geometry comes from :mod:`engine.burgundy.data`.
"""
from __future__ import annotations

from functools import lru_cache

from engine.burgundy.data import DIE, ESTATES, NEIGHBOURS, TILES, Estate
from engine.burgundy.knowledge import IGNORE_BUILDING_LIMIT
from engine.burgundy.memo import ContentMemo


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


#: space -> its bit in a space mask; space -> the mask of its neighbours;
#: die number -> the mask of the spaces showing it
BIT = tuple(1 << s for s in range(38))
NEIGHBOUR_MASK = tuple(sum(BIT[nb] for nb in NEIGHBOURS[s]) for s in range(38))
DIE_MASK = tuple(sum(BIT[s] for s in range(1, 38) if DIE[s] == n) for n in range(7))
#: space -> the bit of its die number in a die number mask
DIE_BIT = tuple(1 << DIE[s] if s else 0 for s in range(38))


#: per byte ``k`` of a space mask (spaces 8k..8k+7), per value of that byte: the die
#: number mask of its spaces (:meth:`Layout.die_mask` reads five bytes, whatever the
#: number of spaces: a loop per space cost more)
def _byte_dies(k: int) -> tuple[int, ...]:
    out = [0] * 256
    for b in range(1, 256):
        low = (b & -b).bit_length() - 1  # b's mask: b without its lowest bit's (made
        space = 8 * k + low              # already, a smaller value), plus that space's
        out[b] = out[b & (b - 1)] | (DIE_BIT[space] if space < 38 else 0)
    return tuple(out)


_BYTE_DIES = tuple(_byte_dies(k) for k in range(5))


class Layout:
    """Where tiles may go on one estate layout (a tuple of the spaces' tiles), as bit
    masks of spaces: ``covered``, ``frontier`` (empty spaces next to a covered one) and,
    per tile kind, ``blocked`` (the spaces of the cities already holding that kind).  A
    placement derives the next layout from these in a few operations (:meth:`after`);
    what callers ask per tile is kept per placement class.  Kept only in the caches
    below, never in the state."""

    __slots__ = ("est", "sp", "covered", "frontier", "blocked", "dies")

    def __init__(self, estate: int, sp: tuple, masks: tuple | None = None) -> None:
        self.est, self.sp = ESTATES[estate], sp
        if masks is None:
            masks = self._masks(self.est, sp)
        self.covered, self.frontier, self.blocked = masks
        #: placement key -> :meth:`die_mask`, as worked out so far
        self.dies: dict[tuple, int] = {}

    @staticmethod
    def _masks(est: Estate, sp) -> tuple[int, int, dict[str, int]]:
        covered = near = 0
        blocked: dict[str, int] = {}
        for s in range(1, 38):
            if sp[s] is not None:
                covered |= BIT[s]
                near |= NEIGHBOUR_MASK[s]
                kind = TILES[sp[s]].kind
                blocked[kind] = blocked.get(kind, 0) | est.region_mask[est.region[s]]
        return covered, near & ~covered, blocked

    def region_complete(self, space: int) -> bool:
        """Every space of the region of ``space`` is covered."""
        est = self.est
        return not est.region_mask[est.region[space]] & ~self.covered

    def colour_complete(self, colour: str) -> bool:
        """Every space of ``colour`` is covered."""
        return not self.est.colour_mask[colour] & ~self.covered

    def legal_mask(self, key: tuple) -> int:
        """Mask of the spaces a tile of placement ``key`` (colour, building kind or None)
        may go to."""
        colour, kind = key
        out = self.frontier & self.est.colour_mask[colour]
        if kind is not None:
            out &= ~self.blocked.get(kind, 0)
        return out

    def open_spaces(self, colour: str) -> tuple[int, ...]:
        """Empty spaces of ``colour`` next to a covered space."""
        return self._spaces(colour, self.frontier)

    def _spaces(self, colour: str, mask: int) -> tuple[int, ...]:
        return tuple(s for s in self.est.by_colour[colour] if mask & BIT[s])

    def after(self, space: int, sp: tuple) -> "Layout":
        """This layout with a tile put on the empty ``space`` (``sp``: the spaces then)."""
        est, bit = self.est, BIT[space]
        covered = self.covered | bit
        blocked = dict(self.blocked)
        kind = TILES[sp[space]].kind
        blocked[kind] = blocked.get(kind, 0) | est.region_mask[est.region[space]]
        new = Layout(est.number, sp,
                     (covered, (self.frontier | NEIGHBOUR_MASK[space]) & ~covered, blocked))
        near = bit | NEIGHBOUR_MASK[space]  # the frontier changed only here
        colours = est.colour_mask
        new.dies = {key: mask for key, mask in self.dies.items()
                    if not colours[key[0]] & near and key[1] != kind}
        return new

    def legal(self, tile_id: str, any_city: bool) -> list[int]:
        """:func:`legal_spaces` of ``tile_id`` here (``any_city``: the building limit is off),
        in ascending order."""
        mask = self.legal_mask(COLOUR_KEY[tile_id] if any_city else PLACEMENT_KEY[tile_id])
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def die_mask(self, key: tuple) -> int:
        """Bit ``n`` set for each die number ``n`` of the spaces a tile of placement
        ``key`` may go to (what the worker cost of a placement depends on)."""
        out = self.dies.get(key)
        if out is None:
            legal = self.legal_mask(key)
            out = self.dies[key] = (
                _BYTE_DIES[0][legal & 255] | _BYTE_DIES[1][legal >> 8 & 255]
                | _BYTE_DIES[2][legal >> 16 & 255] | _BYTE_DIES[3][legal >> 24 & 255]
                | _BYTE_DIES[4][legal >> 32])
        return out

    def numbers(self, tile_id: str, any_city: bool) -> tuple[int, ...]:
        """The distinct die numbers of the spaces ``tile_id`` may go to."""
        mask = self.die_mask(COLOUR_KEY[tile_id] if any_city else PLACEMENT_KEY[tile_id])
        return tuple(n for n in range(1, 7) if mask >> n & 1)


#: tile -> what decides where it may go: (colour, building kind or None), and the same
#: with the building limit off (colour, None)
PLACEMENT_KEY = {t.id: (t.colour, t.kind if t.category == "building" else None)
                 for t in TILES.values()}
COLOUR_KEY = {t.id: (t.colour, None) for t in TILES.values()}


@lru_cache(maxsize=4096)
def _layout(estate: int, sp: tuple) -> Layout:
    return Layout(estate, sp)


#: each player's ``sp`` list -> its Layout, while the list is unchanged
_RECENT = ContentMemo(list.copy)
_RECENT_ENTRIES = _RECENT.entries


def layout(player: dict) -> Layout:
    """The player's estate as it is now, for callers asking about many tiles."""
    sp, estate = player["sp"], player["estate"]
    hit = _RECENT_ENTRIES.get(id(sp))  # _RECENT.get(sp), inline: a die menu asks it
    if hit is not None and hit[0] is sp and hit[1] == sp and hit[2].est.number == estate:
        return hit[2]
    return _RECENT.put(sp, _layout(estate, tuple(sp)))


def placed(player: dict, space: int) -> Layout:
    """A tile was just put on the empty ``space`` of ``player``'s estate: the layout
    worked out before is carried over to the new one (:meth:`Layout.after`) instead of
    being worked out afresh; returns the estate's layout now.  Only a speed-up: when
    anything else changed in the estate the layout is worked out afresh, and
    :func:`layout` still compares the content at each use."""
    sp = player["sp"]
    hit = _RECENT.entry(sp)
    if hit is None or hit[2].est.number != player["estate"] or hit[1][space] is not None:
        return layout(player)
    before = hit[1]
    before[space] = sp[space]
    if before != sp:
        _RECENT.forget(sp)
        return layout(player)
    return _RECENT.put(sp, hit[2].after(space, tuple(sp)), before)


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
