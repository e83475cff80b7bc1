"""Tiles on the board and the features they form, tracked incrementally.

Every feature part of a placed tile (or of a start space) gets a global part id; parts
are joined by a union-find kept in ``state["uf"]`` (parallel lists indexed by part id,
meaningful at each root): ``kind`` (P/T/H/C), ``open`` (half sides and path ends facing
an empty interior cell), ``cells`` (distinct cells: the feature's size), ``fountain``,
``markets``, ``fol`` (followers per seat) and ``done`` (already scored).  Placing a
tile touches only its four neighbours: no flood fill.  A path, tower or house is
complete exactly when its ``open`` count is 0.

``state["fixed"][cell]`` / ``state["req"][cell]`` are side bit masks kept for every
empty cell: which sides touch a tile or start space, and which of those need a path arm.
"""
from __future__ import annotations

from .geometry import INTERIOR, OPPOSITE, Geometry

SCORED_KINDS = ("P", "T", "H")


def new_uf() -> dict:
    return {"parent": [], "kind": [], "open": [], "cells": [], "fountain": [], "markets": [],
            "fol": [], "done": [], "cell": [], "local": []}


def find(uf: dict, x: int) -> int:
    """The root of ``x``.  Read only (no path compression; union by size keeps the trees
    shallow): views, ``pending`` and the AI never change the state, so a game replayed
    from its moves equals the stored one byte for byte."""
    parent = uf["parent"]
    while parent[x] != x:
        x = parent[x]
    return x


def union(uf: dict, a: int, b: int) -> int:
    ra, rb = find(uf, a), find(uf, b)
    if ra == rb:
        return ra
    cells = uf["cells"]
    if len(cells[ra]) < len(cells[rb]):
        ra, rb = rb, ra
    uf["parent"][rb] = ra
    uf["open"][ra] += uf["open"][rb]
    big = cells[ra]
    for c in cells[rb]:
        if c not in big:
            big.append(c)
    cells[rb] = []
    uf["fountain"][ra] |= uf["fountain"][rb]
    uf["markets"][ra] += uf["markets"][rb]
    fa, fb = uf["fol"][ra], uf["fol"][rb]
    uf["fol"][ra] = [x + y for x, y in zip(fa, fb)]
    return ra


def _add_parts(state: dict, cell: int, face: dict, seats: int) -> int:
    uf = state["uf"]
    base = len(uf["parent"])
    for i, part in enumerate(face["parts"]):
        uf["parent"].append(base + i)
        uf["kind"].append(part["kind"])
        uf["open"].append(0)
        uf["cells"].append([cell])
        uf["fountain"].append(1 if part["fountain"] else 0)
        uf["markets"].append(part["markets"])
        uf["fol"].append([0] * seats)
        uf["done"].append(0)
        uf["cell"].append(cell)
        uf["local"].append(i)
    return base


def face_at(geo: Geometry, state: dict, cell: int) -> tuple[dict, int] | None:
    """(face, base part id) of the tile or start space on ``cell``, else None."""
    placed = state["board"][cell]
    if placed is not None:
        return geo.faces[placed[0]][placed[1]], placed[2]
    start = geo.start_at.get(cell)
    if start is not None:
        return geo.starts[start]["face"], state["start_base"][start]
    return None


def init_board(geo: Geometry, state: dict, seats: int) -> None:
    """Empty board: start spaces become parts; path constraints at their touched cells."""
    n = geo.height * geo.width
    state["board"] = [None] * n
    state["fixed"] = [0] * n
    state["req"] = [0] * n
    state["uf"] = new_uf()
    state["start_base"] = []
    for start in geo.starts:
        base = _add_parts(state, start["cell"], start["face"], seats)
        state["start_base"].append(base)
        _open_edges(geo, state, start["cell"], start["face"], base)
    for start in geo.starts:
        cell, d = start["touches"], OPPOSITE[start["inner"]]
        state["fixed"][cell] |= 1 << d
        if start["face"]["arms"] >> start["inner"] & 1:
            state["req"][cell] |= 1 << d


def _open_edges(geo: Geometry, state: dict, cell: int, face: dict, base: int) -> None:
    """Count the face's half sides and arm ends facing an empty interior cell as open."""
    opens = state["uf"]["open"]
    for d, other in enumerate(geo.neighbour[cell]):
        if other is None or geo.kind[other] != INTERIOR or state["board"][other] is not None:
            continue
        for q in geo.model.side_quarters[d]:
            if face["quarter_part"][q] is not None:
                opens[base + face["quarter_part"][q]] += 1
        if face["arms"] >> d & 1:
            opens[base + face["arm_part"][d]] += 1


def legal_positions(geo: Geometry, state: dict, tile: str) -> list[list]:
    """``[[cell, [rotations]], ...]`` in cell order: every empty interior cell and distinct
    rotation where the tile touches a tile/start space with a full side and paths continue."""
    faces, rots = geo.faces[tile], geo.distinct[tile]
    board, fixed, req = state["board"], state["fixed"], state["req"]
    out = []
    for cell in geo.interior:
        f = fixed[cell]
        if not f or board[cell] is not None:
            continue
        r = req[cell]
        ok = [rot for rot in rots if faces[rot]["arms"] & f == r]
        if ok:
            out.append([cell, ok])
    return out


