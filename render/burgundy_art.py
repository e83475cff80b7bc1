"""Drawing pieces of The Castles of Burgundy: palette, cached sprites and the hex estate.

Sprites (dice, goods, hex tiles, id pills, text lines) are drawn once per key through
``render.kit.sprite`` and pasted.  ``draw_estate`` pastes a 37-space estate: a cached
board of empty spaces (pale colour, die face), the placed tiles, a cached overlay of the
region boundaries (black lines on every edge between two regions) and the space-id pills.
Hex centres come from the axial coordinates (q, r) of the packaged component data.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.burgundy import data
from render import kit

GAME = "burgundy"
MINI_HEX = 16                         # below this radius a tile shows only its number

#: estate colour -> fill of a tile of that colour (data's rgb hints, tuned for contrast)
SPACE: Mapping[str, kit.RGB] = {
    "castle": (47, 110, 52), "pasture": (150, 204, 74), "river": (58, 120, 194),
    "city": (217, 192, 140), "mine": (140, 140, 140), "knowledge": (230, 207, 58),
}
#: goods die number -> tile colour (turquoise, purple, pink, red, brown, orange)
GOODS: Mapping[int, kit.RGB] = {
    1: (64, 196, 196), 2: (138, 84, 190), 3: (236, 132, 184),
    4: (204, 48, 48), 5: (140, 92, 52), 6: (244, 144, 36),
}
DARK: kit.RGB = (20, 20, 24)
PALE = 0.6                            # share of the space colour in an empty space
DIE_FACE: kit.RGB = (250, 250, 250)
PIP: kit.RGB = (24, 24, 28)
USED_DIM = 0.35

_SQRT3 = math.sqrt(3)
#: estate number -> {space id: (q, r)} from the component data
AXIAL = {e["number"]: {s["id"]: (s["q"], s["r"]) for s in e["spaces"]}
         for e in data.RAW["estates"]}
#: axial neighbour offsets; offset i lies at pixel angle 60 * i (0 = east, y down)
_DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def mix(a: kit.RGB, b: kit.RGB, share: float) -> kit.RGB:
    """``share`` of ``a`` blended into ``b``."""
    return tuple(int(x * share + y * (1 - share)) for x, y in zip(a, b))


def _edge(fill: kit.RGB) -> kit.RGB:
    """A hex's own outline: a darker shade of its fill, so that the black region
    boundaries stand out."""
    return mix(fill, DARK, 0.6)


def goods_number(goods: str) -> int:
    return int(goods.rsplit("_", 1)[1])


# -- cached text ------------------------------------------------------------------------
text = kit.text_sprite


def section(img: Image.Image, xy: tuple[int, int], width: int, title: str,
             size: int = 15) -> int:
    """``kit.section_header`` as a cached sprite; returns the height used."""
    def make() -> Image.Image:
        out = Image.new("RGBA", (width + 1, int(size * 1.5) + 1), (0, 0, 0, 0))
        kit.section_header(ImageDraw.Draw(out), (0, 0), width, title, size)
        return out
    kit.paste(img, kit.sprite(("bg_section", title, width, size), make), xy)
    return int(size * 1.5)


# -- sprites ----------------------------------------------------------------------------
_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
         4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
         6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2))}


def die_face(value: int, size: int, fill: kit.RGB = DIE_FACE, dim: bool = False) -> Image.Image:
    """A die showing ``value`` as pips (``dim``: a used die)."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        face = mix(fill, kit.PANEL, USED_DIM) if dim else fill
        pip = mix(PIP, kit.PANEL, USED_DIM) if dim else PIP
        d.rounded_rectangle((0, 0, size - 1, size - 1), radius=max(2, size // 5), fill=face,
                            outline=DARK)
        r = max(1.5, size / 11)
        for col, row in _PIPS.get(value, ()):
            cx, cy = size * (0.27 + 0.23 * col), size * (0.27 + 0.23 * row)
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)
        return img
    return kit.sprite(("bg_die", value, size, fill, dim), make)


