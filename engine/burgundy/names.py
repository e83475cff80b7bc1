"""Localised names of every id the game shows (``Game.names``), built from the data files.

Ids: tile ids (``T001``..), tile kinds (``warehouse``, ``cow``, ``knowledge_7``, ``ship``,
``castle``, ``mine``), goods (``goods_1``..``goods_6``), bonus tiles
(``bonus_<colour>_<large|small>``) and estate colours (``colour_<colour>``).
"""
from __future__ import annotations

from engine.burgundy.data import COLOURS, EXTRA_NAMES, RAW, TILES

LANGS = ("en", "cs")


def _neuter(adjective_cs: str) -> str:
    """Czech feminine colour adjective -> neuter (tyrkysová -> tyrkysové), for "zboží"."""
    return adjective_cs[:-1] + "é" if adjective_cs.endswith("á") else adjective_cs


def _build() -> dict[str, dict[str, str]]:
    names: dict[str, dict[str, str]] = {}
    for b in RAW["buildings"]:
        names[b["key"]] = {"en": b["name_en"], "cs": b["name_cs"]}
    for a in RAW["animals"]:
        names[a["key"]] = {"en": a["name_en"].capitalize(), "cs": a["name_cs"].capitalize()}
    for k in RAW["knowledge_tiles"]:
        names[f"knowledge_{k['number']}"] = {"en": k["name_en"], "cs": k["name_cs"]}
    for kind in ("ship", "castle", "mine"):
        names[kind] = dict(EXTRA_NAMES[kind])
    for tile in TILES.values():
        if tile.animals:
            names[tile.id] = {lang: EXTRA_NAMES["animal_tile"][lang].format(
                animal=names[tile.kind][lang], count=tile.animals) for lang in LANGS}
        else:
            names[tile.id] = dict(names[tile.kind])
    for g in RAW["goods"]:
        template = EXTRA_NAMES["goods"]
        names[f"goods_{g['die']}"] = {
            "en": template["en"].format(colour=g["colour_en"].capitalize(), die=g["die"]),
            "cs": template["cs"].format(colour_neuter=_neuter(g["colour_cs"]).capitalize(),
                                        die=g["die"])}
    for colour in COLOURS:
        names[f"colour_{colour}"] = dict(EXTRA_NAMES["colour"][colour])
        for size in ("large", "small"):
            names[f"bonus_{colour}_{size}"] = {lang: EXTRA_NAMES["bonus"][lang].format(
                size=EXTRA_NAMES["bonus_size"][size][lang],
                colour=EXTRA_NAMES["colour"][colour][lang]).capitalize() for lang in LANGS}
    return names


NAMES = _build()


#: the ids ``/card`` offers: every building, animal and knowledge tile, then ship, castle, mine
LOOKUP_KINDS: tuple[str, ...] = tuple(dict.fromkeys(
    [t.kind for t in TILES.values() if t.category == "building"]
    + [t.kind for t in TILES.values() if t.category == "animal"]
    + sorted({t.kind for t in TILES.values() if t.category == "knowledge"},
             key=lambda k: int(k.rsplit("_", 1)[-1]))
    + ["ship", "castle", "mine"]))


def card_info(card_id: str) -> dict | None:
    """The ``/card`` look-up of a tile kind (or of a tile id: its kind); the effect text
    is ``burgundy.card.<kind>``; ``colour`` is the estate colour (``colour_<c>``)."""
    tile = TILES.get(card_id)
    kind = tile.kind if tile is not None else card_id
    sample = tile or next((t for t in TILES.values() if t.kind == kind), None)
    if sample is None or kind not in LOOKUP_KINDS:
        return None
    count = sum(1 for t in TILES.values() if t.kind == kind)
    info = {"id": kind, "kind": sample.category, "colour": f"colour_{sample.colour}",
            "count": count}
    if sample.category == "animal":
        info["text"] = "burgundy.card.animal"
    return info
