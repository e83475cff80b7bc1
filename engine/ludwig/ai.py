"""A heuristic AI that uses only what its seat may know (public table, own cards, own
sleeping-reward peek).

Everything is valued in points.  Money is worth ``money_value`` points per 1,000 M: a
third of a point early, falling to the final 1 point per 10,000 M as the room-card deck
runs down; money paid to another player counts extra (it also helps a rival).  A
placement is worth its immediate points, the completion rewards it triggers (at a
rough value per room type), a small penalty per door it blocks, plus the value of the
room for the AI's own bonus cards and the public King's favors.

- Turn: the best of every affordable purchase (best placement, minus the price net of
  coins) against taking 5,000 M; stairs early, so downstairs rooms become possible.
- Master Builder: prices the market so that the rooms the other players value most
  cost most (their value from public information only), by a few swaps.
- Rewards: the wild reward takes the most valuable type; the sleeping reward empties a
  nearly empty stack of a size the AI owns (depleted-stack points) or lays the room it
  values most on the deck; utility keeps the card worth most for its castle.
"""
from __future__ import annotations

import random
from collections import OrderedDict

from engine.core import Decision, State

from . import data as D
from .build import castle, payee
from .castle import Castle, door_floor
from .decisions import spots
from .placement import legal
from .preview import previews
from .scoring import bonus_points, measures
from .shapes import get, shift

#: rough worth (points) of each completion reward; money rewards use money_value
REWARD_VALUE = {"activity": 5.0, "living": 3.0, "food": 4.0, "sleeping": 1.0, "utility": 2.0,
                "corridor": 2.0, "downstairs": 2.0, "outdoor": 0.0}
BLOCKED_DOOR = 0.7
FAVOR_WEIGHT = 1.2


def money_value(state: State) -> float:
    """Points per 1,000 M now: about 1/3 at the start, 1/10 when the deck is empty."""
    full = D.DECK_SIZE[state["n"]]
    left = min(1.0, len(state["deck"]) / full) if full else 0.0
    return 0.1 + 0.25 * left


def _completion_parts(c: Castle, tile: str, cand: tuple) -> tuple[float, int]:
    """Rewards (and blocked doors) of a placement, from the castle index alone: (value
    of everything but money, outdoor rooms completed: each pays 10,000 M)."""
    rot, x, y, side = cand[:4]
    o = get(tile, rot)
    sh = shift(x, y)
    met: dict[int, int] = {}
    n_met = blocked = 0
    for d in o.doors:
        e = d.elem + sh
        other = c.doors.get(e)
        if other is not None and e not in c.met and other[2] == door_floor(tile, d.floor, side):
            met[other[0]] = met.get(other[0], 0) + 1
            n_met += 1
        elif e in c.contact:
            blocked += 1
    value, outdoor = -BLOCKED_DOOR * blocked, 0
    done = [c.rooms[j]["tile"] for j, k in met.items() if c.open[j] == k]
    if n_met == len(o.doors):
        done.append(tile)
    for t in done:
        kind = D.type_of(t)
        if kind == "outdoor":
            outdoor += 1
        else:
            value += REWARD_VALUE[kind]
        if kind == "living":
            value += D.TILES[t].get("points", 0) - REWARD_VALUE["living"] + 1
    return value, outdoor


def _valued(c: Castle, tile: str) -> list[tuple[float, int, tuple]]:
    """Every legal placement of ``tile`` as (points now + rewards but money, outdoor rooms
    completed, placement); remembered per castle (search asks in every world)."""
    found = c.values.get(tile)
    if found is None:
        cands = legal(c, tile)
        found = c.values[tile] = [
            (points + fixed, outdoor, cand)
            for cand, points in zip(cands, previews(c, tile, cands))
            for fixed, outdoor in [_completion_parts(c, tile, cand)]]
    return found


