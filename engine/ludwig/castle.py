"""A castle's geometry index: who touches whom, which doors meet, which are open.

The state keeps only the placed rooms (``{"tile", "rot", "x", "y", "side"}``, in
placement order); ``castle_of`` rebuilds this index from them and caches it by the
placements themselves, so a JSON round trip or a copied state gives the same answers.
``side`` is the hallway's floor (``ground``/``downstairs``), the foyer's side
(``front``/``four_doors``) or None.
"""
from __future__ import annotations

from collections import OrderedDict

from . import courtyard
from . import data as D
from .grid import Grid, masks
from .shapes import Orient, get, shift, unkey

XB = 512            # bit offset of x = 0 in the castle's row masks (cells)
CROSS_FLOOR_ILLEGAL: bool = bool(D.FLAGS["cross_floor_doors_illegal"])
CORNER_TOUCH: bool = bool(D.FLAGS["corner_touch_is_adjacent"])


def geom_of(room: dict) -> str:
    return "foyer4" if room["tile"] == D.FOYER and room.get("side") == "four_doors" else room["tile"]


def door_floor(tile: str, door_floor: str | None, side: str | None) -> str:
    if door_floor:
        return door_floor
    if tile == D.HALLWAY:
        return side or "ground"
    return D.TILES[tile]["floor"]


_DOOR_FLOORS: dict[tuple[int, str | None], tuple[Orient, tuple[str, ...]]] = {}


def door_floors(o: Orient, side: str | None) -> tuple[str, ...]:
    """:func:`door_floor` of each door of ``o`` placed with ``side`` (keyed by the id of
    ``o``, which the entry holds so that id is never another's)."""
    found = _DOOR_FLOORS.get((id(o), side))
    if found is None:
        found = _DOOR_FLOORS[(id(o), side)] = (o, tuple(door_floor(o.tile, d.floor, side)
                                                        for d in o.doors))
    return found[1]


