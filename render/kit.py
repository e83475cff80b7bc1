"""The drawing kit every game renderer shares.

Fonts (vendored DejaVu Sans, full Czech coverage, with a per-glyph fallback to the Noto
fonts of the ``manimgx-fonts`` packages so that any player name renders: emoji, CJK,
Arabic, ...), one palette, small primitives that return cached RGBA sprites (cards,
coins, badges, crown, tiles, meeples), text helpers with wrapping and ellipsis, the one
place that decides the image format (``encode``), a timing helper for benchmarks and
localised look-ups (``t_name``, ``label``).

Every text goes through ``draw_string``; ``recording()`` collects what was drawn (font
px, layer, text) so a test can check that a picture reads on a phone: text drawn inside
``glance()`` (or with ``layer="glance"``) is what a player needs at a glance.

Renderers compose a picture by ``paste``-ing cached sprites onto a plain RGB canvas;
drawing text is the expensive part, so anything repeated (a card, a coin with a number)
is drawn once per key and reused.
"""
from __future__ import annotations

import json
import math
import statistics
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Hashable, Iterator, Mapping, NamedTuple, Sequence

from PIL import Image, ImageDraw, ImageFont, features

from render import plural
from render.png import png_bytes

__all__ = [
    "BG", "PANEL", "PANEL_EDGE", "TEXT", "MUTED", "ACCENT", "ACTIVE", "GOLD", "CARD_FACE",
    "DISTRICT", "PLAYER", "FILENAME_EXT", "RGB",
    "font", "player_colour", "lang", "t_name", "label", "seat_name",
    "text_width", "ellipsize", "wrap", "draw_string", "draw_text", "draw_lines", "text_sprite",
    "TextRecord", "recording", "glance", "fallback_fonts", "font_for", "missing_glyphs",
    "glance_px", "detail_px", "draw_segments", "draw_chips",
    "SpriteCache", "SPRITES", "sprite", "cut_out", "paste",
    "contrast", "card", "coin", "badge", "crown", "panel", "section_header",
    "cards_per_row", "card_section_height", "card_sections",
    "hex_tile", "square_tile", "meeple",
    "encode", "measure",
]

RGB = tuple[int, int, int]

FONT_DIR = Path(__file__).with_name("fonts")
LABEL_DIR = Path(__file__).with_name("labels")
LOCALES = ("en", "cs")

# -- palette ----------------------------------------------------------------------------
BG: RGB = (35, 39, 46)            # close to Discord's dark theme, so images blend in
PANEL: RGB = (48, 54, 64)
PANEL_EDGE: RGB = (72, 80, 94)
TEXT: RGB = (236, 238, 242)
MUTED: RGB = (150, 158, 172)
ACCENT: RGB = (250, 196, 60)      # crown, winners
ACTIVE: RGB = (255, 255, 255)     # whoever must act now (never a player colour)
GOLD: RGB = (232, 180, 40)
CARD_FACE: RGB = (246, 241, 228)
CARD_TEXT: RGB = (30, 30, 36)

DISTRICT: Mapping[str, RGB] = {
    "yellow": (236, 190, 40),
    "blue": (52, 110, 210),
    "green": (56, 160, 80),
    "red": (205, 52, 48),
    "purple": (140, 70, 180),
}
NEUTRAL: RGB = (130, 136, 148)

# Up to 7 seats, chosen to stay apart from each other and from the district colours.
PLAYER: Sequence[RGB] = (
    (230, 90, 70),    # coral
    (70, 160, 230),   # sky
    (110, 200, 90),   # lime
    (240, 170, 50),   # amber
    (190, 110, 220),  # violet
    (60, 200, 190),   # teal
    (235, 120, 175),  # pink
)


def player_colour(seat: int) -> RGB:
    """The colour of ``seat`` (wraps around after 7)."""
    return PLAYER[seat % len(PLAYER)]


# -- fonts and localisation -------------------------------------------------------------
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold if asked) at ``size`` px, loaded once per size."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


# Fallback faces for glyphs DejaVu lacks, in the order tried: Latin/Greek/Cyrillic
# extras, symbols, emoji (monochrome), Chinese/Japanese/Korean, then other scripts.
_FALLBACK_PACKAGES = ("manimgx_fonts", "manimgx_fonts_cjk")
_FALLBACK_ORDER = ("NotoSans[", "NotoSansSymbols[", "NotoEmoji[", "NotoSansCJK")
_NOT_IN_ANY_FONT = "\U000f0000"          # private use: every font draws its .notdef
# invisible joiners and selectors, and emoji modifiers that only make sense in colour
_DROP = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, *range(0xFE00, 0xFE10),
         *range(0x1F3FB, 0x1F400), *range(0xE0020, 0xE0080)}


