"""Citadels images, built only from engine views.

Laid out for a phone: an at-a-glance strip on top (round, who must act and what is
asked, scores at the end) in type that reads inline (``kit.glance_px``), every other
text at least ``kit.detail_px`` of the width.

``render_table(view, locale)``: the public table — the strip (and the piles),
the eight characters in calling order (removed, revealed by whom, killed, robbed, the
rank being called), and one panel per player (city, gold, hand size, wagons, scores).
``render_private(view, locale)``: one seat's hand (deck-swap selection outlined), own
characters, the draft offer when picking, the cards drawn to choose from, Fortune Teller
looks and the face-down characters that seat has seen; ``None`` for a spectator.

Card colours, costs and names are static component data from ``engine.citadels.data``;
everything that changes comes from the view.
"""
from __future__ import annotations

from typing import Mapping

from PIL import Image, ImageDraw

from engine.citadels import data
from render import kit

GAME = "citadels"
NAMES = data.names()

WIDTH = 1280
PRIVATE_WIDTH = 720
MARGIN = 24
MIN_HEIGHT = 600
GLANCE = kit.glance_px(WIDTH)               # 29 px: reads inline on a phone
DETAIL = kit.detail_px(WIDTH)               # 14 px: reads full-screen
PRIVATE_GLANCE = kit.glance_px(PRIVATE_WIDTH)

CITY_CARD = (118, 76)
CHAR_CARD = (134, 80)
HAND_CARD = (150, 104)
EMPTY_SECTION = 34 + 30            # a private section without cards: header and a dash
CITY_GAP = 8
PLAYER_HEAD = 50

ACTION_BAND = (58, 62, 74)
WAGON_BADGE = (150, 96, 44)
ACTION_FACE = (255, 255, 255)
KILLED = (220, 60, 60)
CHARACTER_BAND = (96, 84, 120)    # characters without an income colour


def _t(key: str, locale: str, **params) -> str:
    return kit.label(GAME, key, locale, **params)


def _name(card_id: str, locale: str) -> str:
    return kit.t_name(NAMES, card_id, locale)


