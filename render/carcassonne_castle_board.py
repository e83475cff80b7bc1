"""The castle picture: the wall and its start spaces, every placed tile, followers, keeps,
and the scoring track as a ring of spaces around the castle (corner towers with the
face-down wall tile they still hold, both score markers).

Everything comes from a ``Castle`` description built from the view: the mask, the start
spaces, the tiles, the track.  The ring's shape is presentation only; which spaces are
corner towers, and how many spaces there are, is data.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from render import kit
from render import carcassonne_castle_art as art

RING = 24                       # px per track space
COORD = 12                      # space names in empty spaces
COORD_FILL: kit.RGB = (112, 126, 114)
RING_FILL: kit.RGB = (70, 62, 56)
SPACE_FILL: kit.RGB = (96, 86, 76)
TOWER_SPACE: kit.RGB = (124, 132, 154)
LAST_EDGE: kit.RGB = (255, 236, 120)


@dataclass
class Castle:
    """What the castle picture shows (cells are ``(row, col)`` in board coordinates)."""

    mask: Sequence[str]
    origin: tuple[int, int]                               # board coords of mask[0][0]
    starts: list[tuple[tuple[int, int], Mapping]]         # (cell, face)
    tiles: list[tuple[tuple[int, int], Mapping]]          # (cell, face, rotated)
    followers: list[tuple[tuple[int, int], Mapping, Mapping, int]] = field(default_factory=list)
    keeps: list[tuple[tuple[int, int], int, int]] = field(default_factory=list)  # cell, seat, size
    track_length: int = 100
    towers: list[tuple[Sequence[int], bool]] = field(default_factory=list)  # spaces, holds
    markers: Mapping[int, int] = field(default_factory=dict)                 # seat -> score
    last: tuple[int, int] | None = None


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of the castle with its track ring."""

    rows: int
    cols: int
    across: int                  # ring spaces along the top (and bottom) edge
    down: int                    # ring spaces along the left (and right) edge
    cell: int
    ox: int                      # px of the mask's top-left corner (inside the ring)
    oy: int

    @property
    def width(self) -> int:
        return self.across * RING

    @property
    def height(self) -> int:
        return self.down * RING

    def cell_box(self, castle: Castle, rc: tuple[int, int]) -> tuple[int, int, int, int]:
        r, c = rc[0] - castle.origin[0], rc[1] - castle.origin[1]
        x, y = self.ox + c * self.cell, self.oy + r * self.cell
        return x, y, x + self.cell, y + self.cell

    def space_xy(self, i: int) -> tuple[int, int]:
        """Top-left px of track space ``i``: 0 at the bottom-left corner, clockwise."""
        a, b = self.across, self.down
        if i < b:
            col, row = 0, b - 1 - i
        elif i < b + a - 1:
            col, row = i - b + 1, 0
        elif i < 2 * b + a - 2:
            col, row = a - 1, i - (b + a - 2)
        else:
            col, row = a - 1 - (i - (2 * b + a - 3)), b - 1
        return col * RING, row * RING