@lru_cache(maxsize=1)
def fallback_fonts() -> tuple[Path, ...]:
    """Font files tried, in order, for a glyph DejaVu lacks (empty when the font
    packages are not installed: text then falls back to .notdef boxes, nothing breaks)."""
    import importlib
    files: list[Path] = []
    for name in _FALLBACK_PACKAGES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        files += sorted(p for p in Path(module.__file__).parent.iterdir()
                        if p.suffix in (".ttf", ".otf", ".ttc") and "Italic" not in p.name)

    def rank(path: Path) -> tuple[int, str]:
        hits = [i for i, prefix in enumerate(_FALLBACK_ORDER) if path.name.startswith(prefix)]
        return (hits[0] if hits else len(_FALLBACK_ORDER), path.name)
    return tuple(sorted(files, key=rank))


# Scripts whose letters join or reorder (Hebrew, Arabic, Indic, Thai, ...): drawn with
# text shaping (libraqm, bundled with Pillow's wheels) when Pillow has it.
_SHAPING = features.check("raqm")


def _shaped(ch: str) -> bool:
    cp = ord(ch)
    return 0x0590 <= cp < 0x1000 or 0xFB1D <= cp <= 0xFEFC


@lru_cache(maxsize=256)
def font_for(index: int, size: int, bold: bool = False,
             shaped: bool = False) -> ImageFont.FreeTypeFont:
    """Face ``index`` at ``size`` px: 0 is ``font``, 1.. are ``fallback_fonts()``;
    ``shaped``: laid out by libraqm (joining, right-to-left) where available."""
    layout = ImageFont.Layout.RAQM if shaped and _SHAPING else ImageFont.Layout.BASIC
    path = (FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf") if index == 0
            else fallback_fonts()[index - 1])
    if index == 0 and layout == ImageFont.Layout.BASIC:
        return font(size, bold)
    fnt = ImageFont.truetype(str(path), size, layout_engine=layout)
    if index == 0:
        return fnt
    try:                                     # variable fonts: match DejaVu's weight
        fnt.set_variation_by_axes([700 if bold else 400])
    except (OSError, ValueError):            # not a variable font, or no weight axis
        pass
    return fnt


def _glyph(fnt: ImageFont.FreeTypeFont, ch: str) -> tuple:
    mask = fnt.getmask(ch)
    return mask.size, bytes(mask)


_FACE_OF: dict[str, int] = {}


def _face_of(ch: str) -> int:
    """The first face (0 = DejaVu) that has a glyph for ``ch`` (0 when none has)."""
    index = _FACE_OF.get(ch)
    if index is None:
        index = 0
        if not ch.isspace():
            for i in range(len(fallback_fonts()) + 1):
                fnt = font_for(i, 24)
                if _glyph(fnt, ch) != _glyph(fnt, _NOT_IN_ANY_FONT):
                    index = i
                    break
        _FACE_OF[ch] = index
    return index


def missing_glyphs(text: str) -> list[str]:
    """Characters of ``text`` that no face has (they would be drawn as .notdef boxes)."""
    out = []
    for ch in text:
        if ch.isspace() or ord(ch) in _DROP or ch.isascii():
            continue
        fnt = font_for(_face_of(ch), 24)
        if _glyph(fnt, ch) == _glyph(fnt, _NOT_IN_ANY_FONT):
            out.append(ch)
    return out


def _runs(text: str) -> list[tuple[int, bool, str]]:
    """``text`` split into runs of one face each, and whether a run needs shaping
    (invisible selectors dropped)."""
    return list(_runs_of(text))


@lru_cache(maxsize=8192)
def _runs_of(text: str) -> tuple[tuple[int, bool, str], ...]:
    """``_runs`` of ``text``, split once."""
    if text.isascii():
        return ((0, False, text),)
    runs: list[tuple[int, bool, str]] = []
    for ch in text:
        if ord(ch) in _DROP:
            continue
        index, shaped = _face_of(ch), _shaped(ch)
        if runs and runs[-1][:2] == (index, shaped):
            runs[-1] = (index, shaped, runs[-1][2] + ch)
        elif (len(runs) > 1 and shaped and runs[-1][2].isspace()
              and runs[-2][:2] == (index, shaped)):       # words of one right-to-left name
            runs[-2:] = [(index, shaped, runs[-2][2] + runs[-1][2] + ch)]
        else:
            runs.append((index, shaped, ch))
    return tuple(runs) or ((0, False, ""),)


def _is_bold(fnt: ImageFont.FreeTypeFont) -> bool:
    return "Bold" in str(getattr(fnt, "path", ""))


def lang(locale: str | None) -> str:
    """``"cs"`` for any Czech locale (``cs``, ``cs-CZ``), else ``"en"``."""
    return "cs" if locale and locale.lower().startswith("cs") else "en"


def t_name(names: Mapping[str, Mapping[str, str]], id_: str, locale: str) -> str:
    """The localised name of ``id_`` from a game's ``names()`` map (English, then the id)."""
    entry = names.get(id_)
    if not entry:
        return id_
    return entry.get(lang(locale)) or entry.get("en") or id_


@lru_cache(maxsize=16)
def _catalog(game_id: str) -> Mapping[str, Mapping[str, str]]:
    out: dict = {}
    for name in ("common", game_id):
        path = LABEL_DIR / f"{name}.json"
        if path.exists():
            out.update(json.loads(path.read_text(encoding="utf-8")))
    return out