# -- card sprites -----------------------------------------------------------------------
def card_sprite(card_id: str, locale: str, size: tuple[int, int] = CITY_CARD,
                title_size: int = DETAIL) -> Image.Image:
    """A district (colour band, cost coin) or action card (white, star, "action card")."""
    name = _name(card_id, locale)
    district = data.DISTRICTS.get(card_id)
    if district is not None:
        points = district["points"]
        footer = _t("points", locale, n=points) if points != district["cost"] else None
        return kit.card(name, size=size, band=kit.DISTRICT[district["colour"]],
                        cost=district["cost"], title_size=title_size, footer=footer,
                        footer_size=DETAIL)
    return kit.card(name, size=size, band=ACTION_BAND, face=ACTION_FACE, corner="★",
                    title_size=title_size, footer=_t("action_card", locale),
                    footer_size=DETAIL, corner_size=max(DETAIL, size[1] // 4 - 6))


def character_sprite(char_id: str, locale: str, size: tuple[int, int] = CHAR_CARD,
                     dim: bool = False, title_size: int = 15) -> Image.Image:
    """A character card: rank in the band, band in its income colour."""
    return kit.card(_name(char_id, locale), size=size, band=_char_colour(char_id),
                    corner=str(data.RANK[char_id]), title_size=title_size, dim=dim)


# -- view helpers -----------------------------------------------------------------------
def _holders(view: Mapping) -> dict[str, int]:
    """character id -> seat for every character publicly known to be held: revealed so
    far this round, and at game end every character of the last round."""
    known = {entry["character"]: int(entry["seat"]) for entry in view.get("revealed") or ()}
    if view.get("finished"):
        known.update({c: int(s) for c, s in (view.get("characters") or {}).items()})
    return known


def _killed(view: Mapping) -> str | None:
    return None if view.get("assassin_saved") else view.get("assassin_target")


def _phase_text(view: Mapping, locale: str) -> str:
    if view.get("finished"):
        return _t("phase.over", locale)
    char = view.get("current_character")
    if view.get("phase") == "call" and char:
        return _t("phase.call_rank", locale, rank=data.RANK[char], character=_name(char, locale))
    return _t(f"phase.{view.get('phase')}", locale)


def _char_colour(char: str) -> kit.RGB:
    colour = data.INCOME_COLOUR.get(char)
    return kit.DISTRICT[colour] if colour else CHARACTER_BAND


# -- table ------------------------------------------------------------------------------
CITY_PER_ROW = kit.cards_per_row(WIDTH - 2 * MARGIN - 36, CITY_CARD[0], CITY_GAP)


def _player_height(view: Mapping, info: Mapping) -> int:
    rows = max(1, -(-len(info["city"]) // CITY_PER_ROW))
    extra = 46 if view.get("finished") else 0
    return PLAYER_HEAD + rows * (CITY_CARD[1] + CITY_GAP) + 14 + extra


def _acting_seat(view: Mapping) -> int | None:
    """Who must act now: the drafting seat, else the seat whose character is called."""
    if view.get("finished"):
        return None
    draft = view.get("draft") or {}
    seat = draft.get("seat") if view.get("phase") == "draft" else view.get("current_seat")
    return None if seat is None else int(seat)


def _turn_chips(view: Mapping, locale: str) -> list[list[tuple[str, kit.RGB, bool]]]:
    """The strip's second part: who must act and what is asked, or the final scores (one
    chip per player, best first)."""
    if view.get("finished"):
        result = view.get("result") or {}
        scores = result.get("scores") or {}
        return [[(("★ " if int(seat) in (result.get("winners") or ()) else "")
                  + kit.seat_name(view, int(seat), locale), kit.player_colour(int(seat)), True),
                 (f" {scores[seat]}", kit.TEXT, True)]
                for seat in sorted(scores, key=lambda s: -scores[s])]
    seat = _acting_seat(view)
    if seat is None:
        return []
    asked = _t("on_turn", locale) if view.get("phase") == "call" else _t("choosing", locale)
    return [[("▶ " + kit.seat_name(view, seat, locale), kit.player_colour(seat), True),
             (" " + asked, kit.TEXT, False)]]


def _header_height(view: Mapping) -> int:
    """The strip's height: one line, and the chips' rows (the scores may take two)."""
    scratch = ImageDraw.Draw(Image.new("RGB", (WIDTH, 200)))
    rows = kit.draw_chips(scratch, (MARGIN, 0), _turn_chips(view, "en"), GLANCE,
                          WIDTH - 2 * MARGIN)
    return 40 + int(GLANCE * 1.3) + max(rows, int(GLANCE * 1.3)) + 12


def _draw_header(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, locale: str) -> int:
    """The at-a-glance strip: round and phase, who acts (or the scores); piles at the right."""
    right = WIDTH - MARGIN
    for text in (_t("discard_pile", locale, n=len(view.get("discard") or ())),
                 _t("draw_pile", locale, n=view.get("draw_pile", 0))):
        w = kit.text_width(text, kit.font(16))
        kit.draw_text(draw, (right - w, 14), text, 16, kit.MUTED)
        right -= w + 24
    title = _t("title", locale)
    if (view.get("options") or {}).get("action_cards"):
        title += " · " + _t("action_cards_variant", locale)
    kit.draw_text(draw, (MARGIN, 14), title, 16, kit.MUTED, bold=True, max_width=right - MARGIN)
    line_h = int(GLANCE * 1.3)
    with kit.glance():
        head = [(_t("round", locale, n=view.get("round", 0)) + " · ", kit.MUTED, True),
                (_phase_text(view, locale), kit.TEXT, True)]
        kit.draw_segments(draw, (MARGIN, 40), head, GLANCE, WIDTH - 2 * MARGIN)
        rows = kit.draw_chips(draw, (MARGIN, 40 + line_h), _turn_chips(view, locale), GLANCE,
                              WIDTH - 2 * MARGIN)
    return 40 + line_h + max(rows, line_h) + 12


def _character_caption(view: Mapping, char: str, holders: Mapping[str, int],
                       locale: str) -> tuple[str, kit.RGB, bool]:
    """(caption under a character card, its colour, bold?)."""
    if char in holders:
        seat = holders[char]
        return kit.seat_name(view, seat, locale), kit.player_colour(seat), True
    if char == _killed(view):
        return _t("killed", locale), KILLED, False
    if char in (view.get("removed_face_up") or ()):
        return _t("removed", locale), kit.MUTED, False
    if view.get("finished") and char in (view.get("face_down") or ()):
        return _t("face_down", locale), kit.MUTED, False
    return "", kit.MUTED, False


def _draw_characters(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
                     locale: str, top: int) -> int:
    title = _t("characters", locale)
    if view.get("removed_face_down") and not view.get("finished"):
        title += " · " + _t("face_down_count", locale, n=view["removed_face_down"])
    top += kit.section_header(draw, (MARGIN, top), WIDTH - 2 * MARGIN, title)
    removed = set(view.get("removed_face_up") or ())
    holders = _holders(view)
    calling = view.get("current_character") if view.get("phase") == "call" else None
    gap = (WIDTH - 2 * MARGIN - 8 * CHAR_CARD[0]) // 7
    w, h = CHAR_CARD
    for i, char in enumerate(data.CHARACTERS):
        x = MARGIN + i * (w + gap)
        kit.paste(img, character_sprite(char, locale, dim=char in removed), (x, top))
        box = (x - 3, top - 3, x + w + 2, top + h + 2)
        caption, colour, bold = _character_caption(view, char, holders, locale)
        if char in holders:
            draw.rounded_rectangle(box, radius=10, outline=colour, width=3)
        if char == _killed(view):
            draw.rounded_rectangle(box, radius=10, outline=KILLED, width=3)
            kit.paste(img, kit.badge("✖", KILLED, DETAIL), (x + 4, top + h - 26))
        if char == view.get("thief_target"):
            kit.paste(img, kit.badge(_t("robbed", locale), kit.GOLD, DETAIL),
                      (x + 4, top + h - 26))
        if char == calling:
            draw.rounded_rectangle(box, radius=10, outline=kit.ACTIVE, width=4)
        if caption:
            kit.draw_text(draw, (x + w // 2, top + h + 6), caption, 14, colour, bold=bold,
                          anchor="ma", max_width=w + gap)
    return top + h + 30


def _draw_player(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, info: Mapping,
                 locale: str, top: int, height: int) -> None:
    seat = int(info["seat"])
    left, right = MARGIN, WIDTH - MARGIN
    current = view.get("current_seat") == seat and not view.get("finished")
    winner = seat in ((view.get("result") or {}).get("winners") or ())
    strong = current or winner
    edge = kit.ACTIVE if current else kit.ACCENT if winner else kit.PANEL_EDGE
    kit.panel(img, (left, top, right, top + height - 8), outline=edge, width=3 if strong else 1)
    colour = kit.player_colour(seat)
    draw.rounded_rectangle((left + 2, top + 2, left + 9, top + height - 10), radius=3, fill=colour)
    x = left + 20
    if info.get("is_crown"):
        kit.paste(img, kit.crown(22), (x, top + 11))
        x += 36
    x += kit.draw_text(draw, (x, top + 10), kit.seat_name(view, seat, locale), 22, colour,
                       bold=True, max_width=260) + 18
    x += kit.draw_text(draw, (x, top + 14), _t("gold", locale), 16, kit.MUTED) + 6
    kit.paste(img, kit.coin(info["gold"], 28), (x, top + 10))
    x += 28 + 18
    x += kit.draw_text(draw, (x, top + 14), _t("hand_size", locale, n=info["hand_size"]), 16) + 16
    for char in info.get("characters") or ():
        x += _paste_badge(img, _name(char, locale), _char_colour(char), x, top + 11, 15)
    for wagon in view.get("wagons") or ():
        if int(wagon["owner"]) == seat:
            text = _t("wagon", locale, n=wagon["gold"])
            x += _paste_badge(img, text, WAGON_BADGE, x, top + 12, DETAIL)
    if current:
        turn = view.get("turn") or {}
        status = _t("on_turn", locale) if view.get("phase") == "call" else _t("choosing", locale)
        if turn.get("action_card"):
            status += " · " + _name(turn["action_card"], locale)
        kit.draw_text(draw, (right - 14, top + 13), "▶ " + status, 16, kit.ACTIVE, bold=True,
                      anchor="ra", max_width=max(60, right - 14 - x))
    city_top = top + PLAYER_HEAD
    if info["city"]:
        _draw_city(img, info["city"], locale, left + 20, city_top)
    else:
        kit.draw_text(draw, (left + 20, city_top + 24), _t("empty_city", locale), 16, kit.MUTED)
    if view.get("finished"):
        _draw_final(img, draw, view, seat, locale, top, right, height)


def _paste_badge(img: Image.Image, text: str, fill: kit.RGB, x: int, y: int, size: int) -> int:
    badge = kit.badge(text, fill, size)
    kit.paste(img, badge, (x, y))
    return badge.width + 8


def _draw_final(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, seat: int,
                locale: str, top: int, right: int, height: int) -> None:
    """Score (big, right), score parts and the revealed hand (bottom line)."""
    result = view.get("result") or {}
    total = (result.get("scores") or {}).get(str(seat))
    if total is not None:
        winner = seat in (result.get("winners") or ())
        text = ("★ " if winner else "") + _t("score_total", locale, n=total)
        kit.draw_text(draw, (right - 14, top + 9), text, 22,
                      kit.ACCENT if winner else kit.TEXT, bold=True, anchor="ra")
    parts = (result.get("breakdown") or {}).get(str(seat)) or {}
    detail = " · ".join(f"{_t('score.' + k, locale)}: {'' if k == 'districts' else '+'}{v}"
                        for k, v in parts.items() if v)
    hands = view.get("hands") or []
    hand = hands[seat] if seat < len(hands) else []
    in_hand = ", ".join(_name(c, locale) for c in hand) or "—"
    bottom = top + height - 8
    kit.draw_text(draw, (MARGIN + 20, bottom - 44), detail, 15, kit.TEXT,
                  max_width=WIDTH - 2 * MARGIN - 40)
    kit.draw_text(draw, (MARGIN + 20, bottom - 24), _t("hand_was", locale, cards=in_hand),
                  DETAIL, kit.MUTED, max_width=WIDTH - 2 * MARGIN - 40)


def _draw_city(img: Image.Image, city: list[str], locale: str, left: int, top: int) -> None:
    for i, card in enumerate(city):
        row, col = divmod(i, CITY_PER_ROW)
        kit.paste(img, card_sprite(card, locale),
                  (left + col * (CITY_CARD[0] + CITY_GAP), top + row * (CITY_CARD[1] + CITY_GAP)))


def render_table(view: dict, locale: str) -> Image.Image:
    """The public table of a Citadels view (any seat's or the spectator's)."""
    seats = view["seats"]
    heights = [_player_height(view, info) for info in seats]
    height = max(MIN_HEIGHT, _header_height(view) + 150 + sum(heights) + 10)
    img = Image.new("RGB", (WIDTH, height), kit.BG)
    draw = ImageDraw.Draw(img)
    top = _draw_header(img, draw, view, locale)
    top = _draw_characters(img, draw, view, locale, top) + 10
    for info, h in zip(seats, heights):
        _draw_player(img, draw, view, info, locale, top, h)
        top += h
    return img


# -- private ----------------------------------------------------------------------------
Section = tuple[str, list[Image.Image], set[int]]   # title, card sprites, marked indexes


def _hand_order(card: str) -> tuple:
    """Districts by colour then cost, action cards last."""
    district = data.DISTRICTS.get(card)
    if district is None:
        return (1, 0, 0, card)
    return (0, data.COLOURS.index(district["colour"]), district["cost"], card)


def _hand_card(card: str, locale: str) -> Image.Image:
    """A card the player may choose from: its title reads inline on a phone."""
    with kit.glance():
        return card_sprite(card, locale, HAND_CARD, PRIVATE_GLANCE)


def _hand_char(char: str, locale: str, dim: bool = False) -> Image.Image:
    with kit.glance():
        return character_sprite(char, locale, HAND_CARD, dim=dim, title_size=PRIVATE_GLANCE)


def _private_sections(view: Mapping, locale: str) -> list[Section]:
    me = view.get("me") or {}
    sections: list[Section] = []
    draft = view.get("draft")
    if draft and draft.get("seat") == view.get("seat") and me.get("offers"):
        key = "draft_offer" if draft.get("step") == "pick" else "draft_discard"
        sections.append((_t(key, locale), [_hand_char(c, locale) for c in me["offers"][-1]],
                         set()))
    if me.get("drawn"):
        sections.append((_t("drawn", locale), [_hand_card(c, locale) for c in me["drawn"]], set()))
    sections.append((_t("your_characters", locale),
                     [_hand_char(c, locale) for c in me.get("characters") or ()], set()))
    if me.get("seen_face_down"):
        sections.append((_t("seen_face_down", locale),
                         [_hand_char(c, locale, dim=True) for c in me["seen_face_down"]], set()))
    for peek in me.get("peeks") or ():
        title = _t("peek", locale, player=kit.seat_name(view, int(peek["seat"]), locale))
        sections.append((title, [_hand_card(c, locale) for c in peek["hand"]], set()))
    hand = list(me.get("hand") or ())
    order = sorted(range(len(hand)), key=lambda i: _hand_order(hand[i]))
    selected = set(me.get("selected") or ())
    sections.append((_t("your_hand", locale, n=len(hand)),
                     [_hand_card(hand[i], locale) for i in order],
                     {pos for pos, i in enumerate(order) if i in selected}))
    return sections


def _sections_height(sections: list, per_row: int) -> int:
    """Header plus card rows of every section (one short line for an empty one)."""
    return sum(kit.card_section_height(len(cards), per_row, HAND_CARD[1], empty=EMPTY_SECTION)
               for _, cards, _ in sections)


def render_private(view: dict, locale: str) -> Image.Image | None:
    """``view["seat"]``'s hand, characters and draft offer; None for a spectator."""
    seat = view.get("seat")
    if seat is None:
        return None
    sections = _private_sections(view, locale)
    inner = PRIVATE_WIDTH - 2 * MARGIN
    per_row = kit.cards_per_row(inner, HAND_CARD[0])
    height = 80 + _sections_height(sections, per_row)
    img = Image.new("RGB", (PRIVATE_WIDTH, max(MIN_HEIGHT, height)), kit.BG)
    draw = ImageDraw.Draw(img)
    colour = kit.player_colour(seat)
    kit.paste(img, kit.meeple(34, colour), (MARGIN, 20))
    x = MARGIN + 46
    with kit.glance():
        x += kit.draw_text(draw, (x, 20), kit.seat_name(view, seat, locale), 24, colour,
                           bold=True, max_width=300) + 18
        x += kit.draw_text(draw, (x, 22), _t("gold", locale), PRIVATE_GLANCE, kit.MUTED) + 6
        kit.paste(img, kit.coin(view["seats"][seat]["gold"], 36), (x, 15))
    kit.draw_text(draw, (PRIVATE_WIDTH - MARGIN, 26), _phase_text(view, locale), 15,
                  kit.MUTED, anchor="ra", max_width=PRIVATE_WIDTH - x - 60)
    kit.card_sections(img, draw, sections, (MARGIN, 76), inner, HAND_CARD, frame=4,
                      empty=EMPTY_SECTION)
    return img
