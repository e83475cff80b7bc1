"""What a seat may see (``view(state, seat)``): the renderer and the cog use only this.

Nothing hidden ever appears: not the supply order, not the faces of the wall tiles still
on corner towers, not the 5 wall tiles left in the box (not even when the game is over).
Every seat and the spectator get the same view except ``seat`` (no private information
exists in this game).

Conventions: a cell is ``[row, col]`` (row 0 at the top, col 0 at the left, as in the data
file); ``label`` is its name on the board picture, column letter + row number (``"D4"``
= row 3, col 3); quarters are ``NW NE SE SW``, sides/arms ``N E S W``; a quarter letter
is ``T`` tower, ``H`` house, ``C`` court, ``W`` wall (start spaces only).

Schema::

    game "carcassonne_castle", seat (int | None), players 2, finished (bool),
    result (Result.to_json(), only when finished)
    options {late_pickup, fountain_wall_tile_4, keep_requires_own_placement} (bools)
    board {
      origin [row0, col0]         cell of mask[0][0] (usually [-1, -1])
      mask [str]                  rows of the mask: '#' interior, 'S' start space, '.' wall
      rows, cols                  interior row/col ranges [first, last]
      outline [[x, y]]            wall outline vertices clockwise; vertex [x, y] = [column
                                  line, row line], cell [r, c] spans x c..c+1, y r..r+1
      start_spaces [{id, cell, touches (interior cell), inner_side (side facing it),
                     face, features [part]}]   face/part as for tiles; features carry
                     ``feature`` (int id, shared with tile parts it is joined to)
    }
    tiles [{cell, label, tile (kind id, a names() key), rotation (0/90/180/270),
            order (1 = first placed), face, parts [part]}]   in placement order
      face {quarters {NW: "T"|"H"|"C"|"W", ...}, markets {quarter: n} (only > 0),
            segments [{arms [sides], end None|"plaza"|"building"|"wall", fountain}]}
            (after rotation: draw it as is; a segment with end None joins its arms in the
            centre; "plaza" arms end at a square in the centre; "building" at a door)
      part {id ("tower:NW-NE", "path:N-S": kind + its quarters or arms, the follower
            option's suffix), kind ("path"|"tower"|"house"|"court"), quarters [..],
            arms [..], feature (int: equal ids = one connected feature), complete (bool:
            a scored/completed path, tower or house), size (tiles of the whole feature)}
    followers [{seat, cell, label, part (part id), kind, role (herald|knight|squire|merchant),
                quarters [..], arms [..]}]       the part it stands on, board orientation
    keeps [None | {cell, label, part, quarters, size}]       per seat
    track {length, towers [{id, spaces [a, b], holds_tile (bool: a face-down tile lies
           there; never its number)}]}
    seats [{seat, score (unbounded), space (score mod length), laps, followers (in supply),
            keep_placed (bool), wall_tiles [numbers held, face up], used [numbers used],
            usable [numbers of held 2/3 usable now], extra_turns (added: wall tiles 1
            already played for turns still to come; only the active seat has any)}]
    active (seat), turn (int), phase ("place"|"rotate"|"follower"|"order"|"double"|
           "extra"|"over")
    drawn None | {tile, face (rotation 0), rotations [degrees of its distinct faces]}
           the tile drawn this turn; still set after it is placed (``last`` says where)
    supply (tiles left, count only), discards [tile kind ids], placed (tiles on the board)
    legal [{cell, label, rotations [degrees]}]   where the drawn tile may go (phase
           place/rotate; public: anyone could work it out)
    chosen None | {cell, label, rotations [degrees]}      position picked, rotation pending
    last None | {cell, label}                              the tile placed this turn
    scoring [{feature, kind, size, points, seat, spot, next (bool: may be chosen now),
             cells [[r, c]]}]   completed features still to be scored this turn (phase
           order/double), in queue order
    follower_options [{option, part, kind, quarters, arms}]   phase follower: the parts of
           the placed tile a follower may go on, with their option ids
    scored [{kind, cells [[r, c]], seat (None: nobody), points}]   the features the most
           recent tile completed (scored or not), kept until the next tile is placed,
           for highlighting
    final None | {keep_sizes [per seat], area (largest empty area value)}  when finished
    asking None | {number, tile ("wall<n>"), feature (None for extra), kind, points
           (doubled), spot, cells}      the wall tile of an open double/extra decision;
           in phase place {number, tile, feature None} while "extra:use" is offered
    discard_faces {tile id: face (rotation 0)}     faces of the discarded kinds

Names: ``names()`` has every tile kind id, ``wall<n>`` ("wall tile 2 (Double tower)"),
``wall<n>.short`` ("Double tower"), corner tower and start space ids, path/tower/house/
court, the roles, and every part id ("tower:NW-NE").

Decisions (all for ``active``; option ids ≤ 60 chars):

    place     "at:<label>" (e.g. "at:D4") per legal position; label "position"
              {spot, rotations}; params {tile, positions (count of "at:" options)}.
              While the seat holds a wall tile 1 (and a tile is left for one more
              turn), the last option is "extra:use" (label "use_extra_turn" {number,
              tile}): play it now, one more turn follows this one; the same place
              decision is then asked again.  Positions are not split into several
              decisions: the picture names every legal space, the slash command
              autocompletes them, and the buttons page the options (see
              REQUESTS_FROM_RENDER.md, "positions").
    rotate    "rot:<degrees>" per legal distinct rotation at the chosen position, and
              "back"; label "rotation" {degrees}; params {tile, spot}
    follower  "none" and "f:<part id>" (e.g. "f:tower:NW-NE") for each part of the placed
              tile whose whole feature holds no follower; labels "no_follower",
              "follower_herald|knight|squire|merchant" {part, where}; params {tile, spot,
              followers}.  Skipped when only "none" is possible.
    order     "score:<feature>" for each feature that may be scored next (the placing
              seat's own first, then the opponent's); label "score_feature" {kind, size,
              spot, points, seat}.  Only asked when the order can change a wall-tile pickup
              or a wall tile 2/3 could be played.
    double    "double:use" / "double:skip" (wall tile 2 on a tower, 3 on a house, just
              before it scores); params {number, tile, kind, spot, points (doubled)}
    extra     "extra:use" / "extra:keep" (wall tile 1: one more turn right after this
              one); params {number, tile}.  Asked once per wall tile 1, at the end of the
              seat's first own turn after the tile came to it (the turn it was taken in,
              or the next one if the opponent's scoring gave it); a kept tile is then
              offered without asking, as "extra:use" in every later place decision.

Timeout defaults: the first position, the first rotation, "none", the first feature,
"double:use", "extra:keep".  ``turn_marker`` is the turn number (an extra turn is a new
turn).

Events (all public; ``seat`` params are seats; ``points`` events are the only score
changes): tile_drawn {seat, tile}, tile_discarded {seat, tile}, tile_placed {seat, tile,
spot, rotation}, follower_placed {seat, role, part, where, spot}, feature_tied {kind, size,
spot}, feature_scored {seat, points, total, kind, size, spot}, wall_tile_taken {seat,
number, tile, tower, spaces}, wall_tile_used {seat, number, tile}, extra_turn {seat,
number, tile}, keep_placed / keep_moved {seat, size, spot}, final_scoring {},
court_scored {seat, points, total, markets, spot}, court_tied {markets, spot},
wall_tile_scored {seat, points, total, number, tile, kind, size, spot},
wall_tile_points {seat, points, total, number, tile}, keep_tied {size},
keep_scored {seat, points, total, size, area}, game_over {scores}.
"""
from __future__ import annotations

