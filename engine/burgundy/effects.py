"""Tile effects when placed (rules §9): ship, animals, castle, mine, knowledge, buildings.

Ship goods and the castle's extra action are follow-up decisions (frames ``ship``,
``ship_goods`` and ``castle``); everything else resolves at once.
"""
from __future__ import annotations

from engine.core import Event, Option
from engine.burgundy import buildings
from engine.burgundy.actions import GOODS_SPACES, gain_vp
from engine.burgundy.board import advance_track
from engine.burgundy.choices import DECLINE, Opt, action_options
from engine.burgundy.data import DEPOT_PAIRS, DEPOTS, TILES
from engine.burgundy.estate import same_kind_in_pasture
from engine.burgundy.frames import do_action, prefer, push, register
from engine.burgundy.knowledge import ANIMAL_BONUS, SHIP_TWO_DEPOTS

NO_GOODS = Option("no_goods", "no_goods")


def resolve_effect(state: dict, seat: int, tile: str, space: int) -> list[Event]:
    """The placed tile's own effect (after region and colour scoring)."""
    p = state["players"][seat]
    category = TILES[tile].category
    if category == "ship":
        new_space = advance_track(state, seat)
        events = [Event("track", {"seat": seat, "space": new_space + 1})]
        if any(state["depot_goods"]):
            push(state, "ship")
        return events
    if category == "animal":
        scoring = same_kind_in_pasture(p, space)
        vp = sum(TILES[t].animals for t in scoring)
        if ANIMAL_BONUS in p["know"]:
            vp += len(scoring)
        gain_vp(p, "animals", vp)
        return [Event("animals", {"seat": seat, "tile": TILES[tile].kind, "tiles": len(scoring),
                                  "vp": vp})]
    if category == "castle":
        push(state, "castle")
        return []
    if category == "knowledge":
        p["know"].append(TILES[tile].number)
        return []
    if category == "building":
        return buildings.on_place(state, seat, tile)
    return []          # mine: pays at the end of each phase


# -- ship -------------------------------------------------------------------------------
def _ship_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    """Every depot (pair, with knowledge 5) holding goods, and ``no_goods`` when an empty
    depot (pair) could be chosen instead: then only the pawn moves (rules §18 item 10)."""
    goods = state["depot_goods"]
    if SHIP_TWO_DEPOTS in p["know"]:
        out = [Option(f"depots:{a}:{b}", "depots", {"depot": a, "depot2": b})
               for a, b in DEPOT_PAIRS if goods[a - 1] or goods[b - 1]]
        choices = len(DEPOT_PAIRS)
    else:
        out = [Option(f"depot:{d}", "depot", {"depot": d}) for d in DEPOTS if goods[d - 1]]
        choices = len(DEPOTS)
    return out + [NO_GOODS] if len(out) < choices else out


def _take_goods(state: dict, seat: int, depots: list[int], goods: int) -> int:
    """Move every goods tile of type ``goods`` from ``depots`` to the seat's storage."""
    count = 0
    for d in depots:
        pile = state["depot_goods"][d - 1]
        n = pile.count(goods)
        if n:
            count += n
            pile[:] = [g for g in pile if g != goods]
    state["players"][seat]["goods"][goods] += count
    return count


def _new_types(state: dict, p: dict, depots: list[int]) -> list[int]:
    offered = {g for d in depots for g in state["depot_goods"][d - 1]}
    return sorted(g for g in offered if not p["goods"][g])


def _ship_choose(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    p = state["players"][seat]
    state["stack"].pop()
    if option.id == NO_GOODS.id:
        return [Event("ship_no_goods", {"seat": seat})]
    depots = [int(x) for x in option.id.split(":")[1:]]
    taken = {}
    for g in sorted({g for d in depots for g in state["depot_goods"][d - 1] if p["goods"][g]}):
        taken[g] = _take_goods(state, seat, depots, g)
    new = _new_types(state, p, depots)
    room = GOODS_SPACES - sum(1 for g in p["goods"] if g)
    if len(new) <= room:
        for g in new:
            taken[g] = _take_goods(state, seat, depots, g)
    elif room:
        push(state, "ship_goods", depots=depots, room=room)
    return [_goods_event(seat, g, n) for g, n in sorted(taken.items())]


def _goods_event(seat: int, goods: int, count: int) -> Event:
    return Event("ship_goods", {"seat": seat, "goods": f"goods_{goods}", "count": count})


def _ship_goods_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    return [Option(f"goods:{g}", "goods", {"goods": f"goods_{g}"})
            for g in _new_types(state, p, frame["depots"])]


def _ship_goods_choose(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    goods = int(option.id.split(":")[1])
    count = _take_goods(state, seat, frame["depots"], goods)
    frame["room"] -= 1
    if not frame["room"] or not _new_types(state, state["players"][seat], frame["depots"]):
        state["stack"].pop()
    return [_goods_event(seat, goods, count)]


# -- castle -----------------------------------------------------------------------------
def _castle_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    return action_options(state, p, None) + [DECLINE]


register("ship", _ship_options, _ship_choose)
register("ship_goods", _ship_goods_options, _ship_goods_choose)
register("castle", _castle_options, do_action, prefer("workers"))
