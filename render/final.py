"""The end of a game as a picture: the score breakdown per player.

Generic for every game: one row per score part (``Result.breakdown``), one column per
player, the total last, winners marked.  The caller passes every text already
localised (the ``<game>.score.<part>`` labels), so ``render/`` needs no catalog of the
bot.  All its text is at the glance size, readable inline on a phone.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from render import kit

WIDTH = 720
PAD = 16


def render_breakdown(title: str, players: Sequence[str], parts: Sequence[tuple[str, Sequence[int]]],
                     totals: Sequence[int], winners: Sequence[int], total_label: str,
                     seats: Sequence[int] | None = None) -> Image.Image:
    """``players``: column heads (best first); ``parts``: ``(label, value per player)``;
    ``winners``: column indexes of the winners; ``seats``: each column's seat (colour)."""
    size = kit.glance_px(WIDTH)
    row_h = size + 14
    cols = max(len(players), 1)
    label_w = min(300, WIDTH - 2 * PAD - cols * 80)
    col_w = (WIDTH - 2 * PAD - label_w) // cols
    height = PAD * 2 + row_h * (len(parts) + 3)
    img = Image.new("RGB", (WIDTH, max(height, 120)), kit.BG)
    draw = ImageDraw.Draw(img)
    seats = list(seats) if seats is not None else list(range(len(players)))
    with kit.glance():
        y = PAD
        kit.draw_text(draw, (PAD, y), title, size, kit.TEXT, bold=True, max_width=WIDTH - 2 * PAD)
        y += row_h
        for i, name in enumerate(players):
            x = PAD + label_w + i * col_w
            draw.rectangle((x + 4, y + row_h - 6, x + col_w - 4, y + row_h - 3),
                           fill=kit.player_colour(seats[i]))
            kit.draw_text(draw, (x + col_w // 2, y), name, size, kit.TEXT, bold=i in winners,
                          max_width=col_w - 8, anchor="ma")
        y += row_h
        for n, (label, values) in enumerate(parts):
            if n % 2 == 0:
                draw.rectangle((PAD, y - 4, WIDTH - PAD, y + row_h - 6), fill=kit.PANEL)
            kit.draw_text(draw, (PAD + 6, y), label, size, kit.TEXT, max_width=label_w - 10)
            for i, value in enumerate(values):
                x = PAD + label_w + i * col_w + col_w // 2
                kit.draw_text(draw, (x, y), str(value), size, kit.TEXT if value else kit.MUTED,
                              anchor="ma")
            y += row_h
        draw.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=kit.PANEL_EDGE, width=2)
        kit.draw_text(draw, (PAD + 6, y), total_label, size, kit.TEXT, bold=True,
                      max_width=label_w - 10)
        for i, total in enumerate(totals):
            x = PAD + label_w + i * col_w + col_w // 2
            text = f"★ {total}" if i in winners else str(total)
            kit.draw_text(draw, (x, y), text, size, kit.ACCENT if i in winners else kit.TEXT,
                          bold=True, anchor="ma")
    return img


def breakdown_from_result(result: Mapping, names: Sequence[str], part_label, title: str,
                          total_label: str) -> Image.Image:
    """The picture for a ``Result.to_json()``: players best first, every part any player
    scored in (in the order the game lists them)."""
    scores = {int(k): v for k, v in (result.get("scores") or {}).items()}
    winners = set(result.get("winners") or [])
    breakdown = {int(k): v for k, v in (result.get("breakdown") or {}).items()}
    order = sorted(scores, key=lambda s: (s not in winners, -scores[s], s))
    keys: list[str] = []
    for seat in order:
        keys += [k for k in breakdown.get(seat, {}) if k not in keys]
    parts = [(part_label(k), [breakdown.get(s, {}).get(k, 0) for s in order]) for k in keys]
    return render_breakdown(title, [names[s] for s in order], parts, [scores[s] for s in order],
                            [i for i, s in enumerate(order) if s in winners], total_label,
                            seats=order)
