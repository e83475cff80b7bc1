"""The private picture's choices: offered placements on the castle, the key of their
letters, and the seat's cards (bonus cards, dealt or drawn cards, the stack it looks at).

Placements come from the view's ``placing`` (see ``engine/ludwig/view.py``): in ``spot``
mode the castle shows the spot numbers at the doors where the room can attach; otherwise
each offered placement gets its letter (A, B, … in the order of the options) at the
room's centre, with its outline, and the key below shows every letter with the tile
turned as it would lie and the points it would score.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.ludwig import data
from engine.ludwig.decisions import letter
from render import kit
from render import ludwig as lw
from render import ludwig_art as art

SPOT: kit.RGB = (250, 196, 60)
FAINT = (255, 255, 255, 90)
LETTER: kit.RGB = (255, 255, 255)


def offered(placing: Mapping) -> list[tuple[str, Mapping]]:
    """(letter, option) of every placement offered now (all, or those of the chosen spot)."""
    opts = placing["options"]
    if placing["mode"] == "rotation":
        opts = [o for o in opts if o["spot"] == placing["spot"]]
    elif placing["mode"] == "spot":
        return []
    return [(o.get("letter") or letter(i), o) for i, o in enumerate(opts)]


def extended_box(box: Sequence[int], placing: Mapping) -> list[int]:
    """The castle's doubled box grown to hold the offered placements (or spots)."""
    out = list(box)
    shown = [o for _, o in offered(placing)] if placing["mode"] != "spot" else []
    for o in shown:
        b = o["box"]
        out = [min(out[0], b[0]), min(out[1], b[1]), max(out[2], b[2]), max(out[3], b[3])]
    for spot in placing["spots"] if placing["mode"] == "spot" else ():
        x, y = spot["anchor"]
        out = [min(out[0], x - 2), min(out[1], y - 2), max(out[2], x + 2), max(out[3], y + 2)]
    return out


def _badge(text: str, size: int, fill: kit.RGB) -> Image.Image:
    """A label the player picks by (at-a-glance text)."""
    with kit.glance():
        return kit.badge(text, fill, size, text_fill=(20, 20, 24))