class Castle:
    """Index of one castle; ``add`` appends a placement already known to be legal."""

    __slots__ = ("rooms", "orients", "shifts", "full", "part", "circles", "contact",
                 "doors", "fence", "vertices", "met", "shared", "_rays", "links", "adjacent", "open", "box",
                 "_exits", "_free", "witnesses", "legal", "placeable",
                 "_open_doors_sorted", "offers", "offered", "values", "bonuses", "previews", "_grid", "_owned",
                 "bonuses_before", "kept")

    def __init__(self) -> None:
        self.rooms: list[dict] = []
        self.orients: list[Orient] = []
        self.shifts: list[int] = []
        self.full: dict[int, int] = {}      # row y -> mask of full triangles
        self.part: dict[int, int] = {}      # row y -> mask of disc-clipped triangles
        self.circles: list[tuple[int, int, int, int]] = []   # (room, cx2, cy2, r2)
        self.contact: dict[int, int] = {}   # element -> a room touching it
        self.doors: dict[int, tuple[int, str, str]] = {}     # element -> (room, facing, floor)
        self.fence: set[int] = set()
        self.met: set[int] = set()          # door elements where two doors meet
        self.shared: set[int] = set()       # elements touched by two rooms
        self.vertices: dict[int, set[int]] = {}
        self.links: list[set[int]] = []     # room -> rooms connected by a door pair
        self.adjacent: list[set[int]] = []  # room -> rooms whose walls touch
        self.open: list[int] = []           # room -> doors not meeting a door
        self.box: list[int] | None = None   # cells x0, y0, x1, y1 (inclusive)
        self._exits: list | None = None
        self._free: courtyard.Free | None = None
        self._rays: tuple | None = None
        self.kept = 0           # grows left to keep (``_castle_by_key``)
        self._forget()

    def _forget(self) -> None:
        """Drop what ``placement`` remembered about this castle (it has just changed)."""
        #: the parent castle's ``placeable`` (its witnesses usually stay legal)
        self.witnesses: dict[str, tuple] | None = None
        #: the castle as bit masks (``grid``), built when first asked
        self._grid: Grid | None = None
        self.legal: dict[str, list[tuple]] = {}       # tile -> every legal placement
        #: tile -> a legal placement of it (a witness), or () if it has none
        self.placeable: dict[str, tuple] = {}
        self._open_doors_sorted: list | None = None
        #: (tile, spot) -> a placement decision's (kind, options) (``decisions``)
        self.offers: dict[tuple, tuple] = {}
        #: tile -> {placement option id: its candidate} of the offers (``decisions``)
        self.offered: dict[str, dict[str, tuple]] = {}
        #: the heuristic's placement values (``ai``)
        self.values: dict[tuple, object] = {}
        #: who scores a bonus for which room type (``points.bonus_index``)
        self.bonuses: tuple | None = None
        #: the parent castle's ``bonuses`` (this one's are those plus the last room's)
        self.bonuses_before: tuple | None = None
        #: tile -> (fixed points, weight per linked room, per adjacent room, those
        #: weights with the rooms' ``owned_contacts``) (``preview``)
        self.previews: dict[str, tuple] = {}
        self._owned: list[int] | None = None

    def copy(self) -> "Castle":
        c = self._bare_copy()
        c._forget()
        return c

    def _bare_copy(self) -> "Castle":
        """:meth:`copy` without the memo slots (set by the caller: ``add`` forgets)."""
        c = Castle.__new__(Castle)      # every slot set below (no empty index built first)
        c.rooms, c.orients, c.shifts = self.rooms[:], self.orients[:], self.shifts[:]
        c.full, c.part, c.circles = self.full.copy(), self.part.copy(), self.circles[:]
        c.contact, c.doors, c.fence = self.contact.copy(), self.doors.copy(), self.fence.copy()
        c.met, c.shared = self.met.copy(), self.shared.copy()
        c.vertices = {k: set(v) for k, v in self.vertices.items()} if self.vertices else {}
        c.links, c.adjacent = self.links[:], self.adjacent[:]   # sets shared: see add
        c.open, c.box = self.open[:], self.box[:] if self.box else None
        c._exits = c._rays = c._free = None
        c.kept = 0
        return c

    def grown(self, room: dict) -> "Castle":
        """A copy with ``room`` added that tries this castle's witnesses first
        (``placement.placeable``) and extends its grid when the room keeps its margin."""
        c = self._bare_copy()
        c.add(room)
        c.witnesses = self.placeable
        c.bonuses_before = self.bonuses
        if self._open_doors_sorted is not None:
            c._open_doors_sorted = c._open_doors_grown(self._open_doors_sorted)
        if self._grid is not None and self._grid.holds(c.box):
            g = c._grid = self._grid.copy()
            o, x, y = c.orients[-1], room["x"], room["y"]
            g.put(o, x, y)
            if self._owned is not None:     # the parent grid's contact: all rooms' so far
                c._owned = self._owned + [
                    (masks(o, g.w).contact << g.offset(x, y)) & ~self._grid.contact]
        return c

    def grid(self) -> Grid:
        """The castle's bit masks (built once)."""
        if self._grid is None:
            self._grid = Grid(self.box, [(o, r["x"], r["y"])
                                         for o, r in zip(self.orients, self.rooms)])
        return self._grid

    def owned_contacts(self) -> list[int]:
        """Per room, the grid mask of the contact elements ``contact`` gives it: those it
        touched first (built once).  A tile placed on the grid touches room ``j``, in
        the sense of ``contact``, iff its contact mask meets the ``j``-th."""
        if self._owned is None:
            g, seen, owned = self.grid(), 0, []
            for o, r in zip(self.orients, self.rooms):
                mine = masks(o, g.w).contact << g.offset(r["x"], r["y"])
                owned.append(mine & ~seen)
                seen |= mine
            self._owned = owned
        return self._owned

    # -- building -------------------------------------------------------------------
    def add(self, room: dict) -> dict:
        """Place ``room``; returns {links, adjacent, completed} (room indices)."""
        tile, side = room["tile"], room.get("side")
        o = get("foyer4" if tile == D.FOYER and side == "four_doors" else tile, room["rot"])
        ox, oy = room["x"], room["y"]
        i, sh = len(self.rooms), shift(ox, oy)
        links, adjacent = set(), set()
        contact, shared = self.contact, self.shared
        for e in o.contact:
            e += sh
            other = contact.setdefault(e, i)    # no element maps to the new room yet
            if other != i:
                adjacent.add(other)
                shared.add(e)
        if CORNER_TOUCH:
            for v in o.vertices:
                adjacent.update(self.vertices.get(v + sh, ()))
                self.vertices.setdefault(v + sh, set()).add(i)
        opened = 0
        touched: list[int] = []
        doors = self.doors
        for d, floor in zip(o.doors, door_floors(o, side)):
            e = d.elem + sh
            other = doors.get(e)
            if other is not None and other[2] == floor:
                links.add(other[0])
                touched.append(other[0])
                self.met.add(e)
            else:
                opened += 1
                doors[e] = (i, d.facing, floor)
        if o.fence:
            self.fence.update([e + sh for e in o.fence])
        s = (ox + XB) * 4
        full, part = self.full, self.part
        for dy, fm, pm in o.rows:
            if fm:
                full[oy + dy] = full.get(oy + dy, 0) | (fm << s)
            if pm:
                part[oy + dy] = part.get(oy + dy, 0) | (pm << s)
        if o.circle:
            self.circles.append((i, 2 * ox + o.circle[0], 2 * oy + o.circle[1], o.circle[2]))
        self.rooms.append(room)
        self.orients.append(o)
        self.shifts.append(sh)
        self.links.append(set(links))
        self.adjacent.append(set(adjacent))
        for j in links:     # new sets, never changed ones: a copy shares the old ones
            self.links[j] = self.links[j] | {i}
        for j in adjacent:
            self.adjacent[j] = self.adjacent[j] | {i}
        for j in touched:
            self.open[j] -= 1
        self.open.append(opened)
        x1, y1 = ox + o.w - 1, oy + o.h - 1
        box = self.box
        self.box = [ox, oy, x1, y1] if box is None else [
            box[0] if box[0] < ox else ox, box[1] if box[1] < oy else oy,
            box[2] if box[2] > x1 else x1, box[3] if box[3] > y1 else y1]
        self._exits = self._free = None
        self._rays = None
        self._forget()
        completed = [j for j in sorted(set(touched) | {i}) if self.open[j] == 0]
        return {"links": links, "adjacent": adjacent, "completed": completed}

    # -- questions ------------------------------------------------------------------
    def completed(self, i: int) -> bool:
        return self.open[i] == 0

    def door_states(self, i: int) -> list[str]:
        """Per door of room ``i``: ``connected``, ``blocked`` or ``open``."""
        sh = self.shifts[i]
        return ["connected" if d.elem + sh in self.met else
                "blocked" if d.elem + sh in self.shared else "open"
                for d in self.orients[i].doors]

    def solids(self) -> tuple[set[int], dict[int, list], tuple]:
        """(full triangles, triangle -> clipping discs, box) for the courtyard fill."""
        full: set[int] = set()
        clipped: dict[int, list] = {}
        discs = {c[0]: (c[1], c[2], c[3]) for c in self.circles}
        for i, (o, sh) in enumerate(zip(self.orients, self.shifts)):
            full.update(k + sh for k in o.full)
            for k in o.partial:
                clipped.setdefault(k + sh, []).append(discs[i])
        return full, clipped, tuple(self.box)

    def free(self) -> courtyard.Free:
        """The free space around the castle (courtyard questions), built once."""
        if self._free is None:
            clipped: dict[int, list] = {}
            for i, x2, y2, r2 in self.circles:
                sh = self.shifts[i]
                for k in self.orients[i].partial:
                    clipped.setdefault(k + sh, []).append((x2, y2, r2))
            self._free = courtyard.Free(self.full, self.part, clipped, XB)
        return self._free

    def open_doors(self) -> list[tuple[int, int, int, str, str]]:
        """Doors meeting no door and no wall, ``(element, cell x, cell y, facing, floor)``
        by element key (built once)."""
        if self._open_doors_sorted is None:
            met, shared, doors = self.met, self.shared, self.doors
            self._open_doors_sorted = [
                (e, *unkey(e)[:2], *doors[e][1:])
                for e in sorted(e for e in doors if e not in met and e not in shared)]
        return self._open_doors_sorted

    def _open_doors_grown(self, before: list) -> list:
        """:meth:`open_doors` from the parent's list: its doors the last room met or
        walled off leave, the last room's open doors join (a room changes no others)."""
        met, shared, doors = self.met, self.shared, self.doors
        out = [d for d in before if d[0] not in met and d[0] not in shared]
        sh = self.shifts[-1]
        for d in self.orients[-1].doors:
            e = d.elem + sh
            if e not in met and e not in shared:
                out.append((e, *unkey(e)[:2], *doors[e][1:]))
        out.sort()
        return out

    def _open_doors(self):
        for i, o in enumerate(self.orients):
            sh = self.shifts[i]
            for n, d in enumerate(o.doors):
                e = d.elem + sh
                if e not in self.met and e not in self.shared:
                    yield i, n, d.out + sh

    def exits(self) -> list[tuple[int, int]]:
        """(room, door index) of every door leading outside (rule 6.5 sense)."""
        if self._exits is None:
            free = self.free()
            self._exits = [(i, n) for i, n, out in self._open_doors() if free.leads_out(out)]
        return self._exits

    def has_exit(self) -> bool:
        """Does some door lead outside (rule 6.5)?"""
        if self._exits is not None:
            return bool(self._exits)
        free = self.free()
        return any(free.leads_out(out) for _i, _n, out in self._open_doors())


