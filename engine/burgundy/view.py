"""What a seat may see (``Game.view``).  Nothing is secret but face-down things.

Never included: the face-down tile supplies, the goods stacks of later phases, the goods
returned to the box at setup.  A player's sold goods by type are shown to their owner
(and to all once the game is over); others see only the count.

Schema (JSON)::

    game "burgundy", seat (viewer or None), players (count), finished (bool),
    result (Result.to_json(), when finished), revealed {box_goods, unused_tiles} (when
    finished: the goods returned unseen at setup and the tiles never drawn),
    options {estates, tiebreak},
    phase "A".."E", phase_index 0..4, round 1..5, phase_bonus (region bonus now),
    active (seat to act), decision (its decision kind or None), stack [open sub-action kinds],
    decision_tile (the tile being placed or making room in storage: ``space``/``discard``;
    else None),
    white_die 1..6, start_seat (first this round), order [seats this round], turn_index,
    round_goods ["goods_<n>", ...]  visible goods still on the round spaces, next first,
    goods_stacks_left (count of face-down phase stacks),
    depots [{depot 1..6, spaces [{slot, colour, tile|None} | None when unused],
             goods ["goods_<n>", ...]}],
    black_depot [tile ids],
    bonus_tiles {colour: ["large", "small"] still available},
    track [[seats bottom..top] for spaces 1..7],
    estate_picks {chosen, waiting, mine?} (advanced setup, secret choice only: who has
    chosen; ``mine`` = the viewer's own hidden ``estate:<n>:<space>``),
    tiles {tile id: {category, kind, colour, animals, number}} for every tile shown,
    estates [per seat: {seat, estate (number), board [faces dealt], confidence,
             spaces [{id, colour, die, region, tile|None}] (37, ids as on the board),
             storage [tile ids], goods {"goods_<n>": count}, sold_count,
             sold {"goods_<n>": count} (owner / game over only), workers, silverlings, vp,
             knowledge [numbers], bonus_tiles [ids], dice [a, b], used [bool, bool],
             empty_spaces, track_space 1..7}]
"""
from __future__ import annotations

from engine import simultaneous
from engine.burgundy.board import depot_colour
from engine.burgundy.data import DEPOTS, DIE, ESTATES, GOODS, PHASE_BONUS, PHASES, SPACES, TILES
from engine.burgundy.estate import empty_spaces
from engine.burgundy.setup import PICKS
from engine.burgundy.scoring import result

#: estate number -> (space id, its static part) for every space
_SPACE_INFO = {n: [(s, {"id": s, "colour": e.colour[s], "die": DIE[s],
                        "region": f"R{e.region[s] + 1}"}) for s in SPACES]
               for n, e in ESTATES.items()}

_GOODS_KEYS = {g: f"goods_{g}" for g in GOODS}


def _goods_map(counts: list[int]) -> dict[str, int]:
    return {_GOODS_KEYS[g]: counts[g] for g in GOODS if counts[g]}


def _tile_info(tile: str) -> dict:
    """What a shown tile is (a new dict each time: views are the caller's to keep)."""
    return _TILE_INFO[tile].copy()


_TILE_INFO = {tile: {"category": t.category, "kind": t.kind, "colour": t.colour,
                     "animals": t.animals, "number": t.number} for tile, t in TILES.items()}


def _estate(state: dict, seat: int, viewer: int | None, track_space: dict) -> dict:
    p = state["players"][seat]
    sp = p["sp"]
    spaces = []
    for space, info in _SPACE_INFO[p["estate"]]:
        entry = info.copy()
        entry["tile"] = sp[space]
        spaces.append(entry)
    out = {
        "seat": seat, "estate": p["estate"], "board": list(p["board"]),
        "confidence": ESTATES[p["estate"]].confidence, "spaces": spaces,
        "storage": list(p["store"]), "goods": _goods_map(p["goods"]),
        "sold_count": sum(p["sold"]), "workers": p["workers"], "silverlings": p["silver"],
        "vp": p["vp"], "knowledge": sorted(p["know"]), "bonus_tiles": list(p["bonus"]),
        "dice": list(p["dice"]), "used": list(p["used"]), "empty_spaces": empty_spaces(p),
        "track_space": track_space[seat],
    }
    if viewer == seat or state["finished"]:
        out["sold"] = _goods_map(p["sold"])
    return out


def _depot(state: dict, depot: int) -> dict:
    spaces = []
    for slot, tile in enumerate(state["depots"][depot - 1]):
        colour = depot_colour(state, depot, slot)
        spaces.append(None if colour is None else {"slot": slot, "colour": colour, "tile": tile})
    return {"depot": depot, "goods": [f"goods_{g}" for g in state["depot_goods"][depot - 1]],
            "spaces": spaces}


def _decision_kind(state: dict) -> str | None:
    if state["finished"]:
        return None
    if PICKS in state:
        return "secret_estate"
    return state["stack"][-1]["k"] if state["stack"] else "turn"


def _decision_tile(state: dict) -> str | None:
    top = state["stack"][-1] if state["stack"] and not state["finished"] else {}
    return top.get("tile")


def view(state: dict, viewer: int | None) -> dict:
    n = state["n"]
    track_space = {s: i + 1 for i, space in enumerate(state["track"]) for s in space}
    depots = [_depot(state, d) for d in DEPOTS]
    estates = [_estate(state, s, viewer, track_space) for s in range(n)]
    shown = [t for d in state["depots"] for t in d if t] + list(state["black"])
    for e in estates:
        shown += e["storage"] + [sp["tile"] for sp in e["spaces"] if sp["tile"]]
    out = {
        "game": "burgundy", "seat": viewer, "players": n, "finished": state["finished"],
        "options": dict(state["opts"]), "phase": PHASES[state["phase"]],
        "phase_index": state["phase"], "round": state["round"] + 1,
        "phase_bonus": PHASE_BONUS[state["phase"]], "active": state["active"],
        "decision": _decision_kind(state),
        "stack": [f["k"] for f in state["stack"]], "decision_tile": _decision_tile(state),
        "white_die": state["white"],
        "start_seat": state["order"][0], "order": list(state["order"]),
        "turn_index": state["turn_idx"],
        "round_goods": [f"goods_{g}" for g in state["round_goods"]],
        "goods_stacks_left": len(state["stacks"]), "depots": depots,
        "black_depot": list(state["black"]),
        "bonus_tiles": {c: ["large", "small"][state["bonus"].get(c, 0):]
                        for c in ("castle", "pasture", "river", "city", "mine", "knowledge")},
        "track": [list(space) for space in state["track"]],
        "tiles": {t: _tile_info(t) for t in shown},
        "estates": estates,
    }
    picks = simultaneous.public_view(state, PICKS, viewer)
    if picks is not None:
        out["estate_picks"] = picks
    if state["finished"]:
        out["result"] = result(state).to_json()
        out["revealed"] = {"box_goods": sorted(f"goods_{g}" for g in state["box"]),
                           "unused_tiles": sorted(t for pile in state["supply"].values()
                                                  for t in pile)}
    return out
