"""Carcassonne: The Castle drawing primitives: a castle tile (or start space) drawn from
its quarters and path segments, followers, keeps, face-down and face-up wall tiles.

A *face* is the data-file shape of a tile: ``{"quarters": {"NW": "T"|"H"|"C"|"W", ...},
"markets": {quarter: n}, "segments": [{"arms": [...], "end": None|"plaza"|"building"|"wall",
"fountain": bool}]}`` (the view's face; an arm ending at ``"plaza"`` meets a square).
``rotate_face`` turns it clockwise; nothing here knows a particular tile.  Every sprite
is cached by what it shows.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from render import kit

QUARTERS = ("NW", "NE", "SE", "SW")
ARMS = ("N", "E", "S", "W")
TURN_Q = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
TURN_A = {"N": "E", "E": "S", "S": "W", "W": "N"}
# the two quarters on either side of an arm, and the arm between two quarters
FLANKS = {"N": ("NW", "NE"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}

TOWER: kit.RGB = (132, 140, 164)
TOWER_DARK: kit.RGB = (86, 92, 114)
HOUSE: kit.RGB = (200, 94, 62)
HOUSE_DARK: kit.RGB = (150, 60, 38)
COURT: kit.RGB = (222, 204, 150)
COURT_DARK: kit.RGB = (184, 164, 110)
WALL: kit.RGB = (110, 98, 86)
WALL_DARK: kit.RGB = (74, 64, 56)
EMPTY: kit.RGB = (58, 66, 60)
EMPTY_LINE: kit.RGB = (76, 86, 78)
PATH: kit.RGB = (244, 238, 220)
PATH_EDGE: kit.RGB = (96, 84, 66)
WATER: kit.RGB = (60, 150, 236)
AWNING: kit.RGB = (214, 58, 52)
SEAM: kit.RGB = (40, 36, 34)
KIND_FILL = {"T": TOWER, "H": HOUSE, "C": COURT, "W": WALL}


def rotate_face(face: Mapping, turns: int) -> dict:
    """``face`` turned ``turns`` quarter turns clockwise."""
    quarters = dict(face.get("quarters") or {})
    markets = dict(face.get("markets") or {})
    paths = [dict(p, arms=list(p.get("arms") or ())) for p in segments(face)]
    for _ in range(turns % 4):
        quarters = {TURN_Q[q]: k for q, k in quarters.items()}
        markets = {TURN_Q[q]: n for q, n in markets.items()}
        for p in paths:
            p["arms"] = [TURN_A[a] for a in p["arms"]]
    return {"quarters": quarters, "markets": markets, "segments": paths}


def segments(face: Mapping) -> list:
    """The face's path segments (``"paths"`` in the data file's own shape)."""
    return list(face.get("segments") or face.get("paths") or ())


def has_plaza(face: Mapping) -> bool:
    return any(p.get("end") == "plaza" for p in segments(face))


def face_key(face: Mapping) -> tuple:
    """A hashable summary of everything a face shows (the sprite cache key)."""
    q = face.get("quarters") or {}
    m = face.get("markets") or {}
    paths = tuple(sorted((tuple(p.get("arms") or ()), p.get("end"), bool(p.get("fountain")))
                         for p in segments(face)))
    return (tuple(q.get(x, "W") for x in QUARTERS), tuple(m.get(x, 0) for x in QUARTERS), paths)


# -- geometry ---------------------------------------------------------------------------
def quarter_box(q: str, s: int) -> tuple[int, int, int, int]:
    h = s // 2
    x = 0 if q in ("NW", "SW") else h
    y = 0 if q in ("NW", "NE") else h
    return x, y, x + (s - h if x else h), y + (s - h if y else h)


def quarter_centre(q: str, s: int) -> tuple[int, int]:
    x0, y0, x1, y1 = quarter_box(q, s)
    return (x0 + x1) // 2, (y0 + y1) // 2


def arm_end(arm: str, s: int) -> tuple[int, int]:
    """The midpoint of the side an arm reaches."""
    h = s // 2
    return {"N": (h, 0), "E": (s, h), "S": (h, s), "W": (0, h)}[arm]


def arm_mid(arm: str, s: int) -> tuple[int, int]:
    """Halfway along an arm (where a herald stands)."""
    h = s // 2
    x, y = arm_end(arm, s)
    return (x + h) // 2, (y + h) // 2


def part_spot(face: Mapping, part: Mapping, s: int) -> tuple[int, int]:
    """Where a follower on ``part`` (its ``quarters`` or ``arms`` in board orientation)
    stands: the middle of a half tile, a quarter's centre, an arm's middle, or the centre
    of a crossing."""
    quarters = list(part.get("quarters") or ())
    arms = list(part.get("arms") or ())
    if quarters:
        if len(quarters) == 4 and not segments(face):
            return s // 2, s // 2
        if len(quarters) == 2:
            (x1, y1), (x2, y2) = (quarter_centre(q, s) for q in quarters)
            if x1 == x2 or y1 == y2:
                return (x1 + x2) // 2, (y1 + y2) // 2
        return quarter_centre(quarters[0], s)
    if len(arms) >= 3 and not has_plaza(face):
        return s // 2, s // 2
    return arm_mid(arms[0], s) if arms else (s // 2, s // 2)


# -- the face ---------------------------------------------------------------------------
def _tower_texture(d: ImageDraw.ImageDraw, box, s: int) -> None:
    """Stone courses: two mortar lines and offset joints."""
    x0, y0, x1, y1 = box
    w = max(1, s // 40)
    step = max(4, s // 6)
    for i, y in enumerate(range(y0 + step, y1, step)):
        d.line((x0, y, x1, y), fill=TOWER_DARK, width=w)
        for x in range(x0 + (step if i % 2 else step // 2), x1, step * 2):
            d.line((x, y - step, x, y), fill=TOWER_DARK, width=w)


def _house_texture(d: ImageDraw.ImageDraw, box, s: int) -> None:
    """Roof tiles: diagonal lines."""
    x0, y0, x1, y1 = box
    w = max(1, s // 40)
    step = max(4, s // 6)
    for off in range(-(y1 - y0), x1 - x0, step):
        d.line((x0 + off, y1, x0 + off + (y1 - y0), y0), fill=HOUSE_DARK, width=w)


def _court_texture(d: ImageDraw.ImageDraw, box, s: int) -> None:
    """A few cobbles."""
    x0, y0, x1, y1 = box
    r = max(1, s // 36)
    for fx, fy in ((0.3, 0.3), (0.7, 0.55), (0.35, 0.75)):
        cx, cy = x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=COURT_DARK)


def _wall_texture(d: ImageDraw.ImageDraw, box, s: int) -> None:
    x0, y0, x1, y1 = box
    step = max(4, s // 6)
    for i, y in enumerate(range(y0 + step, y1, step)):
        d.line((x0, y, x1, y), fill=WALL_DARK, width=1)
        for x in range(x0 + (step if i % 2 else 0), x1, step * 2):
            d.line((x, y - step, x, y), fill=WALL_DARK, width=1)


TEXTURE = {"T": _tower_texture, "H": _house_texture, "C": _court_texture, "W": _wall_texture}


def _texture_layer(kind: str, s: int) -> Image.Image:
    """A whole tile of one kind (its fill and texture), cut into quarters by ``draw_face``."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (s, s), KIND_FILL.get(kind, WALL) + (255,))
        TEXTURE.get(kind, _wall_texture)(ImageDraw.Draw(img), (0, 0, s, s), s)
        return img
    return kit.sprite(("cc_texture", kind, s), make)