#: Castles by placement key, in two segments.  ``_CACHE`` keeps castles whose key was
#: asked again (a table's castle when its state is loaded again, a search's root
#: castles) and those grown from them up to :data:`KEEP_DEPTH` rooms on (a search's
#: moves and rollouts from its root; not from a foyer alone, which every game asks for
#: again), least recently used first.  Any other castle
#: enters ``_YOUNG`` and moves to ``_CACHE`` if its key is asked again.  Most castles of
#: a playout or a move are asked for by key only once, when built: it grows the
#: state's own list, which ``_BY_LIST`` answers by identity.  Those leave young a few
#: grows later, while their memory is still in the processor's caches: freeing a
#: castle (a few hundred objects) cost about 20 us from a 256-entry cache, 6-9 us from
#: 8 young ones.  With 4 young ones a random 4-seat game's placing actions took 0.086
#: ms (median) against 0.094 ms with 8; 1 and 2 measured as 4.
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 256
_YOUNG: OrderedDict = OrderedDict()
_YOUNG_SIZE = 4
KEEP_DEPTH = 3


def clear_cache() -> None:
    """Forget every castle (tests that need castles built afresh)."""
    _CACHE.clear()
    _YOUNG.clear()
    _BY_LIST.clear()


#: id of a rooms list -> (that list, its length, copies of its first and last rooms,
#: its placement key, its castle): the lists asked about lately, so the same list is
#: answered without building its key (a room equal to its copy is unchanged; comparing
#: two dicts is one call, where reading five fields is five)
_BY_LIST: dict[int, tuple[list, int, dict, dict, str, Castle]] = {}
_BY_LIST_SIZE = 64


