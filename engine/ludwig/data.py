"""Component data of Castles of Mad King Ludwig, loaded once from the packaged JSON.

Every fact the rules use comes from ``data/ludwig.json`` (uncertain facts included, each
with its source and confidence there); this module only reshapes it.  Tile ids of the
corridor pieces are ``foyer``, ``hallway`` and ``stairs``; the 75 room tiles keep their
data ids.
"""
from __future__ import annotations

import json
from pathlib import Path

_RAW = json.loads((Path(__file__).parent / "data" / "ludwig.json").read_text("utf-8"))

TYPES: tuple[str, ...] = tuple(t["id"] for t in _RAW["room_types"])
SHAPES: dict[str, dict] = _RAW["shapes"]

#: tile id -> {id, type, size, shape, floor, points, bonus, doors, fence, name}
TILES: dict[str, dict] = {t["id"]: t for t in _RAW["room_tiles"]}
ROOM_IDS: tuple[str, ...] = tuple(TILES)
FOYER, HALLWAY, STAIRS = "foyer", "hallway", "stairs"
for _cid in (FOYER, HALLWAY, STAIRS):
    TILES[_cid] = _RAW["corridor_tiles"][_cid]
CORRIDOR_PIECES = (FOYER, HALLWAY, STAIRS)
FOYER_FOUR_DOORS: list[dict] = _RAW["corridor_tiles"][FOYER]["alternative_back_side_doors"]

SIZES: tuple[int, ...] = tuple(sorted({t["size"] for t in _RAW["room_tiles"]}))
SMALL_SIZES: tuple[int, ...] = tuple(s for s in SIZES if s <= 300)
STACK_IDS: tuple[str, ...] = tuple(str(s) for s in SIZES)  # room stacks by size

_SETUP = _RAW["setup_by_player_count"]


def stack_size(players: int, size: int) -> int:
    """Tiles in the stack of room ``size`` for ``players`` (solo = 3 players)."""
    row = _SETUP["tiles_per_stack"][str(3 if players == 1 else players)]
    return row["small_100_300"] if size <= 300 else row["large_350_600"]


def supply(players: int) -> dict[str, int]:
    """Stairs and hallways in the supply."""
    row = _SETUP["tiles_per_stack"][str(3 if players == 1 else players)]
    return {STAIRS: row["stairs"], HALLWAY: row["hallways"]}


DECK_SIZE: dict[int, int] = {int(k): v for k, v in _SETUP["room_cards_in_deck"].items()
                             if k.isdigit()}
FAVORS_UP: dict[int, int] = {int(k): v for k, v in _SETUP["favor_tiles_face_up"].items()}
START_MONEY: int = _SETUP["starting_money"]

_MARKET = _RAW["market"]
SLOTS: dict[int, list[int]] = {int(k): v for k, v in _MARKET["slots_in_use"].items()}
SLOTS[1] = list(_MARKET["solo_slots"])
CORRIDOR_PRICE: int = _MARKET["stairs_or_hallway_price"]
PASS_INCOME: int = _MARKET["pass_income"]
COIN_PER_ROUND: int = _MARKET["coin_added_per_unsold_room_per_round"]

ROOM_CARDS: dict[str, dict[int, int]] = {
    "default": {int(k): v for k, v in _RAW["room_cards"]["composition"].items()},
    "uniform": {int(k): v for k, v in _RAW["room_cards"]["composition_alternative"].items()},
}

BONUS_CARDS: dict[str, dict] = {c["id"]: c for c in _RAW["bonus_cards"]["cards"]}
FAVORS: dict[str, dict] = {f["id"]: f for f in _RAW["kings_favors"]["tiles"]}
FAVOR_POINTS: list[int] = list(_RAW["kings_favors"]["points_by_rank"])
EXCLUSIVE_FAVORS = ("favor_completed", "favor_uncompleted")

END = _RAW["end_scoring"]
DEPLETED_POINTS: int = END["depleted_stacks"]["points_per_tile"]
MONEY_PER_POINT: int = END["money"]["points_per"]
REWARD_MONEY = 10000          # outdoor completion reward (data completion_rewards.money_10000)
REWARD_POINTS = 5             # activity completion reward (data completion_rewards.points_5)
SOLO_RANKS: list[dict] = _RAW["solo"]["ranks"]
FLAGS: dict = _RAW["rule_flags"]

#: completion reward of each room type
REWARD_OF: dict[str, str] = {t["id"]: t["completion_reward"] for t in _RAW["room_types"]}


def size_of(tile: str) -> int:
    return TILES[tile]["size"]


def type_of(tile: str) -> str:
    return TILES[tile]["type"]


def stack_of(tile: str) -> str | None:
    """The stack a tile belongs to: its size for rooms, ``hallway``/``stairs``, None for foyers."""
    if tile in (HALLWAY, STAIRS):
        return tile
    return None if tile == FOYER else str(TILES[tile]["size"])


_TYPE_PLURAL_CS = {t["id"]: t["plural_cs"] for t in _RAW["room_types"]}
_TYPE_PLURAL_EN = {"living": "Living rooms", "activity": "Activity rooms", "food": "Food rooms",
                   "sleeping": "Sleeping rooms", "outdoor": "Outdoor rooms",
                   "utility": "Utility rooms", "corridor": "Corridor rooms",
                   "downstairs": "Downstairs rooms"}
_EXTRA_NAMES = {
    "hallway_ground": ("Hallway", "Přízemní chodba"),
    "hallway_downstairs": ("Downstairs hallway", "Sklepní chodba"),
    "bank": ("Bank", "Banka"),
    "front": ("front side (3 doors)", "přední stranou (3 dveře)"),
    "four_doors": ("back side (4 doors)", "zadní stranou (4 dveře)"),
}


def names() -> dict[str, dict[str, str]]:
    """``{id: {"en", "cs"}}`` for room tiles, corridor pieces, types, favors, bonus cards."""
    out: dict[str, dict[str, str]] = {}
    for tid, tile in TILES.items():
        out[tid] = {"en": tile["name"]["en"], "cs": tile["name"]["cs"]}
    for t in _RAW["room_types"]:
        out[t["id"]] = {"en": t["name"]["en"], "cs": t["name"]["cs"]}
        out[f"types_{t['id']}"] = {"en": _TYPE_PLURAL_EN[t["id"]], "cs": _TYPE_PLURAL_CS[t["id"]]}
    for fid, favor in FAVORS.items():
        out[fid] = dict(favor["name"])
    for cid, card in BONUS_CARDS.items():
        out[cid] = dict(card["name"])
    for rank in SOLO_RANKS:
        out[rank_id(rank)] = {"en": rank["en"], "cs": rank["cs"][:1].upper() + rank["cs"][1:]}
    for key, (en, cs) in _EXTRA_NAMES.items():
        out[key] = {"en": en, "cs": cs}
    return out


def rank_id(rank: dict) -> str:
    return "rank_" + rank["en"].lower().replace(" ", "_")


def solo_rank(score: int) -> str:
    """The solo title id for a final score."""
    for rank in SOLO_RANKS:
        if rank.get("min", -10**9) <= score <= rank.get("max", 10**9):
            return rank_id(rank)
    raise ValueError(score)
