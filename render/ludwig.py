"""Castles of Mad King Ludwig images, built only from engine views.

``render_table(view, locale)``: who must do what (and the round), the market with slot
prices, tiles and coins, the stairs/hallway supply, the stacks, room cards and bonus
deck, the King's favors, the room-type colours, the final scoring once over, and every
player's castle with name, score, money, bonus-card count and the Master Builder's crown.
``render_private(view, locale)``: what the seat is asked; its castle with every offered
placement lettered at its spot (or the spot numbers first) plus a key of the letters
(the tile turned as it would lie, its points); the market when buying or pricing; its
bonus cards, dealt or drawn cards, the stack it looks through.  None for a spectator.
``render_castle(view, seat, locale)``: one seat's castle, large, for ``/ludwig castle``.

Sizes follow the readability rule of every picture: text a player needs at a glance is
at least 9 px tall on a 400 px wide phone (``glance(width)``), everything else at least
9 px full-screen at 850 px (``small(width)``).  Rooms and castles are cached sprites
(``render.ludwig_art``), so a new board redraws only what changed.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.ludwig import data
from render import kit
from render import ludwig_art as art

GAME = "ludwig"
NAMES = data.names()

WIDTH = 960
PRIVATE_WIDTH = 800
MARGIN = 20
GAP = 10
MIN_HEIGHT = 600
MAX_CASTLE_H = 330        # a castle on the table
PRIVATE_CASTLE_H = 760    # the castle in the private picture, at most
MIN_CASTLE_H = 260
MAX_ASPECT = 1.7          # height / width of a picture at most (a phone screen)
PRIVATE_UNIT = 40         # px per grid unit at most in the private / castle picture
TABLE_UNIT = 20
MARKET_UNIT = 14
KEY_UNIT = 12             # the close-ups in the key of the placement letters
COINS: kit.RGB = (120, 206, 120)   # coins lying on a market room
TYPES = ("living", "activity", "food", "sleeping", "outdoor", "utility", "corridor",
         "downstairs")


def glance(width: int) -> int:
    """Font px of text needed at a glance in a ``width`` px picture (>= 9 px at 400)."""
    return math.ceil(9 * width / 400)


def small(width: int) -> int:
    """Font px of any other text (>= 9 px when ``width`` is shown 850 px wide)."""
    return math.ceil(9 * width / 850)


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _name(id_: str, locale: str) -> str:
    return kit.t_name(NAMES, id_, locale)


def _money(n: int, locale: str) -> str:
    return _t("money", locale, n=f"{n:,}".replace(",", "\u00a0" if kit.lang(locale) == "cs"
                                                       else ","))


def seats(view: Mapping) -> list[Mapping]:
    """The per-seat entries of the view (``seats``; an older view kept them in a list
    under ``players``, which the contract reserves for the count)."""
    found = view.get("seats")
    if found is None and isinstance(view.get("players"), list):
        found = view["players"]
    return list(found or ())


# -- who acts ---------------------------------------------------------------------------
def acting(view: Mapping) -> list[int]:
    """Seats that must act now."""
    if view.get("finished"):
        return []
    pick = view.get("setup_pick")
    if pick and pick.get("waiting"):
        return list(pick["waiting"])
    deciding = view.get("deciding")
    return [deciding["seat"]] if deciding else []


def _kind(view: Mapping) -> str | None:
    """The open decision's kind as the pictures word it."""
    if view.get("finished"):
        return "finished"
    pick = view.get("setup_pick")
    if pick and pick.get("waiting"):
        return "bonus_return"
    deciding = view.get("deciding")
    if not deciding:
        return None
    kind = deciding["kind"]
    if kind == "turn" and view.get("extra_turn"):
        return "extra_turn"
    return "price" if kind == "price_to" else kind


def status(view: Mapping, locale: str) -> str:
    """What the table is waiting for, for everyone."""
    kind = _kind(view)
    if kind is None:
        return ""
    if kind == "finished":
        return _t("status.finished", locale)
    seats = acting(view)
    player = kit.seat_name(view, seats[0], locale) if seats else ""
    tile = view.get("deciding_tile") or _placing_tile(view)
    return _t(f"status.{kind}", locale, player=player,
              tile=_name(tile, locale) if tile else "—")


def _placing_tile(view: Mapping) -> str | None:
    placing = view.get("placing")
    return placing["tile"] if placing else None


