"""The Castles of Burgundy images, built only from engine views.

Laid out for a phone (see ``kit.glance_px``): an at-a-glance strip on top (phase and
round, who acts and what is asked, every player's VP) that reads inline, the rest at
least ``kit.detail_px`` of the width; estates are shown on demand.

``render_table(view, locale)``: the strip, the central board (depots 1-6 with tiles and
goods, black depot, goods of the coming rounds, bonus tiles left, turn-order track) and
one row per player in turn order (VP, silverlings, workers, goods, dice); once the game
is over the central board gives way to every estate.
``render_private(view, locale)``: the viewer's own estate, large, with dice, workers,
silverlings, storage, goods, sold goods, knowledge and bonus tiles (and the depots or the
board sides when a decision takes from them); None for a spectator.
``render_estate(view, seat, locale)``: the same picture of any seat's estate.
``render_estates(view, locale)``: every estate, compact, with names and VP.

Every estate space carries its id in a small pill: the ids are what players pick in
Discord.  When the viewer must place a tile, the empty spaces get bright id pills and the
legal ones (``my_options``, added to private views by the bot) are circled; for the start
castle the empty castle spaces are circled.
Sprites and the hex estate are drawn by ``render.burgundy_art``; colours, die numbers and
regions of the spaces come from the view, hex positions from the component data.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.burgundy import GAME as _GAME
from engine.burgundy import data
from render import burgundy_art as art
from render import kit

GAME = "burgundy"
NAMES = _GAME.names()

WIDTH = 800
PRIVATE_WIDTH = 960
PRIVATE_MAX_HEIGHT = 1600             # drawn on this, then cropped to the content
MARGIN = 24
MIN_HEIGHT = 600
LEFT_W = WIDTH - 2 * MARGIN           # central board and player rows of the table
RIGHT_X = MARGIN                      # the player rows start at the margin too
GLANCE = max(20, kit.glance_px(WIDTH))        # the strip: reads inline on a phone
PRIVATE_GLANCE = kit.glance_px(PRIVATE_WIDTH)  # 22 px

TABLE_HEX = 30                        # estate hex radius in the all-estates grid
PRIVATE_HEX = 46                      # ... in the private / estate image
DEPOT_HEX = 31                        # depot tiles on the table
SMALL_DEPOT_HEX = 34                  # ... in the private image (text >= detail_px)
BLACK_HEX = 29
STORE_HEX = 40                        # stored tiles in the private / estate image

#: decision kinds with their own "status.*" / "you.*" label (others are named effects)
_OWN_STATUS = {"turn", "die_action", "space", "discard", "ship_goods", "choose_estate",
               "start_castle", "secret_estate"}
_SIDE_KINDS = ("choose_estate", "secret_estate")        # decisions showing both board sides
#: decisions that take from the board: the private image shows the depots too
_BOARD_KINDS = ("turn", "die_action", "castle", "carpenters_workshop", "church", "market", "ship")


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _name(id_: str, locale: str) -> str:
    return kit.t_name(NAMES, id_, locale)


# -- shared pieces ----------------------------------------------------------------------
def _status(view: Mapping, locale: str, prefix: str = "status") -> str:
    """What the seat to act is doing ("status.*") or, to that seat, what to do ("you.*")."""
    kind = view.get("decision") or "turn"
    if kind in _OWN_STATUS:
        tile = view.get("decision_tile")
        return _t(f"{prefix}.{kind}", locale, tile=_name(tile, locale) if tile else "—")
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


def _goods_row(img: Image.Image, goods: Mapping[str, int], x: int, y: int, size: int = 24,
               text: int = 15) -> int:
    """Goods tiles with "×count"; returns the end x ("—" when there are none)."""
    if not goods:
        return x + art.text(img, (x, y), "—", text, kit.MUTED, anchor="lm") + 10
    for goods_id, count in sorted(goods.items(), key=lambda kv: art.goods_number(kv[0])):
        kit.paste(img, art.goods_sprite(art.goods_number(goods_id), size), (x, y - size // 2))
        x += size + 3
        x += art.text(img, (x, y), f"×{count}", text, anchor="lm") + 10
    return x


def _dice(est: Mapping, seat: int, size: int) -> list[Image.Image]:
    """The seat's two dice in its colour, used ones dimmed."""
    used = list(est.get("used") or ())
    return [art.die_face(v, size, kit.player_colour(seat), dim=i < len(used) and used[i])
            for i, v in enumerate(est.get("dice") or ()) if v]       # 0: not rolled yet


