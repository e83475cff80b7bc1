"""Everything geometric, read from the data file: the board mask, start spaces, the track
with its corner towers, and every castle tile face in each rotation with its feature parts.

Nothing here names a tile, a space or a tower: a corrected (or entirely different) data
file gives another castle without code changes.  ``Geometry(data)`` is immutable and
shared by every game state played on it.

Indices: quarters 0..3 and sides 0..3 follow the data model's order (``QUARTERS``,
``SIDES``); a cell is one int ``(row - row0) * width + (col - col0)`` over the mask.
"""
from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

QUARTERS = ("NW", "NE", "SE", "SW")
SIDES = ("N", "E", "S", "W")
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = (2, 3, 0, 1)
KIND_NAME = {"P": "path", "T": "tower", "H": "house", "C": "court"}
WALL, INTERIOR, START = 0, 1, 2
DATA_PATH = Path(__file__).parent / "data" / "carcassonne_castle.json"


def load_data(source: str | Path | Mapping[str, Any] | None = None) -> dict:
    """The data dict from a path, a dict (returned as is) or the packaged file (None)."""
    if isinstance(source, Mapping):
        return dict(source)
    return json.loads(Path(source or DATA_PATH).read_text(encoding="utf-8"))


class Model:
    """The tile model (``castle_tile_model``): which quarters touch which side, which arm
    separates which quarters, how quarters meet across a side, how rotation maps."""

    def __init__(self, model: Mapping[str, Any]) -> None:
        qi = {q: i for i, q in enumerate(QUARTERS)}
        self.flanks = [tuple(qi[q] for q in model["arm_flanks"][s]) for s in SIDES]
        across = model["across_tiles"]
        #: side -> [(my quarter, neighbour's quarter)] for the two half sides
        self.contacts = [[(qi[a], qi[b]) for a, b in across[f"{s}_neighbour"]["quarter_contacts"]]
                         for s in SIDES]
        self.side_quarters = [tuple(a for a, _ in self.contacts[d]) for d in range(4)]
        rot = model["rotation_clockwise_90"]
        self.rot_q = [qi[rot["quarters"][q]] for q in QUARTERS]
        self.rot_s = [SIDES.index(rot["arms"][s]) for s in SIDES]


def _face(quarters, markets, segments, links, model: Model) -> dict:
    """A face in one orientation, with its feature parts (local features of the tile)."""
    arms = 0
    for seg in segments:
        for side in seg["arms"]:
            arms |= 1 << side
    parent = list(range(4))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for side, (a, b) in enumerate(model.flanks):
        if not arms >> side & 1 and quarters[a] == quarters[b] and quarters[a] != "W":
            parent[find(a)] = find(b)
    for a, b in links:
        if quarters[a] == quarters[b]:
            parent[find(a)] = find(b)
    parts, quarter_part, arm_part = [], [None] * 4, [None] * 4
    for q in range(4):
        if quarters[q] == "W" or quarter_part[q] is not None:
            continue
        group = [x for x in range(4) if quarters[x] != "W" and find(x) == find(q)]
        for x in group:
            quarter_part[x] = len(parts)
        edges = [d for x in group for d in range(4) if x in model.side_quarters[d]]
        parts.append({"kind": quarters[q], "quarters": group, "arms": [],
                      "markets": sum(markets[x] for x in group), "fountain": False,
                      "edges": edges})
    for seg in segments:
        for side in seg["arms"]:
            arm_part[side] = len(parts)
        parts.append({"kind": "P", "quarters": [], "arms": sorted(seg["arms"]), "markets": 0,
                      "fountain": bool(seg["fountain"]), "edges": sorted(seg["arms"]),
                      "end": seg["end"]})
    for part in parts:
        where = [QUARTERS[q] for q in part["quarters"]] or [SIDES[s] for s in part["arms"]]
        part["name"] = f"{KIND_NAME[part['kind']]}:{'-'.join(where)}"
    #: per side: the local parts with a half side or an arm end there (with repeats), and
    #: (my part, neighbour's quarter, my letter) for the two half sides across that side
    side_parts = [[quarter_part[q] for q in model.side_quarters[d] if quarter_part[q] is not None]
                  + ([arm_part[d]] if arms >> d & 1 else []) for d in range(4)]
    contacts = [[(quarter_part[m], t, quarters[m]) for m, t in model.contacts[d]] for d in range(4)]
    return {"quarters": tuple(quarters), "markets": tuple(markets), "arms": arms,
            "side_parts": side_parts, "contacts": contacts,
            "segments": [{"arms": sorted(s["arms"]), "end": s["end"], "fountain": bool(s["fountain"])}
                         for s in segments],
            "parts": parts, "quarter_part": quarter_part, "arm_part": arm_part}