def goods_sprite(goods: int, size: int = 24) -> Image.Image:
    """A square goods tile in its colour with its die number."""
    def make() -> Image.Image:
        img = kit.square_tile(size, GOODS.get(goods, kit.MUTED), radius=4).copy()
        kit.draw_text(ImageDraw.Draw(img), (size // 2, size // 2 + 1), str(goods),
                      int(size * 0.62), kit.contrast(GOODS.get(goods, kit.MUTED)), bold=True,
                      anchor="mm")
        return img
    return kit.sprite(("bg_goods", goods, size), make)


def _hex_lines(info: Mapping, locale: str, compact: bool = False) -> list[str]:
    """Short text of a tile on a hex: its kind (split at spaces/hyphens) and its animal
    count or knowledge number (``compact``: only that count or number, for tiny hexes)."""
    kind = "knowledge" if info.get("category") == "knowledge" else info.get("kind", "")
    words = kit.label(GAME, f"hex.{kind}", locale).replace("-", "- ").split()
    if info.get("animals"):
        detail = [f"×{info['animals']}"]
    elif info.get("category") == "knowledge":
        detail = [str(info.get("number", ""))]
    else:
        detail = []
    if compact:
        return detail
    return words[:1] + detail if detail else words[:2]


def tile_hex(info: Mapping, radius: int, locale: str) -> Image.Image:
    """A placed or offered hex tile: full colour, short name, animal count or number
    (below ``MINI_HEX`` + 1 only the count or number)."""
    lines = _hex_lines(info, locale, compact=radius <= MINI_HEX)
    fill = SPACE.get(info.get("colour"), kit.MUTED)

    def make() -> Image.Image:
        img = kit.hex_tile(radius, fill, outline=_edge(fill)).copy()
        d = ImageDraw.Draw(img)
        size = max(9, int(radius * 0.33))
        line_h = int(size * 1.15)
        top = img.height // 2 - line_h * len(lines) // 2 + line_h // 2 + 2
        for i, line in enumerate(lines):
            kit.draw_text(d, (img.width // 2, top + i * line_h), line, size,
                          kit.contrast(fill), bold=True, anchor="mm",
                          max_width=img.width - 4)
        return img
    return kit.sprite(("bg_tile", tuple(lines), fill, radius), make)


def empty_hex(colour: str, radius: int) -> Image.Image:
    """An empty space (or depot slot): the colour, paled into the panel."""
    fill = mix(SPACE.get(colour, kit.MUTED), kit.PANEL, PALE)
    return kit.hex_tile(radius, fill, outline=_edge(fill))


def id_pill(space: int, size: int, bright: bool) -> Image.Image:
    """The small label with a space id (white when the viewer picks by it)."""
    if bright:
        return kit.badge(str(space), kit.ACTIVE, size, text_fill=DARK)
    return kit.badge(str(space), (30, 32, 38), size, text_fill=(214, 218, 226))


def worker_icon(height: int = 22) -> Image.Image:
    return kit.meeple(height, (205, 205, 210))


# -- estate -----------------------------------------------------------------------------
def hex_size(radius: int) -> tuple[int, int]:
    return int(_SQRT3 * radius), 2 * radius


def estate_size(radius: int) -> tuple[int, int]:
    """Pixel size of a 37-space estate (7 hexes across, 7 rows)."""
    return int(7 * _SQRT3 * radius) + 2, 11 * radius + 2


def centres(number: int, space_ids: Sequence[int], radius: int) -> dict[int, tuple[int, int]]:
    """Space id -> hex centre in an estate image of ``estate_size(radius)``."""
    axial = AXIAL.get(number) or AXIAL[1]
    w, h = estate_size(radius)
    out = {}
    for sid in space_ids:
        q, r = axial[sid]
        out[sid] = (int(w / 2 + radius * _SQRT3 * (q + r / 2)), int(h / 2 + radius * 1.5 * r))
    return out


def estate_base(number: int, spaces: Sequence[Mapping], radius: int) -> Image.Image:
    """All spaces empty (pale colour, die face) with thick region boundaries: cached."""
    key = ("bg_base", number, radius, tuple((s["id"], s["colour"], s["die"], s["region"])
                                            for s in spaces))

    def make() -> Image.Image:
        img = Image.new("RGBA", estate_size(radius), (0, 0, 0, 0))
        at = centres(number, [s["id"] for s in spaces], radius)
        hw, hh = hex_size(radius)
        die = int(radius * 0.56)
        for s in spaces:
            cx, cy = at[s["id"]]
            kit.paste(img, empty_hex(s["colour"], radius), (cx - hw // 2, cy - hh // 2))
            if radius >= 20:
                kit.paste(img, die_face(s["die"], die), (cx - die // 2, cy - die // 5))
        return img
    return kit.sprite(key, make)


def boundaries(number: int, spaces: Sequence[Mapping], radius: int) -> Image.Image:
    """Thick lines on every edge between two regions and around the estate, as a 1-bit
    mask of the pixels drawn ``DARK`` (:func:`draw_boundaries`): cached.  A mask is a
    fifth of the bytes of the RGBA sprite it was, which the sprite cache keeps for others
    (an estate's was 1.35 MiB of its 16), and stamps the same pixels as fast."""
    key = ("bg_edges", number, radius, tuple((s["id"], s["region"]) for s in spaces))

    def make() -> Image.Image:
        img = Image.new("1", estate_size(radius), 0)
        d = ImageDraw.Draw(img)
        axial = AXIAL.get(number) or AXIAL[1]
        region_at = {axial[s["id"]]: s["region"] for s in spaces}
        at = centres(number, [s["id"] for s in spaces], radius)
        width = max(2, radius // 9)
        for s in spaces:
            q, r = axial[s["id"]]
            cx, cy = at[s["id"]]
            for i, (dq, dr) in enumerate(_DIRS):
                if region_at.get((q + dq, r + dr)) == s["region"]:
                    continue
                a, b = math.radians(60 * i - 30), math.radians(60 * i + 30)
                d.line((cx + radius * math.cos(a), cy + radius * math.sin(a),
                        cx + radius * math.cos(b), cy + radius * math.sin(b)),
                       fill=1, width=width)
        return img
    return kit.sprite(key, make)


def draw_boundaries(canvas: Image.Image, number: int, spaces: Sequence[Mapping], radius: int,
                    xy: tuple[int, int]) -> None:
    """The :func:`boundaries` of an estate drawn ``DARK`` onto ``canvas`` at ``xy``."""
    mask = boundaries(number, spaces, radius)
    canvas.paste(DARK, (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height), mask)


def draw_estate(canvas: Image.Image, view: Mapping, est: Mapping, radius: int,
                xy: tuple[int, int], locale: str, *, bright: bool = False,
                outline: Sequence[int] = (), bright_size: int | None = None) -> None:
    """Paste ``est``'s estate at ``xy``: spaces, placed tiles, region lines, id pills.

    ``bright``: white id pills (``bright_size`` px, read at a glance: the player picks
    by them) on the empty spaces (only the ``outline``d ones when there are any);
    ``outline``: space ids circled."""
    spaces = est["spaces"]
    number = est.get("estate", 1)
    x0, y0 = xy
    kit.paste(canvas, estate_base(number, spaces, radius), xy)
    at = centres(number, [s["id"] for s in spaces], radius)
    hw, hh = hex_size(radius)
    tiles = view.get("tiles") or {}
    for s in spaces:
        if s.get("tile"):
            cx, cy = at[s["id"]]
            info = tiles.get(s["tile"]) or {"colour": s["colour"], "kind": ""}
            kit.paste(canvas, tile_hex(info, radius, locale),
                      (x0 + cx - hw // 2, y0 + cy - hh // 2))
    draw_boundaries(canvas, number, spaces, radius, xy)
    draw = ImageDraw.Draw(canvas)
    pill_size = max(9, radius // 3)
    for s in spaces:
        cx, cy = at[s["id"]]
        if s["id"] in outline:
            draw.ellipse((x0 + cx - radius * 0.8, y0 + cy - radius * 0.8, x0 + cx + radius * 0.8,
                          y0 + cy + radius * 0.8), outline=kit.ACTIVE, width=max(3, radius // 10))
        lit = bright and not s.get("tile") and (not outline or s["id"] in outline)
        if lit:
            with kit.glance():
                pill = id_pill(s["id"], bright_size or pill_size, True)
        else:
            pill = id_pill(s["id"], pill_size, False)
        top = cy - int(radius * (0.86 if s.get("tile") else 0.74))
        kit.paste(canvas, pill, (x0 + cx - pill.width // 2, y0 + top))

