"""The open decisions (``pending``) and their options, built from ``state["task"]``.

Option-id schemes are documented in ``view.py``; every id is at most 60 characters of
``[A-Za-z0-9_.:+-]``.  Placement options come from ``placement.legal`` only.
"""
from __future__ import annotations

from typing import Iterator

from engine import simultaneous as sim
from engine.core import Decision, Option, State

from . import data as D
from .build import castle
from .placement import legal, placeable
from .preview import previews
from .setup import BONUS_RETURN

MAX_DIRECT = 24       # placements listed directly (plus "back"); more are split by spot
#: after this many swaps the Master Builder can only confirm (a guard against endless
#: loops): any arrangement of the at most 7 slots needs at most 6 swaps
MAX_PRICE_MOVES = 20


def place_id(rot: int, x: int, y: int, side: str | None) -> str:
    return f"pl:{rot}:{x}:{y}{_TAILS[side]}"


def parse_place(option: str) -> tuple[int, int, int, str | None]:
    parts = option.split(":")
    side = None
    if len(parts) == 5:
        side = "ground" if parts[4] == "g" else "downstairs"
    return int(parts[1]), int(parts[2]), int(parts[3]), side


def affordable(state: State, seat: int) -> dict[str, int | None]:
    """Legal purchases now: option id -> market index (None for stairs/hallway)."""
    return dict(_purchases(state, seat, state["players"][seat]["money"]))


def can_build(state: State, seat: int) -> bool:
    """Could ``seat`` place a market tile or a stairs/hallway piece, money aside?

    The pieces are asked first: their witnesses are usually known (a castle takes its
    parent's), where a tile just revealed needs a search of the castle."""
    c = castle(state, seat)
    return (any(state["supply"][p] and placeable(c, p) for p in (D.STAIRS, D.HALLWAY))
            or any(slot["tile"] is not None and placeable(c, slot["tile"])
                   for slot in state["market"]))


def _purchases(state: State, seat: int, money: float) -> Iterator[tuple[str, int | None]]:
    """(option id, market index or None) of each piece ``seat`` can pay with ``money``
    and place in its castle."""
    c = castle(state, seat)
    for i, slot in enumerate(state["market"]):
        tile = slot["tile"]
        if tile is not None and money + slot["coins"] >= slot["price"] and placeable(c, tile):
            yield f"buy:{i}", i
    for piece in (D.STAIRS, D.HALLWAY):
        if state["supply"][piece] and money >= D.CORRIDOR_PRICE and placeable(c, piece):
            yield piece, None


def spots(cands: list[tuple]) -> list[list[tuple]]:
    """Candidates grouped by the castle door they attach at, in a stable order."""
    groups: dict[int, list[tuple]] = {}
    for cand in cands:
        groups.setdefault(cand[5], []).append(cand)
    return [groups[k] for k in sorted(groups)]


def placement_options(state: State, task: dict) -> tuple[str, list[Option]]:
    """(decision kind, options) of a placement task: direct, by spot, or within a spot
    (built once per castle, tile and spot: "back" and a new look ask again)."""
    c = castle(state, task["seat"])
    k = (task["tile"], task.get("spot"))
    found = c.offers.get(k)
    if found is None:
        found = c.offers[k] = _placement_options(c, task["tile"], task.get("spot"))
    return found


def _placement_options(c, tile: str, spot: int | None) -> tuple[str, list[Option]]:
    cands = legal(c, tile)
    back = [Option("back", "back")]
    if len(cands) <= MAX_DIRECT:
        return "place", _place_options(c, tile, cands) + back
    groups = spots(cands)
    if spot is None:
        return "place_spot", [Option(f"spot:{n}", "spot", {"n": n, "count": len(g)})
                              for n, g in enumerate(groups, 1)] + back
    return "place_rot", _place_options(c, tile, groups[spot - 1]) + back


