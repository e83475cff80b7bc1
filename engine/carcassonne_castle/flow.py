"""The turn: draw (public; unplaceable tiles are discarded), choose a position, a rotation,
a follower, the order of several completed features (when it matters) and wall tiles 2/3
just before scoring, then wall tile 1 for an extra turn; the game ends after the turn that
used up the supply.

Wall tile 1 may be played on any own turn (spec 9): the seat is asked once, at the end of
its first own turn after the tile came to it; a kept tile is then offered as
``extra:use`` in every later place decision (no question each turn).  Played tiles
add to ``state["extra_turns"]``: that many more turns of the same seat follow.
Completed features nobody stands on make no event (nothing changes hands); the
view's ``scored`` still lists them for highlighting.

``state["phase"]`` names the open decision of ``state["active"]``:
``place`` / ``rotate`` / ``follower`` / ``order`` / ``double`` / ``extra`` / ``over``.
"""
from __future__ import annotations

from engine.core import Action, Decision, Event, Option, RuleError
from engine.rng import Rng

from . import board, scoring, track
from .final import final_scoring
from .geometry import KIND_NAME, Geometry

ROLE = {"P": "herald", "T": "knight", "H": "squire", "C": "merchant"}
DEGREES = (0, 90, 180, 270)


def new_state(geo: Geometry, seats: int, options: dict, seed: int) -> dict:
    state = {"rng": Rng.seed_value(seed), "options": dict(options), "turn": 0, "active": 0,
             "phase": "place", "drawn": None, "legal": [], "chosen": None, "placed": None,
             "discards": [], "placements": [], "score": [0] * seats, "followers": [],
             "supply_f": [6] * seats, "held": [[] for _ in range(seats)],
             "used": [[] for _ in range(seats)], "keep": [None] * seats, "queue": [],
             "queue_mine": 0, "completed": [], "moved": [False] * seats,
             "breakdown": [{} for _ in range(seats)], "extra_used": 0, "scored": [],
             "final": None, "chosen_feature": None, "extra_turns": 0,
             "extra_asked": [0] * seats}
    rng = Rng(state)
    supply = list(geo.deck)
    rng.shuffle(supply)
    state["supply"] = supply
    pool = list(geo.wall_pool)
    rng.shuffle(pool)
    state["towers"] = [pool.pop() if t["holds"] else None for t in geo.towers]
    state["box"] = pool
    state["first"] = rng.randrange(seats)
    state["active"] = state["first"]
    board.init_board(geo, state, seats)
    return state


# -- the flow ------------------------------------------------------------------------------
def start_turn(geo: Geometry, state: dict, events: list[Event]) -> None:
    """A new turn for ``state["active"]``: draw until a tile fits (discarding the others)."""
    state["turn"] += 1
    state.update(drawn=None, legal=[], chosen=None, placed=None, completed=[])
    supply = state["supply"]
    while supply:
        tile = supply.pop()
        legal = board.legal_positions(geo, state, tile)
        if legal:
            state.update(drawn=tile, legal=legal, phase="place")
            events.append(Event("tile_drawn", {"seat": state["active"], "tile": tile}))
            return
        state["discards"].append(tile)
        events.append(Event("tile_discarded", {"seat": state["active"], "tile": tile}))
    end_game(geo, state, events)


def end_turn(geo: Geometry, state: dict, events: list[Event]) -> None:
    """The next turn: an extra turn of the same seat if one was played (wall tile 1)."""
    if not state["supply"]:
        end_game(geo, state, events)
        return
    if state.get("extra_turns"):
        state["extra_turns"] -= 1
    else:
        state["active"] = (state["active"] + 1) % len(state["score"])
    start_turn(geo, state, events)


def new_extra_tiles(geo: Geometry, state: dict, seat: int) -> list:
    """The seat's wall tiles 1 it has not been asked about yet (taken since it was last
    asked: in this turn or during the opponent's turns)."""
    asked = state.get("extra_asked", [0] * len(state["score"]))[seat]
    return [h for h in track.held_with(geo, state, seat, "extra_turn") if h[1] > asked]


def extra_option(geo: Geometry, state: dict, seat: int) -> Option | None:
    """``extra:use`` while the seat holds a wall tile 1 and a tile is left for the turn."""
    held = track.held_with(geo, state, seat, "extra_turn")
    if not held or not state["supply"]:
        return None
    return Option("extra:use", "use_extra_turn", {"number": held[0][0], "tile": f"wall{held[0][0]}"})


