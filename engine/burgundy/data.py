"""Component data of The Castles of Burgundy, loaded once from the packaged JSON.

Everything the rules look up (estate geometry, tiles, depot layout, scoring tables) is
precomputed here at import into tuples and dicts, so the rules never parse JSON again.
Facts the data file marks uncertain (estates 4 and 8, 3-player depot marks, black depot
counts, the depot ring) stay data: correct the JSON, not the code.
"""
from __future__ import annotations

import json
from pathlib import Path

_DIR = Path(__file__).with_name("data")
RAW = json.loads((_DIR / "burgundy.json").read_text(encoding="utf-8"))
EXTRA_NAMES = json.loads((_DIR / "names.json").read_text(encoding="utf-8"))

SPACES = tuple(range(1, 38))
COLOURS = tuple(c["key"] for c in RAW["conventions"]["colour_keys"])
#: tile category -> estate colour it is placed on
CATEGORY_COLOUR = {c["tile_kind"]: c["key"] for c in RAW["conventions"]["colour_keys"]}
PHASES = tuple(p["phase"] for p in RAW["main_board"]["phase_spaces"])
ROUNDS = RAW["main_board"]["round_spaces"]


class Estate:
    """One estate face: colour and region of every space (index 1..37; 0 unused)."""

    __slots__ = ("number", "colour", "region", "regions", "by_colour", "castle_spaces",
                 "confidence", "sources_agree", "name_en", "name_cs", "region_mask",
                 "colour_mask")

    def __init__(self, raw: dict) -> None:
        self.number = raw["number"]
        self.name_en, self.name_cs = raw["name_en"], raw["name_cs"]
        spaces = sorted(raw["spaces"], key=lambda s: s["id"])
        self.colour = ("",) + tuple(s["colour"] for s in spaces)
        labels = [r["id"] for r in raw["regions"]]
        self.regions = tuple(tuple(r["spaces"]) for r in raw["regions"])
        self.region = (-1,) + tuple(labels.index(s["region"]) for s in spaces)
        self.by_colour = {c: tuple(s for s in SPACES if self.colour[s] == c) for c in COLOURS}
        #: the same as bit masks of spaces (bit ``s`` for space ``s``), per region and colour
        self.region_mask = tuple(sum(1 << s for s in r) for r in self.regions)
        self.colour_mask = {c: sum(1 << s for s in spaces) for c, spaces in self.by_colour.items()}
        self.castle_spaces = tuple(raw["castle_spaces"])
        self.confidence = raw["confidence"]
        self.sources_agree = raw["sources_agree"]


ESTATES = {raw["number"]: Estate(raw) for raw in RAW["estates"]}
_E1 = sorted(RAW["estates"][0]["spaces"], key=lambda s: s["id"])
NEIGHBOURS = ((),) + tuple(tuple(s["neighbours"]) for s in _E1)
DIE = (0,) + tuple(s["die"] for s in _E1)
CENTRE = RAW["estates"][0]["centre_space"]


class Tile:
    """A hex tile: estate colour, kind (building/animal key, ``knowledge_7``, ``ship``...)."""

    __slots__ = ("id", "category", "colour", "kind", "animals", "number", "back")

    def __init__(self, raw: dict) -> None:
        self.id = raw["id"]
        self.category = raw["category"]
        self.colour = CATEGORY_COLOUR[raw["category"]]
        self.kind = raw["kind"]
        self.animals = raw.get("animals", 0)
        self.number = raw.get("number", 0)
        self.back = raw["back"]


TILES = {raw["id"]: Tile(raw) for raw in RAW["tiles"]}
TILE_IDS = tuple(TILES)
BLACK_BACK = "black"
#: estate colour -> back of its face-down supply
COLOUR_BACK = {t.colour: t.back for t in TILES.values() if t.back != BLACK_BACK}

BUILDINGS = tuple(b["key"] for b in RAW["buildings"])
ANIMALS = tuple(a["key"] for a in RAW["animals"])
GOODS = tuple(g["die"] for g in RAW["goods"])
GOODS_PER_TYPE = {g["die"]: g["tiles"] for g in RAW["goods"]}
KNOWLEDGE_BUILDING = {k["number"]: k["building"] for k in RAW["knowledge_tiles"]
                      if "building" in k}

_BOARD = RAW["main_board"]
#: depot number -> tuple of (colour, smallest player count using the space)
DEPOT_SPACES = {d["depot"]: tuple((s["colour"], s["used_from_player_count"]) for s in d["spaces"])
                for d in _BOARD["depots"]}
DEPOTS = tuple(sorted(DEPOT_SPACES))
BLACK_PER_PHASE = {int(k): v for k, v in _BOARD["black_depot"]["tiles_per_phase"].items()}
_EXC = _BOARD["three_player_exception"]
#: 3 players: (depot, space colour, phases, colour laid there instead)
THREE_PLAYER_SWAP = (_EXC["depot"], _EXC["space_colour"], tuple(_EXC["phases"]),
                     _EXC["replacement"])
_ADJ = _BOARD["depot_adjacency_for_knowledge_5"]
_RING = _ADJ["ring"]
#: adjacent depot pairs for knowledge 5 (ring order from the data)
DEPOT_PAIRS = tuple((_RING[i], _RING[(i + 1) % len(_RING)])
                    for i in range(len(_RING) if _ADJ["cyclic"] else len(_RING) - 1))
TRACK_SPACES = _BOARD["turn_order_track"]["spaces"]

_SC = RAW["scoring"]
REGION_VP = {int(k): v for k, v in _SC["region_completion_vp_by_size"].items() if k.isdigit()}
PHASE_BONUS = tuple(_SC["region_completion_phase_bonus"][p] for p in PHASES)
_BONUS = _SC["colour_completion_bonus_tiles"]
BONUS_VP = {size: {int(k): v for k, v in _BONUS[f"{size}_vp"].items()}
            for size in ("large", "small")}
SALE_VP = {int(k): v for k, v in _SC["goods_sale_vp_per_tile"].items() if k.isdigit()}
SALE_SILVER = _SC["goods_sale_vp_per_tile"]["silverlings_per_sale"]
WATCHTOWER_VP = _SC["watchtower_vp"]
FINAL = _SC["final"]

_SETUP = RAW["setup"]
WORKERS_BY_SEAT = {int(k): v for k, v in _SETUP["per_player"]["workers_by_seat"].items()}
START_SILVER = _SETUP["per_player"]["silverlings"]
START_GOODS = _SETUP["per_player"]["goods"]
GOODS_STACK = _SETUP["goods_distribution"]["per_phase_stack"]
