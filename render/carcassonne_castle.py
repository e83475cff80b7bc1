"""Carcassonne: The Castle images, built only from engine views.

``render_table(view, locale)``: whose turn and what is asked, both players (score,
followers left, keep, wall tiles held face up), the drawn tile and the supply, then the
castle: every placed tile, followers, keeps, the features the last tile completed, and
the scoring track around it (corner towers still holding a face-down wall tile, both
markers); discards and, at the end, where the points came from.

``render_private(view, locale)``: the same board for the viewing seat with what it is
choosing drawn on it: the legal positions labelled at their spaces (with the directions
the tile's top may point there), the allowed rotations previewed in place, the
follower choice numbered on the enlarged tile, or the features to score in order.
``None`` for a spectator.

Geometry, faces and the track all come from the view (``engine/carcassonne_castle/view.py``
documents it); the picture never sees the supply order or a face-down wall tile.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from render import kit
from render import carcassonne_castle_art as art
from render.carcassonne_castle_board import Castle, Layout, draw_castle

GAME = "carcassonne_castle"
MARGIN = 12
WIDTH = 600 + 2 * MARGIN            # the castle ring is 600 px wide for a 100-space track
STATUS = 22                         # at-a-glance text (>= 9 px on a 400 px wide phone)
NAME = 18
SMALL = 13
ROW_H = 62
DRAWN = 78
CHIP = 20
DEGREES = (0, 90, 180, 270)


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _names() -> Mapping[str, Mapping[str, str]]:
    from engine import registry                      # names only (static, no state)

    return registry.get(GAME).names()


def _name(id_: str, locale: str) -> str:
    return kit.t_name(_names(), id_, locale)


def wall_tile_name(number: int, locale: str) -> str:
    """The short effect name of wall tile ``number`` ("Double tower")."""
    return _name(f"wall{number}.short", locale)


def _cell(rc: Sequence[int]) -> tuple[int, int]:
    return int(rc[0]), int(rc[1])


# -- view -> castle ---------------------------------------------------------------------
def castle_of(view: Mapping, extra: Sequence[tuple[tuple[int, int], Mapping]] = ()) -> Castle:
    """The castle picture's content from a view (``extra``: tiles previewed in place)."""
    board = view["board"]
    faces = {}
    tiles = []
    for tile in view.get("tiles") or ():
        cell = _cell(tile["cell"])
        faces[cell] = tile["face"]
        tiles.append((cell, tile["face"]))
    for cell, face in extra:
        faces[cell] = face
        tiles.append((cell, face))
    followers = [(_cell(f["cell"]), faces.get(_cell(f["cell"]), {}), f, int(f["seat"]))
                 for f in view.get("followers") or ()]
    keeps = [(_cell(k["cell"]), seat, int(k["size"]))
             for seat, k in enumerate(view.get("keeps") or ()) if k]
    track = view.get("track") or {}
    last = view.get("last")
    return Castle(
        mask=board["mask"], origin=_cell(board["origin"]),
        starts=[(_cell(s["cell"]), s["face"]) for s in board.get("start_spaces") or ()],
        tiles=tiles, followers=followers, keeps=keeps,
        track_length=int(track.get("length", 100)),
        towers=[(t["spaces"], bool(t["holds_tile"])) for t in track.get("towers") or ()],
        markers={int(s["seat"]): int(s["score"]) for s in view.get("seats") or ()},
        last=_cell(last["cell"]) if last else None)


def _outline_cells(img: Image.Image, lay: Layout, castle: Castle, cells, colour: kit.RGB,
                   width: int = 3) -> None:
    d = ImageDraw.Draw(img)
    for rc in cells:
        x0, y0, x1, y1 = lay.cell_box(castle, _cell(rc))
        d.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=colour, width=width)


def _draw_scored(img: Image.Image, lay: Layout, castle: Castle, view: Mapping) -> None:
    """The features the last tile completed: outlined in the scorer's colour, +points."""
    for item in view.get("scored") or ():
        seat = item.get("seat")
        colour = kit.player_colour(int(seat)) if seat is not None else kit.TEXT
        cells = item.get("cells") or ()
        _outline_cells(img, lay, castle, cells, colour)
        if cells and seat is not None and item.get("points"):
            x0, y0, _, _ = lay.cell_box(castle, _cell(cells[0]))
            kit.paste(img, kit.badge(f"+{item['points']}", colour, 13), (x0 + 2, y0 + 2))


