"""Final scoring (spec section 7): courts, wall tiles 4-9, the largest keep.

Wall tiles still on the corner towers are removed unseen first; no wall tile is picked up
during final scoring.  Wall tiles 4-7 are applied automatically to the eligible feature
worth the most (the choices only add to their owner and never interact, spec 7.3).
"""
from __future__ import annotations

from engine.core import Event

from . import track
from .geometry import INTERIOR, KIND_NAME, Geometry
from .scoring import anchor, majority

INCOMPLETE = {"score_incomplete_path": "P", "score_incomplete_tower": "T",
              "score_incomplete_house": "H", "court_markets_worth_4": "C"}


def _roots(state: dict) -> list[int]:
    uf = state["uf"]
    return [p for p in range(len(uf["parent"])) if uf["parent"][p] == p and not uf["done"][p]
            and any(state["board"][c] is not None for c in uf["cells"][p])]


def _value(geo: Geometry, state: dict, effect: str, root: int) -> int:
    uf, table = state["uf"], geo.scoring
    size = len(uf["cells"][root])
    if effect == "score_incomplete_path":
        fountain = state["options"]["fountain_wall_tile_4"] and uf["fountain"][root]
        return size * (table["path_with_fountain_per_tile"] if fountain else table["path_per_tile"])
    if effect == "score_incomplete_tower":
        return size * table["tower_per_tile"]
    if effect == "score_incomplete_house":
        return size * table["house_per_tile"]
    extra = table["market_per_market_with_wall_tile_7"] - table["market_per_market"]
    return uf["markets"][root] * extra


def _courts(geo: Geometry, state: dict, roots: list[int], events: list[Event]) -> None:
    uf = state["uf"]
    for root in roots:
        if uf["kind"][root] != "C" or not uf["markets"][root]:
            continue
        winner = majority(uf["fol"][root])
        if winner is None:
            if any(uf["fol"][root]):
                events.append(Event("court_tied", {"markets": uf["markets"][root],
                                                   "spot": anchor(geo, state, root)}))
            continue
        track.add_points(geo, state, winner, uf["markets"][root] * geo.scoring["market_per_market"],
                         "court", "court_scored", events, pickup=False,
                         markets=uf["markets"][root], spot=anchor(geo, state, root))


def _wall_tiles(geo: Geometry, state: dict, roots: list[int], events: list[Event]) -> None:
    uf = state["uf"]
    for seat in range(len(state["score"])):
        for effect, kind in INCOMPLETE.items():
            copies = track.held_with(geo, state, seat, effect)
            if not copies:
                continue
            eligible = sorted((r for r in roots if uf["kind"][r] == kind
                               and majority(uf["fol"][r]) == seat),
                              key=lambda r: (-_value(geo, state, effect, r), r))
            for entry, root in zip(copies, eligible):
                value = _value(geo, state, effect, root)
                if value <= 0:
                    continue
                track.use_wall_tile(state, seat, entry)
                track.add_points(geo, state, seat, value, "wall_tiles", "wall_tile_scored", events,
                                 pickup=False, number=entry[0], tile=f"wall{entry[0]}",
                                 kind=KIND_NAME[kind], size=len(uf["cells"][root]),
                                 spot=anchor(geo, state, root))
        for entry in track.held_with(geo, state, seat, "five_points"):
            track.use_wall_tile(state, seat, entry)
            track.add_points(geo, state, seat, 5, "wall_tiles", "wall_tile_points", events,
                             pickup=False, number=entry[0], tile=f"wall{entry[0]}")


def largest_empty_area(geo: Geometry, state: dict) -> int:
    """N of 7.2: the largest group of empty interior cells (orthogonal), each group counting
    its cells plus the start spaces that touch one of them."""
    board, seen, best = state["board"], set(), 0
    touching: dict[int, int] = {}
    for start in geo.starts:
        touching[start["touches"]] = touching.get(start["touches"], 0) + 1
    for cell in geo.interior:
        if board[cell] is not None or cell in seen:
            continue
        value, stack = 0, [cell]
        seen.add(cell)
        while stack:
            c = stack.pop()
            value += 1 + touching.get(c, 0)
            for other in geo.neighbour[c]:
                if (other is not None and geo.kind[other] == INTERIOR and board[other] is None
                        and other not in seen):
                    seen.add(other)
                    stack.append(other)
        best = max(best, value)
    return best


def keep_sizes(geo: Geometry, state: dict, events: list[Event] | None = None) -> list[int]:
    """Each seat's keep size at the end: its house's tiles +2 per wall tile 8 (0: no keep)."""
    sizes = []
    for seat, keep in enumerate(state["keep"]):
        size = keep["size"] if keep else 0
        for entry in track.held_with(geo, state, seat, "keep_plus_2"):
            if keep is None:
                continue
            size += 2
            if events is not None:
                track.use_wall_tile(state, seat, entry)
                events.append(Event("wall_tile_used", {"seat": seat, "number": entry[0],
                                                       "tile": f"wall{entry[0]}"}))
        sizes.append(size)
    return sizes


def _keep(geo: Geometry, state: dict, events: list[Event]) -> None:
    sizes = keep_sizes(geo, state, events)
    area = largest_empty_area(geo, state)
    state["final"] = {"keep_sizes": sizes, "area": area}
    best = max(sizes)
    if best == 0 or sizes.count(best) > 1:
        if best:
            events.append(Event("keep_tied", {"size": best}))
        return
    seat = sizes.index(best)
    if area:
        track.add_points(geo, state, seat, area, "keep", "keep_scored", events, pickup=False,
                         size=best, area=area)


def final_scoring(geo: Geometry, state: dict, events: list[Event]) -> None:
    state["towers"] = [None] * len(state["towers"])
    events.append(Event("final_scoring", {}))
    roots = _roots(state)
    _courts(geo, state, roots, events)
    _wall_tiles(geo, state, roots, events)
    _keep(geo, state, events)
    uf = state["uf"]
    for root in roots:
        uf["done"][root] = 1