def private_status(view: Mapping, locale: str) -> str:
    """What the viewer is asked, or whom they wait for."""
    seat = view["seat"]
    kind = _kind(view)
    if kind in (None, "finished"):
        return status(view, locale)
    if seat not in acting(view):
        pick = view.get("setup_pick") or {}
        if kind == "bonus_return" and pick.get("mine"):
            return _t("you.returned", locale, card=_name(pick["mine"], locale))
        seats = acting(view)
        if kind == "bonus_return" or not seats:
            return status(view, locale)
        return _t("you.wait", locale, player=kit.seat_name(view, seats[0], locale))
    placing = view.get("placing")
    if kind == "place" and placing:
        key = "you.place_spot" if placing["mode"] == "spot" else "you.place"
        return _t(key, locale, tile=_name(placing["tile"], locale))
    return _t(f"you.{kind}", locale, tile="")


# -- header -----------------------------------------------------------------------------
def _header(img: Image.Image, view: Mapping, width: int, locale: str, line: str) -> int:
    """The big status line and the round line under it; returns the y below them."""
    d = ImageDraw.Draw(img)
    big, sm = glance(width), small(width) + 4
    y = MARGIN
    y += art.lines(img, (MARGIN, y), line, big, width - 2 * MARGIN, kit.ACTIVE, bold=True,
                   max_lines=2, center=False, glance=True) + 4
    if view.get("solo"):
        info = _t("title", locale)
    else:
        info = _t("round", locale, n=view.get("round", 1))
    if view.get("last_round") and not view.get("finished"):
        info += " · " + _t("last_round", locale)
    mb = view.get("master_builder")
    if mb is not None and not view.get("solo") and not view.get("finished"):
        info += " · " + _t("builder", locale) + ": " + kit.seat_name(view, mb, locale)
    art.text(img, (MARGIN, y), info, sm, kit.MUTED, max_width=width - 2 * MARGIN)
    return y + int(sm * 1.5)


# -- market -----------------------------------------------------------------------------
def _chips(img: Image.Image, types: Sequence[str], x: int, y: int, size: int) -> int:
    """Small squares in the colours of ``types``; returns the x after them."""
    for type_ in types:
        kit.paste(img, _chip(type_, size), (x, y))
        x += size + 3
    return x