def label(game_id: str, key: str, locale: str, **params) -> str:
    """Render text ``key`` from ``render/labels/<game_id>.json`` (then ``common.json``)."""
    if all(type(v) in (int, str) for v in params.values()):   # not a Name with cases
        return _label(game_id, key, lang(locale), tuple(sorted(params.items())))
    return _fill_label(game_id, key, lang(locale), params)


@lru_cache(maxsize=8192)
def _label(game_id: str, key: str, language: str, params: tuple) -> str:
    """``label`` of plain parameters, filled once (a picture repeats its labels)."""
    return _fill_label(game_id, key, language, dict(params))


def _fill_label(game_id: str, key: str, language: str, params: Mapping) -> str:
    entry = _catalog(game_id).get(key)
    if entry is None:
        return key
    text = entry.get(language) or entry["en"]
    return plural.fill(text, language, params) if params else text


def plural_form(locale: str, n: int, forms: str) -> str:
    """``forms`` (``"# card|# cards"``, Czech ``"# karta|# karty|# karet"``) for ``n``."""
    return plural.plural(lang(locale), n, forms)


def seat_name(view: Mapping, seat: int, locale: str) -> str:
    """The name shown for ``seat``: ``view["seat_names"][seat]`` when the caller put the
    (public) player names into the view, else "Player 1", "Hráč 1", ..."""
    names = view.get("seat_names") or ()
    if 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return label("common", "player", locale, n=seat + 1)


# -- text -------------------------------------------------------------------------------
@lru_cache(maxsize=16384)
def _length(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """Advance width of ``text`` in ``fnt``, fallback faces included (measured once:
    fitting text measures the same strings again and again)."""
    if text.isascii():
        return fnt.getlength(text)
    bold = _is_bold(fnt)
    return sum(font_for(i, fnt.size, bold, shaped).getlength(part)
               for i, shaped, part in _runs_of(text))


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> int:
    return int(_length(text, fnt) + 0.5)


# -- recording what is drawn (phone-readability tests) --------------------------------------
class TextRecord(NamedTuple):
    """One string drawn: font ``size`` in px, ``layer`` ("glance" or "detail"), ``text``;
    ``fallback``: drawn by the kit, with fallback faces (not by a bare ``ImageDraw.text``)."""
    size: int
    layer: str
    text: str
    fallback: bool = True


_local = threading.local()


def _layer() -> str:
    stack = getattr(_local, "layers", None)
    return stack[-1] if stack else "detail"


@contextmanager
def glance() -> Iterator[None]:
    """Text drawn inside is what a player needs at a glance (whose turn, what is asked,
    scores, the options being chosen from): it must read inline on a phone."""
    stack = _local.__dict__.setdefault("layers", [])
    stack.append("glance")
    try:
        yield
    finally:
        stack.pop()


def _record(size: int, text: str, layer: str | None = None, fallback: bool = True) -> None:
    records = getattr(_local, "records", None)
    if records is not None and text.strip():
        records.append(TextRecord(int(size), layer or _layer(), text, fallback))


@contextmanager
def recording() -> Iterator[list[TextRecord]]:
    """Collect every text drawn in this thread (kit text, and ``ImageDraw.text`` calls
    made directly by a renderer); sprites are drawn afresh meanwhile, so cached ones
    are counted too."""
    records: list[TextRecord] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, *args, **kwargs):
        if not getattr(_local, "in_kit", False) and getattr(_local, "records", None) is not None:
            _record(getattr(font, "size", 10), str(text), fallback=False)
        return original(self, xy, text, fill, font, *args, **kwargs)

    _local.records = records
    ImageDraw.ImageDraw.text = spy
    try:
        yield records
    finally:
        ImageDraw.ImageDraw.text = original
        _local.records = None


# Discord shows a picture ~400 px wide inline on a phone, ~850 px full-screen; text
# must be >= 9 px there: at a glance inline, everything else full-screen.
PHONE_INLINE, PHONE_FULL, PHONE_MIN_PX = 400, 850, 9


