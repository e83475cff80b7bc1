"""The ``/card`` picture: one card, character, district, tile or building, large and
readable on a phone (name on a colour band, kind, cost and points, effect text).

``render_card(game_id, card)`` takes the texts already localised by the bot (``render``
never reads the message catalogs): ``{"id", "name", "kind", "text", "footer", "cost",
"points", "colour"}``; ``colour`` is the game's colour id (a Citadels district colour,
a Burgundy estate colour ``colour_<c>``, …) and only picks the band.
"""
from __future__ import annotations

import importlib
from typing import Any, Mapping

from PIL import Image, ImageDraw

from render import kit

WIDTH = 560
PAD = 22
BAND_H = 70
NAME_PX = 30
NAME_MIN_PX = 20        # a long name shrinks to fit the band, still big on a phone
KIND_PX = 22
TEXT_PX = 24
FOOT_PX = 18

#: where a game's renderer keeps the colours of its cards: (module, palette, key prefix)
_PALETTES = {
    "citadels": ("render.kit", "DISTRICT", ""),
    "burgundy": ("render.burgundy_art", "SPACE", "colour_"),
    "schutz_burg": ("render.schutz_burg", "CARD_BAND", ""),
    "ludwig": ("render.ludwig_art", "TYPE_COLOUR", ""),
    "carcassonne_castle": ("render.carcassonne_castle_art", "KIND_FILL", "band_"),
}


def band_colour(game_id: str, card: Mapping[str, Any]) -> kit.RGB:
    """The band colour of ``card`` from its game's palette (by colour id, then by id)."""
    module, name, prefix = _PALETTES.get(game_id, ("render.kit", "DISTRICT", ""))
    try:
        palette = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        palette = kit.DISTRICT
    for key in (str(card.get("colour") or "").removeprefix(prefix), card.get("id")):
        if key in palette:
            return palette[key]
    return kit.NEUTRAL


def _name_px(name: str, width: int) -> int:
    """The name's size: ``NAME_PX``, smaller (not below ``NAME_MIN_PX``) for a long name."""
    for px in range(NAME_PX, NAME_MIN_PX, -1):
        if kit.text_width(name, kit.font(px, True)) <= width:
            return px
    return NAME_MIN_PX


def _height(card: Mapping[str, Any]) -> int:
    probe = kit.wrap(card.get("text") or "", kit.font(TEXT_PX), WIDTH - 2 * PAD)
    text_h = int(TEXT_PX * 1.2) * max(1, len(probe))
    return BAND_H + 16 + KIND_PX + 20 + text_h + (FOOT_PX + 40 if card.get("footer") else 20)


def render_card(game_id: str, card: Mapping[str, Any], locale: str = "en") -> Image.Image:
    """The picture of one looked-up card (see the module docstring for ``card``)."""
    w, h = WIDTH, _height(card)
    img = Image.new("RGB", (w, h), kit.BG)
    d = ImageDraw.Draw(img)
    band = band_colour(game_id, card)
    d.rounded_rectangle((4, 4, w - 5, h - 5), radius=18, fill=kit.CARD_FACE, outline=band, width=4)
    d.rounded_rectangle((4, 4, w - 5, BAND_H), radius=18, fill=band)
    d.rectangle((6, BAND_H - 18, w - 7, BAND_H), fill=band)
    badges = [kit.coin(card["cost"], 46)] if card.get("cost") is not None else []
    if card.get("points") is not None:
        badges.append(kit.badge(f"{card['points']} ★", kit.PANEL, 22))
    right = w - PAD
    for badge in badges:
        right -= badge.width
        img.paste(badge, (right, 4 + (BAND_H - badge.height) // 2), badge)
        right -= 8
    with kit.glance():
        kit.draw_text(d, (PAD, 4 + BAND_H // 2), card["name"], _name_px(card["name"], right - PAD),
                      kit.contrast(band), bold=True, anchor="lm", max_width=right - PAD)
        y = BAND_H + 16
        kit.draw_text(d, (PAD, y), card.get("kind") or "", KIND_PX, (90, 90, 100),
                      max_width=w - 2 * PAD)
        y += KIND_PX + 20
        y += kit.draw_lines(d, (PAD, y), card.get("text") or "", TEXT_PX, w - 2 * PAD,
                            (30, 30, 36))
    if card.get("footer"):
        kit.draw_text(d, (PAD, h - 22), card["footer"], FOOT_PX, (90, 90, 100), anchor="ld",
                      max_width=w - 2 * PAD, layer="detail")
    return img
