"""``/game history``: the log of a game, page by page, in the reader's language.

Each line is one event with the number of the move it belongs to; a reader sees the
public events and the private ones meant for their own seat (an undo shows as the
event it stored).  Prev / Next buttons carry the page in their custom id
(``h1:<game>:<page>``), so they work after a restart too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot import messages as m
from bot.compose import seat_names
from bot.i18n import t
from bot.text import event_text, game_title
from engine import registry
from engine.core import Event

if TYPE_CHECKING:
    from bot.access import Caller
    from bot.table import TableService

PAGE = 15  # lines per page


def history_lines(game, log: list[tuple[int, dict]], seat: int | None, locale: str,
                  names: list[str]) -> list[str]:
    """``#seq event`` for every event ``seat`` may read, oldest first."""
    out = []
    for seq, data in log:
        event = Event.from_json(data)
        if event.visible_for(seat):
            out.append(f"`{seq}` {event_text(game, event, locale, names)}")
    return out


def page_buttons(game_id: int, page: int, pages: int, locale: str) -> list[m.Row]:
    return [(m.Button(f"h1:{game_id}:{max(page - 1, 1)}:prev", t("history.prev", locale),
                      disabled=page <= 1),
             m.Button(f"h1:{game_id}:{min(page + 1, pages)}:next", t("history.next", locale),
                      disabled=page >= pages))]


async def history_page(table: "TableService", game_id: int, who: "Caller", page: int | None,
                       *, locale: str) -> m.OutMessage:
    """Page ``page`` (1-based; None: the latest page) of the log ``who`` may read."""
    from bot.table import TableError

    row = await table.reach_row(game_id, who)
    if row.state is None:
        raise TableError("not_active")
    game = registry.get(row.type)
    lines = history_lines(game, await table.db.move_events(game_id, 0),
                          row.seat_of(who.user_id), locale, seat_names(row))
    pages = max(1, (len(lines) + PAGE - 1) // PAGE)
    page = pages if page is None else min(max(page, 1), pages)
    shown = lines[(page - 1) * PAGE:page * PAGE] or [t("history.empty", locale)]
    head = t("history.title", locale, game=game_title(row.type, locale), id=row.id,
             page=page, pages=pages)
    text = m.clip("\n".join([head, *shown]), m.MAX_CONTENT)
    return m.OutMessage(text, rows=page_buttons(game_id, page, pages, locale), ephemeral=True)
