"""Property tests on random partial boards, against independent brute-force code that
works on plain coordinates (quarter centres, arm ends) instead of the engine's tables:
feature sizes and membership equal a flood fill, completion equals an open-side check,
and the legal placements equal trying every space and rotation."""
import random

import pytest

from engine.carcassonne_castle import GAME, board
from engine.carcassonne_castle.geometry import load_data

DATA = load_data()
Q_OFF = {"NW": (0.25, 0.25), "NE": (0.75, 0.25), "SE": (0.75, 0.75), "SW": (0.25, 0.75)}
ARM_END = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
CW_Q = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
CW_A = {"N": "E", "E": "S", "S": "W", "W": "N"}
TILES = {t["id"]: t for t in DATA["castle_tiles"]}
MASK = DATA["board"]["layout"]["mask"]
R0 = DATA["board"]["coordinate_system"]["mask_origin"]["row"]
C0 = DATA["board"]["coordinate_system"]["mask_origin"]["col"]
INTERIOR = {(r + R0, c + C0) for r, row in enumerate(MASK) for c, ch in enumerate(row) if ch == "#"}
STARTS = {tuple(s["cell"]): s for s in DATA["board"]["start_spaces"]}


def rotated(entry, turns):
    quarters, markets = dict(entry["quarters"]), dict(entry.get("markets", {}))
    paths = [dict(p, arms=list(p["arms"])) for p in entry["paths"]]
    for _ in range(turns):
        quarters = {CW_Q[q]: v for q, v in quarters.items()}
        markets = {CW_Q[q]: v for q, v in markets.items()}
        paths = [dict(p, arms=[CW_A[a] for a in p["arms"]]) for p in paths]
    return quarters, markets, paths


def faces_on(state):
    """{(r, c): (quarters, paths)} for placed tiles and start spaces, by our own rotation."""
    geo = GAME.geo
    out = {}
    for cell in state["placements"]:
        tile, rot, _ = state["board"][cell]
        q, _, p = rotated(TILES[tile], rot)
        out[tuple(geo.rc(cell))] = (q, p)
    for rc, s in STARTS.items():
        out[rc] = (s["quarters"], s["paths"])
    return out


def atoms(faces):
    """Every quarter and path segment as an atom: (cell, key) -> (letter, points)."""
    out = {}
    for (r, c), (quarters, paths) in faces.items():
        for q, letter in quarters.items():
            if letter != "W":
                out[((r, c), q)] = (letter, [(c + Q_OFF[q][0], r + Q_OFF[q][1])])
        for i, p in enumerate(paths):
            ends = [(c + ARM_END[a][0], r + ARM_END[a][1]) for a in p["arms"]]
            out[((r, c), f"p{i}")] = ("P", ends)
    return out


def touching(rc1, rc2):
    """Cells whose atoms may meet: interior neighbours, or a start and its touched cell."""
    if rc1 in STARTS:
        return tuple(STARTS[rc1]["touches_interior_cell"]) == rc2
    if rc2 in STARTS:
        return tuple(STARTS[rc2]["touches_interior_cell"]) == rc1
    return abs(rc1[0] - rc2[0]) + abs(rc1[1] - rc2[1]) == 1


def linked(a, b, faces):
    (rc1, k1), (letter1, pts1) = a
    (rc2, k2), (letter2, pts2) = b
    if letter1 != letter2:
        return False
    if letter1 == "P":
        return rc1 != rc2 and touching(rc1, rc2) and bool(set(pts1) & set(pts2))
    (x1, y1), (x2, y2) = pts1[0], pts2[0]
    if abs(x1 - x2) + abs(y1 - y2) != 0.5:
        return False
    if rc1 != rc2:
        return touching(rc1, rc2)
    # same tile: blocked when an arm runs along the shared half centre line
    r, c = rc1
    mid = ((x1 + x2) / 2, (y1 + y2) / 2)
    for p in faces[rc1][1]:
        for arm in p["arms"]:
            ex, ey = c + ARM_END[arm][0], r + ARM_END[arm][1]
            if (ex == mid[0] and ex == c + 0.5 and abs(ey - mid[1]) == 0.25) or \
               (ey == mid[1] and ey == r + 0.5 and abs(ex - mid[0]) == 0.25):
                return False
    return True


def flood(faces):
    items = list(atoms(faces).items())
    comp = {}
    for i, (key, _) in enumerate(items):
        if key in comp:
            continue
        comp[key] = i
        stack = [items[i]]
        while stack:
            cur = stack.pop()
            for other in items:
                if other[0] not in comp and linked(cur, other, faces):
                    comp[other[0]] = i
                    stack.append(other)
    return dict(items), comp