def _raw(entry: Mapping[str, Any]) -> tuple[list, list, list, list]:
    quarters = [entry["quarters"][q] for q in QUARTERS]
    markets = [int(entry.get("markets", {}).get(q, 0)) for q in QUARTERS]
    segments = [{"arms": [SIDES.index(a) for a in seg["arms"]], "end": seg.get("end"),
                 "fountain": bool(seg.get("fountain"))} for seg in entry.get("paths", [])]
    links = [(QUARTERS.index(a), QUARTERS.index(b)) for a, b in entry.get("extra_links", [])]
    return quarters, markets, segments, links


def _rotate(raw, model: Model):
    quarters, markets, segments, links = raw
    q2, m2 = [None] * 4, [0] * 4
    for q in range(4):
        q2[model.rot_q[q]] = quarters[q]
        m2[model.rot_q[q]] = markets[q]
    segs = [{**s, "arms": [model.rot_s[a] for a in s["arms"]]} for s in segments]
    return q2, m2, segs, [(model.rot_q[a], model.rot_q[b]) for a, b in links]


class Geometry:
    """The castle of one data file (board, track, wall tiles, tiles and their faces)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.model = Model(data["castle_tile_model"])
        self._board(data["board"])
        self._track(data["scoring_track"])
        self._tiles(data["castle_tiles"])
        self.wall_tiles = {int(w["number"]): w for w in data["wall_tiles"]}
        self.scoring = data["scoring_table"]

    # -- board ------------------------------------------------------------------------
    def _board(self, board: Mapping[str, Any]) -> None:
        mask = board["layout"]["mask"]
        origin = board["coordinate_system"]["mask_origin"]
        self.row0, self.col0 = int(origin["row"]), int(origin["col"])
        self.height, self.width = len(mask), max(len(r) for r in mask)
        self.mask = list(mask)
        self.outline = [list(v) for v in board["layout"].get("outline_vertices_clockwise", [])]
        n = self.height * self.width
        self.kind = [WALL] * n
        for r, row in enumerate(mask):
            for c, ch in enumerate(row):
                if ch == "#":
                    self.kind[r * self.width + c] = INTERIOR
        self.interior = [i for i in range(n) if self.kind[i] == INTERIOR]
        self.starts = []
        for entry in board["start_spaces"]:
            cell = self.index(*entry["cell"])
            self.kind[cell] = START
            raw = _raw(entry)
            self.starts.append({"id": entry["id"], "cell": cell, "inner": SIDES.index(entry["inner_side"]),
                                "touches": self.index(*entry["touches_interior_cell"]),
                                "face": _face(*raw, self.model), "code": entry.get("code", "")})
        self.start_at = {s["cell"]: i for i, s in enumerate(self.starts)}
        #: neighbour[cell][side]: the interior cell or start space there, else None (wall)
        self.neighbour: list[list[int | None]] = [[None] * 4 for _ in range(n)]
        for cell in self.interior:
            r, c = self.rc(cell)
            for d, s in enumerate(SIDES):
                dr, dc = STEP[s]
                other = self.index(r + dr, c + dc, strict=False)
                if other is None or self.kind[other] == WALL:
                    continue
                if self.kind[other] == START:
                    start = self.starts[self.start_at[other]]
                    if start["inner"] != OPPOSITE[d]:
                        continue
                    self.neighbour[other][OPPOSITE[d]] = cell
                self.neighbour[cell][d] = other

    def index(self, row: int, col: int, strict: bool = True) -> int | None:
        r, c = row - self.row0, col - self.col0
        if 0 <= r < self.height and 0 <= c < self.width:
            return r * self.width + c
        if strict:
            raise ValueError(f"cell {[row, col]} is outside the mask")
        return None

    def rc(self, cell: int) -> list[int]:
        return [cell // self.width + self.row0, cell % self.width + self.col0]

    def label(self, cell: int) -> str:
        """Board coordinates as players read them: column letter, row number (``D4``)."""
        return self._labels[cell]

    @cached_property
    def _labels(self) -> list[str]:
        out = []
        for cell in range(self.height * self.width):
            r, c = self.rc(cell)
            out.append(f"{chr(ord('A') + c)}{r + 1}")
        return out

    # -- track ------------------------------------------------------------------------
    def _track(self, track: Mapping[str, Any]) -> None:
        self.track_length = int(track["length"])
        self.towers = [{"id": t["id"], "spaces": list(t["spaces"]), "holds": bool(t["holds_wall_tile"])}
                       for t in track["corner_towers"]]
        self.tower_at = {sp: i for i, t in enumerate(self.towers) for sp in t["spaces"]}

    # -- tiles ------------------------------------------------------------------------
    def _tiles(self, tiles) -> None:
        self.tile_ids = [t["id"] for t in tiles]
        self.tile_count = {t["id"]: int(t["count"]) for t in tiles}
        self.codes = {t["id"]: t.get("code", "") for t in tiles}
        #: faces[kind][rotation] and the rotations giving distinct faces
        self.faces: dict[str, list[dict]] = {}
        self.distinct: dict[str, list[int]] = {}
        for t in tiles:
            raw, faces, seen, distinct = _raw(t), [], set(), []
            for rot in range(4):
                face = _face(*raw, self.model)
                faces.append(face)
                key = (face["quarters"], face["markets"],
                       tuple(sorted((tuple(s["arms"]), s["end"], s["fountain"]) for s in face["segments"])))
                if key not in seen:
                    seen.add(key)
                    distinct.append(rot)
                raw = _rotate(raw, self.model)
            self.faces[t["id"]] = faces
            self.distinct[t["id"]] = distinct

    @cached_property
    def deck(self) -> list[str]:
        """Every castle tile, one id per copy, in data order."""
        return [tid for tid in self.tile_ids for _ in range(self.tile_count[tid])]

    def wall_effect(self, number: int) -> str:
        return self.wall_tiles[number]["effect_id"]

    @cached_property
    def wall_pool(self) -> list[int]:
        return [n for n, w in self.wall_tiles.items() for _ in range(int(w["copies"]))]


def parse_code(code: str, tile_id: str = "", count: int = 1) -> dict:
    """A ``castle_tiles`` entry from the data file's compact code (``castle_tile_model``
    ``code_syntax``), e.g. ``"T H H T | NS+f"`` or ``"C1 H T C | N>P E>P S>P"``."""
    left, _, right = code.partition("|")
    tokens = left.split()
    if len(tokens) != 4:
        raise ValueError(f"bad tile code {code!r}")
    quarters = {q: t[0] for q, t in zip(QUARTERS, tokens)}
    markets = {q: int(t[1:]) for q, t in zip(QUARTERS, tokens) if len(t) > 1}
    ends = {"P": "plaza", "B": "building", "W": "wall"}
    paths = []
    for token in right.split():
        if token == "-":
            continue
        body, fountain = (token[:-2], True) if token.endswith("+f") else (token, False)
        arms, _, end = body.partition(">")
        paths.append({"arms": list(arms), "end": ends[end] if end else None, "fountain": fountain})
    return {"id": tile_id, "count": count, "code": code.strip(), "quarters": quarters,
            "markets": markets, "paths": paths, "plaza": any(p["end"] == "plaza" for p in paths),
            "extra_links": []}
