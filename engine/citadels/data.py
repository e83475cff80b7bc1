"""Citadels component data, loaded once from the packaged ``data/citadels.json``.

Everything the rules need as plain tables: characters by id and rank, districts with
colour/cost/points/copies, action cards, the per-player-count removal table and the
rule constants.  Uncertain facts (copies, names) stay in the JSON.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_RAW = json.loads((Path(__file__).parent / "data" / "citadels.json").read_text("utf-8"))

#: character ids in rank order; RANK[id] -> 1..8
CHARACTERS: tuple[str, ...] = tuple(
    c["id"] for c in sorted(_RAW["characters"], key=lambda c: c["rank"]))
RANK: dict[str, int] = {c["id"]: c["rank"] for c in _RAW["characters"]}
#: character id -> district colour paying its income (None: no district income)
INCOME_COLOUR: dict[str, str | None] = {c["id"]: c["income_colour"] for c in _RAW["characters"]}

COLOURS: tuple[str, ...] = tuple(c["id"] for c in _RAW["colours"])

#: district id -> {"colour", "cost", "points", "copies"}; Great Wall included (optional)
DISTRICTS: dict[str, dict] = {
    d["id"]: {"colour": d["colour"], "cost": d["cost"], "points": d["points"],
              "copies": d["copies"]}
    for d in _RAW["districts"] + _RAW["excluded_districts"]
}
BASE_DISTRICTS: tuple[str, ...] = tuple(d["id"] for d in _RAW["districts"])
GREAT_WALL = "great_wall"

#: action card id -> copies
ACTION_CARDS: dict[str, int] = {a["id"]: a["copies"] for a in _RAW["action_cards"]}
BIG_TOP = "big_top"
WAGON = "box_office_wagon"
ACROBAT = "acrobat"
FRISTENSKY = "fristensky"
REACTION_CARDS = frozenset({ACROBAT, FRISTENSKY})

#: players -> {"face_up", "face_down_initial", "characters_per_player", "draft"}
REMOVAL: dict[int, dict] = {int(k): v for k, v in _RAW["character_removal_by_player_count"].items()}

RULES: dict = _RAW["rules_constants"]
SCORING: dict = _RAW["scoring"]
START_GOLD: int = _RAW["components"]["starting_gold"]
START_HAND: int = _RAW["components"]["starting_hand"]
BANK_START: int = _RAW["components"]["gold_coins"]["count"]
COMPLETE: int = RULES["completed_city"]

#: purple district ability parameters (gold, pay, draw, keep) by district id
ABILITY: dict[str, dict] = {d["id"]: d.get("ability", {}) for d in _RAW["districts"]
                            + _RAW["excluded_districts"]}


def deck(great_wall: bool, action_cards: bool) -> list[str]:
    """Every card id of the draw pile for these options, copies repeated (unshuffled)."""
    ids = list(BASE_DISTRICTS) + ([GREAT_WALL] if great_wall else [])
    cards = [d for d in ids for _ in range(DISTRICTS[d]["copies"])]
    if action_cards:
        cards += [a for a, n in ACTION_CARDS.items() for _ in range(n)]
    return cards


def is_district(card: str) -> bool:
    return card in DISTRICTS


#: Czech case forms of names (``{"assassin": {"acc": "Mordýře", ...}}``) for declined labels
CASES_CS: dict[str, dict[str, str]] = {
    k: v for k, v in json.loads((Path(__file__).parent / "data" / "cases_cs.json")
                                .read_text("utf-8")).items() if not k.startswith("_")}


@lru_cache(maxsize=None)
def names() -> dict[str, dict[str, str]]:
    """Localised names of characters, districts, action cards and colours; Czech case
    forms as ``cs_<case>`` (``{"cs": "Mordýř", "cs_acc": "Mordýře"}``); built once (the
    bot asks for it several times per click; read-only)."""
    out: dict[str, dict[str, str]] = {}
    for group in ("characters", "districts", "excluded_districts", "action_cards", "colours"):
        for item in _RAW[group]:
            out[item["id"]] = {"en": item["name_en"], "cs": item["name_cs"]}
            out[item["id"]].update({f"cs_{case}": form
                                    for case, form in CASES_CS.get(item["id"], {}).items()})
    return out


def card_info(card_id: str) -> dict | None:
    """The ``/card`` look-up of a character, district or action card (None otherwise);
    the effect text is the i18n key ``citadels.card.<id>`` (plain districts share one)."""
    if card_id in RANK:
        return {"id": card_id, "kind": "character", "rank": RANK[card_id],
                "colour": INCOME_COLOUR[card_id]}
    if card_id in DISTRICTS:
        d = DISTRICTS[card_id]
        plain = d["colour"] != "purple"
        return {"id": card_id, "kind": "district", "colour": d["colour"], "cost": d["cost"],
                "points": d["points"], "count": d["copies"], "plain": plain,
                "text": "citadels.card.district" if plain else f"citadels.card.{card_id}",
                "params": {"colour": d["colour"], "cost": d["cost"], "points": d["points"]}}
    if card_id in ACTION_CARDS:
        return {"id": card_id, "kind": "action_card", "count": ACTION_CARDS[card_id]}
    return None