def is_open(key, value, placed):
    """Does this atom face an empty interior cell?"""
    (r, c), k = key
    letter, pts = value
    if letter == "P":
        sides = [s for s, (dx, dy) in ARM_END.items() for (x, y) in pts
                 if (x - c, y - r) == (dx, dy)]
    else:
        sides = list(k)
    if (r, c) in STARTS:
        target = tuple(STARTS[(r, c)]["touches_interior_cell"])
        inner = STARTS[(r, c)]["inner_side"]
        return inner in sides and target not in placed
    return any((r + STEP[s][0], c + STEP[s][1]) in INTERIOR
               and (r + STEP[s][0], c + STEP[s][1]) not in placed for s in sides)


def random_board(seed, tiles):
    state = GAME.setup(2, {}, seed)
    rnd = random.Random(seed)
    board.init_board(GAME.geo, state, 2)
    state["placements"] = []
    deck = list(GAME.geo.deck)
    rnd.shuffle(deck)
    for tile in deck[:tiles]:
        legal = board.legal_positions(GAME.geo, state, tile)
        if not legal:
            continue
        cell, rots = rnd.choice(legal)
        board.place(GAME.geo, state, cell, tile, rnd.choice(rots))
        state["placements"].append(cell)
    return state


@pytest.mark.parametrize("seed", range(16))
def test_features_match_an_independent_flood_fill(seed):
    state = random_board(seed, 8 + 3 * seed)
    geo, uf = GAME.geo, state["uf"]
    faces = faces_on(state)
    atom, comp = flood(faces)
    placed = {tuple(geo.rc(c)) for c in state["placements"]}
    members = {}
    for key, cid in comp.items():
        members.setdefault(cid, []).append(key)
    engine_root = {}
    cells = [(c, state["board"][c]) for c in state["placements"]]
    cells += [(s["cell"], None) for s in geo.starts]
    for cell, _ in cells:
        face, base = board.face_at(geo, state, cell)
        rc = tuple(geo.rc(cell))
        paths = faces[rc][1]
        for i, part in enumerate(face["parts"]):
            if part["kind"] == "P":
                arms = sorted("NESW"[a] for a in part["arms"])
                idx = next(j for j, p in enumerate(paths) if sorted(p["arms"]) == arms)
                keys = [(rc, f"p{idx}")]
            else:
                keys = [(rc, ("NW", "NE", "SE", "SW")[q]) for q in part["quarters"]]
            root = board.find(uf, base + i)
            for key in keys:
                engine_root[key] = root
    assert set(engine_root) == set(comp)
    # same partition
    for cid, keys in members.items():
        assert len({engine_root[k] for k in keys}) == 1
    assert len(members) == len(set(engine_root.values()))
    for cid, keys in members.items():
        root = engine_root[keys[0]]
        assert len(uf["cells"][root]) == len({k[0] for k in keys})
        if uf["kind"][root] in "PTH":
            complete = not any(is_open(k, atom[k], placed) for k in keys)
            assert (uf["open"][root] == 0) == complete, (keys, uf["open"][root])


def brute_legal(state, tile):
    geo = GAME.geo
    faces = faces_on(state)
    placed = {tuple(geo.rc(c)) for c in state["placements"]}
    out = set()
    for rc in INTERIOR - placed:
        for turns in range(4):
            q, _, paths = rotated(TILES[tile], turns)
            my_arms = {a for p in paths for a in p["arms"]}
            touches, ok = 0, True
            for side, (dr, dc) in STEP.items():
                other = (rc[0] + dr, rc[1] + dc)
                if other in placed or (other in STARTS
                                       and tuple(STARTS[other]["touches_interior_cell"]) == rc):
                    touches += 1
                    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
                    theirs = {a for p in faces[other][1] for a in p["arms"]}
                    ok &= (side in my_arms) == (opposite in theirs)
            if touches and ok:
                out.add((rc, turns))
    return out


def signature(tile, turns):
    q, m, paths = rotated(TILES[tile], turns)
    return (tuple(sorted(q.items())), tuple(sorted(m.items())),
            tuple(sorted((tuple(sorted(p["arms"])), p["end"], p["fountain"]) for p in paths)))


@pytest.mark.parametrize("seed", range(12))
def test_legal_placements_match_trying_every_space_and_rotation(seed):
    state = random_board(100 + seed, 4 * seed)
    geo = GAME.geo
    for tile in geo.tile_ids:
        brute = brute_legal(state, tile)
        engine = {(tuple(geo.rc(c)), r) for c, rots in board.legal_positions(geo, state, tile)
                  for r in rots}
        assert engine <= brute
        # every legal brute-force (space, rotation) is offered with an identical face
        for rc, turns in brute:
            assert any(r == rc and signature(tile, t) == signature(tile, turns)
                       for r, t in engine), (tile, rc, turns)
        # and the engine offers no two rotations with the same face on one space
        assert len({(rc, signature(tile, t)) for rc, t in engine}) == len(engine)