def market_icon(size: int) -> Image.Image:
    """A market stall: a striped awning over a counter."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        w = max(1, size // 12)
        d.rectangle((size * 0.15, size * 0.45, size * 0.85, size * 0.92), fill=(120, 72, 36),
                    outline=SEAM, width=w)
        d.polygon([(0, size * 0.5), (size * 0.18, size * 0.08), (size * 0.82, size * 0.08),
                   (size - 1, size * 0.5)], fill=AWNING, outline=SEAM, width=w)
        for fx in (0.36, 0.64):
            d.line((size * fx, size * 0.1, size * (fx + (fx - 0.5) * 0.5), size * 0.49),
                   fill=(250, 246, 236), width=max(1, size // 7))
        return img
    return kit.sprite(("cc_market", size), make)


def fountain_icon(size: int) -> Image.Image:
    """A well: a blue pool in a stone rim."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.ellipse((0, 0, size - 1, size - 1), fill=(210, 210, 216), outline=SEAM,
                  width=max(1, size // 10))
        m = max(2, size // 5)
        d.ellipse((m, m, size - 1 - m, size - 1 - m), fill=WATER)
        return img
    return kit.sprite(("cc_fountain", size), make)


def _seam(d: ImageDraw.ImageDraw, a: str, s: int, width: int) -> None:
    """The half centre line under arm ``a`` (a border between two quarters)."""
    h = s // 2
    x, y = arm_end(a, s)
    d.line((h, h, x, y), fill=SEAM, width=width)


def _paths(img: Image.Image, d: ImageDraw.ImageDraw, face: Mapping, s: int) -> None:
    h = s // 2
    road = max(4, s // 6)
    edge = max(1, s // 40)
    segs = segments(face)
    arms_drawn = [a for p in segs for a in p.get("arms") or ()]
    for a in arms_drawn:                                          # dark edge, then the road
        x, y = arm_end(a, s)
        d.line((h, h, x, y), fill=PATH_EDGE, width=road + 2 * edge)
    if len(arms_drawn) >= 1:
        r = (road + 2 * edge) // 2
        d.ellipse((h - r, h - r, h + r, h + r), fill=PATH_EDGE)
    for a in arms_drawn:
        x, y = arm_end(a, s)
        d.line((h, h, x, y), fill=PATH, width=road)
    if any(len(p.get("arms") or ()) >= 2 for p in segs):
        r = road // 2
        d.ellipse((h - r, h - r, h + r, h + r), fill=PATH)
    if has_plaza(face):
        r = max(road, s // 7)
        d.rectangle((h - r, h - r, h + r, h + r), fill=(214, 206, 186), outline=PATH_EDGE,
                    width=edge)
        d.line((h - r, h, h + r, h), fill=(176, 166, 144), width=1)
        d.line((h, h - r, h, h + r), fill=(176, 166, 144), width=1)
    for p in segs:
        arms = list(p.get("arms") or ())
        if not arms:
            continue
        if p.get("end") in ("building", "wall"):                  # a door / the wall stops it
            a = arms[0]
            x, y = arm_end(a, s)
            bar = road // 2 + edge + 1
            fx, fy = (h + (x - h) * 0.25, h + (y - h) * 0.25)
            if a in ("N", "S"):
                d.line((fx - bar, fy, fx + bar, fy), fill=SEAM, width=max(2, s // 22))
            else:
                d.line((fx, fy - bar, fx, fy + bar), fill=SEAM, width=max(2, s // 22))
        if p.get("fountain"):
            fs = max(7, s // 5)
            a = arms[0]
            mx, my = arm_mid(a, s)
            ox, oy = (road // 2 + fs // 2 + 1, 0) if a in ("N", "S") else (0, road // 2 + fs // 2 + 1)
            img.alpha_composite(fountain_icon(fs), (int(mx + ox - fs // 2), int(my + oy - fs // 2)))


def draw_face(face: Mapping, s: int) -> Image.Image:
    """The tile face at ``s`` px: quarters with their textures, borders between quarters of
    different kinds, paths (roads, squares, doors, fountains) and markets."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        quarters = face.get("quarters") or {}
        for kind in sorted({quarters.get(q, "W") for q in QUARTERS}):
            layer = _texture_layer(kind, s)
            for q in QUARTERS:
                if quarters.get(q, "W") == kind:
                    box = quarter_box(q, s)
                    img.paste(layer.crop(box), box[:2])
        arms = {a for p in segments(face) for a in p.get("arms") or ()}
        for a, (q1, q2) in FLANKS.items():
            if a not in arms and quarters.get(q1) != quarters.get(q2):
                _seam(d, a, s, max(1, s // 28))
        _paths(img, d, face, s)
        markets = face.get("markets") or {}
        ms = max(8, s // 4)
        for q in QUARTERS:
            for i in range(int(markets.get(q, 0))):
                cx, cy = quarter_centre(q, s)
                img.alpha_composite(market_icon(ms), (cx - ms // 2 + i * (ms // 2),
                                                      cy - ms // 2 - i * (ms // 3)))
        return img
    return kit.sprite(("cc_face", face_key(face), s), make)


def tile_sprite(face: Mapping, s: int, *, border: kit.RGB | None = SEAM) -> Image.Image:
    """A placed tile: its face with a thin edge (so tile boundaries stay visible)."""
    def make() -> Image.Image:
        img = draw_face(face, s).copy()
        if border:
            ImageDraw.Draw(img).rectangle((0, 0, s - 1, s - 1), outline=border + (110,),
                                          width=1)
        return img
    return kit.sprite(("cc_tile", face_key(face), s, border), make)


# -- pieces -----------------------------------------------------------------------------
def follower(seat: int, s: int) -> Image.Image:
    """A follower in the seat's colour on a light halo (readable on any quarter)."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        halo = kit.meeple(s, (250, 250, 250))
        img.alpha_composite(halo, (0, 0))
        inner = kit.meeple(max(4, s - 4), kit.player_colour(seat))
        img.alpha_composite(inner, (2, 2))
        return img
    return kit.sprite(("cc_follower", seat, s), make)


def keep_icon(seat: int | None, s: int, text: str = "") -> Image.Image:
    """A keep (a crenellated tower) in the seat's colour; ``text`` on its body (size)."""
    colour = kit.player_colour(seat) if seat is not None else kit.PANEL_EDGE

    def make() -> Image.Image:
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        w = max(1, s // 14)
        m = s // 5
        body = [(s * 0.14, s - 1), (s * 0.14, m * 1.6), (s * 0.14, m * 0.4), (s * 0.3, m * 0.4),
                (s * 0.3, m * 1.1), (s * 0.43, m * 1.1), (s * 0.43, m * 0.4), (s * 0.57, m * 0.4),
                (s * 0.57, m * 1.1), (s * 0.7, m * 1.1), (s * 0.7, m * 0.4), (s * 0.86, m * 0.4),
                (s * 0.86, s - 1)]
        d.polygon(body, fill=colour, outline=SEAM, width=w)
        if text:
            d.text((s / 2, s * 0.64), text, font=kit.font(max(9, int(s * 0.42)), True),
                   fill=kit.contrast(colour), anchor="mm")
        return img
    return kit.sprite(("cc_keep", seat, s, text), make)


def wall_tile(number: int | None, s: int) -> Image.Image:
    """A wall tile: face down (``None``: a wooden back with a "?") or face up (its number)."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        if number is None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=max(2, s // 6), fill=(150, 104, 56),
                                outline=SEAM, width=max(1, s // 12))
            d.text((s / 2, s / 2 + 1), "?", font=kit.font(max(9, int(s * 0.62)), True),
                   fill=(246, 226, 180), anchor="mm")
        else:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=max(2, s // 6), fill=kit.CARD_FACE,
                                outline=(150, 104, 56), width=max(2, s // 10))
            d.text((s / 2, s / 2 + 1), str(number), font=kit.font(max(9, int(s * 0.62)), True),
                   fill=kit.CARD_TEXT, anchor="mm")
        return img
    return kit.sprite(("cc_wall_tile", number, s), make)


def paste_centered(canvas: Image.Image, img: Image.Image, xy: Sequence[float]) -> None:
    kit.paste(canvas, img, (int(xy[0] - img.width / 2), int(xy[1] - img.height / 2)))