def _values(state: State, c: Castle, tile: str) -> list[tuple[float, tuple]]:
    """(value, placement) of every legal placement of ``tile`` in castle ``c``."""
    money = 10 * money_value(state)
    return [(v + outdoor * money, cand) for v, outdoor, cand in _valued(c, tile)]


def _best_placement(state: State, seat: int, tile: str) -> tuple[float, tuple | None]:
    c = castle(state, seat)
    k = (tile, money_value(state))
    found = c.values.get(k)
    if found is None:
        best, where = -99.0, None
        for v, cand in _values(state, c, tile):
            if v > best:
                best, where = v, cand
        found = c.values[k] = (best, where)
    return found


def _owned(state: State, seat: int) -> list[str]:
    return [r["tile"] for r in state["players"][seat]["rooms"]]


def card_value(state: State, seat: int, tile: str, cards: list[str]) -> float:
    """What one more ``tile`` adds to these bonus cards (progress cards pro rata)."""
    owned = _owned(state, seat)
    kind, size = D.type_of(tile), D.size_of(tile)
    room = tile in D.ROOM_IDS
    value = 0.0
    for card in cards:
        spec = D.BONUS_CARDS[card]["scoring"]
        how, pts = spec["kind"], spec["points"]
        if how == "per_room_of_type" and spec["type"] == kind:
            value += pts
        elif how == "per_room_of_size" and room and spec["size"] == size:
            value += pts
        elif how == "per_room_of_sizes" and room and size in spec["sizes"]:
            value += pts
        elif how == "per_hallway" and tile == D.HALLWAY or how == "per_stairs" and tile == D.STAIRS:
            value += pts
        elif how == "all_sizes" and room and not any(
                t in D.ROOM_IDS and D.size_of(t) == size for t in owned):
            value += pts / len(D.SIZES) * 1.5
        elif how == "all_types" and not any(D.type_of(t) == kind for t in owned):
            value += pts / len(D.TYPES) * 1.5
    return value


def favor_value(state: State, tile: str) -> float:
    """Rough worth of one more ``tile`` for the public King's favors."""
    kind, size = D.type_of(tile), D.size_of(tile)
    value = 0.0
    for favor in state["favors"]:
        spec = D.FAVORS[favor]["measure"]
        how = spec["kind"]
        if how == "count_of_type" and spec["type"] == kind:
            value += FAVOR_WEIGHT
        elif how == "sum_size_of_type" and spec["type"] == kind:
            value += FAVOR_WEIGHT * size / 300
        elif how == "count_sizes" and tile in D.ROOM_IDS and size in spec["sizes"]:
            value += FAVOR_WEIGHT
    return value


def tile_value(state: State, seat: int, tile: str, own: bool = True) -> float:
    """Best placement plus cards and favors (another seat: public information only)."""
    best, where = _best_placement(state, seat, tile)
    if where is None:
        return -99.0
    cards = state["players"][seat]["bonus"] if own else []
    extra = card_value(state, seat, tile, cards) + favor_value(state, tile)
    if tile == D.STAIRS and D.STAIRS not in _owned(state, seat):
        extra += 3.0 * (money_value(state) / 0.35)
    return best + extra


def _pay_factor(state: State, seat: int) -> float:
    """Money paid to another player also helps a rival."""
    return 1.0 if payee(state, seat) is None else 1.0 + 1.0 / max(1, state["n"] - 1)


def _turn(state: State, d: Decision) -> list[str]:
    seat = d.seat
    mv = money_value(state)
    factor = _pay_factor(state, seat)
    scored = []
    for opt in d.options:
        if opt.id == "take":
            scored.append((D.PASS_INCOME / 1000 * mv, opt.id))
            continue
        if opt.id.startswith("buy:"):
            slot = state["market"][int(opt.id[4:])]
            tile, price, coins = slot["tile"], slot["price"], slot["coins"]
        else:
            tile, price, coins = opt.id, D.CORRIDOR_PRICE, 0
        value = tile_value(state, seat, tile) + coins / 1000 * mv - price / 1000 * mv * factor
        scored.append((value, opt.id))
    scored.sort(key=lambda sv: -sv[0])
    return [oid for _v, oid in scored]


