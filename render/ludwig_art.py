"""Drawing pieces of Castles of Mad King Ludwig: room-type colours, text, and room tiles.

A room is drawn from its geometry in grid units (1 unit = 5 ft): ``Shape`` holds the
outline (a polygon, or a circle), its doors (unit segments with a facing and a floor) and
its fence segments, already rotated; ``room_sprite`` turns it into a cached RGBA sprite at
``unit`` px per grid unit: filled with the room type's colour, outlined, doors as light
gaps in the wall, fences as a hedge, and the room's name written level (never rotated)
inside its largest rectangle.  Shapes are drawn 3x larger and scaled down (smooth
circles and diagonals); text is drawn at its final size.

Every text of a Ludwig picture goes through ``text``: ``glance`` marks what a player
needs at a glance (whose turn, what is asked, scores, placement labels), which the
readability tests hold to a larger minimum than the rest.
"""
from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.ludwig import data, shapes
from render import kit

SS = 3                                   # supersampling factor of shapes
DARK: kit.RGB = (22, 22, 26)
WALL: kit.RGB = (34, 30, 28)
DOOR: kit.RGB = (250, 236, 200)
BLOCKED: kit.RGB = (226, 56, 48)
HEDGE: kit.RGB = (30, 96, 40)
DONE: kit.RGB = (46, 170, 80)

#: room type -> tile colour (the printed tiles' colours, kept apart for the quantizer)
TYPE_COLOUR: Mapping[str, kit.RGB] = {
    "living": (150, 92, 196),
    "activity": (214, 178, 122),
    "food": (240, 202, 62),
    "sleeping": (78, 132, 214),
    "outdoor": (92, 172, 84),
    "utility": (232, 132, 50),
    "corridor": (176, 180, 188),
    "downstairs": (96, 98, 112),
}
DOWNSTAIRS_HALL: kit.RGB = (112, 116, 130)   # the dark side of a hallway

FACING = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def text(img: Image.Image, xy: tuple[float, float], line: str, size: int,
         fill: kit.RGB = kit.TEXT, *, bold: bool = False, max_width: int | None = None,
         anchor: str = "la", glance: bool = False, direct: bool = False) -> int:
    """Draw one line onto ``img`` (ellipsized to ``max_width``) as a cached text sprite,
    or straight onto it when ``direct`` (inside a cached sprite with an opaque ground:
    crisper); returns its width.  ``glance``: text a player needs at a glance."""
    xy = (int(xy[0]), int(xy[1]))
    with kit.glance() if glance else nullcontext():
        if direct:
            return kit.draw_text(ImageDraw.Draw(img), xy, line, size, fill, bold=bold,
                                 max_width=max_width, anchor=anchor)
        return kit.text_sprite(img, xy, line, size, fill, bold=bold, max_width=max_width,
                               anchor=anchor)


def lines(img: Image.Image, xy: tuple[float, float], words: str, size: int,
          max_width: int, fill: kit.RGB = kit.TEXT, *, bold: bool = False,
          max_lines: int | None = None, center: bool = True, glance: bool = False,
          direct: bool = False) -> int:
    """Wrapped text from ``xy`` (centred on ``xy[0]`` unless ``center`` is False); returns
    the height used.  Each line goes through ``text``."""
    fnt = kit.font(size, bold)
    step = int(size * 1.15)
    wrapped = kit.wrap(words, fnt, max_width, max_lines)
    for i, line in enumerate(wrapped):
        text(img, (xy[0], xy[1] + i * step), line, size, fill, bold=bold,
             anchor="ma" if center else "la", glance=glance, direct=direct)
    return step * len(wrapped)


def mix(a: kit.RGB, b: kit.RGB, share: float) -> kit.RGB:
    """``share`` of ``a`` blended into ``b``."""
    return tuple(int(x * share + y * (1 - share)) for x, y in zip(a, b))


def type_colour(type_: str, floor: str = "ground") -> kit.RGB:
    """The fill of a room of ``type_`` (a downstairs hallway is darker than a ground one)."""
    if type_ == "corridor" and floor == "downstairs":
        return DOWNSTAIRS_HALL
    return TYPE_COLOUR.get(type_, kit.PANEL_EDGE)


# -- geometry in grid units ---------------------------------------------------------------
@dataclass(frozen=True)
class Door:
    """A door: the unit segment from (x, y) along the side it faces (N/S: to x+1; E/W: to
    y+1); ``floor`` matters on stairs; ``state``: "open", "connected" or "blocked"."""

    x: int
    y: int
    facing: str
    floor: str = "ground"
    state: str = "open"

    def ends(self) -> tuple[tuple[int, int], tuple[int, int]]:
        if self.facing in "NS":
            return (self.x, self.y), (self.x + 1, self.y)
        return (self.x, self.y), (self.x, self.y + 1)