def glance_px(width: int) -> int:
    """The smallest font px for at-a-glance text in a picture ``width`` px wide."""
    return -(-PHONE_MIN_PX * width // PHONE_INLINE)


def detail_px(width: int) -> int:
    """The smallest font px for any text in a picture ``width`` px wide."""
    return -(-PHONE_MIN_PX * width // PHONE_FULL)


def draw_segments(draw: ImageDraw.ImageDraw, xy: tuple[int, int], segments, size: int,
                  max_width: int, *, anchor: str = "la") -> int:
    """One line of ``(text, colour, bold)`` segments from ``xy`` (``anchor`` "l?" or
    "r?"), the last ones ellipsized to keep within ``max_width``; returns the width."""
    parts, used = [], 0
    for text, colour, bold in segments:
        room = max_width - used
        if room <= size:
            break
        fnt = font(size, bold)
        fitted = ellipsize(text, fnt, room)
        parts.append((fitted, colour, bold))
        used += text_width(fitted, fnt)
    x = xy[0] - (used if anchor[0] == "r" else 0)
    for text, colour, bold in parts:
        draw_string(draw, (x, xy[1]), text, size, colour, bold=bold, anchor="l" + anchor[1])
        x += text_width(text, font(size, bold))
    return used


def draw_chips(draw: ImageDraw.ImageDraw, xy: tuple[int, int], chips, size: int,
               max_width: int, gap: int | None = None) -> int:
    """Groups of ``(text, colour, bold)`` segments (a player and a score) flowed into rows
    of ``max_width``, a group never split; returns the height used."""
    gap = size if gap is None else gap
    x, y = xy
    line_h = int(size * 1.3)
    rows = 1 if chips else 0
    for chip in chips:
        width = sum(text_width(text, font(size, bold)) for text, _, bold in chip)
        if x > xy[0] and x + width > xy[0] + max_width:
            x, y, rows = xy[0], y + line_h, rows + 1
        x += draw_segments(draw, (x, y), chip, size, xy[0] + max_width - x) + gap
    return rows * line_h


@lru_cache(maxsize=256)
def _baseline(size: int, bold: bool, vertical: str) -> int:
    """How far below an anchor point of vertical kind ``vertical`` the baseline is."""
    fnt = font(size, bold)
    return fnt.getbbox("H", anchor="l" + vertical)[1] - fnt.getbbox("H", anchor="ls")[1]


def _blend_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                fnt: ImageFont.FreeTypeFont, fill, anchor: str) -> None:
    """``draw.text`` through a cache of rendered text masks by (font, text, anchor,
    sub-pixel start) (:data:`TEXT_MASKS`): a picture repeats the same labels, names and
    numbers, and rasterising text is the costly part of composing one.  A cached mask
    is blended exactly as ``ImageDraw.text`` would (same ``getmask2`` call, same
    ``draw_bitmap``), so the pixels are identical."""
    if (not isinstance(fill, tuple) or draw.palette is not None or draw.fontmode != "L"
            or "\n" in text):
        draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)
        return
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    mask, offset = TEXT_MASKS.get((fnt, text, anchor, start),
                                  lambda: fnt.getmask2(text, "L", anchor=anchor, start=start))
    draw.draw.draw_bitmap((int(xy[0]) + offset[0], int(xy[1]) + offset[1]), mask,
                          draw.draw.draw_ink(fill))


def draw_string(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                fill=TEXT, *, bold: bool = False, anchor: str = "la",
                layer: str | None = None) -> None:
    """Draw one line as is (no fitting): DejaVu, with fallback faces for the glyphs it
    lacks; recorded for ``recording()`` in ``layer`` (default: the ``glance()`` context)."""
    _record(size, text, layer)
    _local.in_kit = True
    try:
        runs = _runs_of(text)
        if len(runs) == 1 and runs[0][:2] == (0, False):
            _blend_text(draw, xy, runs[0][2], font(size, bold), fill, anchor)
            return
        faces = [(font_for(i, size, bold, shaped), part) for i, shaped, part in runs]
        total = sum(f.getlength(part) for f, part in faces)
        x = xy[0] - {"m": 0.5, "r": 1.0}.get(anchor[0], 0.0) * total
        y = xy[1] + _baseline(size, bold, anchor[1])
        for fnt, part in faces:
            _blend_text(draw, (x, y), part, fnt, fill, "ls")
            x += fnt.getlength(part)
    finally:
        _local.in_kit = False


@lru_cache(maxsize=8192)
def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: int,
              force: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width`` pixels (``force``:
    always end with the ellipsis, because text after it was dropped)."""
    if not force and _length(text, fnt) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:                       # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if _length(text[:mid].rstrip() + "…", fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def wrap(text: str, fnt: ImageFont.FreeTypeFont, max_width: int,
         max_lines: int | None = None) -> list[str]:
    """Greedy word wrap into lines of at most ``max_width`` px; the last kept line gets
    an ellipsis when text is cut; a word longer than a line is ellipsized."""
    return list(_wrapped(text, fnt, max_width, max_lines))


@lru_cache(maxsize=4096)
def _wrapped(text: str, fnt: ImageFont.FreeTypeFont, max_width: int,
             max_lines: int | None) -> tuple[str, ...]:
    """``wrap``, done once per text, font and width."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if _length(trial, fnt) <= max_width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = word
    if current:
        lines.append(current)
    lines = [ellipsize(line, fnt, max_width) for line in lines]
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1].rstrip("…"), fnt, max_width, force=True)
    return tuple(lines)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int,
              fill: RGB = TEXT, *, bold: bool = False, max_width: int | None = None,
              anchor: str = "la", layer: str | None = None) -> int:
    """Draw one line (ellipsized to ``max_width``); returns its width in px."""
    fnt = font(size, bold)
    if max_width is not None:
        text = ellipsize(text, fnt, max_width)
    draw_string(draw, xy, text, size, fill, bold=bold, anchor=anchor, layer=layer)
    return text_width(text, fnt)