def _room_key(r: dict) -> str:
    return f"{r['tile']} {r['rot']} {r['x']} {r['y']} {r.get('side')};"


def _placement_key(rooms: list[dict]) -> str:
    """The rooms' placements as one string (a string keeps its hash: the cache looks a
    key up several times, and a tuple of tuples would be hashed anew each time)."""
    return "".join(map(_room_key, rooms))


def castle_of(rooms: list[dict]) -> Castle:
    """The (cached) index of the castle made of ``rooms``.

    A list asked about again (the state's own list of a seat) is recognised by identity
    if its length, first and last rooms are unchanged, and grown from its known castle
    if one room was appended: rooms are only ever appended (and the foyer's side set at
    setup), so the rooms between are the same.  Any other list (a copied or JSON
    round-tripped state) is looked up by its placements."""
    hit = _BY_LIST.get(id(rooms))
    castle = None
    if hit is not None and hit[0] is rooms and hit[1] and rooms and rooms[0] == hit[2]:
        n = len(rooms) - hit[1]
        if n == 0 and rooms[-1] == hit[3]:
            return hit[5]
        if n == 1 and rooms[-2] == hit[3]:
            k = hit[4] + _room_key(rooms[-1])       # one room appended to a known list
            castle = _castle_by_key(rooms, k, hit[5])
    if castle is None:
        keys = list(map(_room_key, rooms))
        k = "".join(keys)
        castle = _castle_by_key(rooms, k, None, len(k) - len(keys[-1]) if keys else 0)
    if len(_BY_LIST) >= _BY_LIST_SIZE:
        del _BY_LIST[next(iter(_BY_LIST))]
    _BY_LIST[id(rooms)] = (rooms, len(rooms), dict(rooms[0]) if rooms else {},
                           dict(rooms[-1]) if rooms else {}, k, castle)
    return castle


def _castle_by_key(rooms: list[dict], k: str, base: Castle | None = None,
                   parent: int = 0) -> Castle:
    """The castle of placement key ``k`` (``base``: the castle of the rooms but the
    last, if known; else ``k[:parent]`` is their key)."""
    found = _CACHE.get(k)
    if found is not None:
        _CACHE.move_to_end(k)
        return found
    found = _YOUNG.pop(k, None)
    if found is not None:       # asked again: kept for longer
        # (a foyer alone is every seat's first castle: kept, but not what grows from it)
        _keep(k, found, KEEP_DEPTH if len(found.rooms) > 1 else 0)
        return found
    if base is None and rooms:
        base = _CACHE.get(k[:parent]) or _YOUNG.get(k[:parent])
    if base is not None:
        castle = base.grown(rooms[-1])
        if base.kept:
            _keep(k, castle, base.kept - 1)
            return castle
    else:
        castle = Castle()
        for room in rooms:
            castle.add(room)
    _YOUNG[k] = castle
    if len(_YOUNG) > _YOUNG_SIZE:
        _YOUNG.popitem(last=False)
    return castle


def _keep(k: str, castle: Castle, depth: int) -> None:
    castle.kept = max(castle.kept, depth)
    _CACHE[k] = castle
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