def play_extra_turn(geo: Geometry, state: dict, seat: int, events: list[Event]) -> None:
    """Play a held wall tile 1: one more turn follows the current one."""
    entry = track.held_with(geo, state, seat, "extra_turn")[0]
    track.use_wall_tile(state, seat, entry)
    events.append(Event("extra_turn", {"seat": seat, "number": entry[0], "tile": f"wall{entry[0]}"}))
    state["extra_used"] += 1
    state["extra_turns"] = state.get("extra_turns", 0) + 1


def end_game(geo: Geometry, state: dict, events: list[Event]) -> None:
    state.update(phase="over", drawn=None, legal=[], chosen=None)
    final_scoring(geo, state, events)
    events.append(Event("game_over", {"scores": list(state["score"])}))


def follower_options(geo: Geometry, state: dict) -> list[tuple[str, int]]:
    """(part name, part id) of the placed tile's parts whose feature holds no follower."""
    if state["placed"] is None or not state["supply_f"][state["active"]]:
        return []
    tile, rot, base = state["board"][state["placed"]]
    uf = state["uf"]
    out = []
    for i, part in enumerate(geo.faces[tile][rot]["parts"]):
        if not any(uf["fol"][board.find(uf, base + i)]):
            out.append((part["name"], base + i))
    return out


def after_follower(geo: Geometry, state: dict, events: list[Event]) -> None:
    scoring.queue_completed(geo, state, state["completed"], events)
    continue_scoring(geo, state, events)


def continue_scoring(geo: Geometry, state: dict, events: list[Event]) -> None:
    """Score queued features until a choice is needed, then wall tile 1, then the turn ends."""
    while state["queue"]:
        group = scoring.current_group(state)
        if scoring.order_matters(geo, state):
            state["phase"] = "order"
            return
        root = group[0]
        if scoring.doubles_for(geo, state, root):
            state["phase"] = "double"
            state["chosen_feature"] = root
            return
        scoring.score_feature(geo, state, root, None, events)
    track.late_pickups(geo, state, events)
    if state["supply"] and new_extra_tiles(geo, state, state["active"]):
        state["phase"] = "extra"
        return
    end_turn(geo, state, events)


# -- decisions -----------------------------------------------------------------------------
def pending(geo: Geometry, state: dict) -> list[Decision]:
    phase, seat = state["phase"], state["active"]
    if phase == "over":
        return []
    if phase == "place":
        opts = tuple(Option(f"at:{geo.label(cell)}", "position",
                            {"spot": geo.label(cell), "rotations": len(rots)})
                     for cell, rots in state["legal"])
        extra = extra_option(geo, state, seat)
        return [Decision(seat, "place", opts + ((extra,) if extra else ()), default=opts[0].id,
                         params={"tile": state["drawn"], "positions": len(opts)})]
    if phase == "rotate":
        rots = dict((c, r) for c, r in state["legal"])[state["chosen"]]
        opts = tuple(Option(f"rot:{DEGREES[r]}", "rotation", {"degrees": DEGREES[r]}) for r in rots)
        return [Decision(seat, "rotate", opts + (Option("back", "back"),), default=opts[0].id,
                         params={"tile": state["drawn"], "spot": geo.label(state["chosen"])})]
    if phase == "follower":
        opts = tuple(Option(f"f:{name}", f"follower_{ROLE[name_kind(name)]}",
                            {"part": name, "where": name.split(":")[1]})
                     for name, _ in follower_options(geo, state))
        return [Decision(seat, "follower", (Option("none", "no_follower"),) + opts, default="none",
                         params={"tile": state["drawn"], "spot": geo.label(state["placed"]),
                                 "followers": state["supply_f"][seat]})]
    if phase == "order":
        opts = tuple(_feature_option(geo, state, root) for root in scoring.current_group(state))
        return [Decision(seat, "order", opts, default=opts[0].id)]
    if phase == "double":
        root = state["chosen_feature"]
        number = scoring.doubles_for(geo, state, root)[0][0]
        params = {"number": number, "tile": f"wall{number}",
                  "kind": KIND_NAME[state["uf"]["kind"][root]],
                  "spot": scoring.anchor(geo, state, root),
                  "points": scoring.points(geo, state, root, True)}
        return [Decision(seat, "double", (Option("double:use", "use_double", params),
                                          Option("double:skip", "skip_double", params)),
                         default="double:use", params=params)]
    number = track.held_with(geo, state, seat, "extra_turn")[0][0]
    params = {"number": number, "tile": f"wall{number}"}
    return [Decision(seat, "extra", (Option("extra:use", "use_extra_turn", params),
                                     Option("extra:keep", "keep_wall_tile", params)),
                     default="extra:keep", params=params)]


