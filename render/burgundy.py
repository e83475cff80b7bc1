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

WIDTH = 1500
PRIVATE_WIDTH = 1300
PRIVATE_MAX_HEIGHT = 1400             # drawn on this, then cropped to the content
MARGIN = 24
MIN_HEIGHT = 600
LEFT_W = 740                          # central board column of the table
RIGHT_X = MARGIN + LEFT_W + 24        # players and estate column of the table
LEFT_HEIGHT = 752                     # height the central board column needs (tested)

TABLE_HEX = 34                        # estate hex radius on the table
PRIVATE_HEX = 46                      # ... in the private / estate image
DEPOT_HEX = 31                        # depot tiles on the table
SMALL_DEPOT_HEX = 26                  # ... in the private image
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
def _header(img: Image.Image, view: Mapping, locale: str, width: int) -> int:
    """Title, phase and round, region bonus, white die, who acts; returns the height."""
    x = MARGIN + 14 + art.text(img, (MARGIN, 18), _t("title", locale), 26, bold=True)
    badges = [_t("phase_round", locale, phase=view.get("phase", "?"), round=view.get("round", 1)),
              _t("region_bonus", locale, n=view.get("phase_bonus", 0))]
    for text in badges:
        b = kit.badge(text, kit.PANEL_EDGE, 15)
        kit.paste(img, b, (x, 21))
        x += b.width + 10
    if view.get("white_die"):                            # 0 before the first roll
        x += art.text(img, (x + 4, 33), _t("white_die", locale), 15, kit.MUTED,
                      anchor="lm") + 12
        kit.paste(img, art.die_face(view["white_die"], 30), (x, 18))
        x += 30
    if view.get("finished"):
        text, fill = _t("game_over", locale), kit.ACCENT
    else:
        names = ", ".join(kit.seat_name(view, s, locale) for s in _acting(view))
        text = "▶ " + names + ": " + _status(view, locale)
        fill = kit.ACTIVE
    art.text(img, (width - MARGIN, 33), text, 16, fill, bold=True, anchor="rm",
             max_width=width - x - 30 - MARGIN)
    return 64


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
    top += art.section(img, (left, top), width, _t("depots", locale), 15 if radius > 24 else 13)
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
    top += art.section(img, (left, top), width, _t("black_depot", locale),
                       15 if radius > 24 else 13)
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


def _shown_seat(view: Mapping) -> int:
    """The seat to act, or the (first) winner once the game is over."""
    winners = (view.get("result") or {}).get("winners") or ()
    if view.get("finished") and winners:
        return int(winners[0])
    return int(view.get("active") or 0)