@dataclass(frozen=True)
class Shape:
    """A room's outline in local grid units (bounding box [0, w] x [0, h], rotated
    already): ``points`` of a polygon, or a circle filling the box when ``circle``;
    ``label_box`` is the rectangle its name is written in."""

    w: int
    h: int
    points: tuple[tuple[float, float], ...] = ()
    circle: bool = False
    doors: tuple[Door, ...] = ()
    fence: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    label_box: tuple[float, float, float, float] = (0, 0, 0, 0)
    stairs: str = ""                     # "W" etc.: where a stairs tile's dark end is


def rotate_point(x: float, y: float, w: float, h: float, turns: int) -> tuple[float, float]:
    """(x, y) of a ``w`` x ``h`` box turned 90 degrees clockwise ``turns`` times (data
    section "coordinates": (x, y) -> (h - y, x), the box's sides swapping each time)."""
    for _ in range(turns % 4):
        x, y, w, h = h - y, x, h, w
    return x, y


# -- sprites ------------------------------------------------------------------------------
def _px(points, unit: int, pad: int):
    return [(pad + x * unit * SS, pad + y * unit * SS) for x, y in points]


def _door_quad(door: Door, unit: int, pad: int, depth: float) -> list[tuple[float, float]]:
    """The door's mark: its unit segment shortened a little, ``depth`` px into the room
    and out of it (supersampled coordinates)."""
    (x0, y0), (x1, y1) = door.ends()
    inset = 0.18
    ax, ay = x0 + (x1 - x0) * inset, y0 + (y1 - y0) * inset
    bx, by = x1 - (x1 - x0) * inset, y1 - (y1 - y0) * inset
    nx, ny = FACING[door.facing]
    (ax, ay), (bx, by) = _px(((ax, ay), (bx, by)), unit, pad)
    return [(ax - nx * depth, ay - ny * depth), (bx - nx * depth, by - ny * depth),
            (bx + nx * depth * 0.4, by + ny * depth * 0.4),
            (ax + nx * depth * 0.4, ay + ny * depth * 0.4)]