def _place(state: State, d: Decision) -> list[str]:
    c = castle(state, d.seat)
    tile = state["task"]["tile"]
    values = _values(state, c, tile)
    if d.kind == "place_spot":
        value_of = {id(cand): v for v, cand in values}
        groups = {f"spot:{n}": max(value_of[id(cand)] for cand in g)
                  for n, g in enumerate(spots(legal(c, tile)), 1)}
        return sorted(groups, key=lambda k: -groups[k])
    by_id = {}
    for v, cand in values:
        rot, x, y, side = cand[:4]
        tail = "" if side is None else (":g" if side == "ground" else ":d")
        by_id[f"pl:{rot}:{x}:{y}{tail}"] = v
    opts = [o.id for o in d.options if o.id in by_id]
    return sorted(opts, key=lambda oid: -by_id[oid])


#: (what a pricing reads) -> (its castles, the target): the Master Builder's target is
#: the same through every move of one pricing (a move swaps tiles with their coins), so
#: it is worked out once per pricing, not at each of its steps (a third of a 4-seat
#: rollout's CPU before); the castles are held so their ids stay theirs
_TARGETS: OrderedDict = OrderedDict()
_TARGETS_SIZE = 64


def _price_target(state: State) -> list[str | None]:
    """Tiles by the other players' best value, the most wanted in the dearest slot."""
    mb = state["mb"]
    others = [s for s in range(state["n"]) if s != mb]
    castles = tuple(castle(state, s) for s in others)
    market = state["market"]
    key = (tuple(map(id, castles)), tuple(s["price"] for s in market),
           tuple(sorted((s["tile"], s["coins"]) for s in market if s["tile"] is not None)),
           tuple(state["favors"]), money_value(state))
    found = _TARGETS.get(key)
    if found is None:
        found = _TARGETS[key] = (castles, _target(state, others))
        if len(_TARGETS) > _TARGETS_SIZE:
            _TARGETS.popitem(last=False)
    return list(found[1])


def _target(state: State, others: list[int]) -> list[str | None]:
    mv = money_value(state)

    def wanted(slot: dict) -> float:
        return max(tile_value(state, s, slot["tile"], own=False) for s in others) + \
            slot["coins"] / 1000 * mv

    tiles = [s for s in state["market"] if s["tile"] is not None]
    ranked = sorted(tiles, key=lambda s: (-wanted(s), s["tile"]))
    order = sorted(range(len(state["market"])), key=lambda i: -state["market"][i]["price"])
    target: list[str | None] = [None] * len(state["market"])
    for i, slot in zip(order, ranked):
        target[i] = slot["tile"]
    return target


def _price(state: State, d: Decision) -> list[str]:
    if not any(o.id.startswith("move:") for o in d.options):
        return ["confirm"]
    target = _price_target(state)
    for i, slot in enumerate(state["market"]):
        if slot["tile"] is not None and slot["tile"] != target[i]:
            return [f"move:{i}", "confirm"]
    return ["confirm"]


def _price_to(state: State, d: Decision) -> list[str]:
    """The moved tile's slot in the target; back when it is there already (a search or a
    rollout's random move may pick up a tile the heuristic would leave)."""
    src = state["task"]["from"]
    target = _price_target(state)
    tile = state["market"][src]["tile"]
    to = target.index(tile) if tile in target else src
    return [f"to:{to}"] if to != src else ["back"]