def name_kind(name: str) -> str:
    return {v: k for k, v in KIND_NAME.items()}[name.split(":")[0]]


def _feature_option(geo: Geometry, state: dict, root: int) -> Option:
    uf = state["uf"]
    return Option(f"score:{root}", "score_feature",
                  {"kind": KIND_NAME[uf["kind"][root]], "size": len(uf["cells"][root]),
                   "spot": scoring.anchor(geo, state, root), "points": scoring.points(geo, state, root),
                   "seat": scoring.majority(uf["fol"][root])})


def apply(geo: Geometry, state: dict, seat: int, action: Action, option: Option) -> list[Event]:
    """Carry out an option already checked against ``pending``."""
    events: list[Event] = []
    kind, oid = action.kind, action.option
    if kind == "place":
        if oid == "extra:use":
            play_extra_turn(geo, state, seat, events)
            return events
        cell = geo.index(*_cell_of(geo, oid[3:]))
        state.update(chosen=cell, phase="rotate")
    elif kind == "rotate":
        if oid == "back":
            state.update(chosen=None, phase="place")
            return events
        _place(geo, state, seat, DEGREES.index(int(oid[4:])), events)
    elif kind == "follower":
        if oid != "none":
            part = dict(follower_options(geo, state))[oid[2:]]
            state["supply_f"][seat] -= 1
            state["followers"].append([seat, part])
            root = board.find(state["uf"], part)
            state["uf"]["fol"][root][seat] += 1
            name = oid[2:]
            events.append(Event("follower_placed", {"seat": seat, "role": ROLE[name_kind(name)],
                                                    "part": name, "where": name.split(":")[1],
                                                    "spot": geo.label(state["placed"])}))
        after_follower(geo, state, events)
    elif kind == "order":
        root = int(oid[6:])
        if scoring.doubles_for(geo, state, root):
            state.update(phase="double", chosen_feature=root)
        else:
            scoring.score_feature(geo, state, root, None, events)
            continue_scoring(geo, state, events)
    elif kind == "double":
        root = state["chosen_feature"]
        used = scoring.doubles_for(geo, state, root)[0] if oid == "double:use" else None
        scoring.score_feature(geo, state, root, used, events)
        continue_scoring(geo, state, events)
    elif kind == "extra":
        state.setdefault("extra_asked", [0] * len(state["score"]))[seat] = state["turn"]
        if oid == "extra:use":
            play_extra_turn(geo, state, seat, events)
        end_turn(geo, state, events)
    return events


def _cell_of(geo: Geometry, label: str) -> list[int]:
    return [int(label[1:]) - 1, ord(label[0]) - ord("A")]


def _place(geo: Geometry, state: dict, seat: int, rot: int, events: list[Event]) -> None:
    cell, tile = state["chosen"], state["drawn"]
    _, completed = board.place(geo, state, cell, tile, rot)
    state["scored"] = []
    state["placements"].append(cell)
    state.update(placed=cell, completed=completed, chosen=None, legal=[])
    events.append(Event("tile_placed", {"seat": seat, "tile": tile, "spot": geo.label(cell),
                                        "rotation": DEGREES[rot]}))
    if follower_options(geo, state):
        state["phase"] = "follower"
    else:
        after_follower(geo, state, events)


def explain_illegal(geo: Geometry, state: dict, action: Action) -> RuleError:
    """Why an option that answers the open decision is not legal now."""
    oid = action.option
    if action.kind == "place" and oid.startswith("at:"):
        try:
            cell = geo.index(*_cell_of(geo, oid[3:]))
        except (ValueError, IndexError):
            return RuleError("no_such_space", spot=oid[3:])
        if geo.kind[cell] != 1:
            return RuleError("not_interior", spot=oid[3:])
        if state["board"][cell] is not None:
            return RuleError("space_taken", spot=oid[3:])
        if not state["fixed"][cell]:
            return RuleError("no_full_side", spot=oid[3:])
        return RuleError("paths_must_continue", spot=oid[3:])
    if action.kind == "rotate" and oid.startswith("rot:"):
        return RuleError("paths_must_continue", spot=geo.label(state["chosen"]))
    if action.kind == "follower" and oid.startswith("f:"):
        tile, rot, _ = state["board"][state["placed"]]
        if oid[2:] not in {p["name"] for p in geo.faces[tile][rot]["parts"]}:
            return RuleError("illegal_option", option=oid)
        if not state["supply_f"][state["active"]]:
            return RuleError("no_follower_left")
        return RuleError("feature_occupied", part=oid[2:])
    return RuleError("illegal_option", option=oid)