def letter(n: int) -> str:
    """A, B, ..., Z, AA, AB, ... for the n-th (0-based) offered placement."""
    out = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _place_options(c, tile: str, cands: list[tuple]) -> list[Option]:
    """The options of these placements, lettered A, B, ... in order; each is also
    remembered by its id in ``c.offered`` (``offered_placement``).  (The ids are
    written here as ``place_id`` does, without a call per candidate: a listing is most
    of a cold placement decision.)"""
    offered = c.offered.get(tile)
    if offered is None:
        offered = c.offered[tile] = {}
    out = []
    for n, (cand, points) in enumerate(zip(cands, previews(c, tile, cands))):
        rot, x, y, side = cand[:4]
        oid = f"pl:{rot}:{x}:{y}{_TAILS[side]}"
        offered[oid] = cand
        out.append(Option(oid, _LABELS[side],
                          {"letter": _LETTERS[n] if n < len(_LETTERS) else letter(n),
                           "rot": rot * 90, "points": points}))
    return out


_TAILS = {None: "", "ground": ":g", "downstairs": ":d"}
_LABELS = {None: "place", "ground": "place_ground", "downstairs": "place_downstairs"}
_LETTERS = tuple(letter(n) for n in range(128))


def offered_placement(c, tile: str, option: str) -> tuple | None:
    """The candidate ``(rot, x, y, side, links, door)`` a placement option of ``c`` was
    built for, or None if this castle object has not offered it."""
    offered = c.offered.get(tile)
    return offered.get(option) if offered else None


def _turn(state: State, task: dict) -> Decision:
    seat = task["seat"]
    opts = []
    for oid, i in affordable(state, seat).items():
        if i is None:
            opts.append(Option(oid, f"buy_{oid}", {"price": D.CORRIDOR_PRICE}))
        else:
            slot = state["market"][i]
            opts.append(Option(oid, "buy_room", {"tile": slot["tile"], "price": slot["price"],
                                                 "coins": slot["coins"]}))
    opts.append(Option("take", "take", {"money": D.PASS_INCOME}))
    kind = "extra_turn" if state["turn"]["extra"] else "turn"
    return Decision(seat, kind, tuple(opts), default="take",
                    params={"money": state["players"][seat]["money"]})


def _place(state: State, task: dict) -> Decision:
    kind, opts = placement_options(state, task)
    return Decision(task["seat"], kind, tuple(opts), default="back",
                    params={"tile": task["tile"]})


def _price(state: State, task: dict) -> Decision:
    opts = []
    if task["moves"] < MAX_PRICE_MOVES:
        opts = [Option(f"move:{i}", "move", {"tile": s["tile"], "price": s["price"]})
                for i, s in enumerate(state["market"]) if s["tile"] is not None]
    opts.append(Option("confirm", "confirm_prices"))
    return Decision(task["seat"], "price", tuple(opts), default="confirm")


def _price_to(state: State, task: dict) -> Decision:
    src = task["from"]
    tile = state["market"][src]["tile"]
    opts = [Option(f"to:{j}", "to_slot", {"price": s["price"], "other": s["tile"] or "-"})
            for j, s in enumerate(state["market"]) if j != src]
    opts.append(Option("back", "back"))
    return Decision(task["seat"], "price_to", tuple(opts), default="back",
                    params={"tile": tile, "price": state["market"][src]["price"]})


def _reward(state: State, task: dict) -> Decision:
    opts = [Option(f"rw:{i}", f"reward_{e['kind']}",
                   {"tile": castle(state, task["seat"]).rooms[e["room"]]["tile"]})
            for i, e in enumerate(state["pool"])]
    return Decision(task["seat"], "reward", tuple(opts), default=opts[0].id)


def _corridor(state: State, task: dict) -> Decision:
    c = castle(state, task["seat"])
    opts = [Option(p, f"free_{p}") for p in (D.STAIRS, D.HALLWAY)
            if state["supply"][p] and placeable(c, p)]
    opts.append(Option("decline", "decline"))
    return Decision(task["seat"], "corridor", tuple(opts), default="decline")


