"""Citadels images, built only from engine views.

``render_table(view, locale)``: the public table — header (round, phase, crown, piles),
the eight characters in calling order (removed, revealed by whom, killed, robbed, the
rank being called), and one panel per player (city, gold, hand size, wagons, scores).
``render_private(view, locale)``: one seat's hand, own characters, the draft offer and
the face-down characters that seat has seen; ``None`` for a spectator.

Card colours, costs and names are static component data from ``engine.citadels.data``;
everything that changes comes from the view.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from PIL import Image, ImageDraw

from engine.citadels import data
from render import kit

GAME = "citadels"
NAMES = data.names()

WIDTH = 1280
PRIVATE_WIDTH = 1040
MARGIN = 24
MIN_HEIGHT = 600

CITY_CARD = (112, 70)
CHAR_CARD = (134, 78)
HAND_CARD = (150, 104)
CITY_GAP = 8
PLAYER_HEAD = 46

ACTION_BAND = (58, 62, 74)
ACTION_FACE = (255, 255, 255)
KILLED = (220, 60, 60)


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _name(card_id: str, locale: str) -> str:
    return kit.t_name(NAMES, card_id, locale)


# -- card sprites -----------------------------------------------------------------------
def card_sprite(card_id: str, locale: str, size: tuple[int, int] = CITY_CARD,
                title_size: int = 12) -> Image.Image:
    """A district (colour band, cost coin) or action card (white, star, "action card")."""
    name = _name(card_id, locale)
    district = data.DISTRICTS.get(card_id)
    if district is not None:
        points = district["points"]
        footer = _t("points", locale, n=points) if points != district["cost"] else None
        return kit.card(name, size=size, band=kit.DISTRICT[district["colour"]],
                        cost=district["cost"], title_size=title_size, footer=footer)
    return kit.card(name, size=size, band=ACTION_BAND, face=ACTION_FACE, corner="★",
                    title_size=title_size, footer=_t("action_card", locale))


def character_sprite(char_id: str, locale: str, size: tuple[int, int] = CHAR_CARD,
                     dim: bool = False) -> Image.Image:
    """A character card: rank in the band, band in its income colour."""
    colour = data.INCOME_COLOUR.get(char_id)
    band = kit.DISTRICT[colour] if colour else (96, 84, 120)
    return kit.card(_name(char_id, locale), size=size, band=band,
                    corner=str(data.RANK[char_id]), title_size=14, dim=dim)


# -- view helpers -----------------------------------------------------------------------
def _seats(view: Mapping) -> range:
    return range(int(view["players"]))


def _revealed(view: Mapping) -> dict[str, int]:
    """character id -> seat for every character revealed so far this round."""
    return {entry["character"]: int(entry["seat"]) for entry in view.get("revealed", ())}


def _phase_text(view: Mapping, locale: str) -> str:
    phase = view.get("phase", "")
    if view.get("finished"):
        return _t("phase.over", locale)
    if phase == "call" and view.get("rank"):
        char = data.CHARACTERS[int(view["rank"]) - 1]
        return _t("phase.call_rank", locale, rank=view["rank"], character=_name(char, locale))
    return _t(f"phase.{phase}", locale)


# -- table ------------------------------------------------------------------------------
def _city_rows(count: int) -> int:
    per_row = (WIDTH - 2 * MARGIN - 24 + CITY_GAP) // (CITY_CARD[0] + CITY_GAP)
    return max(1, -(-count // per_row))


def _player_height(view: Mapping, seat: int) -> int:
    rows = _city_rows(len(view["cities"][seat]))
    extra = 22 if view.get("finished") else 0
    return PLAYER_HEAD + rows * (CITY_CARD[1] + CITY_GAP) + 10 + extra


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str) -> int:
    kit.draw_text(draw, (MARGIN, 18), _t("title", locale), 28, bold=True)
    x = MARGIN + 190
    for text in (_t("round", locale, n=view.get("round", 0)), _phase_text(view, locale)):
        badge = kit.badge(text, kit.PANEL_EDGE, 16)
        kit.paste(img, badge, (x, 22))
        x += badge.width + 10
    right = WIDTH - MARGIN
    for text in (_t("discard_pile", locale, n=len(view.get("discard", ()))),
                 _t("draw_pile", locale, n=view.get("deck", 0))):
        w = kit.text_width(text, kit.font(16))
        kit.draw_text(draw, (right - w, 26), text, 16, kit.MUTED)
        right -= w + 24
    return 70


def _draw_characters(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
                     locale: str, top: int) -> int:
    top += kit.section_header(draw, (MARGIN, top), WIDTH - 2 * MARGIN,
                              _t("characters", locale))
    up = set(view.get("up", ()))
    revealed = _revealed(view)
    calling = int(view.get("rank") or 0) if view.get("phase") == "call" else 0
    gap = (WIDTH - 2 * MARGIN - 8 * CHAR_CARD[0]) // 7
    for i, char in enumerate(data.CHARACTERS):
        x = MARGIN + i * (CHAR_CARD[0] + gap)
        rank = i + 1
        kit.paste(img, character_sprite(char, locale, dim=char in up), (x, top))
        box = (x - 3, top - 3, x + CHAR_CARD[0] + 2, top + CHAR_CARD[1] + 2)
        caption, colour = "", kit.MUTED
        if char in up:
            caption = _t("removed", locale)
        if char in revealed:
            seat = revealed[char]
            caption, colour = kit.seat_name(view, seat, locale), kit.player_colour(seat)
            draw.rounded_rectangle(box, radius=10, outline=colour, width=3)
        if rank == calling:
            draw.rounded_rectangle(box, radius=10, outline=kit.ACCENT, width=4)
        if char == view.get("kill"):
            draw.line((x + 8, top + 8, x + CHAR_CARD[0] - 8, top + CHAR_CARD[1] - 8),
                      fill=KILLED, width=5)
            draw.line((x + 8, top + CHAR_CARD[1] - 8, x + CHAR_CARD[0] - 8, top + 8),
                      fill=KILLED, width=5)
            caption = caption or _t("killed", locale)
        if char == view.get("rob"):
            kit.paste(img, kit.badge(_t("robbed", locale), kit.GOLD, 12),
                      (x + 4, top + CHAR_CARD[1] - 22))
        if caption:
            kit.draw_text(draw, (x + CHAR_CARD[0] // 2, top + CHAR_CARD[1] + 6), caption, 14,
                          colour, bold=char in revealed, anchor="ma", max_width=CHAR_CARD[0] + gap)
    return top + CHAR_CARD[1] + 30


def _wagons_of(view: Mapping, seat: int) -> Iterable[int]:
    return [int(w["gold"]) for w in view.get("wagons", ()) if int(w["owner"]) == seat]


def _draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, seat: int,
                 locale: str, top: int, height: int) -> None:
    left, right = MARGIN, WIDTH - MARGIN
    current = view.get("turn") == seat and not view.get("finished")
    result = view.get("result") or {}
    winner = seat in (result.get("winners") or ())
    outline = kit.ACCENT if current or winner else kit.PANEL_EDGE
    kit.panel(img, (left, top, right, top + height - 8), outline=outline,
              width=3 if current or winner else 1)
    colour = kit.player_colour(seat)
    draw.rounded_rectangle((left + 1, top + 1, left + 8, top + height - 9), radius=3, fill=colour)
    x = left + 18
    if view.get("crown") == seat:
        kit.paste(img, kit.crown(22), (x, top + 11))
        x += 36
    x += kit.draw_text(draw, (x, top + 10), kit.seat_name(view, seat, locale), 19, colour,
                       bold=True, max_width=260) + 14
    kit.paste(img, kit.coin(view["gold"][seat], 26), (x, top + 10))
    x += 32
    x += kit.draw_text(draw, (x, top + 13), _t("gold", locale), 15, kit.MUTED) + 16
    hand = _t("hand_size", locale, n=view["hand_sizes"][seat])
    x += kit.draw_text(draw, (x, top + 13), hand, 15) + 16
    for gold in _wagons_of(view, seat):
        badge = kit.badge(_t("wagon", locale, n=gold), ACTION_BAND, 13)
        kit.paste(img, badge, (x, top + 12))
        x += badge.width + 8
    for char, who in _revealed(view).items():
        if who == seat:
            badge = kit.badge(_name(char, locale), _char_colour(char), 14)
            kit.paste(img, badge, (x, top + 11))
            x += badge.width + 8
    if current:
        kit.draw_text(draw, (right - 14, top + 13), "▶ " + _t("on_turn", locale), 15,
                      kit.ACCENT, bold=True, anchor="ra")
    _draw_score(img, draw, view, seat, locale, top, right, height)
    _draw_city(img, view["cities"][seat], locale, left + 18, top + PLAYER_HEAD)


def _char_colour(char: str) -> kit.RGB:
    colour = data.INCOME_COLOUR.get(char)
    return kit.DISTRICT[colour] if colour else (96, 84, 120)


def _draw_score(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, seat: int,
                locale: str, top: int, right: int, height: int) -> None:
    result = view.get("result") or {}
    scores = result.get("scores") or {}
    if str(seat) not in scores:
        return
    winner = seat in (result.get("winners") or ())
    text = ("★ " if winner else "") + _t("score_total", locale, n=scores[str(seat)])
    kit.draw_text(draw, (right - 14, top + 9), text, 21, kit.ACCENT if winner else kit.TEXT,
                  bold=True, anchor="ra")
    parts = (result.get("breakdown") or {}).get(str(seat)) or {}
    detail = " · ".join(f"{_t('score.' + k, locale)} {v}" for k, v in parts.items() if v)
    kit.draw_text(draw, (MARGIN + 18, top + height - 32), detail, 13, kit.MUTED,
                  max_width=WIDTH - 2 * MARGIN - 36)


def _draw_city(img: Image.Image, city: list[str], locale: str, left: int, top: int) -> None:
    per_row = (WIDTH - 2 * MARGIN - 24 + CITY_GAP) // (CITY_CARD[0] + CITY_GAP)
    for i, card in enumerate(city):
        row, col = divmod(i, per_row)
        kit.paste(img, card_sprite(card, locale),
                  (left + col * (CITY_CARD[0] + CITY_GAP), top + row * (CITY_CARD[1] + CITY_GAP)))


def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of a Citadels view (any seat's or the spectator's)."""
    heights = [_player_height(view, s) for s in _seats(view)]
    height = max(MIN_HEIGHT, 70 + 150 + sum(heights) + 14)
    img = Image.new("RGB", (WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    top = _draw_header(img, draw, view, locale)
    top = _draw_characters(img, draw, view, locale, top)
    top += 10
    for seat, h in zip(_seats(view), heights):
        _draw_player(img, draw, view, seat, locale, top, h)
        top += h
    return img


# -- private ----------------------------------------------------------------------------
def _card_rows(img: Image.Image, cards: list[Image.Image], left: int, top: int,
               width: int, gap: int = 10) -> int:
    """Paste ``cards`` left to right, wrapping; returns the y below them."""
    if not cards:
        return top
    w, h = cards[0].size
    per_row = max(1, (width + gap) // (w + gap))
    for i, sprite in enumerate(cards):
        row, col = divmod(i, per_row)
        kit.paste(img, sprite, (left + col * (w + gap), top + row * (h + gap)))
    return top + (-(-len(cards) // per_row)) * (h + gap)


def _private_sections(view: Mapping, locale: str) -> list[tuple[str, list[Image.Image]]]:
    size = HAND_CARD
    sections = []
    offer = view.get("offer") or []
    if offer:
        sections.append((_t("draft_offer", locale),
                         [character_sprite(c, locale, size) for c in offer]))
    mine = view.get("characters") or []
    sections.append((_t("your_characters", locale),
                     [character_sprite(c, locale, size) for c in mine]))
    seen = view.get("seen") or []
    if seen:
        sections.append((_t("seen_face_down", locale),
                         [character_sprite(c, locale, size, dim=True) for c in seen]))
    hand = sorted(view.get("hand") or [], key=_hand_order)
    sections.append((_t("your_hand", locale, n=len(hand)),
                     [card_sprite(c, locale, size, 14) for c in hand]))
    return sections


def _hand_order(card: str) -> tuple:
    district = data.DISTRICTS.get(card)
    if district is None:
        return (1, "", 0, card)
    return (0, data.COLOURS.index(district["colour"]), district["cost"], card)


def render_private(view: dict, locale: str) -> Image.Image | None:
    """``view["seat"]``'s hand, characters and draft offer; None for a spectator."""
    seat = view.get("seat")
    if seat is None:
        return None
    sections = _private_sections(view, locale)
    inner = PRIVATE_WIDTH - 2 * MARGIN
    per_row = (inner + 10) // (HAND_CARD[0] + 10)
    height = 86 + sum(40 + max(1, -(-len(cards) // per_row)) * (HAND_CARD[1] + 10)
                      for _, cards in sections)
    img = Image.new("RGB", (PRIVATE_WIDTH, max(MIN_HEIGHT, height)), kit.BG)
    draw = ImageDraw.Draw(img)
    colour = kit.player_colour(seat)
    kit.paste(img, kit.meeple(34, colour), (MARGIN, 20))
    x = MARGIN + 46
    x += kit.draw_text(draw, (x, 22), kit.seat_name(view, seat, locale), 24, colour,
                       bold=True, max_width=420) + 18
    kit.paste(img, kit.coin(view["gold"][seat], 28), (x, 22))
    kit.draw_text(draw, (x + 36, 27), _t("gold", locale), 16, kit.MUTED)
    kit.draw_text(draw, (PRIVATE_WIDTH - MARGIN, 27), _phase_text(view, locale), 16,
                  kit.MUTED, anchor="ra")
    top = 76
    for title, cards in sections:
        top += kit.section_header(draw, (MARGIN, top), inner, title)
        if not cards:
            kit.draw_text(draw, (MARGIN, top + 4), "—", 16, kit.MUTED)
            top += 30
            continue
        top = _card_rows(img, cards, MARGIN, top + 4, inner) + 8
    return img
