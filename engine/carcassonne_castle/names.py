"""Localised names of every id the game shows (``Game.names``), built from the data."""
from __future__ import annotations

from .geometry import KIND_NAME, Geometry

#: (English, Czech, Czech accusative)
KINDS = {"path": ("path", "cesta", "cestu"), "tower": ("tower", "věž", "věž"),
         "house": ("house", "dům", "dům"), "court": ("court", "dvůr", "dvůr")}
ROLES = {"herald": ("herald", "posel", "posla"), "knight": ("knight", "rytíř", "rytíře"),
         "squire": ("squire", "panoš", "panoše"), "merchant": ("merchant", "obchodník", "obchodníka")}
#: English short labels of the wall-tile effects (Czech ones come from the data file)
EFFECT_EN = {"extra_turn": "Extra turn", "double_completed_tower": "Double tower",
             "double_completed_house": "Double house", "score_incomplete_path": "Incomplete path",
             "score_incomplete_tower": "Incomplete tower", "score_incomplete_house": "Incomplete house",
             "court_markets_worth_4": "Markets worth 4", "keep_plus_2": "Keep +2",
             "five_points": "5 points"}
QUARTER = {"NW": ("north-west", "severozápad"), "NE": ("north-east", "severovýchod"),
           "SE": ("south-east", "jihovýchod"), "SW": ("south-west", "jihozápad")}
HALF = {("NE", "NW"): ("north half", "severní polovina"), ("NE", "SE"): ("east half", "východní polovina"),
        ("SE", "SW"): ("south half", "jižní polovina"), ("NW", "SW"): ("west half", "západní polovina")}
SIDE = {"N": ("north", "sever"), "E": ("east", "východ"), "S": ("south", "jih"), "W": ("west", "západ")}


def where_names(where: str, path: bool) -> tuple[str, str]:
    """``"NW-NE"`` -> ("north half", "severní polovina"); ``"N-S"`` -> ("north–south", ...)."""
    parts = where.split("-")
    if path:
        en = "–".join(SIDE[s][0] for s in parts)
        cs = "–".join(SIDE[s][1] for s in parts)
        return en, cs
    if len(parts) == 4:
        return "whole tile", "celá kartička"
    if len(parts) == 2 and tuple(sorted(parts)) in HALF:
        return HALF[tuple(sorted(parts))]
    return " + ".join(QUARTER[q][0] for q in parts), " + ".join(QUARTER[q][1] for q in parts)


#: path pieces of a tile face: (English, Czech)
PATHS = {"plaza": ("square", "náměstí"), "crossing": ("crossing", "křižovatka"),
         "straight": ("straight path", "rovná cesta"), "bend": ("bend", "zatáčka"),
         "building": ("path to a door", "cesta ke dveřím"), "fountain": ("fountain", "studna")}


def _markets(n: int) -> tuple[str, str]:
    cs = "trh" if n == 1 else ("trhy" if 2 <= n <= 4 else "trhů")
    return f"{n} {'market' if n == 1 else 'markets'}", f"{n} {cs}"


def describe(face: dict) -> tuple[str, str]:
    """What a tile shows, read off its face: ``("tower, court, 1 market, straight path",
    "věž, dvůr, 1 trh, rovná cesta")`` (the channel names tiles by this, not by id)."""
    en, cs = [], []
    for letter, kind in (("T", "tower"), ("H", "house"), ("C", "court")):
        if letter in face["quarters"]:
            en.append(KINDS[kind][0])
            cs.append(KINDS[kind][1])
    if sum(face["markets"]):
        for out, word in zip((en, cs), _markets(sum(face["markets"]))):
            out.append(word)
    pieces = []
    for seg in face["segments"]:
        if seg["end"] in ("plaza", "building"):
            pieces.append(seg["end"])
        elif len(seg["arms"]) > 2:
            pieces.append("crossing")
        elif len(seg["arms"]) == 2:
            pieces.append("straight" if abs(seg["arms"][0] - seg["arms"][1]) == 2 else "bend")
    if any(seg["fountain"] for seg in face["segments"]):
        pieces.append("fountain")
    for piece in dict.fromkeys(pieces):
        en.append(PATHS[piece][0])
        cs.append(PATHS[piece][1])
    return ", ".join(en), ", ".join(cs)


def build_names(geo: Geometry) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for key, (en, cs, acc) in {**KINDS, **ROLES}.items():
        out[key] = {"en": en, "cs": cs, "cs_acc": acc}
    for tid in geo.tile_ids:
        en, cs = describe(geo.faces[tid][0])
        out[tid] = {"en": f"tile ({en})", "cs": f"kartička ({cs})", "cs_acc": f"kartičku ({cs})"}
    for number, entry in geo.wall_tiles.items():
        effect = entry["effect_id"]
        cs = entry.get("short_name_cs") or EFFECT_EN.get(effect, effect)
        out[f"wall{number}"] = {"en": f"wall tile {number} ({EFFECT_EN.get(effect, effect)})",
                                "cs": f"žeton {number} ({cs})"}
        out[f"wall{number}.short"] = {"en": EFFECT_EN.get(effect, effect), "cs": cs}
    for start in geo.starts:
        out[start["id"]] = {"en": f"start space {start['id']}", "cs": f"startovní políčko {start['id']}"}
    for tower in geo.towers:
        spaces = "/".join(str(s) for s in tower["spaces"])
        out[tower["id"]] = {"en": f"corner tower {spaces}", "cs": f"rohová věž {spaces}"}
    faces = [f for fs in geo.faces.values() for f in fs] + [s["face"] for s in geo.starts]
    for face in faces:
        for part in face["parts"]:
            kind, where = part["name"].split(":")
            en, cs = where_names(where, part["kind"] == "P")
            out[part["name"]] = {"en": f"{KINDS[kind][0]} ({en})", "cs": f"{KINDS[kind][1]} ({cs})",
                                 "cs_acc": f"{KINDS[kind][2]} ({cs})"}
            out.setdefault(where, {"en": en, "cs": cs})
    return out


__all__ = ["build_names", "KIND_NAME"]
