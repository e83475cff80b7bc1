"""Component data of Im Schutz der Burg, loaded once from the packaged JSON.

Every number the rules use comes from ``data/schutz_burg.json`` (reconstructed facts
included, so a correction there is a one-line change); this module only reshapes it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_RAW = json.loads((Path(__file__).parent / "data" / "schutz_burg.json").read_text("utf-8"))

RESOURCES: tuple[str, ...] = tuple(r["id"] for r in _RAW["resources"])
RESOURCE_COUNT: dict[str, int] = {r["id"]: r["count"] for r in _RAW["resources"]}
#: building points of the kinds that can pay (silver has none)
POINTS: dict[str, int] = {r["id"]: r["build_points"] for r in _RAW["resources"]
                          if r["build_points"] is not None}
BUILD_KINDS: tuple[str, ...] = tuple(_RAW["building_rules"]["payable_kinds"])
MIN_KINDS: int = _RAW["building_rules"]["min_distinct_kinds_per_payment"]
MAX_BUILDS: int = _RAW["building_rules"]["max_buildings_per_action"]
MAX_HELPERS: int = _RAW["building_rules"]["max_helpers_per_action"]
MASTER_BONUS: int = _RAW["building_rules"]["master_builder_bonus_per_building"]

TOTAL_TALER: int = _RAW["coins"]["total_value"]
_SETUP = _RAW["setup"]
ROUNDS: dict[int, int] = {int(k): v for k, v in _SETUP["rounds"].items()}
HELPERS: dict[int, int] = {int(k): v for k, v in _SETUP["helpers_per_player"].items()}
PICKS: dict[int, int] = {int(k): v for k, v in _SETUP["cards_per_player_choice_per_round"].items()}
START_TALER: int = _SETUP["player_start"]["taler"]
START_RES: dict[str, int] = {k: _SETUP["player_start"].get(k, 0) for k in RESOURCES}
TOWER_START: dict[str, int] = dict(_RAW["defense_tower"]["start_contents"])
MESSENGER_TALER = 8  # rulebook: the Messenger takes 8 Taler (data "effect" text)

# -- character cards ---------------------------------------------------------------
_CARDS = _RAW["character_cards"]["cards"]
CARDS: tuple[str, ...] = tuple(c["id"] for c in _CARDS)
RANK: dict[str, int] = {c["id"]: c["rank"] for c in _CARDS}
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
WORKERS: tuple[str, ...] = tuple(c["id"] for c in _CARDS if "stock" in c)
#: fixed pieces loaded on each Worker card, and the owner's free choice (count, kinds)
WORKER_FIXED: dict[str, dict[str, int]] = {
    c["id"]: {k: v for k, v in c["stock"].items() if k != "choice"} for c in _CARDS if "stock" in c}
WORKER_CHOICE: dict[str, tuple[int, tuple[str, ...]]] = {
    c["id"]: (c["stock"]["choice"]["count"], tuple(c["stock"]["choice"]["from"]))
    for c in _CARDS if "choice" in c.get("stock", {})}
MASTER = "master_builder"

# -- trade spots -------------------------------------------------------------------
SPOTS: tuple[str, ...] = tuple(s["id"] for s in _RAW["trade_spots"]["spots"])
CARTS: tuple[str, ...] = tuple(s["id"] for s in _RAW["trade_spots"]["spots"] if s["kind"] == "cart")
RIDER: str = next(s["id"] for s in _RAW["trade_spots"]["spots"] if s["kind"] == "rider")
SPOT_RES: dict[str, str] = {s["id"]: s["resource"] for s in _RAW["trade_spots"]["spots"]}
SPOT_YIELD: dict[str, int] = {s["id"]: s["yield"] for s in _RAW["trade_spots"]["spots"]}
TOWER_FEE: int = _RAW["trade_spots"]["defense_tower_fee_per_kind"]

# -- buildings ---------------------------------------------------------------------
_TYPES = {t["id"]: t for t in _RAW["template_types"]}
TEMPLATES: tuple[str, ...] = tuple(t["id"] for t in _RAW["templates"])
TEMPLATE_TYPE: dict[str, str] = {t["id"]: t["type"] for t in _RAW["templates"]}
TYPE_KIND: dict[str, str] = {tid: t["kind"] for tid, t in _TYPES.items()}
PREBUILT: tuple[str, ...] = tuple(b["id"] for b in _RAW["prebuilt_buildings"])


def _fee(space: dict) -> int:
    return space["tuition"] if space.get("tuition") is not None else space["tuition_fallback"]


def _spaces() -> dict[str, dict]:
    """Every copper helper space: ``"<building>.<n>" -> {building, role, fee}``."""
    out: dict[str, dict] = {}
    owners = [(b["id"], b["helper_spaces"]) for b in _RAW["prebuilt_buildings"]]
    owners += [(t["id"], _TYPES[t["type"]]["helper_spaces"]) for t in _RAW["templates"]]
    for building, spaces in owners:
        for n, space in enumerate(spaces, 1):
            out[f"{building}.{n}"] = {"building": building, "role": space["role"], "fee": _fee(space)}
    return out


SPACES: dict[str, dict] = _spaces()
SPACES_OF: dict[str, tuple[str, ...]] = {}
for _sid, _sp in SPACES.items():
    SPACES_OF.setdefault(_sp["building"], ())
    SPACES_OF[_sp["building"]] += (_sid,)

# -- winter ------------------------------------------------------------------------
_WINTER = _RAW["winter"]
WINTER_CARDS: tuple[str, ...] = tuple(c["id"] for c in _WINTER["cards"])
INN, GRANARY, MAIDEN = "village_inn", "granary", "castle_maiden"
WINTER: dict[str, dict] = {c["id"]: c for c in _WINTER["cards"]}
WINTER_ROUNDS: tuple[int, ...] = tuple(_RAW["round_track"]["winter_marked_rounds"]["value"])
#: snowy-side template values by type, when the data gives any (else summer values)
_WINTER_VALUES: dict[str, dict] = _WINTER["template_winter_side_values"].get("values") or {}


@lru_cache(maxsize=None)
def template_value(template: str, winter: bool) -> tuple[int, int]:
    """(cost, crown VP) of ``template`` on the side in play."""
    ttype = TEMPLATE_TYPE[template]
    base = _TYPES[ttype]
    side = _WINTER_VALUES.get(ttype, {}) if winter else {}
    return side.get("cost", base["cost"]), side.get("vp", base["vp"])


# -- localised names ---------------------------------------------------------------
_RES_NAMES = {"sand": ("Sand", "Písek"), "wood": ("Wood", "Dřevo"), "clay": ("Clay", "Hlína"),
              "stone": ("Stone", "Kámen"), "silver": ("Silver", "Stříbro")}
_WORKER_NAMES = {"worker_wood_silver": ("Worker (wood, silver)", "Dělník (dřevo, stříbro)"),
                 "worker_sand_clay": ("Worker (sand, clay)", "Dělník (písek, hlína)"),
                 "worker_stone_choice": ("Worker (stone, choice)", "Dělník (kámen, výběr)")}
_EXTRA = {"taler": ("Taler", "Tolar"), "defense_tower": ("Defense tower", "Obranná věž"),
          "innkeeper": ("Innkeeper", "Hostinský"), "supply": ("Supply", "Zásoba")}
_SPOT_NAMES = {"cart_sand": ("Sand cart", "Povoz s pískem"), "cart_wood": ("Wood cart", "Povoz se dřevem"),
               "cart_clay": ("Clay cart", "Povoz s hlínou"), "cart_stone": ("Stone cart", "Povoz s kameny"),
               "rider": ("Rider", "Jezdec")}


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=None)
def names() -> dict[str, dict[str, str]]:
    """``{id: {"en", "cs"}}`` for every card, building, resource, spot and winter card
    (built once: the bot asks for it several times per click; read-only)."""
    out: dict[str, dict[str, str]] = {}
    for c in _CARDS:
        en, cs = _WORKER_NAMES.get(c["id"], (c["name_en"].split(" (")[0], c["name_cs"]))
        out[c["id"]] = {"en": en, "cs": cs}
    for tid, t in _TYPES.items():
        out[tid] = {"en": t["name_en"], "cs": t["name_cs"]}
    for template, ttype in TEMPLATE_TYPE.items():
        out[template] = dict(out[ttype])
    for b in _RAW["prebuilt_buildings"]:
        out[b["id"]] = {"en": b["name_en"].split(" / ")[-1], "cs": b["name_cs"]}
    for c in _WINTER["cards"]:
        out[c["id"]] = {"en": c["name_en"].split(" (")[0], "cs": c["name_cs"]}
    for table in (_RES_NAMES, _EXTRA, _SPOT_NAMES):
        for key, (en, cs) in table.items():
            out.setdefault(key, {"en": _title(en), "cs": cs})
    return out


# -- /card look-up -------------------------------------------------------------------
def card_info(card_id: str) -> dict | None:
    """The ``/card`` look-up of a character card, building (type, template or prebuilt)
    or winter card; effect text ``schutz_burg.card.<id>`` (the Worker cards share one)."""
    if card_id in RANK:
        text = "schutz_burg.card.worker" if card_id in WORKERS else f"schutz_burg.card.{card_id}"
        return {"id": card_id, "kind": "character", "rank": RANK[card_id], "text": text}
    ttype = TEMPLATE_TYPE.get(card_id, card_id)
    if ttype in _TYPES:
        t = _TYPES[ttype]
        return {"id": ttype, "kind": "building", "cost": t["cost"], "points": t["vp"],
                "count": t["count"]}
    if card_id in PREBUILT:
        return {"id": card_id, "kind": "prebuilt"}
    if card_id in WINTER:
        return {"id": card_id, "kind": "winter"}
    return None


def card_ids() -> list[str]:
    """Character cards, building types, prebuilt buildings, winter cards (no template copies)."""
    return list(CARDS) + list(_TYPES) + list(PREBUILT) + list(WINTER_CARDS)