def draw_lines(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int,
               max_width: int, fill: RGB = TEXT, *, bold: bool = False,
               max_lines: int | None = None, center: bool = False,
               layer: str | None = None) -> int:
    """Draw wrapped text from top-left ``xy`` (or centred on ``xy[0]``); returns height."""
    fnt = font(size, bold)
    line_h = int(size * 1.2)
    x, y = xy
    lines = wrap(text, fnt, max_width, max_lines)
    for i, line in enumerate(lines):
        draw_string(draw, (x, y + i * line_h), line, size, fill, bold=bold,
                    anchor="ma" if center else "la", layer=layer)
    return line_h * len(lines)


_ANCHOR_X = {"l": 0.0, "m": 0.5, "r": 1.0}
_ANCHOR_Y = {"a": 0.0, "m": 0.5, "d": 1.0}


def text_sprite(img: Image.Image, xy: tuple[int, int], text: str, size: int,
                fill: RGB = TEXT, *, bold: bool = False, max_width: int | None = None,
                anchor: str = "la") -> int:
    """``draw_text`` onto ``img``, but each distinct line is drawn once (a cached sprite)
    and pasted: drawing text is the costly part of a picture.  Anchors: l/m/r + a/m/d.
    Returns the width drawn."""
    layer = _layer()

    def make() -> Image.Image:
        fnt = font(size, bold)
        line = ellipsize(text, fnt, max_width) if max_width is not None else text
        ascent, descent = fnt.getmetrics()
        out = Image.new("RGBA", (max(1, text_width(line, fnt) + 1), ascent + descent),
                        (0, 0, 0, 0))
        draw_string(ImageDraw.Draw(out), (0, 0), line, size, fill, bold=bold, layer=layer)
        return out
    sp = sprite(("text", text, size, fill, bold, max_width, layer), make)
    paste(img, sp, (int(xy[0] - _ANCHOR_X[anchor[0]] * sp.width),
                    int(xy[1] - _ANCHOR_Y[anchor[1]] * sp.height)))
    return sp.width - 1


# -- sprite cache -----------------------------------------------------------------------
class SpriteCache:
    """Least-recently-used images (or anything drawn once, e.g. text masks) by key:
    each distinct sprite is drawn once.

    Bounded by count and by bytes (``max_bytes`` as counted by ``size_of``, by default
    an image's pixel bytes; None: by count only): some sprites are whole board
    layers (a Carcassonne castle ring is ~3 MiB), and a render worker serving thousands
    of tables must not keep hundreds of them.  Measured with ``python -m bot loadtest
    --tables 10000 --seconds 30 --images`` (two workers, 39 MiB each when started):
    without a byte bound the workers ended at 321 MiB together, 6.7 ms per picture; with
    24 MiB at 228 MiB, 7.3 ms; with 12 MiB at 196 MiB, 7.7 ms (those figures include
    multiprocessing's resource tracker, 13 MiB, gone since).  16 MiB is the default:
    one worker drawing 1,600 pictures of the loadtest's mix (80% private, shared machine,
    3 runs each) used 5.58 / 5.72 / 5.93 CPU ms per picture and ended at 99 / 90 / 85 MiB
    RSS with 24 / 16 / 12 MiB.  Without a bound, only the count bounds a worker (2,048
    sprites of up to ~3 MiB each).
    Thread-safe (the bot renders in worker threads); sprites are never modified after
    creation, only pasted, so sharing them is safe.
    """

    def __init__(self, maxsize: int = 2048, max_bytes: int | None = 16 * 2**20,
                 size_of: Callable[[Any], int] | None = None) -> None:
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self._size_of = size_of or _pixel_bytes
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def _size(self, value: Any) -> int:
        return 0 if self.max_bytes is None else self._size_of(value)

    def get(self, key: Hashable, factory: Callable[[], Any]) -> Any:
        with self._lock:
            img = self._items.get(key)
            if img is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return img
            self.misses += 1
        img = factory()                     # drawn outside the lock; a rare double is harmless
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= self._size(old)
            self._items[key] = img
            self._bytes += self._size(img)
            while len(self._items) > 1 and (len(self._items) > self.maxsize or (
                    self.max_bytes is not None and self._bytes > self.max_bytes)):
                self._bytes -= self._size(self._items.popitem(last=False)[1])
        return img

    @property
    def bytes(self) -> int:
        """Pixel bytes held now."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0
            self.hits = self.misses = 0


def _pixel_bytes(img: Image.Image) -> int:
    """An image's pixel bytes as Pillow holds them (an RGB pixel takes 4 bytes, as an
    RGBA one), with its cut-out mask (:func:`cut_out`) if it has one."""
    area = img.width * img.height
    bands = len(img.getbands())
    return area * (4 if bands == 3 else bands) + (area if hasattr(img, _CUT_OUT) else 0)


def _mask_bytes(entry: tuple) -> int:
    width, height = entry[0].size        # (an "L" core image: a byte per pixel, offset)
    return width * height


SPRITES = SpriteCache()
# (mask, offset) per drawn text; 4 MiB holds what a worker drawing every game's pictures
# uses (about 2,000 masks, 3 MiB after 1,500 loadtest pictures), so the count no longer
# decides alone: long texts (names, news) would otherwise let 8,192 masks grow to tens of MiB
TEXT_MASKS = SpriteCache(maxsize=8192, max_bytes=4 * 2**20, size_of=_mask_bytes)


def sprite(key: Hashable, factory: Callable[[], Image.Image]) -> Image.Image:
    """The shared cache's sprite for ``key`` (drawn by ``factory`` on first use; drawn
    afresh while ``recording()``, so that its text is recorded)."""
    if getattr(_local, "records", None) is not None:
        return factory()
    return SPRITES.get(key, lambda: cut_out(factory()))


# The attribute a sprite's 1-bit mask is kept in (a plain attribute: ``Image.copy()``
# does not carry it over, so a copy that is drawn on never uses a stale mask).
_CUT_OUT = "_kit_cut_out"
# Sprites smaller than this are pasted as they are: the mask would cost cache bytes for
# no gain (a small paste is mostly call overhead).
CUT_OUT_MIN_PX = 2048


def cut_out(img: Image.Image) -> Image.Image:
    """``img``, given a 1-bit mask when it is an RGBA sprite of ``CUT_OUT_MIN_PX`` or more
    whose pixels are all either opaque or transparent (no anti-aliased edge), which
    ``paste`` then uses.

    Pillow blends an RGBA paste channel by channel through the alpha, about 5 ns a pixel
    however flat the sprite; with a 1-bit mask it copies the opaque pixels, 8x faster
    (a 540x526 estate: 1.47 against 0.18 ms), and for alpha 0 or 255 the blend gives
    exactly the sprite's or the canvas's pixel, so the picture is the same."""
    if img.mode == "RGBA" and img.width * img.height >= CUT_OUT_MIN_PX:
        alpha = img.getchannel("A")
        if not any(alpha.histogram()[1:255]):
            setattr(img, _CUT_OUT, alpha.convert("1", dither=Image.Dither.NONE))
    return img


def paste(canvas: Image.Image, img: Image.Image, xy: tuple[int, int]) -> None:
    """Paste ``img`` at ``xy``, using its alpha channel as the mask when it has one (its
    1-bit mask when it has one, see :func:`cut_out`).

    A sprite onto an RGB(A) canvas goes straight to Pillow's core, which is what
    ``Image.paste`` ends in after checking its arguments in Python: the checks were a
    third of a sprite's paste (2.2 of 7.5 µs), and a picture pastes 50-90 sprites."""
    if img.mode == "RGBA" and canvas.mode in ("RGBA", "RGB") and not canvas.readonly:
        core = img.im
        mask = getattr(img, _CUT_OUT, img)
        canvas.im.paste(core, (xy[0], xy[1], xy[0] + img.width, xy[1] + img.height), mask.im)
    else:
        canvas.paste(img, xy, img if img.mode == "RGBA" else None)