import functools
import marshal

from engine.core import State

from . import board, track
from .flow import DEGREES, ROLE, extra_option, follower_options
from .geometry import KIND_NAME, QUARTERS, SIDES, Geometry
from .scoring import anchor, current_group, doubles_for, majority, points


def face_json(face: dict) -> dict:
    return {"quarters": dict(zip(QUARTERS, face["quarters"])),
            "markets": {QUARTERS[q]: n for q, n in enumerate(face["markets"]) if n},
            "segments": [{"arms": [SIDES[a] for a in s["arms"]], "end": s["end"],
                          "fountain": s["fountain"]} for s in face["segments"]]}


def _parts(state: State, face: dict, base: int) -> list[dict]:
    uf, out = state["uf"], []
    done, unclosed, cells = uf["done"], uf["open"], uf["cells"]
    for i, (name, kind, quarters, arms, closes) in enumerate(_part_names(face)):
        root = board.find(uf, base + i)
        out.append({"id": name, "kind": kind, "quarters": list(quarters), "arms": list(arms),
                    "feature": root,
                    "complete": bool(done[root]) and closes and unclosed[root] == 0,
                    "size": len(cells[root])})
    return out


def _part_names(face: dict) -> tuple:
    """Per part of a face (the board's data, never changed): its id, kind, quarters and
    arms as the view names them, and whether it can be complete (a court cannot)."""
    kept = _PART_NAMES.get(id(face))
    if kept is None or kept[0] is not face:
        kept = _PART_NAMES[id(face)] = (face, tuple(
            (part["name"], KIND_NAME[part["kind"]], tuple(QUARTERS[q] for q in part["quarters"]),
             tuple(SIDES[a] for a in part["arms"]), part["kind"] != "C")
            for part in face["parts"]))
    return kept[1]