def _wild(state: State, d: Decision) -> list[str]:
    seat = d.seat
    room = state["task"]["room"]
    c = castle(state, seat)
    mv = money_value(state)
    from .points import rescore
    values = {"type:living": rescore(c, room), "type:activity": 5.0,
              "type:outdoor": 10 * mv, "type:food": 4.0,
              "type:utility": 2.0 if state["bonus_deck"] else -1.0,
              "type:sleeping": 1.0,
              "type:corridor": -1.0 if state["turn"]["corridor_used"] else max(
                  (tile_value(state, seat, p) for p in (D.STAIRS, D.HALLWAY) if state["supply"][p]),
                  default=-1.0)}
    return sorted((o.id for o in d.options if o.id in values), key=lambda k: -values[k]) + ["decline"]


def _reward(state: State, d: Decision) -> list[str]:
    order = {"corridor": 0, "wild": 1, "utility": 2, "sleeping": 3}
    return sorted((o.id for o in d.options), key=lambda oid: order[state["pool"][int(oid[3:])]["kind"]])


def _sleep_plan(state: State, seat: int, size: str, tiles: list[str]) -> list[str]:
    """Which tiles of a looked-at stack to take (first = next in the market)."""
    owned = sum(1 for t in _owned(state, seat) if t in D.ROOM_IDS and str(D.size_of(t)) == size)
    if len(tiles) <= 2 and owned:
        return sorted(tiles)                    # deplete the stack: 2 points per own tile
    if state["last_round"]:
        return []
    best = max(sorted(tiles), key=lambda t: tile_value(state, seat, t), default=None)
    return [best] if best is not None and tile_value(state, seat, best) > 4 else []


def _sleep_stack(state: State, d: Decision) -> list[str]:
    seat = d.seat
    owned = {}
    for t in _owned(state, seat):
        if t in D.ROOM_IDS:
            owned[str(D.size_of(t))] = owned.get(str(D.size_of(t)), 0) + 1

    def rank(oid: str) -> tuple:
        size = oid.split(":", 1)[1]
        left = len(state["stacks"][size])
        return (-(owned.get(size, 0) if left <= 2 else 0), left)

    stacks = sorted((o.id for o in d.options if o.id != "decline"), key=rank)
    return stacks + ["decline"]


def _sleep_pick(state: State, d: Decision) -> list[str]:
    task = state["task"]
    plan = _sleep_plan(state, d.seat, task["size"], sorted(state["peek"]))
    rest = [t for t in plan if t not in task["chosen"]]
    return [f"tile:{rest[0]}", "done"] if rest else ["done"]


def _card_worth(state: State, seat: int, card: str) -> float:
    """A bonus card's value now plus a little for what the castle may still add."""
    return bonus_points(card, measures(state, seat)) + D.BONUS_CARDS[card]["scoring"]["points"] / 2


def _cards(state: State, d: Decision, prefix: str, best_first: bool) -> list[str]:
    worth = {o.id: _card_worth(state, d.seat, o.id[len(prefix):]) for o in d.options}
    return sorted(worth, key=lambda k: -worth[k] if best_first else worth[k])


def ai_preference(state: State, decision: Decision, rnd: random.Random) -> list[str]:
    kind = decision.kind
    ids = [o.id for o in decision.options]
    if kind in ("turn", "extra_turn"):
        return _turn(state, decision)
    if kind in ("place", "place_spot", "place_rot"):
        return _place(state, decision)
    handlers = {"price": _price, "price_to": _price_to, "wild": _wild, "reward": _reward,
                "sleep_stack": _sleep_stack, "sleep_pick": _sleep_pick}
    if kind in handlers:
        return handlers[kind](state, decision)
    if kind == "corridor":
        pieces = [i for i in ids if i != "decline"]
        return sorted(pieces, key=lambda p: -tile_value(state, decision.seat, p)) + ["decline"]
    if kind == "utility":
        return _cards(state, decision, "keep:", True)
    if kind == "bonus_pick":
        return _cards(state, decision, "pick:", True)
    if kind == "bonus_return":
        return _cards(state, decision, "return:", False)
    if kind == "foyer_side":
        return ["side:four_doors", "side:front"]
    return ids
