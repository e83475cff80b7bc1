"""The private picture of Carcassonne: The Castle: the public table with the viewing
seat's open decision drawn on it.

- ``place``: every legal space carries its label (the option's name, e.g. ``D4``) and a
  yellow ▲ on each side the tile's top may point to there;
- ``rotate``: the allowed rotations previewed in place (a crop of the castle around the
  chosen space for each);
- ``follower``: the new tile enlarged with a number on each part a follower may take, and
  the list of those parts by name;
- ``order`` / ``double``: the completed features numbered and outlined on the board;
- ``extra``: what wall tile 1 does.
When the seat has nothing to decide, the picture says whom the table waits for.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from render import kit
from render import carcassonne_castle as table
from render import carcassonne_castle_art as art
from render.carcassonne_castle_board import Castle, Layout, draw_castle

LABEL = 16                          # labels of options on the board: >= 9 px inline
HINT = 15
PREVIEW = 2.4                       # cells shown around the chosen space in a preview
ZOOM = 1.2                          # previews at most this much larger than the board
FOLLOWER_TILE = 132
GAP = 14
ARROW: kit.RGB = (255, 214, 60)
SIDE_OF = {0: "N", 90: "E", 180: "S", 270: "W"}


def _t(key: str, locale: str, **params) -> str:
    return table._t(key, locale, **params)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _my_turn(view: Mapping) -> bool:
    return (not view.get("finished") and view.get("seat") is not None
            and int(view.get("active", -1)) == int(view["seat"]))


# -- overlays on the board --------------------------------------------------------------
def _arrow(d: ImageDraw.ImageDraw, box, side: str) -> None:
    """A small triangle inside ``box`` on ``side``, pointing outwards."""
    x0, y0, x1, y1 = box
    cx, cy, k = (x0 + x1) / 2, (y0 + y1) / 2, max(5, (x1 - x0) // 7)
    pts = {"N": [(cx - k, y0 + k + 2), (cx + k, y0 + k + 2), (cx, y0 + 2)],
           "S": [(cx - k, y1 - k - 3), (cx + k, y1 - k - 3), (cx, y1 - 3)],
           "W": [(x0 + k + 2, cy - k), (x0 + k + 2, cy + k), (x0 + 2, cy)],
           "E": [(x1 - k - 3, cy - k), (x1 - k - 3, cy + k), (x1 - 3, cy)]}[side]
    d.polygon(pts, fill=ARROW, outline=art.SEAM)


def _pill(img: Image.Image, text: str, centre: tuple[float, float], size: int = LABEL,
          fill: kit.RGB = kit.ACTIVE) -> None:
    """An option's name at its place (read at a glance)."""
    with kit.glance():
        _paste_pill(img, text, centre, size, fill)


def _paste_pill(img: Image.Image, text: str, centre: tuple[float, float], size: int,
                fill: kit.RGB) -> None:
    art.paste_centered(img, kit.badge(text, fill, size, text_fill=kit.CARD_TEXT
                                      if fill == kit.ACTIVE else None), centre)


def _mark_legal(img: Image.Image, lay: Layout, castle: Castle, view: Mapping) -> None:
    d = ImageDraw.Draw(img)
    for spot in view.get("legal") or ():
        box = lay.cell_box(castle, table._cell(spot["cell"]))
        d.rectangle((box[0] + 1, box[1] + 1, box[2] - 2, box[3] - 2), outline=kit.ACTIVE, width=2)
        for degrees in spot.get("rotations") or ():
            _arrow(d, box, SIDE_OF.get(int(degrees) % 360, "N"))
        _pill(img, spot["label"], ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))


def _mark_features(img: Image.Image, lay: Layout, castle: Castle, items: Sequence[Mapping]) -> None:
    """Completed features to score: outlined, numbered on their first cell."""
    for i, item in enumerate(items, 1):
        seat = item.get("seat")
        colour = kit.player_colour(int(seat)) if seat is not None else kit.TEXT
        table._outline_cells(img, lay, castle, item.get("cells") or (), colour)
        cells = item.get("cells") or ()
        if cells:
            x0, y0, _, _ = lay.cell_box(castle, table._cell(cells[0]))
            _pill(img, str(i), (x0 + LABEL, y0 + LABEL),
                  fill=kit.ACTIVE if item.get("next") else kit.PANEL_EDGE)


# -- decision panels --------------------------------------------------------------------
def _extra_now(view: Mapping) -> bool:
    """The place decision also offers wall tile 1 (an extra turn after this one)."""
    return "extra:use" in (view.get("my_options") or ())


def _panel_place(img, draw, view, locale, top) -> None:
    _arrow(draw, table.drawn_tile_box(), "N")               # the drawn tile's top
    kit.draw_lines(draw, (table.MARGIN, top + 4), _t("hint.place", locale), HINT,
                   table.WIDTH - 2 * table.MARGIN)
    if _extra_now(view):
        number = (view.get("asking") or {}).get("number")
        with kit.glance():
            if number:
                kit.paste(img, art.wall_tile(int(number), 24), (table.MARGIN, top + 46))
                text = _t("hint.extra_now", locale, n=number,
                          name=table.wall_tile_name(int(number), locale))
            else:
                text = _t("hint.extra_now_plain", locale)
            kit.draw_text(draw, (table.MARGIN + 32, top + 49), text, HINT, kit.ACCENT,
                          max_width=table.WIDTH - 2 * table.MARGIN - 32)