WILD_TYPES = ("living", "activity", "food", "sleeping", "outdoor", "utility", "corridor")


def _wild(state: State, task: dict) -> Decision:
    opts = [Option(f"type:{t}", "wild_type", {"type": t}) for t in WILD_TYPES]
    opts.append(Option("decline", "decline"))
    return Decision(task["seat"], "wild", tuple(opts), default="type:outdoor",
                    params={"tile": castle(state, task["seat"]).rooms[task["room"]]["tile"]})


def _sleep_stack(state: State, task: dict) -> Decision:
    opts = [Option(f"stack:{s}", "stack", {"size": s, "count": len(state["stacks"][s])})
            for s in D.STACK_IDS if state["stacks"][s]]
    opts.append(Option("decline", "decline"))
    return Decision(task["seat"], "sleep_stack", tuple(opts), default="decline")


def _sleep_pick(state: State, task: dict) -> Decision:
    chosen = task["chosen"]
    opts = [Option(f"tile:{t}", "peek_tile", {"tile": t})
            for t in sorted(state["peek"]) if t not in chosen]
    opts.append(Option("done", "done_peek", {"count": len(chosen)}))
    return Decision(task["seat"], "sleep_pick", tuple(opts), secret=True, default="done",
                    params={"size": task["size"], "picked": len(chosen)})


def _utility(state: State, task: dict) -> Decision:
    opts = [Option(f"keep:{c}", "keep", {"card": c}) for c in state["drawn"]]
    return Decision(task["seat"], "utility", tuple(opts), secret=True, default=opts[0].id)


def _favor_pick(state: State, task: dict) -> Decision:
    taken = state["favors"]
    blocked = any(f in D.EXCLUSIVE_FAVORS for f in taken)
    opts = [Option(f"favor:{f}", "favor", {"favor": f}) for f in D.FAVORS
            if f not in taken and not (blocked and f in D.EXCLUSIVE_FAVORS)]
    return Decision(task["seat"], "favor_pick", tuple(opts), default=opts[0].id,
                    params={"count": len(taken) + 1, "total": D.FAVORS_UP[state["n"]]})


def _bonus_pick(state: State, task: dict) -> Decision:
    taken = {c for p in state["players"] for c in p["bonus"]}
    opts = [Option(f"pick:{c}", "bonus_card", {"card": c}) for c in D.BONUS_CARDS if c not in taken]
    return Decision(task["seat"], "bonus_pick", tuple(opts), secret=True, default=opts[0].id,
                    params={"count": len(state["players"][task["seat"]]["bonus"]) + 1})


FOYER_SIDES = ("front", "four_doors")


def _foyer_side(state: State, task: dict) -> Decision:
    opts = tuple(Option(f"side:{s}", f"foyer_{s}") for s in FOYER_SIDES)
    return Decision(task["seat"], "foyer_side", opts, default="side:front")


BUILDERS = {
    "turn": _turn, "place": _place, "price": _price, "price_to": _price_to,
    "reward": _reward, "corridor": _corridor, "wild": _wild, "sleep_stack": _sleep_stack,
    "sleep_pick": _sleep_pick, "utility": _utility, "favor_pick": _favor_pick,
    "bonus_pick": _bonus_pick, "foyer_side": _foyer_side,
}


def pending(state: State) -> list[Decision]:
    if state["finished"]:
        return []
    if sim.is_open(state, BONUS_RETURN):
        return [Decision(s, "bonus_return",
                         tuple(Option(f"return:{c}", "return_card", {"card": c})
                               for c in state["players"][s]["dealt"]),
                         secret=True, default=f"return:{state['players'][s]['dealt'][-1]}")
                for s in sim.waiting(state, BONUS_RETURN)]
    task = state["task"]
    return [BUILDERS[task["type"]](state, task)] if task else []