def _knowledge_tile(number: int, size: int) -> Image.Image:
    """A knowledge tile the player owns: its number on a yellow pill."""
    return kit.badge(str(number), art.SPACE["knowledge"], size)


# -- table ------------------------------------------------------------------------------
def _scores(view: Mapping) -> dict[int, int]:
    """Seat -> VP (the final score once the game is over)."""
    result = view.get("result") or {}
    final = result.get("scores") or {}
    return {e["seat"]: int(final.get(str(e["seat"]), e.get("vp", 0)))
            for e in view.get("estates") or ()}


def _header(img: Image.Image, view: Mapping, locale: str, width: int) -> int:
    """The at-a-glance strip: phase and round (title, region bonus and white die small),
    who acts and what is asked, every player's VP; returns the height."""
    draw = ImageDraw.Draw(img)
    x = MARGIN + 12 + art.text(img, (MARGIN, 12), _t("title", locale), 15, kit.MUTED,
                               bold=True)
    x += 12 + art.text(img, (x, 12), _t("region_bonus", locale, n=view.get("phase_bonus", 0)),
                       15, kit.MUTED)
    if view.get("white_die"):                            # 0 before the first roll
        x += art.text(img, (x, 12), _t("white_die", locale), 15, kit.MUTED) + 8
        kit.paste(img, art.die_face(view["white_die"], 20), (x, 10))
    line_h = int(GLANCE * 1.3)
    top = 38
    inner = width - 2 * MARGIN
    with kit.glance():
        if view.get("finished"):
            head = [(_t("game_over", locale), kit.ACCENT, True)]
        else:
            names = ", ".join(kit.seat_name(view, s, locale) for s in _acting(view))
            head = [(_t("phase_round", locale, phase=view.get("phase", "?"),
                        round=view.get("round", 1)) + " · ", kit.MUTED, True),
                    ("▶ " + names, kit.ACTIVE, True), (": " + _status(view, locale), kit.TEXT, False)]
        kit.draw_segments(draw, (MARGIN, top), head, GLANCE, inner)
        top += line_h
        winners = (view.get("result") or {}).get("winners") or ()
        scores = _scores(view)
        chips = [[(("★ " if seat in winners else "") + kit.seat_name(view, seat, locale),
                   kit.player_colour(seat), True), (f" {vp}", kit.TEXT, True)]
                 for seat, vp in sorted(scores.items(), key=lambda kv: -kv[1])]
        top += kit.draw_chips(draw, (MARGIN, top), chips, GLANCE, inner)
    return top + 6