def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of a Castles of Burgundy view (any seat's or the spectator's)."""
    estates = view["estates"]
    ew, eh = art.estate_size(TABLE_HEX)
    height = max(MIN_HEIGHT, 72 + 24 + _row_height(view) * len(estates) + 4 + 24 + eh + 20,
                 LEFT_HEIGHT)
    img = Image.new("RGB", (WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    top = _header(img, view, locale, WIDTH) + 8
    _central_board(img, draw, view, locale, top)
    top = _players(img, draw, view, locale, top) + 4
    seat = _shown_seat(view)
    est = estates[seat]
    title = _t("estate_of", locale, player=kit.seat_name(view, seat, locale),
               n=est.get("estate", 1))
    top += art.section(img, (RIGHT_X, top), WIDTH - MARGIN - RIGHT_X, title)
    art.draw_estate(img, view, est, TABLE_HEX, (RIGHT_X, top), locale)
    _side_column(img, view, est, locale, RIGHT_X + ew + 12, top, WIDTH - MARGIN, False)
    return img


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
    x += art.text(img, (x, 32), kit.seat_name(view, seat, locale), 22, colour, bold=True,
                  anchor="lm", max_width=320) + 18
    x += art.text(img, (x, 32), _t("vp", locale, n=est.get("vp", 0)), 20, bold=True,
                  anchor="lm") + 18
    kit.paste(img, kit.coin(est.get("silverlings", 0), 28), (x, 18))
    x += 36
    kit.paste(img, art.worker_icon(26), (x, 19))
    x += 30 + art.text(img, (x + 30, 32), str(est.get("workers", 0)), 18, bold=True,
                       anchor="lm") + 18
    x = _paste_row(img, _dice(est, seat, 32), x, 32, 8) + 12
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
    if est.get("confidence", "high") != "high":
        note += " · " + _t("uncertain_layout", locale)
    art.text(img, (MARGIN, top), note, 14, kit.MUTED, max_width=ew)
    art.draw_estate(img, view, est, PRIVATE_HEX, (MARGIN, top + 22), locale,
                    bright=kind in ("space", "start_castle"), outline=outline)
    left = MARGIN + ew + 24
    y = top
    if deciding:
        y += kit.draw_lines(draw, (left, y), "▶ " + _t("your_turn", locale), 18,
                            PRIVATE_WIDTH - MARGIN - left, kit.ACTIVE, bold=True) + 2
        y += kit.draw_lines(draw, (left, y), _status(view, locale, "you"), 16,
                            PRIVATE_WIDTH - MARGIN - left, kit.ACTIVE, max_lines=2) + 2
        hint = {"space": "pick_space" if legal else None,
                "start_castle": "pick_castle"}.get(kind)
        if hint:
            y += kit.draw_lines(draw, (left, y), _t(hint, locale), 14,
                                PRIVATE_WIDTH - MARGIN - left, kit.TEXT, max_lines=2) + 6
        if kind in _SIDE_KINDS:
            y = _board_sides(img, est, locale, left, y + 4)
        if kind in _BOARD_KINDS:
            width = PRIVATE_WIDTH - MARGIN - left
            y = _depots(img, view, locale, left, y + 4, width, SMALL_DEPOT_HEX)
            y = _black_depot(img, view, locale, left, y, width, SMALL_DEPOT_HEX)
        y += 6
    elif mine and (view.get("estate_picks") or {}).get("mine"):
        _, side, space = str(view["estate_picks"]["mine"]).split(":")
        y += kit.draw_lines(draw, (left, y), _t("picked", locale, n=side, space=space), 16,
                            PRIVATE_WIDTH - MARGIN - left, kit.ACTIVE, max_lines=2) + 8
    end = _side_column(img, view, est, locale, left, y, PRIVATE_WIDTH - MARGIN, True)
    return img.crop((0, 0, PRIVATE_WIDTH, min(PRIVATE_MAX_HEIGHT, max(height, end + 20))))


def _board_sides(img, est, locale, left, top) -> int:
    """Both faces of the seat's board (advanced setup), small, with their numbers."""
    top += art.section(img, (left, top), PRIVATE_WIDTH - MARGIN - left,
                       _t("board_sides", locale), 13)
    radius = 18
    ew, eh = art.estate_size(radius)
    for i, number in enumerate(est.get("board") or ()):
        face = data.ESTATES.get(number)
        if face is None:
            continue
        spaces = [{"id": s, "colour": face.colour[s], "die": data.DIE[s],
                   "region": f"R{face.region[s] + 1}"} for s in data.SPACES]
        x = left + i * (ew + 16)
        kit.paste(img, art.estate_base(number, spaces, radius), (x, top + 20))
        kit.paste(img, art.boundaries(number, spaces, radius), (x, top + 20))
        centres = art.centres(number, face.castle_spaces, radius)
        for space, (cx, cy) in centres.items():       # the start castle may go here
            pill = art.id_pill(space, 10, True)
            kit.paste(img, pill, (x + cx - pill.width // 2, top + 20 + cy - pill.height // 2))
        art.text(img, (x + ew // 2, top), _t("side", locale, n=number), 14, bold=True,
                 anchor="ma")
    return top + 20 + eh + 8


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