def _place_h(view: Mapping, locale: str) -> int:
    return 46 + (34 if _extra_now(view) else 0)


def _rotate_previews(view: Mapping) -> list[tuple[int, Image.Image]]:
    """(degrees, crop of the castle with the drawn tile turned so on the chosen space)."""
    chosen, drawn = view.get("chosen"), view.get("drawn")
    if not chosen or not drawn:
        return []
    cell = table._cell(chosen["cell"])
    out = []
    for degrees in chosen.get("rotations") or ():
        face = art.rotate_face(drawn["face"], int(degrees) // 90)
        castle = table.castle_of(view, extra=[(cell, face)])
        castle.last = cell
        board, lay = draw_castle(castle)
        x0, y0, x1, y1 = lay.cell_box(castle, cell)
        pad = int(lay.cell * (PREVIEW - 1) / 2)
        out.append((int(degrees), board.crop((x0 - pad, y0 - pad, x1 + pad, y1 + pad))))
    if out:                                   # as large as the row allows (at most ZOOM)
        side = out[0][1].width
        room = (table.WIDTH - 2 * table.MARGIN - GAP * (len(out) - 1)) // len(out)
        size = min(int(side * ZOOM), room)
        out = [(deg, crop.resize((size, size), Image.Resampling.BILINEAR)) for deg, crop in out]
    return out


def _preview_size(view: Mapping) -> int:
    from render.carcassonne_castle_board import layout

    board = view["board"]
    cell = layout(board["mask"], int((view.get("track") or {}).get("length", 100))).cell
    side = cell + 2 * int(cell * (PREVIEW - 1) / 2)
    n = max(1, len((view.get("chosen") or {}).get("rotations") or ()))
    room = (table.WIDTH - 2 * table.MARGIN - GAP * (n - 1)) // n
    return min(int(side * ZOOM), room)


def _panel_rotate(img, draw, view, locale, top) -> None:
    spot = (view.get("chosen") or {}).get("label", "")
    kit.draw_text(draw, (table.MARGIN, top + 4), _t("hint.rotate", locale, spot=spot), HINT,
                  max_width=table.WIDTH - 2 * table.MARGIN)
    x = table.MARGIN
    for degrees, crop in _rotate_previews(view):
        kit.paste(img, crop, (x, top + 28))
        with kit.glance():
            kit.draw_text(draw, (x + crop.width // 2, top + 32 + crop.height),
                          _t("rotation", locale, degrees=degrees), LABEL, kit.ACTIVE, bold=True,
                          anchor="ma")
        x += crop.width + GAP


def _follower_lines(view: Mapping, locale: str) -> list[str]:
    out = []
    for opt in view.get("follower_options") or ():
        role = table._name(_ROLE.get(opt["kind"], opt["kind"]), locale)
        out.append(f"{_cap(role)}: {table._name(opt['part'], locale)}")
    return out


_ROLE = {"path": "herald", "tower": "knight", "house": "squire", "court": "merchant"}
LIST_X = table.MARGIN + FOLLOWER_TILE + 16          # the numbered list beside the tile
LINE_H = int(LABEL * 1.25)


def _follower_rows(view: Mapping, locale: str) -> list[list[str]]:
    """Each follower option's text wrapped onto at most two lines beside the tile."""
    width = table.WIDTH - table.MARGIN - LIST_X - 30
    return [kit.wrap(line, kit.font(LABEL), width, max_lines=2)
            for line in _follower_lines(view, locale)]


def _follower_h(view: Mapping, locale: str) -> int:
    rows = _follower_rows(view, locale)
    return 40 + max(FOLLOWER_TILE, sum(len(r) * LINE_H + 6 for r in rows) + 26)


def _panel_follower(img, draw, view, locale, top) -> None:
    seat = int(view["seat"])
    left = (view.get("seats") or [{}] * (seat + 1))[seat].get("followers", 0)
    spot = (view.get("last") or {}).get("label", "")
    kit.draw_text(draw, (table.MARGIN, top + 4), _t("hint.follower", locale, n=left, spot=spot),
                  HINT, max_width=table.WIDTH - 2 * table.MARGIN)
    last = view.get("last")
    face = next((t["face"] for t in view.get("tiles") or ()
                 if last and table._cell(t["cell"]) == table._cell(last["cell"])), None)
    y = top + 30
    if face is not None:
        s = FOLLOWER_TILE
        kit.paste(img, art.tile_sprite(face, s), (table.MARGIN, y))
        for i, opt in enumerate(view.get("follower_options") or (), 1):
            px, py = art.part_spot(face, opt, s)
            _pill(img, str(i), (table.MARGIN + px, y + py))
    with kit.glance():
        for i, lines in enumerate(_follower_rows(view, locale), 1):
            kit.paste(img, kit.badge(str(i), kit.ACTIVE, LABEL, text_fill=kit.CARD_TEXT),
                      (LIST_X, y))
            for k, line in enumerate(lines):
                kit.draw_text(draw, (LIST_X + 30, y + 2 + k * LINE_H), line, LABEL, kit.TEXT)
            y += len(lines) * LINE_H + 6
        kit.draw_text(draw, (LIST_X, y + 2), _t("no_follower", locale), LABEL, kit.MUTED)


def _order_lines(view: Mapping, locale: str) -> list[tuple[str, bool]]:
    out = []
    for item in view.get("scoring") or ():
        kind = _t(f"kind.{item['kind']}", locale)
        seat = item.get("seat")
        if seat is None:
            text = _t("order_nobody", locale, kind=kind, size=item.get("size", 0))
        else:
            text = _t("order_item", locale, kind=kind, size=item.get("size", 0),
                      name=kit.seat_name(view, int(seat), locale), points=item.get("points", 0))
        out.append((text, bool(item.get("next"))))
    return out


def _panel_order(img, draw, view, locale, top) -> None:
    kit.draw_text(draw, (table.MARGIN, top + 4), _t("hint.order", locale), HINT,
                  max_width=table.WIDTH - 2 * table.MARGIN)
    y = top + 30
    with kit.glance():
        for i, (line, choosable) in enumerate(_order_lines(view, locale), 1):
            fill = kit.ACTIVE if choosable else kit.PANEL_EDGE
            kit.paste(img, kit.badge(str(i), fill, LABEL,
                                     text_fill=kit.CARD_TEXT if choosable else None),
                      (table.MARGIN, y))
            kit.draw_text(draw, (table.MARGIN + 30, y + 2), line, LABEL,
                          kit.TEXT if choosable else kit.MUTED,
                          max_width=table.WIDTH - 2 * table.MARGIN - 30)
            y += 26


def _panel_wall_tile(img, draw, view, locale, top) -> None:
    asking = view.get("asking") or {}
    number = asking.get("number")
    if not number:
        return
    name = table.wall_tile_name(int(number), locale)
    if view.get("phase") == "double":
        kind = _t(f"kind.{asking.get('kind', 'tower')}", locale).lower()
        text = _t("hint.double", locale, n=number, name=name, kind=kind,
                  points=asking.get("points", 0))
    else:
        text = _t("hint.extra", locale, n=number, name=name)
    with kit.glance():
        kit.paste(img, art.wall_tile(int(number), 28), (table.MARGIN, top + 4))
        kit.draw_lines(draw, (table.MARGIN + 38, top + 8), text, HINT,
                       table.WIDTH - 2 * table.MARGIN - 38)


PANELS = {"place": (_panel_place, _place_h),
          "rotate": (_panel_rotate, lambda v, loc: _rotate_h(v)),
          "follower": (_panel_follower, _follower_h),
          "order": (_panel_order, lambda v, loc: 36 + 26 * len(v.get("scoring") or ())),
          "double": (_panel_wall_tile, lambda v, loc: 52),
          "extra": (_panel_wall_tile, lambda v, loc: 52)}


def _rotate_h(view: Mapping) -> int:
    return 28 + _preview_size(view) + 34


# -- the picture ------------------------------------------------------------------------
def _mark_choice(board: Image.Image, lay: Layout, castle: Castle, view: Mapping,
                 phase: str | None) -> None:
    """What the seat chooses from, drawn on the castle (else the last scoring)."""
    if phase == "place":
        _mark_legal(board, lay, castle, view)
    elif phase == "order":
        _mark_features(board, lay, castle, view.get("scoring") or ())
    elif phase == "double":
        _mark_features(board, lay, castle, [dict(view.get("asking") or {}, next=True,
                                                  seat=view.get("active"))])
    elif phase == "rotate" and view.get("chosen"):
        table._outline_cells(board, lay, castle, [view["chosen"]["cell"]], kit.ACTIVE)
    else:
        table._draw_scored(board, lay, castle, view)


def render_choice(view: Mapping, locale: str) -> Image.Image:
    castle = table.castle_of(view)
    board, lay = draw_castle(castle)
    mine = _my_turn(view)
    phase = view.get("phase") if mine else None
    _mark_choice(board, lay, castle, view, phase)
    if phase in PANELS:
        seat = int(view["seat"])
        status = (_t(f"your.{phase}", locale), kit.player_colour(seat))
    elif view.get("finished"):
        status = table._status(view, locale)
    else:
        active = int(view.get("active", 0))
        status = (_t("waiting", locale, name=kit.seat_name(view, active, locale)),
                  kit.player_colour(active))
    draw_panel, height = PANELS.get(phase, (None, lambda v, loc: 0))
    img, draw, top = table._compose(view, locale, status, board, height(view, locale),
                                    legend=phase not in PANELS)
    if draw_panel is not None:
        draw_panel(img, draw, view, locale, top)
    return img