def _blank(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def contrast(fill: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``fill``."""
    r, g, b = fill
    return CARD_TEXT if (r * 299 + g * 587 + b * 114) / 1000 > 150 else TEXT


# -- primitives (each returns a cached RGBA sprite) -------------------------------------
def coin(value: int | str, diameter: int = 28, fill: RGB = GOLD) -> Image.Image:
    """A round coin with ``value`` written on it."""
    def make() -> Image.Image:
        img, d = _blank(diameter, diameter)
        d.ellipse((0, 0, diameter - 1, diameter - 1), fill=(150, 105, 10))
        d.ellipse((2, 2, diameter - 3, diameter - 3), fill=fill)
        text = str(value)
        size = int(diameter * (0.6 if len(text) < 2 else 0.5))
        draw_string(d, (diameter / 2, diameter / 2 + 1), text, size, CARD_TEXT, bold=True,
                    anchor="mm")
        return img
    return sprite(("coin", str(value), diameter, fill), make)


def badge(text: str, fill: RGB = PANEL_EDGE, size: int = 16,
          text_fill: RGB | None = None) -> Image.Image:
    """A pill-shaped label (e.g. "×3", a round number, a status)."""
    def make() -> Image.Image:
        fnt = font(size, True)
        w = text_width(text, fnt) + size
        h = int(size * 1.5)
        img, d = _blank(w, h)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=fill)
        draw_string(d, (w / 2, h / 2), text, size, text_fill or contrast(fill), bold=True,
                    anchor="mm")
        return img
    return sprite(("badge", text, fill, size, text_fill, _layer()), make)


def crown(height: int = 24, fill: RGB = ACCENT) -> Image.Image:
    """A simple three-point crown icon with jewels."""
    def make() -> Image.Image:
        w = int(height * 1.3)
        img, d = _blank(w, height)
        base = height - 1
        band = int(height * 0.72)
        points = [(0, base), (0, int(height * 0.2)), (w * 0.25, band * 0.6),
                  (w * 0.5, 0), (w * 0.75, band * 0.6), (w - 1, int(height * 0.2)),
                  (w - 1, base)]
        d.polygon(points, fill=fill, outline=(120, 80, 0))
        d.rectangle((0, band, w - 1, base), fill=(200, 140, 20))
        r = max(2, height // 10)
        for cx in (w * 0.5, w * 0.22, w * 0.78):
            d.ellipse((cx - r, band + 2, cx + r, band + 2 + 2 * r), fill=(200, 40, 40))
        return img
    return sprite(("crown", height, fill), make)


def card(title: str, *, size: tuple[int, int] = (120, 84), band: RGB = NEUTRAL,
         cost: int | None = None, corner: str | None = None, face: RGB = CARD_FACE,
         title_size: int = 13, footer: str | None = None, dim: bool = False,
         footer_size: int | None = None, corner_size: int | None = None) -> Image.Image:
    """A rounded card: colour band on top (with ``corner`` text at its left), ``cost``
    coin at the top right, ``title`` wrapped on two lines, optional small ``footer``.
    ``dim`` greys the card out (removed/used)."""
    def make() -> Image.Image:
        w, h = size
        img, d = _blank(w, h)
        radius = max(4, w // 12)
        band_h = max(14, h // 4)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=face,
                            outline=(90, 90, 100))
        d.rounded_rectangle((1, 1, w - 2, band_h + radius), radius=radius, fill=band)
        d.rectangle((1, band_h, w - 2, band_h + radius), fill=face)
        if corner:
            draw_text(d, (radius, band_h // 2), corner, corner_size or max(10, band_h - 6),
                      contrast(band), bold=True, anchor="lm", max_width=w - 2 * radius - 24)
        if cost is not None:
            dia = band_h + 8
            img.alpha_composite(coin(cost, dia), (w - dia - 3, max(1, band_h // 2 - dia // 2 + 1)))
        text_top = band_h + 6
        lines_h = h - text_top - (16 if footer else 6)
        max_lines = max(1, lines_h // int(title_size * 1.2))
        draw_lines(d, (w // 2, text_top), title, title_size, w - 10, CARD_TEXT, bold=True,
                   max_lines=max_lines, center=True)
        if footer:
            draw_text(d, (w // 2, h - 4), footer, footer_size or max(9, title_size - 3),
                      (90, 90, 100),
                      anchor="md", max_width=w - 8, layer="detail")
        if dim:
            alpha = img.getchannel("A").point(lambda a: a * 55 // 100)
            img.putalpha(alpha)
        return img
    return sprite(("card", title, size, band, cost, corner, face, title_size, footer, dim,
                   footer_size, corner_size), make)


def panel(canvas: Image.Image, box: tuple[int, int, int, int], *, fill: RGB = PANEL,
          outline: RGB | None = PANEL_EDGE, width: int = 2, radius: int = 10) -> None:
    """A rounded panel drawn straight onto ``canvas`` (a player area, a section)."""
    ImageDraw.Draw(canvas).rounded_rectangle(box, radius=radius, fill=fill,
                                             outline=outline, width=width)


def section_header(draw: ImageDraw.ImageDraw, xy: tuple[int, int], width: int, title: str,
                   size: int = 15, fill: RGB = MUTED) -> int:
    """Small-caps-like title with a rule to its right; returns the height used."""
    x, y = xy
    title = title.upper()
    w = draw_text(draw, (x, y), title, size, fill, bold=True, max_width=width)
    mid = y + size // 2 + 1
    if x + w + 8 < x + width:
        draw.line((x + w + 8, mid, x + width, mid), fill=PANEL_EDGE, width=1)
    return int(size * 1.5)


def cards_per_row(width: int, card_w: int, gap: int = 10) -> int:
    """How many cards ``card_w`` wide fit side by side in ``width`` (at least one)."""
    return max(1, (width + gap) // (card_w + gap))


def card_section_height(count: int, per_row: int, card_h: int, *, gap: int = 10,
                        empty: int | None = None) -> int:
    """Height budgeted for a titled section of ``count`` cards (see ``card_sections``);
    ``empty`` is the height of a section without cards (default: one row)."""
    if not count and empty is not None:
        return empty
    return 34 + max(1, -(-count // per_row)) * (card_h + gap) + 8


def card_sections(img: Image.Image, draw: ImageDraw.ImageDraw, sections, xy: tuple[int, int],
                  width: int, card_size: tuple[int, int], *, gap: int = 10,
                  frame: int = 3, empty: int | None = None) -> int:
    """Draws ``(title, sprites, framed indexes)`` sections top-down at ``xy``: a header,
    the sprites in a grid ("—" when there are none), framed ones outlined ``frame`` px
    wide. Returns the y below the last section."""
    left, top = xy
    card_w, card_h = card_size
    per_row = cards_per_row(width, card_w, gap)
    for title, cards, framed in sections:
        top += section_header(draw, (left, top), width, title)
        if not cards:
            draw_text(draw, (left, top + 4), "—", 16, MUTED)
        for i, item in enumerate(cards):
            row, col = divmod(i, per_row)
            x, y = left + col * (card_w + gap), top + 4 + row * (card_h + gap)
            paste(img, item, (x, y))
            if i in framed:
                draw.rounded_rectangle((x - 3, y - 3, x + card_w + 2, y + card_h + 2), radius=12,
                                       outline=ACTIVE, width=frame)
        top += card_section_height(len(cards), per_row, card_h, gap=gap, empty=empty) - 34
    return top


def hex_tile(radius: int, fill: RGB, *, outline: RGB | None = (20, 20, 24),
             text: str | None = None, pointy: bool = True) -> Image.Image:
    """A regular hexagon tile (pointy-top by default) with optional centred text."""
    def make() -> Image.Image:
        w = int(math.sqrt(3) * radius) if pointy else 2 * radius
        h = 2 * radius if pointy else int(math.sqrt(3) * radius)
        img, d = _blank(w, h)
        offset = 90 if pointy else 0
        pts = [(w / 2 + (radius - 1) * math.cos(math.radians(60 * i + offset)),
                h / 2 + (radius - 1) * math.sin(math.radians(60 * i + offset))) for i in range(6)]
        d.polygon(pts, fill=fill, outline=outline, width=2 if outline else 0)
        if text:
            draw_text(d, (w // 2, h // 2), text, max(10, radius // 2), contrast(fill),
                      bold=True, anchor="mm", max_width=int(w * 0.8))
        return img
    return sprite(("hex", radius, fill, outline, text, pointy), make)


def square_tile(size: int, fill: RGB, *, outline: RGB | None = (20, 20, 24),
                text: str | None = None, radius: int = 4) -> Image.Image:
    """A square tile with optional centred text (board squares, castle rooms)."""
    def make() -> Image.Image:
        img, d = _blank(size, size)
        d.rounded_rectangle((0, 0, size - 1, size - 1), radius=radius, fill=fill,
                            outline=outline, width=2 if outline else 0)
        if text:
            draw_lines(d, (size // 2, size // 3), text, max(10, size // 6), size - 8,
                       contrast(fill), bold=True, max_lines=2, center=True)
        return img
    return sprite(("square", size, fill, outline, text, radius), make)


def meeple(height: int, colour: RGB) -> Image.Image:
    """A player-coloured meeple token (head, arms, legs) with a dark outline."""
    def make() -> Image.Image:
        w = height
        img, d = _blank(w, height)
        u = height / 10
        body = [(w * 0.5, u * 0.2), (w * 0.64, u * 1.0), (w * 0.66, u * 2.6),
                (w * 0.98, u * 3.8), (w * 0.98, u * 5.0), (w * 0.7, u * 5.2),
                (w * 0.86, u * 9.8), (w * 0.58, u * 9.8), (w * 0.5, u * 7.8),
                (w * 0.42, u * 9.8), (w * 0.14, u * 9.8), (w * 0.3, u * 5.2),
                (w * 0.02, u * 5.0), (w * 0.02, u * 3.8), (w * 0.34, u * 2.6),
                (w * 0.36, u * 1.0)]
        d.polygon(body, fill=colour, outline=(20, 20, 24), width=max(1, height // 16))
        return img
    return sprite(("meeple", height, colour), make)


# -- output -----------------------------------------------------------------------------
FILENAME_EXT = "png"


def encode(img: Image.Image) -> bytes:
    """The image as bytes to upload (``FILENAME_EXT`` names the format).

    Our art is flat (solid fills, text), so the image is quantized to 256 colours and
    saved as PNG by :func:`render.png.png_bytes` (deflated by ISA-L: 0.3 ms against 1.6 ms
    for Pillow's save at zlib level 1, the same pixels).  The palette is chosen (fast
    octree) from every ``_PALETTE_STRIDE``-th pixel of every ``_PALETTE_STRIDE``-th row, and every pixel then
    takes the nearest palette colour: the octree over all pixels was most of the cost of
    a picture.  Measured on the ``render.bench`` mix (60 pictures of all five games,
    against the unquantized picture): all pixels 4.1 ms, PSNR mean 49.2 dB (min 46.9);
    every 3rd 2.1 ms, 49.5 dB (min 47.0), 0.3 in 10,000 pixels off by more than 24 in a
    channel at worst.  Earlier, on a 1280x860 Citadels table: octree 11.5 ms / 39 KiB,
    against PNG level 1 16 ms / 90 KiB, level 3 14 ms / 87 KiB, level 6 19 ms / 75 KiB,
    median-cut quantize 41 ms, lossless WebP 10 ms / 138 KiB.  Keep palette colours well
    apart: shades closer than ~10 per channel may merge.
    """
    flat = img.convert("RGB") if img.mode != "RGB" else img
    return png_bytes(flat.quantize(palette=_palette_of(flat), dither=Image.Dither.NONE))


_PALETTE_STRIDE = 3


def _palette_of(flat: Image.Image) -> Image.Image:
    """A 256-colour palette image for ``flat``, from a grid sample of its pixels."""
    step = _PALETTE_STRIDE
    sample = flat.resize((max(1, flat.width // step), max(1, flat.height // step)),
                         Image.Resampling.NEAREST)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def measure(fn: Callable[[], object], n: int = 20) -> tuple[float, float]:
    """Run ``fn`` ``n`` times; returns (median ms, 99th-percentile ms)."""
    times = []
    for _ in range(max(1, n)):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))]
    return statistics.median(times), p99