_PART_NAMES: dict[int, tuple] = {}   # id(face) -> (face, its parts' names)


def _board(geo: Geometry, state: State) -> dict:
    out = marshal.loads(_fixed_board(geo))
    for i, (start, shown) in enumerate(zip(geo.starts, out["start_spaces"])):
        shown["features"] = _parts(state, start["face"], state["start_base"][i])
    return out


@functools.lru_cache(maxsize=4)
def _fixed_board(geo: Geometry) -> bytes:
    """The board of a view but its start spaces' features (what never changes in a game),
    marshalled: a fresh copy loads in a third of the time building it takes."""
    rows = sorted({geo.rc(c)[0] for c in geo.interior})
    cols = sorted({geo.rc(c)[1] for c in geo.interior})
    starts = [{"id": s["id"], "cell": geo.rc(s["cell"]), "touches": geo.rc(s["touches"]),
               "inner_side": SIDES[s["inner"]], "face": face_json(s["face"])}
              for s in geo.starts]
    return marshal.dumps({"origin": [geo.row0, geo.col0], "mask": list(geo.mask),
                          "rows": [rows[0], rows[-1]], "cols": [cols[0], cols[-1]],
                          "outline": [list(v) for v in geo.outline], "start_spaces": starts})


def _tiles(geo: Geometry, state: State) -> list[dict]:
    out = []
    for n, cell in enumerate(state["placements"], 1):
        tile, rot, base = state["board"][cell]
        face = geo.faces[tile][rot]
        out.append({"cell": geo.rc(cell), "label": geo.label(cell), "tile": tile,
                    "rotation": DEGREES[rot], "order": n, "face": face_json(face),
                    "parts": _parts(state, face, base)})
    return out


def _where(geo: Geometry, state: State, part: int) -> tuple[int, dict]:
    uf = state["uf"]
    cell = uf["cell"][part]
    tile, rot, base = state["board"][cell]
    return cell, geo.faces[tile][rot]["parts"][part - base]


def _followers(geo: Geometry, state: State) -> list[dict]:
    out = []
    for seat, part in state["followers"]:
        cell, info = _where(geo, state, part)
        out.append({"seat": seat, "cell": geo.rc(cell), "label": geo.label(cell),
                    "part": info["name"], "kind": KIND_NAME[info["kind"]], "role": ROLE[info["kind"]],
                    "quarters": [QUARTERS[q] for q in info["quarters"]],
                    "arms": [SIDES[a] for a in info["arms"]]})
    return out


def _keeps(geo: Geometry, state: State) -> list:
    out = []
    for keep in state["keep"]:
        if keep is None:
            out.append(None)
            continue
        cell, info = _where(geo, state, keep["part"])
        out.append({"cell": geo.rc(cell), "label": geo.label(cell), "part": info["name"],
                    "quarters": [QUARTERS[q] for q in info["quarters"]], "size": keep["size"]})
    return out


def _seats(geo: Geometry, state: State) -> list[dict]:
    out = []
    for seat, score in enumerate(state["score"]):
        usable = [h[0] for h in state["held"][seat]
                  if geo.wall_effect(h[0]) in ("double_completed_tower", "double_completed_house")
                  and h[1] != state["turn"]]
        out.append({"seat": seat, "score": score, "space": score % geo.track_length,
                    "laps": score // geo.track_length, "followers": state["supply_f"][seat],
                    "keep_placed": state["keep"][seat] is not None,
                    "wall_tiles": [h[0] for h in state["held"][seat]],
                    "used": list(state["used"][seat]), "usable": usable,
                    "extra_turns": state.get("extra_turns", 0) if seat == state["active"] else 0})
    return out


