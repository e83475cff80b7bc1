"""Im Schutz der Burg images, built only from engine views.

Laid out for a phone: an at-a-glance strip on top (round and phase, who acts or who is
still choosing, every player's VP) reads inline (``kit.glance_px``), every other text is
at least ``kit.detail_px`` of the width; the private picture is narrow so that the cards
to choose from read inline, and it confirms a secret pick ("Your choice: ...").

``render_table(view, locale)``: the public table — the strip, the round track,
the castle (buildings with helper spaces, fees and helpers; the small templates), the
defense tower, carts and rider with trader's helpers, the bank and the round track, the
winter cards, and one row per player (VP, Taler, helpers, resources, the eight character
cards: in hand, played, removed, revealed this round; during the secret pick only WHO
has chosen).  ``render_private(view, locale)``: the seat's hand, own supply and its
pending face-down pick; ``None`` for a spectator.

Static component facts (card ranks, Worker stock, winter-marked rounds) come from
``engine.schutz_burg.data``; everything that changes comes from the view.
"""
from __future__ import annotations

from contextlib import nullcontext
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.schutz_burg import data
from render import kit

GAME = "schutz_burg"
NAMES = data.names()

WIDTH = 1320
PRIVATE_WIDTH = 720
MARGIN = 24
GLANCE = kit.glance_px(WIDTH)                 # 30 px
DETAIL = kit.detail_px(WIDTH)                 # 14 px
PRIVATE_GLANCE = kit.glance_px(PRIVATE_WIDTH)  # 17 px
INNER = WIDTH - 2 * MARGIN
MIN_HEIGHT = 600
HEADER = 22                       # height of kit.section_header at its default size

BIG_ROW = ("market", "smithy", "palace", "keep", "tavern", "stable", "servants_house",
           "gate_large", "gate_small")
