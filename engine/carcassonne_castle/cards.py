"""The ``/card`` look-up of Carcassonne: The Castle: what the features of the castle
tiles are and score (path, tower, house, court, market, fountain, keep) and what each of
the 9 wall tiles does.

Texts are i18n keys ``carcassonne_castle.card.<id>``; the ids here are look-up names of
their own (``feature_<kind>``, ``walltile<n>``, titled in ``NAMES``, merged into
``Game.names``); a wall tile's game id ``wall<n>`` (what decisions offer) looks up the
same entry.  The start spaces are not offered: they have no printed names.
"""
from __future__ import annotations

from .geometry import Geometry
from .names import EFFECT_EN

#: feature look-up id -> (English, Czech, band colour: a quarter letter of the tile art)
FEATURES = {
    "feature_path": ("Path", "Cesta", None),
    "feature_tower": ("Tower", "Věž", "T"),
    "feature_house": ("House", "Dům", "H"),
    "feature_court": ("Court", "Dvůr", "C"),
    "feature_market": ("Market", "Trh", "C"),
    "feature_fountain": ("Fountain", "Studna", None),
    "feature_keep": ("Keep", "Palác", "H"),
}
WALL_PREFIX = "walltile"
BAND = "band_"     # colour ids ``band_<quarter letter>``: the picture's band (render/card.py)


def build_card_names(geo: Geometry) -> dict[str, dict[str, str]]:
    """Titles of the look-up ids (a wall tile by its number and effect)."""
    out = {fid: {"en": en, "cs": cs} for fid, (en, cs, _) in FEATURES.items()}
    for number, entry in geo.wall_tiles.items():
        effect = entry["effect_id"]
        cs = entry.get("short_name_cs") or EFFECT_EN.get(effect, effect)
        out[f"{WALL_PREFIX}{number}"] = {"en": f"Wall tile {number}: {EFFECT_EN.get(effect, effect)}",
                                         "cs": f"Žeton {number}: {cs}"}
    return out


def _wall_number(card_id: str) -> int | None:
    for prefix in (WALL_PREFIX, "wall"):
        digits = card_id.removeprefix(prefix)
        if digits != card_id and digits.isdigit():
            return int(digits)
    return None


def card_info(geo: Geometry, card_id: str) -> dict | None:
    """A feature or a wall tile (by ``walltile<n>`` or its game id ``wall<n>``)."""
    if card_id in FEATURES:
        colour = FEATURES[card_id][2]
        kind = "piece" if card_id == "feature_keep" else "feature"
        return {"id": card_id, "kind": kind, **({"colour": BAND + colour} if colour else {})}
    number = _wall_number(card_id)
    if number is None or number not in geo.wall_tiles:
        return None
    entry = geo.wall_tiles[number]
    return {"id": f"{WALL_PREFIX}{number}", "kind": f"wall_tile_{entry['timing']}",
            "count": int(entry["copies"]), "colour": BAND + "W",
            "text": f"carcassonne_castle.card.wall_{entry['effect_id']}"}


def card_ids(geo: Geometry) -> list[str]:
    return list(FEATURES) + [f"{WALL_PREFIX}{n}" for n in sorted(geo.wall_tiles)]