def _free_spot(rect: tuple[int, int, int, int], taken: list, limit: tuple[int, int]):
    """``rect`` moved as little as possible (down, up, right, left in growing steps) so
    that it overlaps none of ``taken`` and stays inside ``limit`` (width, height)."""
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    for step in range(0, 40):
        for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            nx, ny = x0 + dx * step * (w // 2 + 2), y0 + dy * step * (h // 2 + 2)
            cand = (nx, ny, nx + w, ny + h)
            if nx < 0 or ny < 0 or nx + w > limit[0] or ny + h > limit[1]:
                continue
            if not any(cand[0] < t[2] and t[0] < cand[2] and cand[1] < t[3] and t[1] < cand[3]
                       for t in taken):
                return cand
            if step == 0:
                break
    return rect


def overlay(img: Image.Image, placing: Mapping, origin: tuple[int, int], unit: int,
            width: int, locale: str) -> None:
    """Spot numbers, or outlines and letters of the offered placements, on the castle
    pasted with the doubled point (0, 0) at pixel ``origin``."""
    size = lw.glance(width)
    taken: list = []

    def at(x2: float, y2: float) -> tuple[int, int]:
        return int(origin[0] + x2 * unit / 2), int(origin[1] + y2 * unit / 2)

    def put(badge: Image.Image, anchor: tuple[int, int]) -> None:
        rect = (anchor[0] - badge.width // 2, anchor[1] - badge.height // 2,
                anchor[0] - badge.width // 2 + badge.width,
                anchor[1] - badge.height // 2 + badge.height)
        moved = _free_spot(rect, taken, img.size)
        if moved != rect:
            ImageDraw.Draw(img).line((anchor, ((moved[0] + moved[2]) // 2,
                                               (moved[1] + moved[3]) // 2)),
                                     fill=LETTER, width=2)
        taken.append(moved)
        kit.paste(img, badge, moved[:2])

    if placing["mode"] == "spot":
        for spot in placing["spots"]:
            put(_badge(str(spot["n"]), size, SPOT), at(*spot["anchor"]))
        return
    shown = offered(placing)
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    for _, o in shown:
        art.ghost(o["outline"], o.get("circle"), origin, unit, ImageDraw.Draw(layer), FAINT, 1)
    img.paste(layer, (0, 0), layer)
    groups: dict[tuple[int, int], list] = {}
    for letter, o in shown:                     # placements around the same centre
        groups.setdefault((o["anchor"][0] // 3, o["anchor"][1] // 3), []).append((letter, o))
    for group in groups.values():
        badges = [_badge(f"{letter} {_signed(o['points'])}", size, LETTER) for letter, o in group]
        stack = Image.new("RGBA", (max(b.width for b in badges),
                                   sum(b.height + 3 for b in badges) - 3), (0, 0, 0, 0))
        top = 0
        for b in badges:
            stack.alpha_composite(b, ((stack.width - b.width) // 2, top))
            top += b.height + 3
        ax = sum(o["anchor"][0] for _, o in group) / len(group)
        ay = sum(o["anchor"][1] for _, o in group) / len(group)
        put(stack, at(ax, ay))


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


def key_block(img: Image.Image, info: Mapping, placing: Mapping, y: int, width: int,
              locale: str) -> int:
    """The key of the letters: each with its points and a close-up of the castle with the
    room lying there, turned as it would lie."""
    shown = offered(placing)
    if not shown:
        return y
    d = ImageDraw.Draw(img)
    size = lw.glance(width)
    y += kit.section_header(d, (lw.MARGIN, y), width - 2 * lw.MARGIN,
                            lw._t("placements", locale), size=lw.small(width) + 3)
    cols = KEY_COLUMNS
    cell_w = (width - 2 * lw.MARGIN - (cols - 1) * 8) // cols
    cell_h = int(size * 1.5) + 12 + KEY_VIEW[1] * lw.KEY_UNIT
    box = extended_box(info["castle_box"], placing)
    for i, (letter, o) in enumerate(shown):
        row, col = divmod(i, cols)
        x, top = lw.MARGIN + col * (cell_w + 8), y + row * (cell_h + 8)
        kit.paste(img, _key_cell(info, box, placing["tile"], letter, o, (cell_w, cell_h), size),
                  (x, top))
    rows = -(-len(shown) // cols)
    return y + rows * (cell_h + 8) + lw.GAP


KEY_COLUMNS = 6
KEY_VIEW = (10, 7) 
KEY_MAX_UNIT = 22       # grid units of castle around a placement in its key cell
HIGHLIGHT: kit.RGB = (255, 255, 255)


def _key_cell(info: Mapping, box: Sequence[int], tile: str, letter: str, option: Mapping,
              size_wh: tuple[int, int], size: int) -> Image.Image:
    """Letter, points and a close-up of the castle with the room placed (outlined)."""
    rooms = info["castle"]
    w, h = size_wh
    key = ("lw_key", tile, letter, option["id"], option["points"], size_wh, size,
           tuple((r["tile"], r["rot"], r["x"], r["y"], r.get("side")) for r in rooms))

    def make() -> Image.Image:
        view_w, view_h = w - 8, h - int(size * 1.5) - 12
        bw, bh = ((option["box"][2] - option["box"][0]) // 2,
                  (option["box"][3] - option["box"][1]) // 2)
        unit = max(8, min(KEY_MAX_UNIT, int(view_w * 0.6 / bw), int(view_h * 0.7 / bh)))
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=kit.PANEL,
                            outline=kit.PANEL_EDGE, width=2)
        badge = _badge(letter, size, LETTER)
        img.alpha_composite(badge, (6, 5))
        art.text(img, (w - 8, 5), _signed(option["points"]), size, kit.ACCENT, bold=True,
                 anchor="ra", glance=True)
        castle = art.castle_sprite(rooms, box, unit, {}, 0)
        ox, oy = art.castle_origin(box, unit)
        cx = ox + (option["box"][0] + option["box"][2]) * unit // 4
        cy = oy + (option["box"][1] + option["box"][3]) * unit // 4
        left, top = cx - view_w // 2, cy - view_h // 2
        close = castle.crop((left, top, left + view_w, top + view_h))
        rot = option["rot"] // 90
        floor = option.get("side") or data.TILES[tile].get("floor", "ground")
        room = art.room_sprite(("key", tile, rot, option.get("side")),
                               art.candidate_shape(tile, rot, option.get("side")),
                               art.type_colour(data.type_of(tile), floor), unit, "", name_size=0)
        pad = art.margin(unit)
        art.ghost(option["outline"], option.get("circle"), (ox - left, oy - top), unit,
                  ImageDraw.Draw(close), HIGHLIGHT, width=5)
        close.alpha_composite(room, (ox + option["box"][0] * unit // 2 - pad - left,
                                     oy + option["box"][1] * unit // 2 - pad - top))
        img.alpha_composite(close, (4, h - view_h - 4))
        return img
    return kit.sprite(key, make)


# -- cards ------------------------------------------------------------------------------
CARD = (172, 92)
CARD_BAND: kit.RGB = (120, 86, 150)


def bonus_card(card: str, locale: str, px: int, framed: bool = False) -> Image.Image:
    """A bonus card: its name and what it scores."""
    scoring = data.BONUS_CARDS[card]["scoring"]
    rule = lw._t(f"card_points.{scoring['kind']}", locale, points=scoring["points"])
    return kit.card(lw._name(card, locale), size=CARD, band=CARD_BAND, title_size=px + 2,
                    footer=rule, face=(250, 246, 232) if not framed else (255, 236, 170))


def cards_block(img: Image.Image, view: Mapping, y: int, width: int, locale: str) -> int:
    """The viewer's open rewards, dealt/drawn/kept bonus cards and the stack it looks at."""
    d = ImageDraw.Draw(img)
    px = lw.small(width) + 2
    inner = width - 2 * lw.MARGIN
    sections: list[tuple[str, list[Image.Image]]] = []
    for key in ("peek", "prepared_mine"):
        tiles = view.get(key) or []
        if tiles:
            tall = any(data.TILES[t].get("bonus") for t in tiles)
            sections.append((lw._t(key, locale), [lw.tile_card(t, 140, locale, px, 16,
                                                               bonus_rows=tall) for t in tiles]))
    if view.get("dealt"):
        sections.append((lw._t("dealt", locale),
                         [bonus_card(c, locale, px, True) for c in view["dealt"]]))
    if view.get("drawn"):
        sections.append((lw._t("drawn", locale),
                         [bonus_card(c, locale, px, True) for c in view["drawn"]]))
    pool = view.get("pool") or []
    if pool and view.get("seat") in lw.acting(view):
        lines = [lw._t(f"reward.{e['kind']}", locale) + " · " + lw._name(e["tile"], locale)
                 for e in pool]
        y += kit.section_header(d, (lw.MARGIN, y), inner, lw._t("pool", locale), size=px + 1)
        for line in lines:
            art.text(img, (lw.MARGIN, y), "• " + line, px + 2, kit.TEXT, max_width=inner)
            y += int((px + 2) * 1.4)
        y += lw.GAP
    if view.get("my_bonus"):
        sections.append((lw._t("your_cards", locale),
                         [bonus_card(c, locale, px) for c in view["my_bonus"]]))
    for title, cards in sections:
        y += kit.section_header(d, (lw.MARGIN, y), inner, title, size=px + 1)
        x, row_h = lw.MARGIN, 0
        for card in cards:
            if x + card.width > width - lw.MARGIN:
                x, y = lw.MARGIN, y + row_h + 8
            kit.paste(img, card, (x, y))
            x += card.width + 8
            row_h = max(row_h, card.height)
        y += row_h + lw.GAP
    return y
