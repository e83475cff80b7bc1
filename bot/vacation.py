"""A player's own settings across all their games: vacations, how they are told it is
their turn (``/game notify``), and "where is it my turn?" (``/game list``).

A vacation pauses the turn clock of the player's turns in every game (the time left
is kept and given back when it ends); each player may take a bounded number of days
per calendar month (UTC), default 14 (``VACATION_DAYS``).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING

from bot import messages as m
from bot.clock import crossed, next_due, stamp
from bot.i18n import t
from bot.table import TableError
from bot.text import game_title
from engine import registry
from storage.clock import NOTIFY

if TYPE_CHECKING:
    from bot.table import TableService

DAY = 86400


def month_bounds(now: float) -> tuple[float, float]:
    """Start and end (UTC) of the calendar month holding ``now``."""
    d = datetime.fromtimestamp(now, timezone.utc)
    start = datetime(d.year, d.month, 1, tzinfo=timezone.utc)
    end = datetime(d.year + d.month // 12, d.month % 12 + 1, 1, tzinfo=timezone.utc)
    return start.timestamp(), end.timestamp()


async def days_left(svc: "TableService", user_id: int, now: float,
                    allowance: int | None = None) -> float:
    """Vacation days the user has left in the calendar month of ``now``."""
    allowance = svc.clock.vacation_days if allowance is None else allowance
    start, end = month_bounds(now)
    used = await svc.clock.store.vacation_seconds(user_id, start, end)
    return max(0.0, allowance - used / DAY)


async def start_vacation(svc: "TableService", user_id: int, days: int, *,
                         allowance: int | None = None) -> tuple[float, int]:
    """Go on vacation for ``days`` from now (a running vacation is replaced); returns
    (when it ends, in how many games a clock was paused).  Every table the player sits
    at is told."""
    store, now = svc.clock.store, svc.clock.now()
    allowance = svc.clock.vacation_days if allowance is None else allowance
    if not 1 <= days <= allowance:
        raise TableError("bad_vacation_days", max=allowance)
    if await store.vacation_end(user_id, now) is not None:
        await store.end_vacation(user_id, now)
    left = await days_left(svc, user_id, now, allowance)
    if days > left + 1e-6:
        raise TableError("vacation_allowance", left=int(left), max=allowance)
    until = now + days * DAY
    await store.add_vacation(user_id, now, until)
    paused = 0
    for row in await svc.db.list_games(user_id=user_id, statuses=("active",)):
        seat = row.seat_of(user_id)
        player = next(s for s in row.seats if s.seat == seat)
        if player.is_ai:
            continue
        async with svc.lock(row.id):
            c = (await store.seats(row.id)).get(seat)
            if c is not None and c.turn is not None and c.deadline is not None:
                c.paused_left, c.deadline, c.due = max(c.deadline - now, 0.0), None, until
                await store.put([c])
                paused += 1
        await svc.notifier.post(row.channel_id, m.OutMessage(
            t("clock.on_vacation", row.locale, name=player.name, until=stamp(until, "f"))))
    return until, paused


async def end_vacation(svc: "TableService", user_id: int) -> int:
    """Back early: the paused clocks run again with the time they had left; returns how
    many.  ``no_vacation`` if the player is not on vacation."""
    store, now = svc.clock.store, svc.clock.now()
    if not await store.end_vacation(user_id, now):
        raise TableError("no_vacation")
    resumed = 0
    for row in await svc.db.list_games(user_id=user_id, statuses=("active",)):
        seat = row.seat_of(user_id)
        async with svc.lock(row.id):
            c = (await store.seats(row.id)).get(seat)
            if c is None or c.turn is None or c.paused_left is None:
                continue
            lefts = await svc.clock.lefts(row)
            c.deadline, c.paused_left = now + c.paused_left, None
            c.reminded = crossed(now, c.deadline, lefts)
            c.due = next_due(c, lefts)
            await store.put([c])
            resumed += 1
    return resumed


async def set_notify(svc: "TableService", user_id: int, choice: str) -> None:
    if choice not in NOTIFY:
        raise TableError("bad_notify")
    await svc.clock.store.set_notify(user_id, choice)


async def my_turns(svc: "TableService", user_id: int, locale: str) -> list[str]:
    """Lines for "where is it my turn?": every active game (any server) where the user
    must decide, soonest deadline first, each with a link to its newest board (none:
    an empty list)."""
    store = svc.clock.store
    mine = []
    for row in await svc.db.list_games(user_id=user_id, statuses=("active",)):
        seat = row.seat_of(user_id)
        player = next(s for s in row.seats if s.seat == seat)
        game = registry.get(row.type)
        if player.is_ai or game.decision_for(row.state, seat) is None:
            continue
        c = (await store.seats(row.id)).get(seat)
        deadline = c.deadline if c is not None else None
        mine.append((deadline is None, deadline or 0.0, -row.updated, row))
    mine.sort(key=lambda x: x[:3])
    lines = []
    for _, deadline, _, row in mine:
        link = await svc.clock.board_link(row)
        lines.append(t("clock.list.line", locale, game=game_title(row.type, locale), id=row.id,
                       when=stamp(deadline) if deadline else t("clock.list.no_clock", locale),
                       link=link or ""))
    return [t("clock.list.title", locale), *lines] if lines else []