def _chip(type_: str, size: int) -> Image.Image:
    """One room-type square (drawn once: a rounded rectangle costs more than a paste)."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
        ImageDraw.Draw(img).rounded_rectangle((0, 0, size, size), radius=3,
                                              fill=art.type_colour(type_), outline=art.DARK)
        return img
    return kit.sprite(("lw_chip", type_, size), make)


def tile_card(tile: str, width: int, locale: str, text_px: int, unit: int = MARKET_UNIT,
              price: int | None = None, coins: int = 0, bonus_rows: bool = True) -> Image.Image:
    """A room as in the market: price (and coins on it), the tile, its name, points and
    size, its bonus (words and the colours of the types it counts); ``bonus_rows``:
    keep room for a bonus even when the room has none (cards side by side align).

    Drawn afresh each time, not a cached sprite: on the ``render.bench`` mix a cached
    card was asked for again once in 388 (the market's rooms, prices, coins and card
    widths vary from table to table), and the cards pushed sprites that are asked for
    again out of the bounded cache."""
    def make() -> Image.Image:
        spec = data.TILES[tile]
        shape = art.candidate_shape(tile, 0, None)
        tile_h = 5 * unit + 2 * art.margin(unit)
        head = int(text_px * 1.9) if price is not None else 0
        rows = 5 if bonus_rows or spec.get("bonus") else 3
        height = head + tile_h + rows * int(text_px * 1.2) + (text_px if rows == 5 else 0) + 12
        img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=kit.PANEL,
                            outline=kit.PANEL_EDGE, width=2)
        if price is not None:
            pill = kit.badge(_money(price, locale), kit.GOLD, text_px)
            img.alpha_composite(pill, (max(2, (width - pill.width) // 2), 5))
        room = art.room_sprite(("card", tile), shape, art.type_colour(spec["type"]), unit, "",
                               name_size=0)
        img.alpha_composite(room, ((width - room.width) // 2, head + (tile_h - room.height) // 2))
        if coins:
            coin = kit.badge("+" + _money(coins, locale), COINS, text_px)
            img.alpha_composite(coin, (width - coin.width - 3, head + tile_h - coin.height))
        y = head + tile_h + 2
        y += art.lines(img, (width // 2, y), _name(tile, locale), text_px, width - 10, kit.TEXT,
                       bold=True, max_lines=2)
        facts = _t("tile_facts", locale, points=spec.get("points", 0), size=spec["size"])
        art.text(img, (width // 2, y), facts, text_px, kit.MUTED, anchor="ma", max_width=width - 8)
        y += int(text_px * 1.2)
        bonus = spec.get("bonus")
        if bonus:
            words = _t(f"bonus.{bonus['kind']}", locale, per=abs(bonus["per"]))
            y += art.lines(img, (6, y), words, text_px, width - 12, kit.TEXT, max_lines=2,
                           center=False)
            _chips(img, bonus["types"], 6, y + 2, text_px)
        return img
    return make()


def _supply_card(piece: str, left: int, price: int, width: int, height: int, locale: str,
                 text_px: int, unit: int) -> Image.Image:
    """Stairs or a hallway from the supply: the piece, its price and how many are left."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=kit.PANEL,
                            outline=kit.PANEL_EDGE, width=2)
        pill = kit.badge(_money(price, locale), kit.GOLD, text_px)
        img.alpha_composite(pill, (max(2, (width - pill.width) // 2), 5))
        shape = art.candidate_shape(piece, 0, "ground")
        room = art.room_sprite(("card", piece), shape, art.type_colour("corridor"),
                               unit, "", name_size=0)
        top = int(text_px * 1.9)
        img.alpha_composite(room, ((width - room.width) // 2, top + 4))
        label = _t(f"{piece}_price", locale, n=left)
        art.lines(img, (width // 2, top + room.height + 8), label, text_px, width - 10,
                  kit.TEXT if left else kit.MUTED, bold=True, max_lines=2)
        return img
    return kit.sprite(("lw_supply", piece, left, price, width, height, kit.lang(locale),
                       text_px, unit), make)


def market_row(img: Image.Image, view: Mapping, y: int, width: int, locale: str,
               with_supply: bool = True, min_card: int = 94) -> int:
    """The market slots (cheapest first) and the stairs/hallway supply, in as many rows
    as keep every card at least ``min_card`` px wide; returns the y below."""
    d = ImageDraw.Draw(img)
    px = small(width) + 1
    y += kit.section_header(d, (MARGIN, y), width - 2 * MARGIN, _t("market", locale),
                            size=px + 2)
    slots = list(view.get("market") or ())
    pieces = (data.STAIRS, data.HALLWAY) if with_supply else ()
    count = len(slots) + len(pieces)
    inner = width - 2 * MARGIN
    per_row = max(1, min(count, (inner + 6) // (min_card + 6)))
    rows = -(-count // per_row)
    per_row = -(-count // rows)                      # balance the rows
    card_w = (inner - (per_row - 1) * 6) // per_row
    unit = min(MARKET_UNIT, (card_w - 12) // 7)
    cards = [tile_card(slot["tile"], card_w, locale, px, unit, price=slot["price"],
                       coins=slot["coins"]) if slot["tile"] else None for slot in slots]
    height = max([c.height for c in cards if c is not None]
                 or [tile_card("buttery", card_w, locale, px, unit, price=0).height])
    supply = view.get("supply") or {}
    cards += [_supply_card(piece, supply.get(piece, 0), view["corridor_price"], card_w, height,
                           locale, px, unit) for piece in pieces]
    picked = (view.get("pricing") or {}).get("from")
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        x, top = MARGIN + col * (card_w + 6), y + row * (height + 6)
        if i == picked:                                # the room the Master Builder moves
            d.rounded_rectangle((x - 3, top - 3, x + card_w + 2, top + height + 2), radius=10,
                                outline=kit.ACTIVE, width=3)
        if card is None:
            price = kit.badge(_money(slots[i]["price"], locale), kit.GOLD, px)
            d.rounded_rectangle((x, top, x + card_w - 1, top + height - 1), radius=8,
                                outline=kit.PANEL_EDGE, width=2)
            kit.paste(img, price, (x + max(2, (card_w - price.width) // 2), top + 5))
            art.text(img, (x + card_w // 2, top + height // 2), _t("empty_slot", locale), px,
                     kit.MUTED, anchor="mm")
        else:
            kit.paste(img, card, (x, top))
    return y + rows * (height + 6) + GAP - 6


# -- the rest of the table ---------------------------------------------------------------
def info_block(img: Image.Image, view: Mapping, y: int, width: int, locale: str) -> int:
    """Stacks, room cards, bonus deck, favors and the room-type colours."""
    d = ImageDraw.Draw(img)
    px = small(width) + 1
    inner = width - 2 * MARGIN
    half = (inner - 20) // 2
    top = y
    y += kit.section_header(d, (MARGIN, y), half, _t("stacks", locale), size=px + 2)
    x = MARGIN
    stacks = view.get("stacks") or {}
    for size in data.STACK_IDS:
        n = stacks.get(size, 0)
        chip = kit.badge(f"{size}: {n}", kit.PANEL_EDGE if n else (70, 56, 60), px,
                         text_fill=kit.TEXT if n else kit.MUTED)
        if x + chip.width > MARGIN + half:
            x, y = MARGIN, y + chip.height + 4
        kit.paste(img, chip, (x, y))
        x += chip.width + 4
    y += int(px * 1.5) + 6
    facts = [_t("deck", locale, n=view.get("deck", 0)),
             _t("bonus_deck", locale, n=view.get("bonus_deck", 0))]
    if view.get("prepared"):
        facts.append(_t("prepared", locale, n=view["prepared"]))
    art.text(img, (MARGIN, y), " · ".join(facts), px, kit.TEXT, max_width=half)
    y += int(px * 1.6)
    left_bottom = y
    # right column: favors and the type legend
    x0, y = MARGIN + half + 20, top
    favors = view.get("favors") or []
    if favors:
        y += kit.section_header(d, (x0, y), half, _t("favors", locale), size=px + 2)
        for fid in favors:
            art.text(img, (x0, y), "♛ " + _name(fid, locale), px, kit.TEXT, max_width=half)
            y += int(px * 1.35)
        y += 4
    y += kit.section_header(d, (x0, y), half, _t("legend", locale), size=px + 2)
    col = half // 2
    for i, type_ in enumerate(TYPES):
        cx, cy = x0 + (i % 2) * col, y + (i // 2) * int(px * 1.45)
        _chips(img, [type_], cx, cy + 1, px)
        art.text(img, (cx + px + 6, cy), _name(type_, locale), px, kit.TEXT,
                 max_width=col - px - 10)
    y += 4 * int(px * 1.45)
    art.text(img, (x0, y), _t("facts_key", locale), px, kit.MUTED, max_width=half)
    y += int(px * 1.45)
    return max(left_bottom, y) + GAP


def final_block(img: Image.Image, view: Mapping, y: int, width: int, locale: str) -> int:
    """The final scoring: one row per player, winners crowned."""
    result, final = view.get("result") or {}, view.get("final") or []
    if not final:
        return y
    d = ImageDraw.Draw(img)
    px = small(width) + 3
    big = glance(width)
    y += kit.section_header(d, (MARGIN, y), width - 2 * MARGIN, _t("final", locale), size=px)
    parts = ("castle", "depleted", "favors", "bonus_cards", "money")
    name_w = width - 2 * MARGIN - (len(parts) + 1) * 92
    x = MARGIN + name_w
    for part in parts + ("total",):
        art.text(img, (x + 80, y), _t(f"final.{part}", locale), px, kit.MUTED, anchor="ra")
        x += 92
    y += int(px * 1.5)
    winners = set(result.get("winners") or ())
    for seat, row in enumerate(final):
        colour = kit.player_colour(seat)
        d.rectangle((MARGIN, y + 4, MARGIN + 6, y + big), fill=colour)
        nx = MARGIN + 12
        if seat in winners:
            crown = kit.crown(big - 4)
            kit.paste(img, crown, (nx, y + 3))
            nx += crown.width + 6
        art.text(img, (nx, y), kit.seat_name(view, seat, locale), big, kit.TEXT, bold=True,
                 max_width=MARGIN + name_w - nx - 8, glance=True)
        x = MARGIN + name_w
        for part in parts:
            art.text(img, (x + 80, y + (big - px) // 2), str(row.get(part, 0)), px, kit.TEXT,
                     anchor="ra")
            x += 92
        total = (result.get("scores") or {}).get(str(seat), sum(row.values()))
        art.text(img, (x + 80, y), str(total), big, kit.ACCENT, bold=True, anchor="ra",
                 glance=True)
        y += int(big * 1.3)
        cards = (view.get("bonus_all") or [[]] * len(final))[seat]
        if cards:
            line = _t("revealed", locale, cards=", ".join(_name(c, locale) for c in cards))
            art.text(img, (MARGIN + 12, y), line, px - 2, kit.MUTED,
                     max_width=width - 2 * MARGIN - 12)
            y += int(px * 1.5)
    if view.get("rank"):
        art.text(img, (MARGIN, y + 4), _t("rank", locale, rank=_name(view["rank"], locale)), big,
                 kit.ACCENT, bold=True, glance=True, max_width=width - 2 * MARGIN)
        y += int(big * 1.5)
    return y + GAP


# -- castles ----------------------------------------------------------------------------
def _player_line(img: Image.Image, view: Mapping, seat: int, xy: tuple[int, int], width: int,
                 locale: str, big: int) -> int:
    """Name, score, money, bonus cards, crown of ``seat`` on one line; returns its height."""
    info = seats(view)[seat]
    name = kit.seat_name(view, seat, locale)
    builder = (view.get("master_builder") == seat and not view.get("solo")
               and not view.get("finished"))
    extra = _money(info["money"], locale) + " · " + _t("cards", locale, n=info["bonus_cards"])
    height = int(big * 1.35)

    def make() -> Image.Image:
        line = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        d = ImageDraw.Draw(line)
        px = small(WIDTH) + 2
        d.rounded_rectangle((0, 2, 8, big + 2), radius=3, fill=kit.player_colour(seat))
        x = 14
        if builder:
            crown = kit.crown(big - 4)
            line.alpha_composite(crown, (x, 3))
            x += crown.width + 6
        score_w = art.text(line, (width, 0), str(info["score"]), big, kit.ACCENT, bold=True,
                           anchor="ra", glance=True)
        extra_w = min(kit.text_width(extra, kit.font(px)), width // 2)
        art.text(line, (width - score_w - 10, big - px), extra, px, kit.MUTED, anchor="ra",
                 max_width=extra_w)
        art.text(line, (x, 0), name, big, kit.TEXT, bold=True,
                 max_width=max(20, width - score_w - extra_w - 20 - x), glance=True)
        return line
    kit.paste(img, kit.sprite(("lw_player", seat, name, info["score"], extra, builder, width,
                               big), make), xy)
    return height


def castles_block(img: Image.Image | None, view: Mapping, y: int, width: int, locale: str,
                  highlight: Sequence[int] = ()) -> int:
    """Every player's castle in a grid, each under its player line; returns the y below.
    With ``img`` None only measures."""
    players = seats(view)
    cols = 1 if len(players) == 1 else 2
    cell_w = (width - 2 * MARGIN - (cols - 1) * 12) // cols
    big = glance(width)
    rows = [players[i:i + cols] for i in range(0, len(players), cols)]
    free = int(width * MAX_ASPECT) - MARGIN - y - len(rows) * (int(big * 1.35) + 34)
    max_h = max(120, min(MAX_CASTLE_H if len(players) > 1 else 2 * MAX_CASTLE_H,
                         free // max(1, len(rows))))
    for row in rows:
        fitted = []
        for info in row:
            box = info["castle_box"]
            unit = art.fit_unit(box, cell_w - 16, max_h, TABLE_UNIT if cols > 1 else PRIVATE_UNIT)
            fitted.append((info, box, unit, (box[3] - box[1] + 2) * unit // 2))
        row_h = int(big * 1.35) + max(f[3] for f in fitted) + 20
        if img is not None:
            for col, (info, box, unit, h) in enumerate(fitted):
                x = MARGIN + col * (cell_w + 12)
                seat = info["seat"]
                kit.panel(img, (x, y, x + cell_w, y + row_h - 6),
                          outline=kit.ACTIVE if seat in highlight else kit.PANEL_EDGE,
                          width=3 if seat in highlight else 2)
                _player_line(img, view, seat, (x + 8, y + 6), cell_w - 16, locale, big)
                names = _room_names(locale) if unit >= 26 else {}
                sprite = art.castle_sprite(info["castle"], box, unit, names, small(width) + 1)
                top = y + int(big * 1.35) + 10
                kit.paste(img, sprite, (x + (cell_w - sprite.width) // 2,
                                        top + (row_h - 16 - int(big * 1.35) - sprite.height) // 2))
        y += row_h + 4
    return y + GAP


def _room_names(locale: str) -> dict[str, str]:
    """Tile id -> name written in its room (stairs and hallways go by their look)."""
    return {tid: ("" if tid in (data.STAIRS, data.HALLWAY) else _name(tid, locale))
            for tid in data.TILES}


# -- pictures ---------------------------------------------------------------------------
def _canvas(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, max(MIN_HEIGHT, height)), kit.BG)


def _crop(img: Image.Image, bottom: int) -> Image.Image:
    return img.crop((0, 0, img.width, max(MIN_HEIGHT, min(img.height, bottom + MARGIN))))


def render_table(view: Mapping, locale: str) -> Image.Image:
    """The public table (see the module docstring)."""
    width = WIDTH
    img = _canvas(width, int(width * MAX_ASPECT))
    y = _header(img, view, width, locale, status(view, locale))
    if view.get("finished"):
        y = final_block(img, view, y, width, locale)
    if view.get("market") and not view.get("finished"):
        y = market_row(img, view, y, width, locale)
        y = info_block(img, view, y, width, locale)
    y = castles_block(img, view, y, width, locale, acting(view))
    return _crop(img, y)


def render_castle(view: Mapping, seat: int, locale: str) -> Image.Image:
    """``seat``'s castle, large, with its player line."""
    width = PRIVATE_WIDTH
    img = _canvas(width, int(width * MAX_ASPECT))
    y = MARGIN
    y += _player_line(img, view, seat, (MARGIN, y), width - 2 * MARGIN, locale, glance(width))
    y = _big_castle(img, seats(view)[seat], None, y + 6, width, locale, PRIVATE_CASTLE_H)
    return _crop(img, y)


def _big_castle(img: Image.Image, info: Mapping, placing: Mapping | None, y: int, width: int,
                locale: str, max_h: int) -> int:
    """A castle as large as fits ``max_h`` (with the offered placements lettered);
    returns the y below it."""
    from render import ludwig_place   # the placement overlay (letters, spots, key)

    box = list(info["castle_box"])
    if placing:
        box = ludwig_place.extended_box(box, placing)
    unit = art.fit_unit(box, width - 2 * MARGIN, max_h, PRIVATE_UNIT)
    names = _room_names(locale)
    name_px = max(small(width) + 1, min(13, unit // 3))
    sprite = art.castle_sprite(info["castle"], box, unit, names, name_px)
    x = (width - sprite.width) // 2
    kit.paste(img, sprite, (x, y))
    if placing:
        origin = art.castle_origin(box, unit)
        ludwig_place.overlay(img, placing, (x + origin[0], y + origin[1]), unit, width,
                             locale)
    return y + sprite.height + GAP


def _block(width: int, draw) -> Image.Image:
    """What ``draw(img, y=0) -> y below`` draws, cut to its height (measured first)."""
    scratch = Image.new("RGB", (width, int(width * MAX_ASPECT)), kit.BG)
    return scratch.crop((0, 0, width, draw(scratch, 0)))


def render_private(view: Mapping, locale: str) -> Image.Image | None:
    """The seat's own picture (see the module docstring); None for a spectator.  The
    castle gets the height the other parts leave within ``MAX_ASPECT``."""
    seat = view.get("seat")
    if seat is None:
        return None
    from render import ludwig_place

    width = PRIVATE_WIDTH
    limit = int(width * MAX_ASPECT)
    img = _canvas(width, limit)
    y = _header(img, view, width, locale, private_status(view, locale))
    kind = _kind(view)
    if seat in acting(view) and kind in ("turn", "extra_turn", "price") and view.get("market"):
        y = market_row(img, view, y, width, locale, with_supply=kind != "price",
                       min_card=140)
    info, placing = seats(view)[seat], view.get("placing")
    below = []
    if placing and placing["mode"] != "spot":
        below.append(_block(width, lambda im, top: ludwig_place.key_block(
            im, info, placing, top, width, locale)))
    below.append(_block(width, lambda im, top: ludwig_place.cards_block(im, view, top, width,
                                                                        locale)))
    room = limit - y - sum(b.height for b in below) - MARGIN - GAP
    y = _big_castle(img, info, placing, y, width, locale,
                    max(MIN_CASTLE_H, min(PRIVATE_CASTLE_H, room)))
    for block in below:
        img.paste(block, (0, y))
        y += block.height
    return _crop(img, y)