def place(geo: Geometry, state: dict, cell: int, tile: str, rot: int) -> tuple[int, list[int]]:
    """Put ``tile`` on ``cell`` (legality already checked); returns (base part id, roots of
    the newly completed paths/towers/houses, in part order)."""
    uf = state["uf"]
    face = geo.faces[tile][rot]
    seats = len(state["score"])
    base = _add_parts(state, cell, face, seats)
    state["board"][cell] = [tile, rot, base]
    _open_edges(geo, state, cell, face, base)
    opens, board, nbs = uf["open"], state["board"], geo.neighbour[cell]
    quarter_part, arm_part, arms = face["quarter_part"], face["arm_part"], face["arms"]
    model = geo.model
    touched = []
    for d in range(4):
        other = nbs[d]
        if other is None:
            continue
        if geo.kind[other] == INTERIOR and board[other] is None:
            state["fixed"][other] |= 1 << OPPOSITE[d]
            if arms >> d & 1:
                state["req"][other] |= 1 << OPPOSITE[d]
            continue
        xface, xbase = face_at(geo, state, other)
        od = OPPOSITE[d]
        xq = xface["quarter_part"]
        for q in model.side_quarters[od]:
            if xq[q] is not None:
                opens[find(uf, xbase + xq[q])] -= 1
                touched.append(xbase + xq[q])
        if xface["arms"] >> od & 1:
            opens[find(uf, xbase + xface["arm_part"][od])] -= 1
        for mine, theirs in model.contacts[d]:
            if (quarter_part[mine] is not None and xq[theirs] is not None
                    and face["quarters"][mine] == xface["quarters"][theirs]):
                union(uf, base + quarter_part[mine], xbase + xq[theirs])
        if arms >> d & 1:
            union(uf, base + arm_part[d], xbase + xface["arm_part"][od])
    done, kinds = uf["done"], uf["kind"]
    completed = []
    for p in list(range(base, base + len(face["parts"]))) + touched:
        root = find(uf, p)
        if (kinds[root] in SCORED_KINDS and opens[root] == 0 and not done[root]
                and root not in completed):
            completed.append(root)
    return base, completed


def preview(geo: Geometry, state: dict, cell: int, tile: str, rot: int) -> list[dict]:
    """What placing ``tile`` turned ``rot`` on ``cell`` would make, without changing
    ``state`` (for the AI): one entry per feature the new tile belongs to or touches,
    ``{kind, open, cells (count), fountain, markets, fol, roots (existing roots merged),
    parts (local part indices of the new tile), done}``.  Agrees with ``place`` (tested)."""
    uf = state["uf"]
    face = geo.faces[tile][rot]
    parts = face["parts"]
    board = state["board"]
    arm_part, arms = face["arm_part"], face["arms"]
    n = len(parts)
    own_open = [0] * n
    link = list(range(n))          # local union-find over the new tile's parts
    attach: dict[int, int] = {}    # existing root -> a new part it joins
    dec: dict[int, int] = {}       # existing root -> half sides / arm ends closed here
    side_parts, contacts = face["side_parts"], face["contacts"]
    for d, other in enumerate(geo.neighbour[cell]):
        if other is None:
            continue
        placed = board[other]
        if placed is None:
            if geo.kind[other] == INTERIOR:
                for p in side_parts[d]:
                    own_open[p] += 1
                continue
            start = geo.start_at[other]
            xface, xbase = geo.starts[start]["face"], state["start_base"][start]
        else:
            xface, xbase = geo.faces[placed[0]][placed[1]], placed[2]
        xq, xkind = xface["quarter_part"], xface["quarters"]
        pairs = []
        for mine, theirs, letter in contacts[d]:
            if xq[theirs] is None:
                continue
            r = find(uf, xbase + xq[theirs])
            dec[r] = dec.get(r, 0) + 1
            if mine is not None and letter == xkind[theirs]:
                pairs.append((mine, r))
        if arms >> d & 1:
            r = find(uf, xbase + xface["arm_part"][OPPOSITE[d]])
            dec[r] = dec.get(r, 0) + 1
            pairs.append((arm_part[d], r))
        for mine, r in pairs:
            a = attach.get(r)
            if a is None:
                attach[r] = mine
                continue
            b = mine
            while link[a] != a:
                a = link[a]
            while link[b] != b:
                b = link[b]
            if a != b:
                link[b] = a
    top = []
    for i in range(n):
        while link[i] != i:
            i = link[i]
        top.append(i)
    groups: dict[int, dict] = {}
    seats = len(state["score"])
    for i, part in enumerate(parts):
        g = groups.get(top[i])
        if g is None:
            g = groups[top[i]] = {"kind": part["kind"], "open": 0, "cells": {cell}, "fountain": False,
                                  "markets": 0, "fol": [0] * seats, "roots": [], "parts": [],
                                  "done": False}
        g["open"] += own_open[i]
        g["fountain"] |= part["fountain"]
        g["markets"] += part["markets"]
        g["parts"].append(i)
    out = list(groups.values())
    opens, cells, fols = uf["open"], uf["cells"], uf["fol"]
    for r, d in dec.items():
        if r in attach:
            g = groups[top[attach[r]]]
        else:
            g = {"kind": uf["kind"][r], "open": 0, "cells": set(), "fountain": False, "markets": 0,
                 "fol": [0] * seats, "roots": [], "parts": [], "done": False}
            out.append(g)
        g["open"] += opens[r] - d
        g["cells"].update(cells[r])
        g["fountain"] |= bool(uf["fountain"][r])
        g["markets"] += uf["markets"][r]
        g["roots"].append(r)
        g["fol"] = [a + b for a, b in zip(g["fol"], fols[r])]
        g["done"] |= bool(uf["done"][r])
    for g in out:
        g["cells"] = len(g["cells"])
    return out