def _legal(geo: Geometry, legal: list) -> list[dict]:
    return [{"cell": geo.rc(cell), "label": geo.label(cell), "rotations": [DEGREES[r] for r in rots]}
            for cell, rots in legal]


def _asking(geo: Geometry, state: State) -> dict | None:
    """The wall tile the open ``double`` / ``extra`` decision is about (or the wall tile 1
    that the place decision's ``extra:use`` would play)."""
    if state["phase"] == "place" and state["drawn"] is not None:
        extra = extra_option(geo, state, state["active"])
        return None if extra is None else {"number": extra.params["number"],
                                           "tile": extra.params["tile"], "feature": None}
    if state["phase"] == "extra":
        number = track.held_with(geo, state, state["active"], "extra_turn")[0][0]
        return {"number": number, "tile": f"wall{number}", "feature": None}
    if state["phase"] != "double":
        return None
    root, uf = state["chosen_feature"], state["uf"]
    number = doubles_for(geo, state, root)[0][0]
    return {"number": number, "tile": f"wall{number}", "feature": root,
            "kind": KIND_NAME[uf["kind"][root]], "points": points(geo, state, root, True),
            "spot": anchor(geo, state, root), "cells": [geo.rc(c) for c in uf["cells"][root]]}


def view(geo: Geometry, state: State, seat: int | None, result) -> dict:
    finished = state["phase"] == "over"
    drawn = state["drawn"]
    legal = _legal(geo, state["legal"])
    chosen = None
    if state["chosen"] is not None:
        chosen = next(x for x in legal if x["cell"] == geo.rc(state["chosen"]))
    uf = state["uf"]
    queue = []
    if state["phase"] in ("order", "double"):
        queue = [{"feature": r, "kind": KIND_NAME[uf["kind"][r]], "size": len(uf["cells"][r]),
                  "points": points(geo, state, r), "seat": majority(uf["fol"][r]),
                  "spot": anchor(geo, state, r), "next": r in current_group(state),
                  "cells": [geo.rc(c) for c in uf["cells"][r]]}
                 for r in state["queue"]]
    offered = []
    if state["phase"] == "follower":
        tile, rot, base = state["board"][state["placed"]]
        parts = geo.faces[tile][rot]["parts"]
        offered = [{"option": f"f:{name}", "part": name, "kind": KIND_NAME[parts[p - base]["kind"]],
                    "quarters": [QUARTERS[q] for q in parts[p - base]["quarters"]],
                    "arms": [SIDES[a] for a in parts[p - base]["arms"]]}
                   for name, p in follower_options(geo, state)]
    out = {
        "game": "carcassonne_castle", "seat": seat, "players": len(state["score"]),
        "finished": finished, "options": dict(state["options"]),
        "board": _board(geo, state), "tiles": _tiles(geo, state),
        "followers": _followers(geo, state), "keeps": _keeps(geo, state),
        "track": {"length": geo.track_length,
                  "towers": [{"id": t["id"], "spaces": list(t["spaces"]),
                              "holds_tile": state["towers"][i] is not None}
                             for i, t in enumerate(geo.towers)]},
        "seats": _seats(geo, state), "active": state["active"], "turn": state["turn"],
        "phase": state["phase"],
        "drawn": None if drawn is None else {
            "tile": drawn, "face": face_json(geo.faces[drawn][0]),
            "rotations": [DEGREES[r] for r in geo.distinct[drawn]]},
        "supply": len(state["supply"]), "discards": list(state["discards"]),
        "placed": len(state["placements"]), "legal": legal, "chosen": chosen,
        "last": None if state["placed"] is None else {
            "cell": geo.rc(state["placed"]), "label": geo.label(state["placed"])},
        "scoring": queue, "follower_options": offered,
        "scored": [dict(x, cells=[geo.rc(c) for c in x["cells"]]) for x in state["scored"]],
        "final": None, "asking": _asking(geo, state),
        "discard_faces": {t: face_json(geo.faces[t][0]) for t in state["discards"]},
    }
    if finished:
        out["result"] = result.to_json()
        out["final"] = dict(state["final"])
    return out