def _depot(img: Image.Image, view: Mapping, depot: Mapping, locale: str,
           box: tuple[int, int, int, int], radius: int) -> None:
    """One numbered depot: its die, its goods, its tile spaces (empty ones pale)."""
    x0, y0, x1, y1 = box
    pad = max(6, radius // 3)
    kit.panel(img, box, radius=8, width=1)
    die = radius + 1
    kit.paste(img, art.die_face(depot["depot"], die), (x0 + pad, y0 + pad))
    goods = [art.goods_sprite(art.goods_number(g), int(die * 0.8))
             for g in depot.get("goods") or ()]
    _paste_row(img, goods, x0 + 2 * pad + die, y0 + pad + die // 2, 4)
    hw, hh = art.hex_size(radius)
    x = x0 + pad
    tiles = view.get("tiles") or {}
    for slot in depot.get("spaces") or ():
        if slot is None:
            continue
        tile = slot.get("tile")
        sprite = (art.tile_hex(tiles[tile], radius, locale) if tile in tiles
                  else art.empty_hex(slot["colour"], radius))
        kit.paste(img, sprite, (x, y1 - hh - pad))
        x += hw + 3


def _depots(img: Image.Image, view: Mapping, locale: str, left: int, top: int, width: int,
            radius: int) -> int:
    """Depots 1-6 in two rows of three panels; returns the end y."""
    top += art.section(img, (left, top), width, _t("depots", locale), 15)
    pad = max(6, radius // 3)
    gap = 10 if radius > 24 else 6
    cell_w, cell_h = (width - 2 * gap) // 3, 3 * pad + radius + 1 + 2 * radius
    for i, depot in enumerate(view.get("depots") or ()):
        row, col = divmod(i, 3)
        x, y = left + col * (cell_w + gap), top + row * (cell_h + gap)
        _depot(img, view, depot, locale, (x, y, x + cell_w, y + cell_h), radius)
    return top + 2 * (cell_h + gap) + 4


def _central_board(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                   top: int) -> int:
    """Depots, black depot, round goods, bonus tiles, track and legend; returns the end y."""
    top = _depots(img, view, locale, MARGIN, top, LEFT_W, DEPOT_HEX)
    top = _black_and_goods(img, view, locale, top)
    top = _bonus_tiles(img, view, locale, top)
    top = _track(img, draw, view, locale, top)
    return _legend(img, locale, MARGIN, top, LEFT_W)


def _black_depot(img: Image.Image, view: Mapping, locale: str, left: int, top: int,
                 width: int, radius: int) -> int:
    """The black depot's tiles under a header; returns the end y."""
    top += art.section(img, (left, top), width, _t("black_depot", locale), 15)
    hw, hh = art.hex_size(radius)
    tiles = view.get("tiles") or {}
    black = [art.tile_hex(tiles[t], radius, locale) for t in view.get("black_depot") or ()
             if t in tiles]
    _paste_row(img, black, left, top + hh // 2, 3)
    if not black:
        art.text(img, (left, top + hh // 2), "—", 16, kit.MUTED, anchor="lm")
    return top + hh + 10


def _black_and_goods(img, view, locale, top) -> int:
    split = 470                                      # black depot | round goods
    end = _black_depot(img, view, locale, MARGIN, top, split - 20, BLACK_HEX)
    top += art.section(img, (MARGIN + split, top), LEFT_W - split, _t("round_goods", locale))
    goods = [art.goods_sprite(art.goods_number(g), 28) for g in view.get("round_goods") or ()]
    _paste_row(img, goods, MARGIN + split, top + 16, 6)
    art.text(img, (MARGIN + split, top + 40),
             _t("stacks_left", locale, n=view.get("goods_stacks_left", 0)), 14, kit.MUTED,
             max_width=LEFT_W - split)
    return end


def _bonus_tiles(img, view, locale, top) -> int:
    """Per colour: the large tile's VP (big pill in the colour), the small one's (grey)."""
    top += art.section(img, (MARGIN, top), LEFT_W, _t("bonus_tiles", locale))
    players = view.get("players", 2)
    left = view.get("bonus_tiles") or {}
    cell = LEFT_W // 6
    for i, colour in enumerate(data.COLOURS):
        x = MARGIN + i * cell
        kit.paste(img, kit.hex_tile(15, art.SPACE[colour], outline=art.DARK), (x, top))
        pills = [kit.badge(str(data.BONUS_VP[size].get(players, 0)),
                           art.SPACE[colour] if size == "large" else kit.PANEL_EDGE,
                           17 if size == "large" else 13) for size in left.get(colour, ())]
        end = _paste_row(img, pills, x + 32, top + 15, 4)
        if not pills:
            art.text(img, (end, top + 15), "—", 15, kit.MUTED, anchor="lm")
    return top + 42


def _track(img, draw, view, locale, top) -> int:
    """The 7 turn-order spaces with the markers stacked bottom to top."""
    top += art.section(img, (MARGIN, top), LEFT_W, _t("track", locale))
    spaces = view.get("track") or []
    cell = (LEFT_W - 6 * 6) // max(1, len(spaces))
    height = 22 + 17 * max(len(s) for s in spaces + [[0] * 4])
    for i, stack in enumerate(spaces):
        x = MARGIN + i * (cell + 6)
        kit.panel(img, (x, top, x + cell, top + height), radius=6, width=1)
        art.text(img, (x + 7, top + 5), str(i + 1), 13, kit.MUTED, bold=True)
        for j, seat in enumerate(stack):
            y = top + height - 6 - 17 * (j + 1)
            draw.rounded_rectangle((x + 26, y, x + cell - 8, y + 14), radius=7,
                                   fill=kit.player_colour(seat), outline=art.DARK)
    return top + height + 12


def _legend(img, locale, left, top, width) -> int:
    """The six estate colours with their names."""
    top += art.section(img, (left, top), width, _t("legend", locale), 13)
    cell = width // 3
    for i, colour in enumerate(data.COLOURS):
        row, col = divmod(i, 3)
        x, y = left + col * cell, top + row * 30
        kit.paste(img, kit.hex_tile(12, art.SPACE[colour], outline=art.DARK), (x, y))
        name = _name(f"colour_{colour}", locale)
        art.text(img, (x + 28, y + 12), name[:1].upper() + name[1:], 15,
                 anchor="lm", max_width=cell - 34)
    return top + 62


def _player_row(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, est: Mapping,
                locale: str, place: int, box: tuple[int, int, int, int]) -> None:
    """One player: place in turn order, name, VP (final score), dice, silverlings,
    workers, goods, stored tiles, knowledge tiles, empty spaces (score parts at the end)."""
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
    art.text(img, (x0 + 18, y0 + 8), name, 17, colour, bold=True, max_width=300)
    total = (result.get("scores") or {}).get(str(seat), est.get("vp", 0))
    vp = ("★ " if winner else "") + _t("vp", locale, n=total)
    art.text(img, (x1 - 12, y0 + 8), vp, 18, kit.ACCENT if winner else kit.TEXT,
             bold=True, anchor="ra")
    dice = _dice(est, seat, 22)
    _paste_row(img, dice, x1 - 12 - 2 * 28 - 150, y0 + 19, 6)
    y = y0 + 46
    x = x0 + 18
    kit.paste(img, kit.coin(est.get("silverlings", 0), 24), (x, y - 12))
    x += 34
    kit.paste(img, art.worker_icon(22), (x, y - 11))
    x += 24 + art.text(img, (x + 24, y), str(est.get("workers", 0)), 15, anchor="lm") + 14
    x = _goods_row(img, est.get("goods") or {}, x, y, 20, 14)
    tiles = view.get("tiles") or {}
    stored = [art.tile_hex(tiles[t], art.MINI_HEX, locale)
              for t in est.get("storage") or () if t in tiles]
    x = _paste_row(img, stored, x + 4, y, 3) + 6
    if est.get("knowledge"):
        x = _paste_row(img, [_knowledge_tile(n, 12) for n in est["knowledge"]], x, y, 3) + 6
    art.text(img, (x1 - 12, y), _t("empty_spaces", locale, n=est.get("empty_spaces", 0)),
             13, kit.MUTED, anchor="rm", max_width=max(40, x1 - 12 - x))
    if view.get("finished"):
        parts = (result.get("breakdown") or {}).get(str(seat)) or {}
        detail = " · ".join(f"{_t('score.' + k, locale)} {v}" for k, v in parts.items() if v)
        kit.draw_lines(draw, (x0 + 18, y0 + 64), detail, 13, x1 - x0 - 30, kit.MUTED,
                       max_lines=2)


def _row_height(view: Mapping) -> int:
    """Height of a player row (taller at the end for the score parts)."""
    return 106 if view.get("finished") else 72


def _players(img, draw, view, locale, top) -> int:
    """The player rows in this round's turn order; returns the end y."""
    width = WIDTH - MARGIN - RIGHT_X
    top += art.section(img, (RIGHT_X, top), width, _t("players", locale))
    estates = view.get("estates") or []
    order = [s for s in view.get("order") or () if s < len(estates)]
    order += [e["seat"] for e in estates if e["seat"] not in order]
    row_h = _row_height(view)
    for place, seat in enumerate(order, start=1):
        _player_row(img, draw, view, estates[seat], locale, place,
                    (RIGHT_X, top, WIDTH - MARGIN, top + row_h - 6))
        top += row_h
    return top


ESTATE_CELL_H = 30 + art.estate_size(TABLE_HEX)[1] + 12     # a grid estate, its title


def _estate_grid(img: Image.Image, view: Mapping, locale: str, top: int) -> int:
    """Every estate, two per row, each under its owner's name and VP; returns the end y."""
    estates = view.get("estates") or []
    ew, _ = art.estate_size(TABLE_HEX)
    gap = (LEFT_W - 2 * ew)
    draw = ImageDraw.Draw(img)
    scores = _scores(view)
    for i, est in enumerate(estates):
        row, col = divmod(i, 2)
        x, y = MARGIN + col * (ew + gap), top + row * ESTATE_CELL_H
        seat = est["seat"]
        with kit.glance():
            kit.draw_segments(draw, (x, y), [
                (kit.seat_name(view, seat, locale), kit.player_colour(seat), True),
                (f" {_t('vp', locale, n=scores.get(seat, 0))}", kit.TEXT, True)], GLANCE, ew)
        art.draw_estate(img, view, est, TABLE_HEX, (x, y + 30), locale)
    return top + -(-len(estates) // 2) * ESTATE_CELL_H


MAX_HEIGHT = 2000                     # a table is drawn on this, then cropped


def _cropped(img: Image.Image, end: int) -> Image.Image:
    return img.crop((0, 0, img.width, min(img.height, max(MIN_HEIGHT, end + 12))))


def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of a Castles of Burgundy view (any seat's or the spectator's):
    the strip, the central board and the players; at the end the players and every estate."""
    img = Image.new("RGB", (WIDTH, MAX_HEIGHT), kit.BG)
    draw = ImageDraw.Draw(img)
    top = _header(img, view, locale, WIDTH) + 8
    if view.get("finished"):
        top = _players(img, draw, view, locale, top) + 8
        top = _estate_grid(img, view, locale, top)
    else:
        top = _central_board(img, draw, view, locale, top)
        top = _players(img, draw, view, locale, top)
    return _cropped(img, top)


def render_estates(view: dict, locale: str) -> Image.Image:
    """Every estate, compact, under the strip (``/burgundy estates``)."""
    img = Image.new("RGB", (WIDTH, MAX_HEIGHT), kit.BG)
    top = _header(img, view, locale, WIDTH) + 8
    return _cropped(img, _estate_grid(img, view, locale, top))


# -- estate images ----------------------------------------------------------------------
def _side_column(img: Image.Image, view: Mapping, est: Mapping,
                 locale: str, left: int, top: int, right: int, big: bool) -> int:
    """Storage, goods, sold goods, knowledge and bonus tiles of ``est`` in a column.

    Sold goods by type appear only in the big (estate) picture: the table is public, so
    it shows their count even when drawn from the owner's view."""
    width = right - left
    hex_r = STORE_HEX if big else DEPOT_HEX - 4
    tiles = view.get("tiles") or {}
    top += art.section(img, (left, top), width, _t("storage", locale), 13)
    hw, hh = art.hex_size(hex_r)
    stored = [t for t in est.get("storage") or () if t in tiles]
    for i, tile in enumerate(stored):
        x = left + i * (hw + 8)
        kit.paste(img, art.tile_hex(tiles[tile], hex_r, locale), (x, top))
    if not stored:
        art.text(img, (left, top + 2), "—", 16, kit.MUTED)
    top += hh + 10 if stored else 28
    if big and stored:
        for tile in stored:
            art.text(img, (left, top), "• " + _name(tile, locale), 14, max_width=width)
            top += 19
        top += 4
    top += art.section(img, (left, top), width, _t("goods", locale), 13)
    _goods_row(img, est.get("goods") or {}, left, top + 13, 26 if big else 22)
    top += 36
    if big and "sold" in est:
        top += art.section(img, (left, top), width, _t("sold", locale), 13)
        _goods_row(img, est["sold"], left, top + 13, 22)
        top += 34
    else:
        art.text(img, (left, top), _t("sold_count", locale, n=est.get("sold_count", 0)),
                 14, kit.MUTED)
        top += 26
    top += art.section(img, (left, top), width, _t("knowledge", locale), 13)
    knowledge = [_knowledge_tile(n, 14 if big else 13) for n in est.get("knowledge") or ()]
    if knowledge:
        per_row = max(1, width // 36)
        for i in range(0, len(knowledge), per_row):
            _paste_row(img, knowledge[i:i + per_row], left, top + 12, 5)
            top += 28
    else:
        art.text(img, (left, top + 2), "—", 15, kit.MUTED)
        top += 26
    if est.get("bonus_tiles"):
        top += art.section(img, (left, top), width, _t("bonus_won", locale), 13)
        for bonus in est["bonus_tiles"]:
            art.text(img, (left, top), "• " + _name(bonus, locale), 13, max_width=width)
            top += 18
    return top


def _estate_image(view: Mapping, seat: int, locale: str) -> Image.Image:
    """One seat's estate, large, with its dice, stock and tiles."""
    est = view["estates"][seat]
    mine = view.get("seat") == seat
    deciding = mine and seat in _acting(view)
    kind = view.get("decision") if deciding else None
    ew, eh = art.estate_size(PRIVATE_HEX)
    height = max(MIN_HEIGHT, 86 + eh)
    img = Image.new("RGB", (PRIVATE_WIDTH, PRIVATE_MAX_HEIGHT), kit.BG)
    draw = ImageDraw.Draw(img)
    colour = kit.player_colour(seat)
    kit.paste(img, kit.meeple(32, colour), (MARGIN, 16))
    x = MARGIN + 42
    big = PRIVATE_GLANCE
    with kit.glance():                                  # who, VP, money, workers, dice
        x += art.text(img, (x, 32), kit.seat_name(view, seat, locale), big, colour, bold=True,
                      anchor="lm", max_width=260) + 16
        x += art.text(img, (x, 32), _t("vp", locale, n=est.get("vp", 0)), big, bold=True,
                      anchor="lm") + 16
        kit.paste(img, kit.coin(est.get("silverlings", 0), 2 * big), (x, 32 - big))
        x += 2 * big + 8
        kit.paste(img, art.worker_icon(30), (x, 17))
        x += 32 + art.text(img, (x + 32, 32), str(est.get("workers", 0)), big, bold=True,
                           anchor="lm") + 16
    x = _paste_row(img, _dice(est, seat, 34), x, 32, 8) + 12
    phase = _t("phase_round", locale, phase=view.get("phase", "?"), round=view.get("round", 1))
    art.text(img, (PRIVATE_WIDTH - MARGIN, 32), phase, 15, kit.MUTED, anchor="rm",
             max_width=PRIVATE_WIDTH - MARGIN - x)
    top = 64
    outline: list[int] = []
    if kind == "start_castle":
        outline = [s["id"] for s in est["spaces"] if s["colour"] == "castle" and not s.get("tile")]
    legal = legal_spaces(view)
    if legal:
        outline = legal
    note = _t("estate_of", locale, player=kit.seat_name(view, seat, locale), n=est.get("estate", 1))
    art.text(img, (MARGIN, top), note, 14, kit.MUTED, max_width=ew)
    art.draw_estate(img, view, est, PRIVATE_HEX, (MARGIN, top + 22), locale,
                    bright=kind in ("space", "start_castle"), outline=outline,
                    bright_size=PRIVATE_GLANCE)
    left = MARGIN + ew + 24
    column = PRIVATE_WIDTH - MARGIN - left
    y = top
    if deciding:
        with kit.glance():
            y += kit.draw_lines(draw, (left, y), "▶ " + _t("your_turn", locale), big,
                                column, kit.ACTIVE, bold=True) + 2
            y += kit.draw_lines(draw, (left, y), _status(view, locale, "you"), big,
                                column, kit.ACTIVE, max_lines=3) + 4
        hint = {"space": "pick_space" if legal else None,
                "start_castle": "pick_castle"}.get(kind)
        if hint:
            y += kit.draw_lines(draw, (left, y), _t(hint, locale), 15, column, kit.TEXT,
                                max_lines=3) + 6
        y += 6
    elif mine and (view.get("estate_picks") or {}).get("mine"):
        _, side, space = str(view["estate_picks"]["mine"]).split(":")
        with kit.glance():
            y += kit.draw_lines(draw, (left, y), _t("picked", locale, n=side, space=space), big,
                                column, kit.ACTIVE, max_lines=3) + 8
    end = _side_column(img, view, est, locale, left, y, PRIVATE_WIDTH - MARGIN, True)
    end = max(end, top + 22 + eh) + 12
    if kind in _SIDE_KINDS:                  # below the estate, across the picture
        end = _board_sides(img, est, locale, MARGIN, end)
    if kind in _BOARD_KINDS:
        width = PRIVATE_WIDTH - 2 * MARGIN
        end = _depots(img, view, locale, MARGIN, end, width, SMALL_DEPOT_HEX)
        end = _black_depot(img, view, locale, MARGIN, end, width, SMALL_DEPOT_HEX)
    return img.crop((0, 0, PRIVATE_WIDTH, min(PRIVATE_MAX_HEIGHT, max(height, end + 12))))


def _board_sides(img, est, locale, left, top) -> int:
    """Both faces of the seat's board (advanced setup), small, with their numbers."""
    top += art.section(img, (left, top), PRIVATE_WIDTH - MARGIN - left,
                       _t("board_sides", locale), 15)
    radius = 26
    ew, eh = art.estate_size(radius)
    for i, number in enumerate(est.get("board") or ()):
        face = data.ESTATES.get(number)
        if face is None:
            continue
        spaces = [{"id": s, "colour": face.colour[s], "die": data.DIE[s],
                   "region": f"R{face.region[s] + 1}"} for s in data.SPACES]
        x = left + i * (ew + 16)
        kit.paste(img, art.estate_base(number, spaces, radius), (x, top + 26))
        art.draw_boundaries(img, number, spaces, radius, (x, top + 26))
        centres = art.centres(number, face.castle_spaces, radius)
        for space, (cx, cy) in centres.items():       # the start castle may go here
            with kit.glance():                       # the player picks by these
                pill = art.id_pill(space, PRIVATE_GLANCE, True)
            kit.paste(img, pill, (x + cx - pill.width // 2, top + 26 + cy - pill.height // 2))
        with kit.glance():
            art.text(img, (x + ew // 2, top - 6), _t("side", locale, n=number), PRIVATE_GLANCE,
                     bold=True, anchor="ma")
    return top + 26 + eh + 8


def legal_spaces(view: Mapping) -> list[int]:
    """Spaces the viewer may choose now (from ``my_options``, which the bot adds)."""
    return [int(o.split(":", 1)[1]) for o in view.get("my_options", ())
            if o.startswith("space:") and o.split(":", 1)[1].isdigit()]


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