def shape_image(shape: Shape, fill: kit.RGB, unit: int, *, outline: kit.RGB = WALL,
                ghost: bool = False) -> Image.Image:
    """The room's outline, fill, fence and doors at ``unit`` px per grid unit, with a
    margin of ``margin(unit)`` px around its box (doors stick out a little)."""
    pad = margin(unit) * SS
    w, h = shape.w * unit * SS + 2 * pad, shape.h * unit * SS + 2 * pad
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    line = max(SS, unit * SS // 10)
    if shape.circle:
        box = (pad, pad, pad + shape.w * unit * SS, pad + shape.h * unit * SS)
        d.ellipse(box, fill=None if ghost else fill, outline=outline, width=line)
    else:
        d.polygon(_px(shape.points, unit, pad), fill=None if ghost else fill, outline=outline,
                  width=line)
    if shape.stairs and not ghost:
        _stair_steps(d, shape, unit, pad)
    for (a, b) in shape.fence:
        d.line(_px((a, b), unit, pad), fill=HEDGE, width=max(2 * SS, unit * SS // 4))
    depth = max(3 * SS, unit * SS * 0.16)
    for door in shape.doors:
        colour = BLOCKED if door.state == "blocked" else DOOR
        if door.floor == "downstairs" and shape.stairs:
            colour = mix(colour, DARK, 0.6)
        d.polygon(_door_quad(door, unit, pad, depth), fill=colour, outline=DARK)
    return downsample(img)


def downsample(img: Image.Image) -> Image.Image:
    """A supersampled RGBA drawing at 1/``SS`` size: each pixel the mean of its ``SS`` x
    ``SS`` block (alpha-weighted, so transparent pixels do not darken the edges).  A box
    filter looks the same as Lanczos here and takes a tenth of the time: the castles'
    rooms were the costliest part of a Ludwig picture."""
    return img.convert("RGBa").reduce(SS).convert("RGBA")


def _stair_steps(d: ImageDraw.ImageDraw, shape: Shape, unit: int, pad: int) -> None:
    """Steps across a stairs tile, darker towards its downstairs end."""
    long_x = shape.w >= shape.h
    n = max(shape.w, shape.h) * 3
    for i in range(1, n):
        t = i / n
        if long_x:
            x = pad + t * shape.w * unit * SS
            seg = [(x, pad), (x, pad + shape.h * unit * SS)]
        else:
            y = pad + t * shape.h * unit * SS
            seg = [(pad, y), (pad + shape.w * unit * SS, y)]
        dark_first = shape.stairs in "WN"
        share = t if dark_first else 1 - t
        d.line(seg, fill=mix((235, 235, 240), DARK, 0.25 + 0.7 * share), width=SS)


def margin(unit: int) -> int:
    """Pixels around a room sprite's box (for doors and fences sticking out)."""
    return max(2, unit // 5)


def label_box(kind: str, w: int, h: int) -> tuple[float, float, float, float]:
    """The rectangle (canonical orientation) a room's name is written in: the whole box
    of a rectangle, the full-width leg of an L, inside the cut corners of an octagon, the
    middle band of a circle."""
    if kind == "L":
        return (0, h / 2, w, h)
    if kind == "octagon":
        return (0.5, 0.5, w - 0.5, h - 0.5)
    if kind == "circle":
        return (0.1 * w, 0.22 * h, 0.9 * w, 0.78 * h)
    return (0, 0, w, h)


def turned_box(box, w: int, h: int, turns: int) -> tuple[float, float, float, float]:
    """``box`` of a ``w`` x ``h`` shape after ``turns`` clockwise quarter turns."""
    (x0, y0), (x1, y1) = (rotate_point(box[0], box[1], w, h, turns),
                          rotate_point(box[2], box[3], w, h, turns))
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _kind(tile: str) -> str:
    return data.SHAPES[data.TILES[tile]["shape"]]["kind"]


def room_shape(room: Mapping) -> Shape:
    """The ``Shape`` of a room of a view's castle (doubled coordinates, see
    ``engine/ludwig/view.py``), relative to the room's box."""
    x0, y0, x1, y1 = room["box"]
    w, h = (x1 - x0) // 2, (y1 - y0) // 2
    turns = room["rot"] // 90
    canonical = (h, w) if turns % 2 else (w, h)
    doors = tuple(Door((min(d["x1"], d["x2"]) - x0) // 2, (min(d["y1"], d["y2"]) - y0) // 2,
                       d["facing"], d.get("floor") or "ground", d.get("state") or "open")
                  for d in room["doors"])
    fence = tuple((((a - x0) // 2, (b - y0) // 2), ((c - x0) // 2, (e - y0) // 2))
                  for a, b, c, e in room.get("fence") or ())
    stairs = next((d.facing for d in doors if d.floor == "downstairs"), "") \
        if room["tile"] == data.STAIRS else ""
    return Shape(w, h, tuple(((x - x0) / 2, (y - y0) / 2) for x, y in room.get("outline") or ()),
                 room.get("circle") is not None, doors, fence,
                 turned_box(label_box(_kind(room["tile"]), *canonical), *canonical, turns), stairs)


def candidate_shape(tile: str, rot: int, side: str | None) -> Shape:
    """The ``Shape`` of ``tile`` turned ``rot`` quarter turns, from the static tile
    geometry (a candidate placement: no neighbours, every door open)."""
    geom = tile
    o = shapes.get(geom, rot)
    floor = side if tile == data.HALLWAY and side else data.TILES[tile].get("floor", "ground")
    doors = tuple(Door(min(s[0], s[2]) // 2, min(s[1], s[3]) // 2, d.facing,
                       d.floor or floor if floor in ("ground", "downstairs") else d.floor or "ground")
                  for d, s in zip(o.doors, o.door_segments))
    fence = []
    for elem in o.fence:
        x, y, k = shapes.unkey(elem)
        fence.append(((x, y), (x + 1, y) if k == 0 else (x, y + 1)))
    canonical = (o.h, o.w) if rot % 2 else (o.w, o.h)
    stairs = next((d.facing for d in doors if d.floor == "downstairs"), "") \
        if tile == data.STAIRS else ""
    return Shape(o.w, o.h, tuple((x / 2, y / 2) for x, y in o.outline), o.circle is not None,
                 doors, tuple(fence), turned_box(label_box(_kind(tile), *canonical), *canonical, rot),
                 stairs)


def check_mark(size: int) -> Image.Image:
    """A green disc with a white tick: a completed room."""
    def make() -> Image.Image:
        img = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        s = size * SS
        d.ellipse((0, 0, s - 1, s - 1), fill=DONE, outline=DARK, width=SS)
        d.line([(s * 0.26, s * 0.52), (s * 0.44, s * 0.7), (s * 0.76, s * 0.32)],
               fill=(255, 255, 255), width=max(SS, s // 8), joint="curve")
        return downsample(img)
    return kit.sprite(("lw_check", size), make)


def room_sprite(key, shape: Shape, fill: kit.RGB, unit: int, name: str, *,
                name_size: int, completed: bool = False, name_fill: kit.RGB | None = None,
                ghost: bool = False) -> Image.Image:
    """A placed room: ``shape_image`` plus its name in its label box (wrapped on up to
    three lines; left out when even one short word does not fit) and a tick when
    ``completed``.  Cached under ``key`` (which must name everything drawn)."""
    def make() -> Image.Image:
        img = shape_image(shape, fill, unit, ghost=ghost).copy()
        d = ImageDraw.Draw(img)
        pad = margin(unit)
        x0, y0, x1, y1 = (pad + v * unit for v in shape.label_box)
        width, height = int(x1 - x0) - 8, int(y1 - y0) - 2
        colour = name_fill or kit.contrast(fill)
        if name and name_size:
            fnt = kit.font(name_size, True)
            step = int(name_size * 1.15)
            rows = max(0, min(3, height // step))
            wrapped = kit.wrap(name, fnt, width, rows) if rows else []
            if wrapped and not any(line.endswith("…") for line in wrapped):
                top = (y0 + y1) / 2 - step * len(wrapped) / 2
                lines(img, ((x0 + x1) / 2, top), name, name_size, width, colour, bold=True,
                      max_lines=rows, direct=True)
        if completed:
            mark = check_mark(max(10, min(unit - 2, 22)))
            bx = int(x1 - mark.width - 1) if not shape.circle else int((x0 + x1 - mark.width) / 2)
            by = int(y1 - mark.height - 1) if not shape.circle else int(y1 - mark.height / 2)
            img.alpha_composite(mark, (max(0, bx), max(0, by)))
        return img
    return kit.sprite(("lw_room", key, unit, name_size, completed, ghost), make)


# -- castles ------------------------------------------------------------------------------
def room_fill(room: Mapping) -> kit.RGB:
    return type_colour(room["type"], room.get("floor") or "ground")


def room_image(room: Mapping, unit: int, name: str, name_size: int) -> Image.Image:
    """The sprite of a view's castle room (cached by everything that changes its look)."""
    states = tuple(d.get("state") for d in room["doors"])
    key = (room["tile"], room["rot"], room.get("side"), states, name)
    return room_sprite(key, room_shape(room), room_fill(room), unit, name,
                       name_size=name_size, completed=bool(room.get("completed")))


def draw_rooms(canvas: Image.Image, rooms: Sequence[Mapping], origin: tuple[int, int],
               unit: int, names: Mapping[str, str], name_size: int) -> None:
    """Paste a view's castle ``rooms`` with the doubled point (0, 0) at pixel ``origin``."""
    pad = margin(unit)
    for room in rooms:
        sprite = room_image(room, unit, names.get(room["tile"], ""), name_size)
        kit.paste(canvas, sprite, (origin[0] + room["box"][0] * unit // 2 - pad,
                                   origin[1] + room["box"][1] * unit // 2 - pad))


def fit_unit(box: Sequence[int], max_w: int, max_h: int, cap: int, least: int = 4) -> int:
    """The largest px-per-grid-unit (at most ``cap``) at which a doubled ``box`` fits."""
    w, h = (box[2] - box[0]) / 2 + 1, (box[3] - box[1]) / 2 + 1
    return max(least, min(cap, int(max_w / w), int(max_h / h)))


def castle_sprite(rooms: Sequence[Mapping], box: Sequence[int], unit: int,
                  names: Mapping[str, str], name_size: int) -> Image.Image:
    """A whole castle (RGBA, transparent around it): the doubled ``box`` plus half a unit
    of margin on every side.  Cached by its rooms, so an unchanged castle is drawn once."""
    key = ("lw_castle", tuple(box), unit, name_size,
           tuple((r["tile"], r["rot"], r["box"][0], r["box"][1], r.get("side"),
                  bool(r.get("completed")), tuple(d.get("state") for d in r["doors"]),
                  names.get(r["tile"], "")) for r in rooms))

    def make() -> Image.Image:
        w = (box[2] - box[0] + 2) * unit // 2
        h = (box[3] - box[1] + 2) * unit // 2
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        draw_rooms(img, rooms, castle_origin(box, unit), unit, names, name_size)
        return img
    return kit.sprite(key, make)


def castle_origin(box: Sequence[int], unit: int) -> tuple[int, int]:
    """Pixel of the doubled point (0, 0) in ``castle_sprite(…, box, unit, …)``."""
    return (-box[0] * unit // 2 + unit // 2, -box[1] * unit // 2 + unit // 2)


def ghost(outline: Sequence, circle, origin: tuple[int, int], unit: int,
          d: ImageDraw.ImageDraw, colour: kit.RGB, width: int = 2) -> None:
    """A candidate placement's outline (doubled coordinates) drawn at ``origin``."""
    def px(x, y):
        return origin[0] + x * unit / 2, origin[1] + y * unit / 2
    if circle:
        cx, cy, r = circle
        (x0, y0), (x1, y1) = px(cx - r, cy - r), px(cx + r, cy + r)
        d.ellipse((x0, y0, x1, y1), outline=colour, width=width)
    else:
        d.polygon([px(x, y) for x, y in outline], outline=colour, width=width)