BIG_GAP, SMALL_GAP = 7, 6
BIG_BOX = ((INNER - (len(BIG_ROW) - 1) * BIG_GAP) // len(BIG_ROW), 112)
SMALL_ROW = tuple(t for t in data.TEMPLATES if t not in BIG_ROW)     # towers, houses, well
SMALL_BOX = ((INNER - (len(SMALL_ROW) - 1) * SMALL_GAP) // len(SMALL_ROW), 62)
SPACE_D = 32
MINI_CARD = (98, 64)
MINI_GAP = 5
HAND_CARD = (150, 112)
PLAYER_ROW = 138
FINAL_LINE = 28

RES_COLOUR: Mapping[str, kit.RGB] = {
    "sand": (228, 200, 112), "wood": (124, 80, 42), "clay": (188, 86, 54),
    "stone": (142, 146, 154), "silver": (206, 214, 228),
}
CARD_BAND: Mapping[str, kit.RGB] = {
    "messenger": (214, 168, 36), "trader": (58, 150, 92), "bricklayer": (176, 68, 50),
    "stonemason": (86, 108, 162), "master_builder": (128, 78, 172),
}
WORKER_BAND: kit.RGB = (138, 98, 58)
UNBUILT: kit.RGB = (62, 68, 80)
PREBUILT_BAND: kit.RGB = (104, 112, 128)
WINTER: kit.RGB = (150, 200, 236)
REMOVED: kit.RGB = (214, 64, 60)
EDGE_DARK: kit.RGB = (22, 22, 26)


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _name(id_: str, locale: str) -> str:
    return kit.t_name(NAMES, id_, locale)


def _short(card: str, locale: str) -> str:
    """A card's name without the Worker's stock in brackets ("Worker", "Dělník")."""
    return _name(card, locale).split(" (")[0]


# -- resource icons ---------------------------------------------------------------------
def _icon_shape(d: ImageDraw.ImageDraw, kind: str, s: int) -> None:
    """Draw the icon of ``kind`` in an ``s``-px square: each kind has its own shape."""
    fill, e = RES_COLOUR.get(kind, kit.MUTED), EDGE_DARK
    w = max(1, s // 14)
    if kind == "sand":                                    # a heap
        d.chord((0, s * 0.2, s - 1, s * 1.75), 180, 360, fill=fill, outline=e, width=w)
    elif kind == "wood":                                  # a log seen from the side
        d.rounded_rectangle((0, s * 0.25, s - 1, s * 0.8), radius=s // 4, fill=fill,
                            outline=e, width=w)
        d.ellipse((s * 0.62, s * 0.25, s - 1, s * 0.8), fill=(176, 128, 78), outline=e, width=w)
    elif kind == "clay":                                  # a brick with a mortar line
        d.rectangle((0, s * 0.22, s - 1, s * 0.82), fill=fill, outline=e, width=w)
        d.line((0, s * 0.52, s - 1, s * 0.52), fill=(236, 210, 190), width=w)
        d.line((s * 0.5, s * 0.22, s * 0.5, s * 0.52), fill=(236, 210, 190), width=w)
    elif kind == "stone":                                 # a block with a lit top
        d.rectangle((0, s * 0.12, s - 1, s - 1), fill=fill, outline=e, width=w)
        d.polygon([(w, s * 0.12 + w), (s - 1 - w, s * 0.12 + w), (s * 0.78, s * 0.36),
                   (s * 0.22, s * 0.36)], fill=(196, 200, 206))
    elif kind == "silver":                                # an ingot
        d.polygon([(0, s * 0.8), (s * 0.2, s * 0.3), (s * 0.8, s * 0.3), (s - 1, s * 0.8)],
                  fill=fill, outline=e, width=w)
        d.line((s * 0.28, s * 0.42, s * 0.6, s * 0.42), fill=(255, 255, 255), width=w)
    else:                                                 # "choice" on a Worker card: "?"
        d.ellipse((0, 0, s - 1, s - 1), fill=kit.PANEL_EDGE, outline=e, width=w)
        q = max(1, s // 9)
        d.arc((s * 0.3, s * 0.15, s * 0.7, s * 0.5), 180, 90, fill=kit.TEXT, width=q)
        d.line((s * 0.5, s * 0.5, s * 0.5, s * 0.64), fill=kit.TEXT, width=q)
        d.ellipse((s * 0.5 - q, s * 0.76 - q, s * 0.5 + q, s * 0.76 + q), fill=kit.TEXT)


def res_icon(kind: str, size: int = 20) -> Image.Image:
    """The icon of a resource kind (sand heap, wood log, clay brick, stone block, silver
    ingot; ``"choice"``: a question mark)."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        _icon_shape(ImageDraw.Draw(img), kind, size)
        return img
    return kit.sprite(("sb_res", kind, size), make)


def res_chip(kind: str, count: int, size: int = 20) -> Image.Image:
    """Icon and count side by side (a zero count is greyed)."""
    def make() -> Image.Image:
        label = str(count)
        fnt = kit.font(size - 3, True)
        w = size + 4 + kit.text_width(label, fnt)
        img = Image.new("RGBA", (w, size), (0, 0, 0, 0))
        icon = res_icon(kind, size)
        if not count:
            icon = _faded(icon, 40)
        img.alpha_composite(icon, (0, 0))
        kit.draw_string(ImageDraw.Draw(img), (size + 4, size // 2), label, size - 3,
                        kit.TEXT if count else kit.MUTED, bold=True, anchor="lm")
        return img
    return kit.sprite(("sb_chip", kind, count, size), make)


def _fit(text: str, width: int, size: int, smallest: int = DETAIL) -> int:
    """The largest bold font size from ``size`` down to ``smallest`` that fits ``width``."""
    while size > smallest and kit.text_width(text, kit.font(size, True)) > width:
        size -= 1
    return size


def _faded(img: Image.Image, percent: int) -> Image.Image:
    out = img.copy()
    out.putalpha(img.getchannel("A").point(lambda a: a * percent // 100))
    return out


def _paste_row(canvas: Image.Image, sprites: Sequence[Image.Image], x: int, y: int,
               gap: int = 10) -> int:
    """Paste sprites left to right; returns the x after the last one."""
    for img in sprites:
        kit.paste(canvas, img, (x, y))
        x += img.width + gap
    return x


def _resource_chips(resources: Mapping[str, int], size: int = 20) -> list[Image.Image]:
    return [res_chip(kind, int(resources.get(kind, 0)), size) for kind in data.RESOURCES]


# -- character cards --------------------------------------------------------------------
def _band(card: str) -> kit.RGB:
    return WORKER_BAND if card in data.WORKERS else CARD_BAND.get(card, kit.PANEL_EDGE)


def _stock_icons(card: str) -> list[str]:
    """The kinds printed on a Worker card, one entry per piece ("choice" for free picks)."""
    kinds = [k for k, n in data.WORKER_FIXED.get(card, {}).items() for _ in range(n)]
    count, _ = data.WORKER_CHOICE.get(card, (0, ()))
    return kinds + ["choice"] * count


def card_sprite(card: str, locale: str, size: tuple[int, int] = HAND_CARD,
                dim: bool = False) -> Image.Image:
    """A character card: rank in the coloured band, short name, Worker stock icons; a
    hand-sized card also says what it does."""
    def make() -> Image.Image:
        w, h = size
        icons = _stock_icons(card)
        big = w >= HAND_CARD[0]
        with kit.glance() if big else nullcontext():   # a hand: the cards to choose from
            base = kit.card(_short(card, locale), size=size, band=_band(card),
                            corner=str(data.RANK.get(card, "")),
                            title_size=PRIVATE_GLANCE if big else DETAIL,
                            corner_size=None if big else DETAIL).copy()
        if big:
            effect = _t("effect.worker" if card in data.WORKERS else f"effect.{card}", locale)
            kit.draw_lines(ImageDraw.Draw(base), (w // 2, 56), effect, 12, w - 12,
                           (70, 70, 80), max_lines=1 if icons else 3, center=True,
                           layer="detail")
        icon = max(10, h // 5)
        x = (w - len(icons) * (icon + 2)) // 2
        for kind in icons:
            base.alpha_composite(res_icon(kind, icon), (x, h - icon - 5))
            x += icon + 2
        return _faded(base, 45) if dim else base
    return kit.sprite(("sb_card", card, kit.lang(locale), size, dim), make)


def _removed_sprite(card: str, locale: str, size: tuple[int, int]) -> Image.Image:
    """A card removed from the game (winter): faded and crossed out."""
    def make() -> Image.Image:
        img = card_sprite(card, locale, size, dim=True).copy()
        d = ImageDraw.Draw(img)
        d.line((6, 6, size[0] - 7, size[1] - 7), fill=REMOVED, width=3)
        d.line((6, size[1] - 7, size[0] - 7, 6), fill=REMOVED, width=3)
        return img
    return kit.sprite(("sb_removed", card, kit.lang(locale), size), make)


def _slots(info: Mapping) -> list[tuple[str, str]]:
    """(card, where) for the player's cards in printed order: hand, played or removed."""
    where = {c: "hand" for c in info.get("hand") or ()}
    where.update({c: "played" for c in info.get("played") or ()})
    where.update({c: "removed" for c in info.get("removed") or ()})
    return [(c, where[c]) for c in data.CARDS if c in where]


# -- buildings --------------------------------------------------------------------------
def _space_sprite(fee: int, helper: int | None, open_: bool) -> Image.Image:
    """A copper helper space: fee on copper when free, the helper's colour when taken;
    a template still on the board shows its spaces as outlines."""
    def make() -> Image.Image:
        d_ = SPACE_D
        img = Image.new("RGBA", (d_, d_), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        if helper is not None:
            colour = kit.player_colour(helper)
            d.ellipse((0, 0, d_ - 1, d_ - 1), fill=colour, outline=EDGE_DARK, width=2)
            img.alpha_composite(kit.meeple(d_ - 10, (250, 250, 250)), (5, 4))
            img.alpha_composite(kit.meeple(d_ - 12, colour), (6, 5))
            return img
        fill = (184, 115, 60) if open_ else None
        d.ellipse((0, 0, d_ - 1, d_ - 1), fill=fill, outline=(210, 140, 80), width=2)
        kit.draw_string(d, (d_ / 2, d_ / 2 + 1), str(fee), DETAIL,
                        kit.TEXT if open_ else (210, 140, 80), bold=True, anchor="mm")
        return img
    return kit.sprite(("sb_space", fee, helper, open_), make)


def _cost_line(d: ImageDraw.ImageDraw, building: Mapping, x: int, y: int, size: int,
               fill: kit.RGB) -> None:
    """"⚒cost ♛vp" centred on ``x``."""
    text = f"⚒{building['cost']} ♛{building['vp']}"
    kit.draw_text(d, (x, y), text, size, fill, bold=True, anchor="ma")


def _big_building(building: Mapping, locale: str, new: bool) -> Image.Image:
    """A building with helper spaces (fees, helpers), its builder's colour when built."""
    helpers = tuple(sp["helper"] for sp in building["spaces"])
    builder = building.get("builder")
    key = ("sb_big", building["id"], kit.lang(locale), building["built"], builder, helpers,
           building["cost"], building["vp"], new)

    def make() -> Image.Image:
        w, h = BIG_BOX
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        prebuilt = building["id"] in data.PREBUILT
        built, spaces = building["built"], building["spaces"]
        band = (PREBUILT_BAND if prebuilt else kit.player_colour(builder)
                if built and builder is not None else UNBUILT)
        face = kit.PANEL if built else kit.BG
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=9, fill=face,
                            outline=band if built else kit.PANEL_EDGE, width=2)
        d.rounded_rectangle((0, 0, w - 1, 28), radius=9, fill=band)
        d.rectangle((0, 20, w - 1, 28), fill=band)
        text_fill = kit.contrast(band)
        name = _name(building["id"], locale)
        kit.draw_text(d, (w // 2, 14), name, _fit(name, w - 10, 15), text_fill, bold=True,
                      anchor="mm", max_width=w - 10)
        if not prebuilt:
            _cost_line(d, building, w // 2, 35, 14, kit.TEXT if not built else kit.MUTED)
        if spaces:
            kit.draw_text(d, (w // 2, 53), _t(f"scores.{building['type']}", locale), DETAIL,
                          kit.MUTED, anchor="ma", max_width=w - 6)
        span = len(spaces) * SPACE_D + (len(spaces) - 1) * 6
        x = (w - span) // 2
        for sp in spaces:
            img.alpha_composite(_space_sprite(sp["fee"], sp["helper"], built), (x, h - SPACE_D - 12))
            x += SPACE_D + 6
        if new:
            star = kit.badge("★", kit.ACCENT, DETAIL)
            img.alpha_composite(star, (w - star.width - 3, 31))
        return img
    return kit.sprite(key, make)


def _small_building(building: Mapping, locale: str, new: bool) -> Image.Image:
    """A tower, house or well: filled with its builder's colour once built."""
    builder = building.get("builder") if building["built"] else None
    key = ("sb_small", building["type"], kit.lang(locale), builder, building["built"],
           building["cost"], building["vp"], new)

    def make() -> Image.Image:
        w, h = SMALL_BOX
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        if building["built"]:
            fill = kit.player_colour(builder) if builder is not None else PREBUILT_BAND
            d.rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=fill, outline=EDGE_DARK,
                                width=2)
            text = kit.contrast(fill)
        else:
            d.rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=kit.BG,
                                outline=kit.PANEL_EDGE, width=2)
            text = kit.TEXT
        kit.draw_text(d, (w // 2, 4), _name(building["type"], locale), DETAIL, text, bold=True,
                      anchor="ma", max_width=w - 6)
        for i, part in enumerate((f"⚒{building['cost']}", f"♛{building['vp']}")):
            kit.draw_text(d, (w // 2, 23 + 17 * i), part, DETAIL, text, bold=True, anchor="ma")
        if new:
            star = kit.badge("★", kit.ACCENT, DETAIL)
            img.alpha_composite(star, (w - star.width, 0))
        return img
    return kit.sprite(key, make)


def _draw_castle(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                 top: int) -> int:
    buildings = {b["id"]: b for b in view.get("buildings") or ()}
    new = {tpl for _, tpl in view.get("built_this_round") or ()}
    left = len([b for b in buildings.values() if not b["built"]])
    title = _t("castle", locale) + " · " + _t("templates_left", locale, n=left)
    top += kit.section_header(draw, (MARGIN, top), INNER, title)
    x = MARGIN
    for bid in BIG_ROW:
        if bid in buildings:
            kit.paste(img, _big_building(buildings[bid], locale, bid in new), (x, top))
            if bid == "smithy":
                chip = res_chip("silver", int(view.get("smithy_silver", 0)), 18)
                kit.paste(img, chip, (x + (BIG_BOX[0] - chip.width) // 2, top + 34))
        x += BIG_BOX[0] + BIG_GAP
    top += BIG_BOX[1] + 10
    x = MARGIN
    for bid in SMALL_ROW:
        if bid not in buildings:
            continue
        kit.paste(img, _small_building(buildings[bid], locale, bid in new), (x, top))
        x += SMALL_BOX[0] + SMALL_GAP
    return top + SMALL_BOX[1] + 16


# -- carts, rider, defense tower, bank, round track --------------------------------------
TRADE_BOX_H = 96


def _trade_box(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, spot: Mapping,
               locale: str, x: int, y: int, w: int) -> None:
    """A cart or the rider: its stock, yield per production and the trader's helper."""
    kit.panel(img, (x, y, x + w, y + TRADE_BOX_H), radius=8, width=1)
    kit.draw_text(draw, (x + w // 2, y + 7), _name(spot["id"], locale), 14, kit.TEXT,
                  bold=True, anchor="ma", max_width=w - 10)
    kit.paste(img, res_chip(spot["resource"], int(spot["stock"]), 24), (x + 12, y + 32))
    kit.draw_text(draw, (x + w - 12, y + 36), _t("yield", locale, n=spot["yield"]), DETAIL,
                  kit.MUTED, anchor="ra")
    helper = spot.get("helper")
    if helper is None:
        kit.draw_text(draw, (x + 12, y + 68), _t("free", locale), DETAIL, kit.MUTED)
        return
    colour = kit.player_colour(helper)
    kit.paste(img, kit.meeple(24, colour), (x + 10, y + 64))
    name = kit.seat_name(view, helper, locale)
    if spot.get("placed_round") == view.get("round"):
        name += " · " + _t("placed_now", locale)
    kit.draw_text(draw, (x + 40, y + 68), name, DETAIL, colour, bold=True, max_width=w - 48)


def _draw_supply(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                 top: int) -> int:
    top += kit.section_header(draw, (MARGIN, top), INNER, _t("supply_title", locale))
    tower_w, bank_w, gap = 270, 130, 10
    spots = view.get("trade_spots") or ()
    spot_w = (INNER - tower_w - bank_w - gap * (len(spots) + 1)) // max(1, len(spots))
    kit.panel(img, (MARGIN, top, MARGIN + tower_w, top + TRADE_BOX_H), radius=8, width=1)
    kit.draw_text(draw, (MARGIN + tower_w // 2, top + 7), _name("defense_tower", locale), 14,
                  bold=True, anchor="ma", max_width=tower_w - 10)
    chips = _resource_chips(view.get("defense_tower") or {}, 20)
    span = sum(c.width for c in chips) + 12 * (len(chips) - 1)
    _paste_row(img, chips, MARGIN + (tower_w - span) // 2, top + 44, 12)
    x = MARGIN + tower_w + gap
    for spot in spots:
        _trade_box(img, draw, view, spot, locale, x, top, spot_w)
        x += spot_w + gap
    bank_x = WIDTH - MARGIN - bank_w
    kit.panel(img, (bank_x, top, bank_x + bank_w, top + TRADE_BOX_H), radius=8, width=1)
    kit.draw_text(draw, (bank_x + bank_w // 2, top + 7), _t("bank", locale), 14, bold=True,
                  anchor="ma")
    kit.paste(img, kit.coin(view.get("bank", 0), 40), (bank_x + bank_w // 2 - 20, top + 36))
    return top + TRADE_BOX_H + 14


# -- header and round track -------------------------------------------------------------
TRACK_SQ = 40
STRIP_LINE = int(GLANCE * 1.3)


def _phase_text(view: Mapping, locale: str) -> str:
    if view.get("finished"):
        return _t("phase.over", locale)
    pick = view.get("pick")
    if pick is not None:
        done = len(pick.get("chosen") or ())
        return _t("phase.pick", locale, n=done, of=done + len(pick.get("waiting") or ()))
    deciding = view.get("deciding")
    if deciding:
        return _t("phase.resolve", locale)
    return ""


def _doing(kind: str, locale: str) -> str:
    """Short status for an open decision kind ("building", "placing helpers", ...)."""
    text = _t(f"doing.{kind}", locale)
    return _t("doing.other", locale) if text == f"doing.{kind}" else text


def _track_square(n: int, state: str, coin: bool, winter: bool) -> Image.Image:
    """One round-track space: past (dim), current (white frame), future (with its coin);
    a winter-marked round carries a snowflake."""
    def make() -> Image.Image:
        s = TRACK_SQ
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        fill = kit.BG if state == "past" else kit.PANEL
        edge = kit.ACTIVE if state == "now" else kit.PANEL_EDGE
        d.rounded_rectangle((0, 0, s - 1, s - 1), radius=5, fill=fill, outline=edge,
                            width=3 if state == "now" else 1)
        colour = kit.MUTED if state == "past" else kit.TEXT
        kit.draw_string(d, (s // 2, 3), str(n), DETAIL, colour, bold=True, anchor="ma")
        if coin:
            img.alpha_composite(kit.coin(1, 24), (s - 25, s - 25))
        if winter:
            kit.draw_string(d, (3, s - 2), "❄", DETAIL, WINTER, bold=True, anchor="ld")
        return img
    return kit.sprite(("sb_track", n, state, coin, winter), make)


def _draw_track(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                y: int) -> None:
    rounds, current = int(view.get("rounds", 0)), int(view.get("round", 0))
    coins_from = rounds - int(view.get("round_track", 0)) + 1
    x = MARGIN + kit.draw_text(draw, (MARGIN, y + 10), _t("round_track", locale), 15,
                               kit.MUTED, bold=True) + 12
    for n in range(1, rounds + 1):
        state = "now" if n == current and not view.get("finished") else (
            "past" if n <= current else "future")
        marked = bool(view.get("winter")) and n in data.WINTER_ROUNDS
        kit.paste(img, _track_square(n, state, n >= coins_from, marked), (x, y))
        x += TRACK_SQ + 4
    x += 12
    text = _t("coins_left", locale, n=view.get("round_track", 0))
    kit.draw_text(draw, (x, y + 10), text, 15, kit.MUTED)


def _acting_line(view: Mapping, locale: str) -> list[tuple[str, kit.RGB, bool]]:
    """Who must act and what they do; during a secret pick, who is still choosing."""
    if view.get("finished"):
        return []
    deciding = view.get("deciding")
    if deciding:
        seat = int(deciding["seat"])
        return [("▶ " + kit.seat_name(view, seat, locale), kit.player_colour(seat), True),
                (": " + _doing(str(deciding["kind"]), locale), kit.TEXT, False)]
    waiting = [int(s) for s in ((view.get("pick") or {}).get("waiting") or ())]
    out: list[tuple[str, kit.RGB, bool]] = []
    for i, seat in enumerate(waiting):
        out.append((("… " if not i else ", ") + kit.seat_name(view, seat, locale),
                    kit.player_colour(seat), True))
    return out + [(" · " + _t("choosing", locale), kit.TEXT, False)] if out else []


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str) -> int:
    """The at-a-glance strip (round and phase, who acts, every VP), then the round track."""
    title = _t("title", locale) + (" · " + _t("winter", locale) if view.get("winter") else "")
    kit.draw_text(draw, (MARGIN, 12), title, 16, kit.MUTED, bold=True)
    top = 36
    with kit.glance():
        phase = _phase_text(view, locale)
        head = [(_t("round", locale, n=view.get("round", 0), of=view.get("rounds", 0)),
                 kit.TEXT, True)] + ([(" · " + phase, kit.MUTED, True)] if phase else [])
        kit.draw_segments(draw, (MARGIN, top), head, GLANCE, INNER)
        top += STRIP_LINE
        acting = _acting_line(view, locale)
        if acting:
            kit.draw_segments(draw, (MARGIN, top), acting, GLANCE, INNER)
            top += STRIP_LINE
        winners = (view.get("result") or {}).get("winners") or ()
        seats = sorted(view.get("seats") or (), key=lambda i: -int(i.get("vp", 0)))
        chips = [[(("★ " if int(i["seat"]) in winners else "")
                   + kit.seat_name(view, int(i["seat"]), locale),
                   kit.player_colour(int(i["seat"])), True),
                  (" " + _t("vp", locale, n=_score(view, i)), kit.TEXT, True)] for i in seats]
        top += kit.draw_chips(draw, (MARGIN, top), chips, GLANCE, INNER)
    _draw_track(img, draw, view, locale, top + 6)
    return top + 6 + TRACK_SQ + 16


def _score(view: Mapping, info: Mapping) -> int:
    """VP so far, or the final score once the game is over."""
    final = (view.get("result") or {}).get("scores") or {}
    return int(final.get(str(info["seat"]), info.get("vp", 0)))


def _header_strip(view: Mapping, locale: str) -> Image.Image:
    """The header drawn once on its own strip (its height is known only once drawn)."""
    strip = Image.new("RGB", (WIDTH, 600), kit.BG)
    return strip.crop((0, 0, WIDTH, _draw_header(strip, ImageDraw.Draw(strip), view, locale)))


# -- winter cards -----------------------------------------------------------------------
WINTER_BOX_H = 92


def _winter_boxes(view: Mapping, locale: str) -> list[tuple[str, list]]:
    """(title, lines) per winter box; a line is text, a list of sprites or both."""
    cards = view.get("winter_cards") or {}
    boxes: list[tuple[str, list]] = [(_t("winter_deck", locale),
                                      [_t("cards_left", locale, n=cards.get("deck", 0))])]
    inn = cards.get("inn")
    if inn is not None:
        keeper = inn.get("keeper")
        who = (_t("innkeeper", locale, player=kit.seat_name(view, keeper, locale))
               if keeper is not None else _t("no_innkeeper", locale))
        boxes.append((_name(data.INN, locale), [who, _t("on_card", locale, n=inn.get("taler", 0))]))
    granary = cards.get("granary")
    if granary is not None:
        meeples = [kit.meeple(24, kit.player_colour(int(s))) for s in granary]
        boxes.append((_name(data.GRANARY, locale), [meeples or _t("nobody", locale)]))
    maiden = cards.get("maiden")
    if maiden is not None:
        out = [int(s) for s in maiden.get("out") or ()]
        still = [s for s in range(int(view.get("players", 0))) if s not in out]
        courting = [kit.meeple(22, kit.player_colour(s)) for s in still]
        boxes.append((_name(data.MAIDEN, locale), [
            (_t("courting", locale), courting),
            _item_sprites(maiden.get("items") or ()) or _t("empty_card", locale)]))
    if cards.get("maiden_items"):
        boxes.append((_t("maiden_share", locale), [_item_sprites(cards["maiden_items"])]))
    return boxes


def _item_sprites(items: Sequence[str]) -> list[Image.Image]:
    return [kit.coin("T", 24) if item == "taler" else res_icon(item, 22) for item in items]


def _draw_winter(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                 top: int) -> int:
    top += kit.section_header(draw, (MARGIN, top), INNER, _t("winter_cards", locale))
    boxes = _winter_boxes(view, locale)
    gap = 10
    w = (INNER - gap * 4) // 5
    for i, (title, lines) in enumerate(boxes):
        x = MARGIN + i * (w + gap)
        kit.panel(img, (x, top, x + w, top + WINTER_BOX_H), radius=8, width=1, outline=WINTER)
        kit.draw_text(draw, (x + 12, top + 8), title, 15, WINTER, bold=True, max_width=w - 20)
        y = top + 34
        for line in lines:
            text, sprites = ((line, []) if isinstance(line, str) else
                             line if isinstance(line, tuple) else ("", line))
            dx = kit.draw_text(draw, (x + 12, y), text, DETAIL, kit.TEXT, max_width=w - 20) + 6 \
                if text else 0
            _paste_row(img, sprites, x + 12 + dx, y - 3, 4)
            y += 26
    return top + WINTER_BOX_H + 14


# -- players ----------------------------------------------------------------------------
def _status(view: Mapping, seat: int, locale: str) -> tuple[str, kit.RGB] | None:
    """What the table knows of ``seat`` right now: chosen / choosing / deciding."""
    if view.get("finished"):
        return None
    deciding = view.get("deciding")
    if deciding and int(deciding["seat"]) == seat:
        return "▶ " + _doing(str(deciding["kind"]), locale), kit.ACTIVE
    pick = view.get("pick")
    if pick is not None:
        if seat in (pick.get("chosen") or ()):
            return "✓ " + _t("chosen", locale), (120, 200, 120)
        if seat in (pick.get("waiting") or ()):
            return "… " + _t("choosing", locale), kit.ACTIVE
    return None


def _player_height(view: Mapping) -> int:
    return PLAYER_ROW + (FINAL_LINE if view.get("finished") else 0)


def _draw_cards(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, info: Mapping,
                locale: str, x: int, y: int) -> None:
    """The eight card slots: hand bright, played faded, removed crossed, this round framed
    with what still lies on a revealed Worker card."""
    seat = int(info["seat"])
    now = set(info.get("round_cards") or ())
    stock = {w["card"]: w["resources"] for w in view.get("worker_cards") or ()
             if int(w["seat"]) == seat}
    for card, where in _slots(info):
        sprite = (_removed_sprite(card, locale, MINI_CARD) if where == "removed" else
                  card_sprite(card, locale, MINI_CARD, dim=where == "played" and card not in now))
        kit.paste(img, sprite, (x, y))
        if card in now:
            draw.rounded_rectangle((x - 3, y - 3, x + MINI_CARD[0] + 2, y + MINI_CARD[1] + 2),
                                   radius=9, outline=kit.ACTIVE, width=3)
        if card in stock:
            chips = [res_chip(k, n, 17) for k, n in stock[card].items() if n]
            _paste_row(img, chips, x + 2, y + MINI_CARD[1] + 6, 4)
        x += MINI_CARD[0] + MINI_GAP


def _draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, info: Mapping,
                 locale: str, top: int, height: int) -> None:
    seat = int(info["seat"])
    left, right = MARGIN, WIDTH - MARGIN
    status = _status(view, seat, locale)
    deciding = view.get("deciding") or {}
    active = not view.get("finished") and deciding.get("seat") == seat
    winner = seat in ((view.get("result") or {}).get("winners") or ())
    edge = kit.ACTIVE if active else kit.ACCENT if winner else kit.PANEL_EDGE
    kit.panel(img, (left, top, right, top + height - 8), outline=edge,
              width=3 if active or winner else 1)
    colour = kit.player_colour(seat)
    draw.rounded_rectangle((left + 2, top + 2, left + 9, top + height - 10), radius=3, fill=colour)
    cards_x = right - 14 - len(data.CARDS) * (MINI_CARD[0] + MINI_GAP) + MINI_GAP
    x = left + 22
    if winner:
        kit.paste(img, kit.crown(20), (x, top + 12))
        x += 32
    x += kit.draw_text(draw, (x, top + 10), kit.seat_name(view, seat, locale), 19, colour,
                       bold=True, max_width=250) + 12
    if int(view.get("start_seat", -1)) == seat:
        x = _paste_row(img, [kit.badge(_t("start_player", locale), kit.ACCENT, DETAIL)], x,
                       top + 12)
    if status:
        kit.draw_text(draw, (cards_x, top + 10), status[0], 15, status[1], bold=True,
                      max_width=right - 14 - cards_x)
    _draw_purse(img, draw, info, colour, locale, left + 22, top + 46)
    _paste_row(img, _resource_chips(info.get("resources") or {}, 22), left + 22, top + 80, 16)
    _draw_cards(img, draw, view, info, locale, cards_x, top + 34)
    if view.get("finished"):
        _draw_final(draw, view, seat, locale, left + 22, top + PLAYER_ROW - 6)


def _draw_purse(img: Image.Image, draw: ImageDraw.ImageDraw, info: Mapping, colour: kit.RGB,
                locale: str, x: int, y: int, big: bool = False) -> None:
    """VP, Taler (coin) and helpers in supply on one line from ``(x, y)`` (``big``: the
    private picture, where VP and Taler are read at a glance)."""
    with kit.glance() if big else nullcontext():
        size = PRIVATE_GLANCE + 3 if big else 18
        x += kit.draw_text(draw, (x, y + 1), _t("vp", locale, n=info.get("vp", 0)), size,
                           kit.ACCENT, bold=True) + 18
        x += kit.draw_text(draw, (x, y + 3), _t("taler", locale),
                           PRIVATE_GLANCE if big else 15, kit.MUTED) + 6
        dia = 2 * PRIVATE_GLANCE if big else 28
        kit.paste(img, kit.coin(info.get("taler", 0), dia), (x, y - 2 - (dia - 26) // 2))
        x += dia + 18
    kit.paste(img, kit.meeple(24, colour), (x, y - 2))
    kit.draw_text(draw, (x + 28, y + 3), _t("helpers", locale, n=info.get("helpers", 0)), 15)


def _draw_final(draw: ImageDraw.ImageDraw, view: Mapping, seat: int, locale: str, x: int,
                y: int) -> None:
    """Where the score came from ("Score: during play 26 · Tavern +2 ...")."""
    parts = ((view.get("result") or {}).get("breakdown") or {}).get(str(seat)) or {}
    shown = [f"{_t('score.play', locale)} {v}" if k == "play" else f"{_name(k, locale)} +{v}"
             for k, v in parts.items() if v]
    w = kit.draw_text(draw, (x, y), _t("score_parts", locale), 15, kit.TEXT, bold=True)
    kit.draw_text(draw, (x + w + 10, y), " · ".join(shown) or "—", 15, kit.TEXT,
                  max_width=WIDTH - MARGIN - x - w - 40)


# -- table ------------------------------------------------------------------------------
def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of an Im Schutz der Burg view (any seat's or the spectator's)."""
    seats = view.get("seats") or ()
    row = _player_height(view)
    winter = HEADER + WINTER_BOX_H + 14 if view.get("winter") else 0
    header = _header_strip(view, locale)
    height = (header.height + HEADER + BIG_BOX[1] + 10 + SMALL_BOX[1] + 16
              + HEADER + TRADE_BOX_H
              + 14 + winter + HEADER + 18 + row * len(seats))
    img = Image.new("RGB", (WIDTH, max(MIN_HEIGHT, height)), kit.BG)
    img.paste(header, (0, 0))
    draw = ImageDraw.Draw(img)
    top = header.height
    top = _draw_castle(img, draw, view, locale, top)
    top = _draw_supply(img, draw, view, locale, top)
    if view.get("winter"):
        top = _draw_winter(img, draw, view, locale, top)
    title = _t("players", locale) + " · " + _t("legend", locale)
    if any(info.get("removed") for info in seats):
        title += ", " + _t("legend_removed", locale)
    top += kit.section_header(draw, (MARGIN, top), INNER, title)
    for info in seats:
        _draw_player(img, draw, view, info, locale, top, row)
        top += row
    return img


# -- private ----------------------------------------------------------------------------
Section = tuple[str, list[Image.Image], set[int]]   # title, card sprites, framed indexes


def _private_sections(view: Mapping, locale: str) -> list[Section]:
    """(title, card sprites, framed) shown to the viewing seat, pending pick first; the
    cards revealed this round are framed among the played ones."""
    seat = int(view["seat"])
    info = view["seats"][seat]
    sections: list[Section] = []
    pick = view.get("pick")
    mine = list((pick or {}).get("mine") or ())
    if pick is not None and (mine or seat in (pick.get("waiting") or ())):
        need = data.PICKS.get(int(view.get("players", 0)), 1)
        done = seat in (pick.get("chosen") or ())
        key = "my_pick_done" if done else "my_pick"
        sections.append((_t(key, locale, n=len(mine), of=need),
                         [card_sprite(c, locale) for c in mine], set()))
    hand = [c for c in data.CARDS if c in (view.get("hand") or ())]
    sections.append((_t("your_hand", locale, n=len(hand)),
                     [card_sprite(c, locale, dim=c in mine) for c in hand], set()))
    played = [c for c in data.CARDS if c in (info.get("played") or ())]
    now = set(info.get("round_cards") or ())
    sections.append((_t("your_played", locale, n=len(played)),
                     [card_sprite(c, locale, dim=c not in now) for c in played],
                     {i for i, c in enumerate(played) if c in now}))
    if info.get("removed"):
        sections.append((_t("your_removed", locale),
                         [_removed_sprite(c, locale, HAND_CARD) for c in info["removed"]], set()))
    return sections




def render_private(view: dict, locale: str) -> Image.Image | None:
    """``view["seat"]``'s pending pick, hand, played cards and own supply; None for a
    spectator."""
    seat = view.get("seat")
    if seat is None:
        return None
    info = view["seats"][seat]
    sections = _private_sections(view, locale)
    inner = PRIVATE_WIDTH - 2 * MARGIN
    per_row = kit.cards_per_row(inner, HAND_CARD[0])
    choice = _choice_line(view, locale)
    head = 160 + (int(PRIVATE_GLANCE * 1.9) if choice else 0)
    height = head + sum(kit.card_section_height(len(cards), per_row, HAND_CARD[1])
                        for _, cards, _ in sections)
    img = Image.new("RGB", (PRIVATE_WIDTH, max(MIN_HEIGHT, height)), kit.BG)
    draw = ImageDraw.Draw(img)
    colour = kit.player_colour(seat)
    kit.paste(img, kit.meeple(34, colour), (MARGIN, 18))
    with kit.glance():
        kit.draw_text(draw, (MARGIN + 46, 20), kit.seat_name(view, seat, locale), 24, colour,
                      bold=True, max_width=inner - 46)
    round_text = _t("round", locale, n=view.get("round", 0), of=view.get("rounds", 0))
    kit.draw_text(draw, (PRIVATE_WIDTH - MARGIN, 26), round_text, 15, kit.MUTED, anchor="ra")
    _draw_purse(img, draw, info, colour, locale, MARGIN, 70, big=True)
    _paste_row(img, _resource_chips(info.get("resources") or {}, 24), MARGIN, 112, 22)
    top = 150
    if choice:
        with kit.glance():
            kit.draw_segments(draw, (MARGIN, top), choice, PRIVATE_GLANCE + 3, inner)
        top += int(PRIVATE_GLANCE * 1.9)
    kit.card_sections(img, draw, sections, (MARGIN, top + 6), inner, HAND_CARD)
    return img


def _choice_line(view: Mapping, locale: str) -> list[tuple[str, kit.RGB, bool]]:
    """The viewer's own secret pick, confirmed ("Your choice: Trader"), or the ask."""
    pick = view.get("pick")
    seat = int(view["seat"])
    if pick is None:
        return []
    mine = list(pick.get("mine") or ())
    if seat in (pick.get("chosen") or ()) and mine:
        names = ", ".join(_short(c, locale) for c in mine)
        return [("✓ " + _t("your_choice", locale) + " ", (120, 200, 120), True),
                (names, kit.TEXT, True)]
    if seat in (pick.get("waiting") or ()):
        need = data.PICKS.get(int(view.get("players", 0)), 1)
        text = "▶ " + _t("pick_now", locale, n=len(mine), of=need)
        if mine:
            text += ": " + ", ".join(_short(c, locale) for c in mine)
        return [(text, kit.ACTIVE, True)]
    return []