def layout(mask: Sequence[str], track_length: int) -> Layout:
    """Ring sides in the mask's proportions (their spaces add up to the track length),
    then the largest square cell that fits inside the ring."""
    rows, cols = len(mask), max(len(r) for r in mask)
    half = (track_length + 4) // 2                 # across + down, perimeter = 2*half - 4
    across = max(3, min(half - 3, round(half * cols / (rows + cols))))
    down = half - across
    if 2 * (across + down) - 4 < track_length:     # an odd length: one more space down
        down += 1
    inner_w, inner_h = (across - 2) * RING - 8, (down - 2) * RING - 8
    cell = max(12, min(inner_w // cols, inner_h // rows))
    ox = RING + ((across - 2) * RING - cell * cols) // 2
    oy = RING + ((down - 2) * RING - cell * rows) // 2
    return Layout(rows, cols, across, down, cell, ox, oy)


def _draw_wall(img: Image.Image, castle: Castle, lay: Layout) -> None:
    """The wall as a band around the interior and the start spaces (every such cell grown
    by the band's thickness), empty interior cells as dark ground."""
    d = ImageDraw.Draw(img)
    mask, s = castle.mask, lay.cell
    band = max(6, s // 3)
    cells = [(r, c, ch) for r, row in enumerate(mask) for c, ch in enumerate(row) if ch in "#S"]
    for grow, fill in ((band, art.WALL_DARK), (band - 2, art.WALL)):
        for r, c, _ in cells:
            x, y = lay.ox + c * s, lay.oy + r * s
            d.rectangle((x - grow, y - grow, x + s - 1 + grow, y + s - 1 + grow), fill=fill)
    for r, c, ch in cells:
        if ch == "#":
            x, y = lay.ox + c * s, lay.oy + r * s
            d.rectangle((x, y, x + s - 1, y + s - 1), fill=art.EMPTY, outline=art.EMPTY_LINE)


def _draw_coordinates(img: Image.Image, castle: Castle, lay: Layout) -> None:
    """Each interior space's name (``D4``: column D, row 4), faint, where a tile would go;
    placed tiles cover theirs."""
    d = ImageDraw.Draw(img)
    fnt = kit.font(COORD, True)
    r0, c0 = castle.origin
    for r, row in enumerate(castle.mask):
        for c, ch in enumerate(row):
            if ch == "#":
                x, y = lay.ox + (c + 0.5) * lay.cell, lay.oy + (r + 0.5) * lay.cell
                d.text((x, y), f"{chr(ord('A') + c + c0)}{r + r0 + 1}", font=fnt,
                       fill=COORD_FILL, anchor="mm")


def _draw_ring(img: Image.Image, castle: Castle, lay: Layout) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width - 1, lay.height - 1), fill=RING_FILL)
    d.rectangle((RING, RING, lay.width - RING - 1, lay.height - RING - 1), fill=kit.BG)
    tower_spaces = {sp for spaces, _ in castle.towers for sp in spaces}
    covered = {sp for spaces, holds in castle.towers if holds for sp in spaces}
    num = kit.font(11, True)
    for i in range(castle.track_length):
        x, y = lay.space_xy(i)
        fill = TOWER_SPACE if i in tower_spaces else SPACE_FILL
        d.rectangle((x + 1, y + 1, x + RING - 2, y + RING - 2), fill=fill, outline=art.WALL_DARK)
        if i in tower_spaces:                                   # a corner tower's diagonal
            d.line((x + 2, y + RING - 3, x + RING - 3, y + 2), fill=art.TOWER_DARK, width=1)
        if i % 5 == 0 and i not in covered:
            d.text((x + RING / 2, y + RING / 2 + 1), str(i), font=num, fill=kit.TEXT, anchor="mm")
    for spaces, holds in castle.towers:
        pts = [lay.space_xy(sp % castle.track_length) for sp in spaces]
        if holds:
            cx = sum(x for x, _ in pts) / len(pts) + RING / 2
            cy = sum(y for _, y in pts) / len(pts) + RING / 2
            art.paste_centered(img, art.wall_tile(None, RING - 4), (cx, cy))


def _draw_markers(img: Image.Image, castle: Castle, lay: Layout) -> None:
    d = ImageDraw.Draw(img)
    spots: dict[int, list[int]] = {}
    for seat, score in sorted(castle.markers.items()):
        spots.setdefault(int(score) % castle.track_length, []).append(seat)
    r = RING // 2 - 2
    for space, seats in spots.items():
        x, y = lay.space_xy(space)
        for k, seat in enumerate(seats):
            shift = (k - (len(seats) - 1) / 2) * 8
            cx, cy = x + RING / 2 + shift, y + RING / 2 + shift
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.player_colour(seat),
                      outline=(250, 250, 250), width=2)


def _draw_pieces(img: Image.Image, castle: Castle, lay: Layout) -> None:
    s = lay.cell
    fs = max(14, int(s * 0.46))
    for rc, face, part, seat in castle.followers:
        x, y, _, _ = lay.cell_box(castle, rc)
        px, py = art.part_spot(face, part, s)
        art.paste_centered(img, art.follower(seat, fs), (x + px, y + py))
    ks = max(16, int(s * 0.5))
    for rc, seat, size in castle.keeps:
        x, y, _, _ = lay.cell_box(castle, rc)
        kit.paste(img, art.keep_icon(seat, ks, str(size)), (x + s - ks, y + s - ks))


def _ground(castle: Castle, lay: Layout) -> Image.Image:
    """The ring, the wall and the space names: drawn once per castle shape and tower
    state (a cached sprite), as they change only when a tower gives up its wall tile."""
    def make() -> Image.Image:
        img = Image.new("RGB", (lay.width, lay.height), kit.BG)
        _draw_ring(img, castle, lay)
        _draw_wall(img, castle, lay)
        _draw_coordinates(img, castle, lay)
        return img
    towers = tuple((tuple(spaces), bool(holds)) for spaces, holds in castle.towers)
    return kit.sprite(("castle-ground", tuple(castle.mask), tuple(castle.origin),
                       castle.track_length, towers), make)


def draw_castle(castle: Castle) -> tuple[Image.Image, Layout]:
    """The castle with its ring as one RGB image, and the layout used."""
    lay = layout(castle.mask, castle.track_length)
    img = _ground(castle, lay).copy()
    for rc, face in list(castle.starts) + list(castle.tiles):
        x, y, _, _ = lay.cell_box(castle, rc)
        kit.paste(img, art.tile_sprite(face, lay.cell), (x, y))
    if castle.last is not None:
        x0, y0, x1, y1 = lay.cell_box(castle, castle.last)
        ImageDraw.Draw(img).rectangle((x0, y0, x1 - 1, y1 - 1), outline=LAST_EDGE, width=3)
    _draw_pieces(img, castle, lay)
    _draw_markers(img, castle, lay)
    return img, lay