# -- header -----------------------------------------------------------------------------
def _status(view: Mapping, locale: str) -> tuple[str, kit.RGB]:
    if view.get("finished"):
        result = view.get("result") or {}
        winners = [int(s) for s in result.get("winners") or ()]
        names = ", ".join(kit.seat_name(view, s, locale) for s in winners)
        return _t("status.tie" if len(winners) > 1 else "status.won", locale, names=names), kit.ACCENT
    seat = int(view.get("active", 0))
    phase = view.get("phase", "place")
    params = {"name": kit.seat_name(view, seat, locale), "spot": (view.get("chosen") or {}).get("label", ""),
              "n": _pending_wall_tile(view)}
    return _t(f"status.{phase}", locale, **params), kit.player_colour(seat)


def _pending_wall_tile(view: Mapping) -> int | str:
    """The wall tile an open double/extra decision is about."""
    return (view.get("asking") or {}).get("number", "")


def _used_wall_tile(number: int, size: int) -> Image.Image:
    """A wall tile already played: faded."""
    def make() -> Image.Image:
        img = art.wall_tile(number, size).copy()
        img.putalpha(img.getchannel("A").point(lambda a: a * 45 // 100))
        return img
    return kit.sprite(("cc_used_wall_tile", number, size), make)


def _wall_chips(img: Image.Image, draw: ImageDraw.ImageDraw, info: Mapping, locale: str,
                x: int, y: int, right: int) -> None:
    """Wall tiles held (face up, with their effect) and, faded, those already used."""
    held, used = sorted(info.get("wall_tiles") or ()), sorted(info.get("used") or ())
    if not held and not used:
        kit.draw_text(draw, (x, y + 3), _t("no_wall_tiles", locale), SMALL, kit.MUTED)
        return
    for n in held:
        text = wall_tile_name(n, locale)
        w = CHIP + 4 + kit.text_width(text, kit.font(SMALL))
        if x + w > right:
            kit.draw_text(draw, (x, y + 3), "…", SMALL, kit.MUTED)
            return
        kit.paste(img, art.wall_tile(n, CHIP), (x, y))
        kit.draw_text(draw, (x + CHIP + 4, y + 3), text, SMALL, kit.TEXT)
        x += w + 12
    for n in used:
        if x + CHIP > right:
            return
        kit.paste(img, _used_wall_tile(n, CHIP), (x, y))
        x += CHIP + 4


def _player_row(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, info: Mapping,
                locale: str, top: int, right: int) -> None:
    seat = int(info["seat"])
    colour = kit.player_colour(seat)
    finished = bool(view.get("finished"))
    active = not finished and int(view.get("active", -1)) == seat
    winner = finished and seat in ((view.get("result") or {}).get("winners") or ())
    edge = kit.ACTIVE if active else kit.ACCENT if winner else kit.PANEL_EDGE
    kit.panel(img, (MARGIN, top, right, top + ROW_H - 6), outline=edge,
              width=3 if active or winner else 1, radius=8)
    x = MARGIN + 10
    if winner:
        kit.paste(img, kit.crown(18), (x, top + 8))
        x += 28
    kit.paste(img, art.follower(seat, 24), (x, top + 5))
    x += 30
    score = str(info.get("score", 0))
    score_w = kit.text_width(score, kit.font(STATUS + 2, True))
    name_w = right - x - score_w - 150
    sx = right - 140 - score_w
    with kit.glance():                                      # who plays, and the scores
        kit.draw_text(draw, (x, top + 7), kit.seat_name(view, seat, locale), NAME, colour,
                      bold=True, max_width=name_w)
        kit.draw_text(draw, (sx, top + 4), score, STATUS + 2, kit.ACCENT, bold=True)
    fx = right - 130
    kit.paste(img, kit.meeple(18, colour), (fx, top + 8))
    kit.draw_text(draw, (fx + 21, top + 9), f"×{info.get('followers', 0)}", 15, kit.TEXT, bold=True)
    keep = (view.get("keeps") or [None] * (seat + 1))[seat]
    kx = right - 62
    if keep:
        kit.paste(img, art.keep_icon(seat, 24, str(keep["size"])), (kx, top + 4))
    else:
        kit.paste(img, art.keep_icon(None, 24), (kx, top + 4))
    kit.draw_text(draw, (kx + 27, top + 9), _t("keep", locale), 11, kit.MUTED, max_width=right - kx - 30)
    chips_x = MARGIN + 10
    extra = int(info.get("extra_turns") or 0)
    if extra:                                   # wall tiles 1 played: turns still to come
        badge = kit.badge(_t("extra_turns", locale, n=extra), kit.ACCENT, 12)
        kit.paste(img, badge, (chips_x, top + 33))
        chips_x += badge.width + 10
    _wall_chips(img, draw, info, locale, chips_x, top + 32, right - 8)


DRAWN_LEFT = WIDTH - MARGIN - 96
DRAWN_TOP = 44


def drawn_tile_box() -> tuple[int, int, int, int]:
    """Where the drawn tile lies in the header (its top side is the tile's north)."""
    s = DRAWN - 12
    x = (DRAWN_LEFT + WIDTH - MARGIN) // 2 - s // 2
    return x, DRAWN_TOP + 20, x + s, DRAWN_TOP + 20 + s


def _drawn_box(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str) -> None:
    """The drawn tile (while it is being placed) and the tiles left in the supply."""
    left, top, right = DRAWN_LEFT, DRAWN_TOP, WIDTH - MARGIN
    kit.panel(img, (left, top, right, top + 2 * ROW_H - 6), radius=8, width=1)
    cx = (left + right) // 2
    kit.draw_text(draw, (cx, top + 4), _t("drawn", locale), 11, kit.MUTED, anchor="ma",
                  max_width=right - left - 6)
    drawn = view.get("drawn")
    x0, y0, x1, y1 = drawn_tile_box()
    if drawn and view.get("phase") in ("place", "rotate"):
        kit.paste(img, art.tile_sprite(drawn["face"], x1 - x0), (x0, y0))
    else:
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=kit.PANEL_EDGE, width=1)
        kit.draw_text(draw, (cx, (y0 + y1) // 2), "—", 16, kit.MUTED, anchor="mm")
    kit.draw_text(draw, (cx, top + 2 * ROW_H - 24), _t("supply", locale, n=view.get("supply", 0)),
                  12, kit.TEXT, anchor="ma", max_width=right - left - 6)


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                 status: tuple[str, kit.RGB]) -> int:
    size, room = STATUS, WIDTH - 2 * MARGIN
    while size > kit.glance_px(WIDTH) and kit.text_width(status[0], kit.font(size, True)) > room:
        size -= 1                                           # a long name: smaller, not cut
    with kit.glance():                                      # whose turn, what is asked
        kit.draw_text(draw, (MARGIN, 10 + (STATUS - size) // 2), status[0], size, status[1],
                      bold=True, max_width=room)
    top = DRAWN_TOP
    for info in view.get("seats") or ():
        _player_row(img, draw, view, info, locale, top, DRAWN_LEFT - 8)
        top += ROW_H
    _drawn_box(img, draw, view, locale)
    return top + 4


HEADER_H = 44 + 2 * ROW_H + 4


# -- footer -----------------------------------------------------------------------------
def _legend(img: Image.Image, draw: ImageDraw.ImageDraw, locale: str, top: int) -> int:
    x = MARGIN
    sw = 16
    for kind, fill in (("tower", art.TOWER), ("house", art.HOUSE), ("court", art.COURT)):
        draw.rectangle((x, top + 1, x + sw, top + 1 + sw), fill=fill, outline=art.SEAM)
        x += sw + 5 + kit.draw_text(draw, (x + sw + 5, top + 1), _t(f"kind.{kind}", locale), SMALL,
                                    kit.MUTED) + 14
    for key, sprite in (("legend.market", art.market_icon(sw)), ("legend.fountain", art.fountain_icon(sw)),
                        ("legend.keep", art.keep_icon(None, sw)),
                        ("legend.wall_tile", art.wall_tile(None, sw))):
        kit.paste(img, sprite, (x, top + 1))
        x += sw + 5 + kit.draw_text(draw, (x + sw + 5, top + 1), _t(key, locale), SMALL, kit.MUTED) + 14
    return top + 24


def _discards(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
              top: int) -> int:
    discards = view.get("discards") or ()
    if not discards:
        return top
    faces = _faces_by_tile(view)
    x = MARGIN + kit.draw_text(draw, (MARGIN, top + 6), _t("discards", locale, n=len(discards)),
                               SMALL, kit.TEXT) + 10
    for tile in discards:
        face = faces.get(tile)
        if face is None or x + 26 > WIDTH - MARGIN:
            continue
        kit.paste(img, art.tile_sprite(face, 24), (x, top + 2))
        x += 28
    return top + 30


def _faces_by_tile(view: Mapping) -> dict:
    """Rotation-0 faces of tile kinds the view shows (the drawn tile, or placed ones turned
    back)."""
    out = {}
    for tile in view.get("tiles") or ():
        turns = (4 - int(tile.get("rotation", 0)) // 90) % 4
        out.setdefault(tile["tile"], art.rotate_face(tile["face"], turns))
    drawn = view.get("drawn")
    if drawn:
        out[drawn["tile"]] = drawn["face"]
    for tile, face in (view.get("discard_faces") or {}).items():
        out[tile] = face
    return out


def _final(draw: ImageDraw.ImageDraw, view: Mapping, locale: str, top: int) -> int:
    result = view.get("result") or {}
    breakdown = result.get("breakdown") or {}
    for seat in range(int(view.get("players", 2))):
        parts = breakdown.get(str(seat)) or breakdown.get(seat) or {}
        shown = " · ".join(f"{_t('score.' + k, locale)} {v}" for k, v in parts.items())
        name = kit.seat_name(view, seat, locale)
        w = kit.draw_text(draw, (MARGIN, top), name, 14, kit.player_colour(seat), bold=True,
                          max_width=160) + 10
        kit.draw_text(draw, (MARGIN + w, top), shown, 14, kit.TEXT, max_width=WIDTH - 2 * MARGIN - w)
        top += 22
    final = view.get("final") or {}
    if final:
        sizes = " : ".join(str(s) for s in final.get("keep_sizes") or ())
        kit.draw_text(draw, (MARGIN, top), _t("final_area", locale, sizes=sizes, area=final.get("area", 0)),
                      SMALL, kit.MUTED, max_width=WIDTH - 2 * MARGIN)
        top += 20
    return top


def _footer_height(view: Mapping, legend: bool) -> int:
    h = 8 + (24 if legend else 0) + (30 if view.get("discards") else 0)
    if view.get("finished"):
        h += 22 * int(view.get("players", 2)) + 24
    return h + 6


def _draw_footer(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str,
                 top: int, legend: bool) -> None:
    top = _discards(img, draw, view, locale, top + 8)
    if legend:
        top = _legend(img, draw, locale, top)
    if view.get("finished"):
        _final(draw, view, locale, top + 4)


# -- table ------------------------------------------------------------------------------
def _compose(view: Mapping, locale: str, status: tuple[str, kit.RGB], board: Image.Image,
             panel_h: int = 0, legend: bool = True) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """Header, (room for a decision panel of ``panel_h``), board and footer (with the
    legend of the features, if ``legend``); returns the image, its drawer and the y where
    the decision panel goes."""
    height = HEADER_H + panel_h + board.height + _footer_height(view, legend)
    img = Image.new("RGB", (WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    _draw_header(img, draw, view, locale, status)
    kit.paste(img, board, ((WIDTH - board.width) // 2, HEADER_H + panel_h))
    _draw_footer(img, draw, view, locale, HEADER_H + panel_h + board.height, legend)
    return img, draw, HEADER_H


def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of a Carcassonne: The Castle view (any seat's or the spectator's)."""
    castle = castle_of(view)
    board, lay = draw_castle(castle)
    _draw_scored(board, lay, castle, view)
    img, _, _ = _compose(view, locale, _status(view, locale), board)
    return img


def render_private(view: dict, locale: str) -> Image.Image | None:
    """The board with the viewing seat's current choice drawn on it; None for a spectator."""
    if view.get("seat") is None:
        return None
    from render.carcassonne_castle_choice import render_choice

    return render_choice(view, locale)
