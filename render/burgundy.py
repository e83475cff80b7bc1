"""The Castles of Burgundy images, built only from engine views.

``render_table(view, locale)``: header (phase, round, region bonus, white die, who acts),
the central board (depots 1-6 with tiles and goods, black depot, goods of the coming
rounds, bonus tiles left, turn-order track), one row per player in turn order (VP,
silverlings, workers, goods, dice) and the estate of the seat to act (the winner's once
the game is over).
``render_private(view, locale)``: the viewer's own estate, large, with dice, workers,
silverlings, storage, goods, sold goods, knowledge and bonus tiles; None for a spectator.
``render_estate(view, seat, locale)``: the same picture of any seat's estate.

Every estate space carries its id in a small pill: the ids are what players pick in
Discord.  The view lists no legal spaces, so when the viewer must place a tile all empty
spaces get bright id pills (the start castle: the empty castle spaces are outlined).
Hex positions are the axial coordinates of the packaged component data; colours, die
numbers and regions of the spaces come from the view.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.burgundy import GAME as _GAME
from engine.burgundy import data
from render import kit

GAME = "burgundy"
NAMES = _GAME.names()

WIDTH = 1500
PRIVATE_WIDTH = 1200
MARGIN = 24
MIN_HEIGHT = 600
LEFT_W = 740                          # central board column of the table
RIGHT_X = MARGIN + LEFT_W + 24        # players and estate column of the table
LEFT_HEIGHT = 752                     # height the central board column needs (tested)

TABLE_HEX = 34                        # estate hex radius on the table
PRIVATE_HEX = 46                      # ... in the private / estate image
DEPOT_HEX = 31
BLACK_HEX = 29
STORE_HEX = 40
MINI_HEX = 16                         # stored tiles in a player row

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
_EFFECT_KINDS = {"turn", "die_action", "space", "discard", "ship_goods", "choose_estate",
                 "start_castle", "secret_estate"}
_SIDE_KINDS = ("choose_estate", "secret_estate")        # decisions showing both board sides


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _name(id_: str, locale: str) -> str:
    return kit.t_name(NAMES, id_, locale)


def _mix(a: kit.RGB, b: kit.RGB, share: float) -> kit.RGB:
    """``share`` of ``a`` blended into ``b``."""
    return tuple(int(x * share + y * (1 - share)) for x, y in zip(a, b))


def _edge(fill: kit.RGB) -> kit.RGB:
    """A hex's own outline: a darker shade of its fill, so that the black region
    boundaries stand out."""
    return _mix(fill, DARK, 0.6)


def _goods_id(goods: str) -> int:
    return int(goods.rsplit("_", 1)[1])


# -- cached text ------------------------------------------------------------------------
_ANCHOR_X = {"l": 0.0, "m": 0.5, "r": 1.0}


def _text(img: Image.Image, xy: tuple[int, int], text: str, size: int,
          fill: kit.RGB = kit.TEXT, *, bold: bool = False, max_width: int | None = None,
          anchor: str = "la") -> int:
    """``kit.draw_text`` onto ``img``, but each distinct line is drawn once and pasted
    (drawing text is the costly part of a picture).  Anchors: l/m/r + a/m/d."""
    def make() -> Image.Image:
        fnt = kit.font(size, bold)
        line = kit.ellipsize(text, fnt, max_width) if max_width is not None else text
        ascent, descent = fnt.getmetrics()
        out = Image.new("RGBA", (max(1, kit.text_width(line, fnt) + 1), ascent + descent),
                        (0, 0, 0, 0))
        ImageDraw.Draw(out).text((0, 0), line, font=fnt, fill=fill, anchor="la")
        return out
    sp = kit.sprite(("bg_text", text, size, fill, bold, max_width), make)
    shift_y = {"a": 0.0, "m": 0.5, "d": 1.0}[anchor[1]]
    kit.paste(img, sp, (int(xy[0] - _ANCHOR_X[anchor[0]] * sp.width),
                        int(xy[1] - shift_y * sp.height)))
    return sp.width - 1


def _section(img: Image.Image, xy: tuple[int, int], width: int, title: str,
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
        face = _mix(fill, kit.PANEL, USED_DIM) if dim else fill
        pip = _mix(PIP, kit.PANEL, USED_DIM) if dim else PIP
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
                      int(size * 0.62), kit._contrast(GOODS.get(goods, kit.MUTED)), bold=True,
                      anchor="mm")
        return img
    return kit.sprite(("bg_goods", goods, size), make)


def _hex_lines(info: Mapping, locale: str, compact: bool = False) -> list[str]:
    """Short text of a tile on a hex: its kind (split at spaces/hyphens) and its animal
    count or knowledge number (``compact``: only that count or number, for tiny hexes)."""
    kind = "knowledge" if info.get("category") == "knowledge" else info.get("kind", "")
    words = _t(f"hex.{kind}", locale).replace("-", "- ").split()
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
                          kit._contrast(fill), bold=True, anchor="mm",
                          max_width=int(img.width * 0.9))
        return img
    return kit.sprite(("bg_tile", tuple(lines), fill, radius), make)


def empty_hex(colour: str, radius: int) -> Image.Image:
    """An empty space (or depot slot): the colour, paled into the panel."""
    fill = _mix(SPACE.get(colour, kit.MUTED), kit.PANEL, PALE)
    return kit.hex_tile(radius, fill, outline=_edge(fill))


def id_pill(space: int, size: int, bright: bool) -> Image.Image:
    """The small label with a space id (white when the viewer picks by it)."""
    if bright:
        return kit.badge(str(space), kit.ACTIVE, size, text_fill=DARK)
    return kit.badge(str(space), (30, 32, 38), size, text_fill=(214, 218, 226))


def worker_icon(height: int = 22) -> Image.Image:
    return kit.meeple(height, (205, 205, 210))


# -- estate -----------------------------------------------------------------------------
def _hex_size(radius: int) -> tuple[int, int]:
    return int(_SQRT3 * radius), 2 * radius


def estate_size(radius: int) -> tuple[int, int]:
    """Pixel size of a 37-space estate (7 hexes across, 7 rows)."""
    return int(7 * _SQRT3 * radius) + 2, 11 * radius + 2


def _centres(number: int, space_ids: Sequence[int], radius: int) -> dict[int, tuple[int, int]]:
    """Space id -> hex centre in an estate image of ``estate_size(radius)``."""
    axial = AXIAL.get(number) or AXIAL[1]
    w, h = estate_size(radius)
    out = {}
    for sid in space_ids:
        q, r = axial[sid]
        out[sid] = (int(w / 2 + radius * _SQRT3 * (q + r / 2)), int(h / 2 + radius * 1.5 * r))
    return out


def _estate_base(number: int, spaces: Sequence[Mapping], radius: int) -> Image.Image:
    """All spaces empty (pale colour, die face) with thick region boundaries: cached."""
    key = ("bg_base", number, radius, tuple((s["id"], s["colour"], s["die"], s["region"])
                                            for s in spaces))

    def make() -> Image.Image:
        img = Image.new("RGBA", estate_size(radius), (0, 0, 0, 0))
        centres = _centres(number, [s["id"] for s in spaces], radius)
        hw, hh = _hex_size(radius)
        die = int(radius * 0.56)
        for s in spaces:
            cx, cy = centres[s["id"]]
            kit.paste(img, empty_hex(s["colour"], radius), (cx - hw // 2, cy - hh // 2))
            if radius >= 20:
                kit.paste(img, die_face(s["die"], die), (cx - die // 2, cy - die // 5))
        return img
    return kit.sprite(key, make)


def _boundaries(number: int, spaces: Sequence[Mapping], radius: int) -> Image.Image:
    """Thick lines on every edge between two regions and around the estate: cached."""
    key = ("bg_edges", number, radius, tuple((s["id"], s["region"]) for s in spaces))

    def make() -> Image.Image:
        img = Image.new("RGBA", estate_size(radius), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        axial = AXIAL.get(number) or AXIAL[1]
        region_at = {axial[s["id"]]: s["region"] for s in spaces}
        centres = _centres(number, [s["id"] for s in spaces], radius)
        width = max(2, radius // 9)
        for s in spaces:
            q, r = axial[s["id"]]
            cx, cy = centres[s["id"]]
            for i, (dq, dr) in enumerate(_DIRS):
                if region_at.get((q + dq, r + dr)) == s["region"]:
                    continue
                a, b = math.radians(60 * i - 30), math.radians(60 * i + 30)
                d.line((cx + radius * math.cos(a), cy + radius * math.sin(a),
                        cx + radius * math.cos(b), cy + radius * math.sin(b)),
                       fill=DARK, width=width)
        return img
    return kit.sprite(key, make)


def draw_estate(canvas: Image.Image, view: Mapping, est: Mapping, radius: int,
                xy: tuple[int, int], locale: str, *, bright: bool = False,
                outline: Sequence[int] = ()) -> None:
    """Paste ``est``'s estate at ``xy``: spaces, placed tiles, region lines, id pills.

    ``bright``: white id pills on the empty spaces; ``outline``: space ids circled."""
    spaces = est["spaces"]
    number = est.get("estate", 1)
    x0, y0 = xy
    kit.paste(canvas, _estate_base(number, spaces, radius), xy)
    centres = _centres(number, [s["id"] for s in spaces], radius)
    hw, hh = _hex_size(radius)
    tiles = view.get("tiles") or {}
    for s in spaces:
        if s.get("tile"):
            cx, cy = centres[s["id"]]
            info = tiles.get(s["tile"]) or {"colour": s["colour"], "kind": ""}
            kit.paste(canvas, tile_hex(info, radius, locale), (x0 + cx - hw // 2, y0 + cy - hh // 2))
    kit.paste(canvas, _boundaries(number, spaces, radius), xy)
    draw = ImageDraw.Draw(canvas)
    pill_size = max(9, radius // 3)
    for s in spaces:
        cx, cy = centres[s["id"]]
        if s["id"] in outline:
            draw.ellipse((x0 + cx - radius * 0.8, y0 + cy - radius * 0.8, x0 + cx + radius * 0.8,
                          y0 + cy + radius * 0.8), outline=kit.ACTIVE, width=max(3, radius // 10))
        pill = id_pill(s["id"], pill_size, bright and not s.get("tile"))
        top = cy - int(radius * (0.86 if s.get("tile") else 0.74))
        kit.paste(canvas, pill, (x0 + cx - pill.width // 2, y0 + top))


# -- shared pieces ----------------------------------------------------------------------
def _status(view: Mapping, locale: str, prefix: str = "status") -> str:
    """What the seat to act is doing ("status.*") or, to that seat, what to do ("you.*")."""
    kind = view.get("decision") or "turn"
    if kind in _EFFECT_KINDS:
        return _t(f"{prefix}.{kind}", locale)
    return _t(f"{prefix}.effect", locale, name=_name(kind, locale))


def _acting(view: Mapping) -> list[int]:
    """Seats that must act now: the active seat, or all still choosing in secret."""
    if view.get("finished"):
        return []
    picks = view.get("estate_picks")
    if picks is not None and view.get("decision") == "secret_estate":
        return list(picks.get("waiting") or ())
    return [int(view.get("active") or 0)]


def _paste_row(img: Image.Image, sprites: Sequence[Image.Image], x: int, y: int,
               gap: int = 6) -> int:
    """Paste sprites left to right (vertically centred on ``y``); returns the end x."""
    for sp in sprites:
        kit.paste(img, sp, (x, y - sp.height // 2))
        x += sp.width + gap
    return x


def _goods_row(img: Image.Image, draw: ImageDraw.ImageDraw, goods: Mapping[str, int],
               x: int, y: int, size: int = 24, text: int = 15) -> int:
    """Goods tiles with "×count"; returns the end x ("—" when there are none)."""
    if not goods:
        return x + _text(img, (x, y), "—", text, kit.MUTED, anchor="lm") + 10
    for goods_id, count in sorted(goods.items(), key=lambda kv: _goods_id(kv[0])):
        kit.paste(img, goods_sprite(_goods_id(goods_id), size), (x, y - size // 2))
        x += size + 3
        x += _text(img, (x, y), f"×{count}", text, anchor="lm") + 10
    return x


def _dice(est: Mapping, seat: int, size: int) -> list[Image.Image]:
    used = list(est.get("used") or ())
    return [die_face(v, size, kit.player_colour(seat), dim=i < len(used) and used[i])
            for i, v in enumerate(est.get("dice") or ()) if v]       # 0: not rolled yet


def _knowledge_tile(number: int, size: int) -> Image.Image:
    """A knowledge tile the player owns: its number on a yellow pill."""
    return kit.badge(str(number), SPACE["knowledge"], size)


# -- table ------------------------------------------------------------------------------
def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
            width: int) -> int:
    x = MARGIN + 14 + _text(img, (MARGIN, 18), _t("title", locale), 26, bold=True)
    badges = [_t("phase_round", locale, phase=view.get("phase", "?"), round=view.get("round", 1)),
              _t("region_bonus", locale, n=view.get("phase_bonus", 0))]
    for text in badges:
        b = kit.badge(text, kit.PANEL_EDGE, 15)
        kit.paste(img, b, (x, 21))
        x += b.width + 10
    if view.get("white_die"):                            # 0 before the first roll
        x += _text(img, (x + 4, 33), _t("white_die", locale), 15, kit.MUTED,
                           anchor="lm") + 12
        kit.paste(img, die_face(view["white_die"], 30), (x, 18))
        x += 30
    if view.get("finished"):
        text, fill = _t("game_over", locale), kit.ACCENT
    else:
        names = ", ".join(kit.seat_name(view, s, locale) for s in _acting(view))
        text = "▶ " + names + ": " + _status(view, locale)
        fill = kit.ACTIVE
    _text(img, (width - MARGIN, 33), text, 16, fill, bold=True, anchor="rm",
                  max_width=width - x - 30 - MARGIN)
    return 64


def _depot(img: Image.Image, view: Mapping, depot: Mapping, locale: str,
           box: tuple[int, int, int, int]) -> None:
    """One numbered depot: its die, its goods, its tile spaces (empty ones pale)."""
    x0, y0, x1, y1 = box
    kit.panel(img, box, radius=8, width=1)
    kit.paste(img, die_face(depot["depot"], 32), (x0 + 10, y0 + 10))
    _paste_row(img, [goods_sprite(_goods_id(g), 26) for g in depot.get("goods") or ()],
               x0 + 52, y0 + 26, 5)
    hw, hh = _hex_size(DEPOT_HEX)
    x = x0 + 10
    tiles = view.get("tiles") or {}
    for slot in depot.get("spaces") or ():
        if slot is None:
            continue
        tile = slot.get("tile")
        sprite = (tile_hex(tiles[tile], DEPOT_HEX, locale) if tile in tiles
                  else empty_hex(slot["colour"], DEPOT_HEX))
        kit.paste(img, sprite, (x, y1 - hh - 8))
        x += hw + 3


def _central_board(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                   top: int) -> int:
    """Depots, black depot, round goods, bonus tiles, track and legend; returns the end y."""
    top += _section(img, (MARGIN, top), LEFT_W, _t("depots", locale))
    cell_w, cell_h = (LEFT_W - 2 * 10) // 3, 126
    for i, depot in enumerate(view.get("depots") or ()):
        row, col = divmod(i, 3)
        x, y = MARGIN + col * (cell_w + 10), top + row * (cell_h + 10)
        _depot(img, view, depot, locale, (x, y, x + cell_w, y + cell_h))
    top += 2 * (cell_h + 10) + 4
    top = _black_and_goods(img, draw, view, locale, top)
    top = _bonus_tiles(img, draw, view, locale, top)
    top = _track(img, draw, view, locale, top)
    return _legend(img, draw, locale, MARGIN, top, LEFT_W)


def _black_and_goods(img, draw, view, locale, top) -> int:
    split = 470                                      # black depot | round goods
    _section(img, (MARGIN, top), split - 20, _t("black_depot", locale))
    _section(img, (MARGIN + split, top), LEFT_W - split, _t("round_goods", locale))
    top += 24
    hw, hh = _hex_size(BLACK_HEX)
    tiles = view.get("tiles") or {}
    black = [tile_hex(tiles[t], BLACK_HEX, locale) for t in view.get("black_depot") or ()
             if t in tiles]
    _paste_row(img, black, MARGIN, top + hh // 2, 3)
    if not black:
        _text(img, (MARGIN, top + hh // 2), "—", 16, kit.MUTED, anchor="lm")
    goods = [goods_sprite(_goods_id(g), 28) for g in view.get("round_goods") or ()]
    _paste_row(img, goods, MARGIN + split, top + 16, 6)
    _text(img, (MARGIN + split, top + 40),
                  _t("stacks_left", locale, n=view.get("goods_stacks_left", 0)), 14, kit.MUTED,
                  max_width=LEFT_W - split)
    return top + hh + 10


def _bonus_tiles(img, draw, view, locale, top) -> int:
    """Per colour: the large tile's VP (big pill in the colour), the small one's (grey)."""
    top += _section(img, (MARGIN, top), LEFT_W, _t("bonus_tiles", locale))
    players = view.get("players", 2)
    left = view.get("bonus_tiles") or {}
    cell = LEFT_W // 6
    for i, colour in enumerate(data.COLOURS):
        x = MARGIN + i * cell
        kit.paste(img, kit.hex_tile(15, SPACE[colour], outline=DARK), (x, top))
        pills = [kit.badge(str(data.BONUS_VP[size].get(players, 0)),
                           SPACE[colour] if size == "large" else kit.PANEL_EDGE,
                           17 if size == "large" else 13) for size in left.get(colour, ())]
        end = _paste_row(img, pills, x + 32, top + 15, 4)
        if not pills:
            _text(img, (end, top + 15), "—", 15, kit.MUTED, anchor="lm")
    return top + 42


def _track(img, draw, view, locale, top) -> int:
    """The 7 turn-order spaces with the markers stacked bottom to top."""
    top += _section(img, (MARGIN, top), LEFT_W, _t("track", locale))
    spaces = view.get("track") or []
    cell = (LEFT_W - 6 * 6) // max(1, len(spaces))
    height = 22 + 17 * max(len(s) for s in spaces + [[0] * 4])
    for i, stack in enumerate(spaces):
        x = MARGIN + i * (cell + 6)
        kit.panel(img, (x, top, x + cell, top + height), radius=6, width=1)
        _text(img, (x + 7, top + 5), str(i + 1), 13, kit.MUTED, bold=True)
        for j, seat in enumerate(stack):
            y = top + height - 6 - 17 * (j + 1)
            draw.rounded_rectangle((x + 26, y, x + cell - 8, y + 14), radius=7,
                                   fill=kit.player_colour(seat), outline=DARK)
    return top + height + 12


def _legend(img, draw, locale, left, top, width) -> int:
    """The six estate colours with their names."""
    top += _section(img, (left, top), width, _t("legend", locale), 13)
    cell = width // 3
    for i, colour in enumerate(data.COLOURS):
        row, col = divmod(i, 3)
        x, y = left + col * cell, top + row * 30
        kit.paste(img, kit.hex_tile(12, SPACE[colour], outline=DARK), (x, y))
        _text(img, (x + 28, y + 12), _name(f"colour_{colour}", locale), 15,
                      anchor="lm", max_width=cell - 34)
    return top + 62


def _player_row(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, est: Mapping,
                locale: str, place: int, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    seat = est["seat"]
    result = view.get("result") or {}
    active = seat in _acting(view)
    winner = seat in (result.get("winners") or ())
    edge = kit.ACTIVE if active else kit.ACCENT if winner else kit.PANEL_EDGE
    kit.panel(img, box, outline=edge, width=3 if active or winner else 1, radius=8)
    colour = kit.player_colour(seat)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x0 + 8, y1 - 2), radius=3, fill=colour)
    name = f"{place}. " + kit.seat_name(view, seat, locale)
    _text(img, (x0 + 18, y0 + 8), name, 17, colour, bold=True, max_width=300)
    total = (result.get("scores") or {}).get(str(seat), est.get("vp", 0))
    vp = ("★ " if winner else "") + _t("vp", locale, n=total)
    _text(img, (x1 - 12, y0 + 8), vp, 18, kit.ACCENT if winner else kit.TEXT,
                  bold=True, anchor="ra")
    dice = _dice(est, seat, 22)
    _paste_row(img, dice, x1 - 12 - 2 * 28 - 150, y0 + 19, 6)
    y = y0 + 46
    x = x0 + 18
    kit.paste(img, kit.coin(est.get("silverlings", 0), 24), (x, y - 12))
    x += 34
    kit.paste(img, worker_icon(22), (x, y - 11))
    x += 24 + _text(img, (x + 24, y), str(est.get("workers", 0)), 15, anchor="lm") + 14
    x = _goods_row(img, draw, est.get("goods") or {}, x, y, 20, 14)
    tiles = view.get("tiles") or {}
    stored = [tile_hex(tiles[t], MINI_HEX, locale) for t in est.get("storage") or () if t in tiles]
    x = _paste_row(img, stored, x + 4, y, 3) + 6
    if est.get("knowledge"):
        x = _paste_row(img, [_knowledge_tile(n, 12) for n in est["knowledge"]], x, y, 3) + 6
    _text(img, (x1 - 12, y), _t("empty_spaces", locale, n=est.get("empty_spaces", 0)),
                  13, kit.MUTED, anchor="rm", max_width=max(40, x1 - 12 - x))
    if view.get("finished"):
        parts = (result.get("breakdown") or {}).get(str(seat)) or {}
        detail = " · ".join(f"{_t('score.' + k, locale)} {v}" for k, v in parts.items() if v)
        kit.draw_lines(draw, (x0 + 18, y0 + 64), detail, 13, x1 - x0 - 30, kit.MUTED, max_lines=2)


def _row_height(view: Mapping) -> int:
    return 106 if view.get("finished") else 72


def _players(img, draw, view, locale, top) -> int:
    width = WIDTH - MARGIN - RIGHT_X
    top += _section(img, (RIGHT_X, top), width, _t("players", locale))
    estates = view.get("estates") or []
    order = [s for s in view.get("order") or () if s < len(estates)]
    order += [e["seat"] for e in estates if e["seat"] not in order]
    row_h = _row_height(view)
    for place, seat in enumerate(order, start=1):
        _player_row(img, draw, view, estates[seat], locale, place,
                    (RIGHT_X, top, WIDTH - MARGIN, top + row_h - 6))
        top += row_h
    return top


def _shown_seat(view: Mapping) -> int:
    """The seat to act, or the (first) winner once the game is over."""
    winners = (view.get("result") or {}).get("winners") or ()
    if view.get("finished") and winners:
        return int(winners[0])
    return int(view.get("active") or 0)


def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of a Castles of Burgundy view (any seat's or the spectator's)."""
    estates = view["estates"]
    ew, eh = estate_size(TABLE_HEX)
    height = max(MIN_HEIGHT, 72 + 24 + _row_height(view) * len(estates) + 4 + 24 + eh + 20,
                 LEFT_HEIGHT)
    img = Image.new("RGB", (WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    top = _header(img, draw, view, locale, WIDTH) + 8
    _central_board(img, draw, view, locale, top)
    top = _players(img, draw, view, locale, top) + 4
    seat = _shown_seat(view)
    est = estates[seat]
    title = _t("estate_of", locale, player=kit.seat_name(view, seat, locale), n=est.get("estate", 1))
    top += _section(img, (RIGHT_X, top), WIDTH - MARGIN - RIGHT_X, title)
    draw_estate(img, view, est, TABLE_HEX, (RIGHT_X, top), locale)
    _side_column(img, draw, view, est, locale, RIGHT_X + ew + 12, top, WIDTH - MARGIN, False)
    return img


# -- estate images ----------------------------------------------------------------------
def _side_column(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, est: Mapping,
                 locale: str, left: int, top: int, right: int, big: bool) -> int:
    """Storage, goods, sold goods, knowledge and bonus tiles of ``est`` in a column.

    Sold goods by type appear only in the big (estate) picture: the table is public, so
    it shows their count even when drawn from the owner's view."""
    width = right - left
    hex_r = STORE_HEX if big else DEPOT_HEX - 4
    tiles = view.get("tiles") or {}
    top += _section(img, (left, top), width, _t("storage", locale), 13)
    hw, hh = _hex_size(hex_r)
    stored = [t for t in est.get("storage") or () if t in tiles]
    for i, tile in enumerate(stored):
        x = left + i * (hw + 8)
        kit.paste(img, tile_hex(tiles[tile], hex_r, locale), (x, top))
    if not stored:
        _text(img, (left, top + hh // 2), "—", 16, kit.MUTED, anchor="lm")
    top += hh + 10
    if big and stored:
        for tile in stored:
            _text(img, (left, top), "• " + _name(tile, locale), 14, max_width=width)
            top += 19
        top += 4
    top += _section(img, (left, top), width, _t("goods", locale), 13)
    _goods_row(img, draw, est.get("goods") or {}, left, top + 13, 26 if big else 22)
    top += 36
    if big and "sold" in est:
        top += _section(img, (left, top), width, _t("sold", locale), 13)
        _goods_row(img, draw, est["sold"], left, top + 13, 22)
        top += 34
    else:
        _text(img, (left, top), _t("sold_count", locale, n=est.get("sold_count", 0)),
                      14, kit.MUTED)
        top += 26
    top += _section(img, (left, top), width, _t("knowledge", locale), 13)
    knowledge = [_knowledge_tile(n, 14 if big else 13) for n in est.get("knowledge") or ()]
    if knowledge:
        per_row = max(1, width // 36)
        for i in range(0, len(knowledge), per_row):
            _paste_row(img, knowledge[i:i + per_row], left, top + 12, 5)
            top += 28
    else:
        _text(img, (left, top + 2), "—", 15, kit.MUTED)
        top += 26
    if est.get("bonus_tiles"):
        top += _section(img, (left, top), width, _t("bonus_won", locale), 13)
        for bonus in est["bonus_tiles"]:
            _text(img, (left, top), "• " + _name(bonus, locale), 13, max_width=width)
            top += 18
    return top


def _estate_image(view: Mapping, seat: int, locale: str) -> Image.Image:
    """One seat's estate, large, with its dice, stock and tiles."""
    est = view["estates"][seat]
    mine = view.get("seat") == seat
    deciding = mine and seat in _acting(view)
    kind = view.get("decision") if deciding else None
    ew, eh = estate_size(PRIVATE_HEX)
    height = max(MIN_HEIGHT, 74 + eh + 40)
    img = Image.new("RGB", (PRIVATE_WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    colour = kit.player_colour(seat)
    kit.paste(img, kit.meeple(32, colour), (MARGIN, 16))
    x = MARGIN + 42
    x += _text(img, (x, 32), kit.seat_name(view, seat, locale), 22, colour, bold=True,
                       anchor="lm", max_width=320) + 18
    x += _text(img, (x, 32), _t("vp", locale, n=est.get("vp", 0)), 20, bold=True,
                       anchor="lm") + 18
    kit.paste(img, kit.coin(est.get("silverlings", 0), 28), (x, 18))
    x += 36
    kit.paste(img, worker_icon(26), (x, 19))
    x += 30 + _text(img, (x + 30, 32), str(est.get("workers", 0)), 18, bold=True,
                            anchor="lm") + 18
    x = _paste_row(img, _dice(est, seat, 32), x, 32, 8) + 12
    phase = _t("phase_round", locale, phase=view.get("phase", "?"), round=view.get("round", 1))
    _text(img, (PRIVATE_WIDTH - MARGIN, 32), phase, 15, kit.MUTED, anchor="rm",
                  max_width=PRIVATE_WIDTH - MARGIN - x)
    top = 64
    outline: list[int] = []
    if kind == "start_castle":
        outline = [s["id"] for s in est["spaces"] if s["colour"] == "castle" and not s.get("tile")]
    note = _t("estate_of", locale, player=kit.seat_name(view, seat, locale), n=est.get("estate", 1))
    if est.get("confidence", "high") != "high":
        note += " · " + _t("uncertain_layout", locale)
    _text(img, (MARGIN, top), note, 14, kit.MUTED, max_width=ew)
    draw_estate(img, view, est, PRIVATE_HEX, (MARGIN, top + 22), locale,
                bright=kind in ("space", "start_castle"), outline=outline)
    left = MARGIN + ew + 24
    y = top
    if deciding:
        y += kit.draw_lines(draw, (left, y), "▶ " + _t("your_turn", locale), 18,
                            PRIVATE_WIDTH - MARGIN - left, kit.ACTIVE, bold=True) + 2
        y += kit.draw_lines(draw, (left, y), _status(view, locale, "you"), 16,
                            PRIVATE_WIDTH - MARGIN - left, kit.ACTIVE, max_lines=2) + 2
        hint = {"space": "pick_space", "start_castle": "pick_castle"}.get(kind)
        if hint:
            y += kit.draw_lines(draw, (left, y), _t(hint, locale), 14,
                                PRIVATE_WIDTH - MARGIN - left, kit.TEXT, max_lines=2) + 6
        if kind in _SIDE_KINDS:
            y = _board_sides(img, draw, view, est, locale, left, y + 4)
        y += 6
    elif mine and (view.get("estate_picks") or {}).get("mine"):
        _, side, space = str(view["estate_picks"]["mine"]).split(":")
        y += kit.draw_lines(draw, (left, y), _t("picked", locale, n=side, space=space), 16,
                            PRIVATE_WIDTH - MARGIN - left, kit.ACTIVE, max_lines=2) + 8
    _side_column(img, draw, view, est, locale, left, y, PRIVATE_WIDTH - MARGIN, True)
    return img


def _board_sides(img, draw, view, est, locale, left, top) -> int:
    """Both faces of the seat's board (advanced setup), small, with their numbers."""
    top += _section(img, (left, top), PRIVATE_WIDTH - MARGIN - left,
                              _t("board_sides", locale), 13)
    radius = 18
    ew, eh = estate_size(radius)
    for i, number in enumerate(est.get("board") or ()):
        face = data.ESTATES.get(number)
        if face is None:
            continue
        spaces = [{"id": s, "colour": face.colour[s], "die": data.DIE[s],
                   "region": f"R{face.region[s] + 1}"} for s in data.SPACES]
        x = left + i * (ew + 16)
        kit.paste(img, _estate_base(number, spaces, radius), (x, top + 20))
        kit.paste(img, _boundaries(number, spaces, radius), (x, top + 20))
        centres = _centres(number, face.castle_spaces, radius)
        for space, (cx, cy) in centres.items():       # the start castle may go here
            pill = id_pill(space, 10, True)
            kit.paste(img, pill, (x + cx - pill.width // 2, top + 20 + cy - pill.height // 2))
        _text(img, (x + ew // 2, top), _t("side", locale, n=number), 14, bold=True,
                      anchor="ma")
    return top + 20 + eh + 8


def render_private(view: dict, locale: str) -> Image.Image | None:
    """``view["seat"]``'s own estate with everything it holds; None for a spectator."""
    seat = view.get("seat")
    if seat is None:
        return None
    return _estate_image(view, int(seat), locale)


def render_estate(view: dict, seat: int, locale: str) -> Image.Image:
    """Any seat's estate from any view (e.g. ``/burgundy estate @player``)."""
    if not 0 <= seat < len(view.get("estates") or ()):
        raise ValueError(f"no estate for seat {seat}")
    return _estate_image(view, seat, locale)
