"""The ``/card`` look-up of Castles of Mad King Ludwig: room tiles, corridor pieces
(foyer, hallway, stairs), King's favors and bonus cards, read off the packaged data.

Texts are i18n keys (``ludwig.card.*``); the pieces a text names are ids of ``NAMES``
(merged into ``Game.names``, where they also give the typed favors and bonus cards
natural Czech titles): a room's completion reward (``reward_<id>``) and the room
types its bonus counts (``bonus_types_<a>+<b>``, in Czech in the accusative: "za každou
navazující obytnou komnatu či ložnici").
"""
from __future__ import annotations

from . import data as D

#: room type -> (English singular, Czech accusative singular), as the bonus texts need
_TYPE_WORDS = {
    "living": ("living room", "obytnou komnatu"),
    "activity": ("activity room", "společenskou místnost"),
    "food": ("food room", "jídelnu"),
    "sleeping": ("sleeping room", "ložnici"),
    "outdoor": ("outdoor room", "zahradu"),
    "utility": ("utility room", "technickou místnost"),
    "corridor": ("corridor room", "spojovací místnost"),
    "downstairs": ("downstairs room", "sklepní místnost"),
}

#: room type -> Czech genitive plural, for the favors' names ("Nejvíce obytných komnat")
_TYPE_GEN_PL = {
    "living": "obytných komnat", "activity": "společenských místností", "food": "jídelen",
    "sleeping": "ložnic", "outdoor": "zahrad", "utility": "technických místností",
    "corridor": "spojovacích místností", "downstairs": "sklepních místností",
}

#: completion reward id -> (English, Czech) as "Completion reward: …" ends
_REWARDS = {
    "points_5": ("5 points", "5 bodů"),
    "money_10000": ("10,000 M from the bank", "10 000 M z banku"),
    "extra_turn": ("an extra turn right away", "tah navíc hned teď"),
    "rescore_room": ("the room scores again (its base points and its own bonus)",
                     "místnost se boduje znovu (základní body a její vlastní bonus)"),
    "stack_to_deck": ("look through one stack and put up to 2 of its rooms on the room-card deck",
                      "prohlédni si jeden sloupeček a až 2 jeho místnosti polož na balíček "
                      "karet místností"),
    "bonus_draw_2_keep_1": ("draw 2 bonus cards and keep 1", "dober 2 karty úkolů a 1 si nech"),
    "free_hallway_or_stairs": ("a free hallway or stairs (once per turn)",
                               "chodba nebo schodiště zdarma (jednou za tah)"),
    "wild_every_second": ("for every second completed downstairs room, any other reward",
                          "za každou druhou uzavřenou sklepní místnost libovolná jiná odměna"),
}

#: favors and bonus cards whose text is their own key (the rest share one per kind)
_FAVOR_TEXT = {"count_of_type": "favor_count", "sum_size_of_type": "favor_area"}
_BONUS_TEXT = {"per_room_of_type": "bonus_type", "per_room_of_size": "bonus_size"}


def _types_id(types: list[str]) -> str:
    return "bonus_types_" + "+".join(types)


def _joined(words: list[str], last: str) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _czech_titles() -> dict[str, dict[str, str]]:
    """Shorter, natural Czech titles of the typed favors and bonus cards (the data's
    "Nejvíce místností typu: Obytné komnaty" does not fit a card's title band)."""
    out: dict[str, dict[str, str]] = {}
    for fid, favor in D.FAVORS.items():
        measure = favor["measure"]
        lead = {"count_of_type": "Nejvíce", "sum_size_of_type": "Největší výměra"}.get(measure["kind"])
        if lead:
            out[fid] = {"en": favor["name"]["en"], "cs": f"{lead} {_TYPE_GEN_PL[measure['type']]}"}
    for cid, card in D.BONUS_CARDS.items():
        scoring = card["scoring"]
        if scoring["kind"] == "per_room_of_type":
            plural = D.names()[f"types_{scoring['type']}"]["cs"]
            out[cid] = {"en": card["name"]["en"], "cs": plural}
        elif scoring["kind"] == "per_room_of_size":
            out[cid] = {"en": card["name"]["en"], "cs": f"Místnosti o výměře {scoring['size']}"}
    return out


def _names() -> dict[str, dict[str, str]]:
    out = _czech_titles()
    for rid, (en, cs) in _REWARDS.items():
        out[f"reward_{rid}"] = {"en": en, "cs": cs}
    groups = [[t] for t in _TYPE_WORDS] + [t["bonus"]["types"] for t in D.TILES.values()
                                             if t.get("bonus")]
    for types in groups:
        out[_types_id(types)] = {"en": _joined([_TYPE_WORDS[t][0] for t in types], "or"),
                                 "cs": _joined([_TYPE_WORDS[t][1] for t in types], "či")}
    return out


NAMES = _names()


def _room(tile: dict) -> dict:
    bonus = tile.get("bonus")
    reward = D.REWARD_OF[tile["type"]]
    info = {"id": tile["id"], "kind": "room", "rank": tile["size"], "colour": tile["type"],
            "points": tile["points"], "params": {"reward": f"reward_{reward}"}}
    if bonus is None:
        info["text"] = "ludwig.card.room_plain"
    else:
        info["text"] = f"ludwig.card.room_{bonus['kind']}"
        info["params"].update(types=_types_id(bonus["types"]), n=abs(bonus["per"]))
    return info


def _corridor(cid: str) -> dict:
    piece = D.TILES[cid]
    return {"id": cid, "kind": "corridor_piece", "colour": "corridor", "count": piece["count"],
            "params": {"reward": "reward_free_hallway_or_stairs", "price": D.CORRIDOR_PRICE}}


def _favor(fid: str) -> dict:
    measure = D.FAVORS[fid]["measure"]
    info = {"id": fid, "kind": "favor"}
    if measure["kind"] in _FAVOR_TEXT:
        info["text"] = f"ludwig.card.{_FAVOR_TEXT[measure['kind']]}"
        info["params"] = {"type": f"types_{measure['type']}"}
    return info


def _bonus(cid: str) -> dict:
    scoring = D.BONUS_CARDS[cid]["scoring"]
    info = {"id": cid, "kind": "bonus_card", "params": {"n": scoring["points"]}}
    if scoring["kind"] in _BONUS_TEXT:
        info["text"] = f"ludwig.card.{_BONUS_TEXT[scoring['kind']]}"
        key, value = ("types", _types_id([scoring["type"]])) if "type" in scoring \
            else ("size", scoring["size"])
        info["params"][key] = value
    return info


def card_info(card_id: str) -> dict | None:
    """What ``/card`` shows of a room tile, corridor piece, King's favor or bonus card."""
    if card_id in D.CORRIDOR_PIECES:
        return _corridor(card_id)
    if card_id in D.TILES:
        return _room(D.TILES[card_id])
    if card_id in D.FAVORS:
        return _favor(card_id)
    if card_id in D.BONUS_CARDS:
        return _bonus(card_id)
    return None


def card_ids() -> list[str]:
    """Rooms by size then name id, the corridor pieces, the favors, the bonus cards."""
    rooms = sorted(D.ROOM_IDS, key=lambda r: (D.TILES[r]["size"], r))
    return rooms + list(D.CORRIDOR_PIECES) + list(D.FAVORS) + list(D.BONUS_CARDS)
