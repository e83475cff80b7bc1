"""What the final board adds: the score breakdown per player as a picture.

The table service asks :func:`extra_files` for the attachments of a finished game's
board; the engines' finished views already reveal what was hidden (hands, picks, bonus
cards), this adds the breakdown of ``Result`` with the ``<game>.score.<part>`` labels.
A finished game also brings the server's ratings up to date (``bot/stats.py``).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.compose import seat_names
from bot.i18n import first, t
from bot.text import game_title
from engine import registry

if TYPE_CHECKING:
    from storage import Database, GameRow

log = logging.getLogger(__name__)


def breakdown_png(row: "GameRow", locale: str) -> tuple[bytes, str] | None:
    """(encoded picture, extension) of the score breakdown, None without a result."""
    from render import final, kit

    game = registry.get(row.type)
    result = game.result(row.state) if row.state is not None else None
    if result is None:
        return None
    image = final.breakdown_from_result(
        result.to_json(), seat_names(row),
        lambda part: first([f"{row.type}.score.{part}", f"score.{part}"], locale),
        t("final.title", locale, game=game_title(row.type, locale)), t("final.total", locale))
    return kit.encode(image), kit.FILENAME_EXT


async def extra_files(db: "Database", row: "GameRow", *, images: bool = True) -> list[tuple[str, bytes]]:
    """The final board's extra attachments (the breakdown picture); also rates the game."""
    if row.status != "finished":
        return []
    try:
        from bot import stats
        await stats.catch_up(db, row.guild_id)
    except Exception:  # ratings must never block the final board
        log.exception("rating game %s failed", row.id)
    if not images:
        return []
    try:
        out = await asyncio.to_thread(breakdown_png, row, row.locale)
    except Exception:
        log.exception("score breakdown of game %s failed", row.id)
        return []
    return [(f"{row.type}-{row.id}-scores.{out[1]}", out[0])] if out else []
