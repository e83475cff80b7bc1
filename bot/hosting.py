"""Seat and host controls on a table: take a seat back from the AI, remove a player from
the lobby, hand the host role on, change the turn clock of a running game.

Every entry takes a :class:`~bot.access.Caller` and goes through the table service's
reach checks (a table out of reach answers like an unknown id; host powers only from
the table's own channel).  What changes for everybody is said in the channel.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot import messages as m
from bot.access import Caller
from bot.clock import crossed, next_due
from bot.i18n import t
from bot.table import MAX_TURN_HOURS, TableError
from engine import registry
from engine.core import Event
from storage import GameRow, SeatRow

if TYPE_CHECKING:
    from bot.table import TableService

MAX_ZOMBIE_AFTER = 10


async def reclaim(svc: "TableService", game_id: int, who: Caller) -> GameRow:
    """The player takes back the seat the AI played after their timeouts ("zombie");
    it is theirs from their next turn (the AI has already answered the current one)."""
    async with svc.lock(game_id):
        row = await svc.active_row(game_id, who)
        seat = svc.seat_for(row, who.user_id)
        mine = next(s for s in row.seats if s.seat == seat)
        if not mine.is_ai:
            raise TableError("not_zombie")
        await svc.db.set_seat(game_id, SeatRow(seat, mine.user_id, False, mine.name))
        clocks = await svc.clock.store.seats(game_id)
        if seat in clocks:
            clocks[seat].timeouts = 0
            await svc.clock.store.put([clocks[seat]])
        row = await svc.load_row(game_id)
        game = registry.get(row.type)
        await svc.say(game, row, [Event("seat_reclaimed", {"seat": seat})])
        return row


async def kick(svc: "TableService", game_id: int, who: Caller,
               target_id: int) -> tuple[GameRow, str]:
    """The host removes a player from the lobby (not themself: they leave); returns the
    table and the name the player sat under."""
    async with svc.lock(game_id):
        row = await svc.lobby_row(game_id, who)
        svc.check_host(row, who)
        if target_id == row.host_id:
            raise TableError("kick_self")
        seat = row.seat_of(target_id)
        if seat is None:
            raise TableError("target_not_playing")
        name = next(s.name for s in row.seats if s.seat == seat)
        rest = [s for s in row.seats if s.seat != seat]
        await svc.db.set_seats(game_id, [SeatRow(i, s.user_id, s.is_ai, s.name)
                                         for i, s in enumerate(rest)])
        await svc.notifier.post(row.channel_id, m.OutMessage(
            t("clock.kicked", row.locale, name=name)))
        return await svc.load_row(game_id), name


async def transfer_host(svc: "TableService", game_id: int, who: Caller, target_id: int) -> GameRow:
    """The host (or a manager) hands the host role to another seated human."""
    async with svc.lock(game_id):
        row = await svc.reach_row(game_id, who)
        if row.status not in ("lobby", "active"):
            raise TableError("not_active")
        svc.check_manager(row, who, "not_host")
        seat = row.seat_of(target_id)
        target = next((s for s in row.seats if s.seat == seat), None)
        if target is None or target.is_ai:
            raise TableError("target_not_playing")
        await svc.db.set_host(game_id, target_id)
        row = await svc.load_row(game_id)
        await svc.say(registry.get(row.type), row, [Event("host_changed", {"seat": seat})])
        return row


async def set_clock(svc: "TableService", game_id: int, who: Caller, hours: int, *,
                    reminders: list[float] | None = None,
                    zombie_after: int | None = None) -> GameRow:
    """The host changes the turn clock (and optionally the reminder points and the
    timeouts before the AI takes a seat); running turns keep the time already used
    (but get at least the smaller of the new clock and 2 hours), and the table is told."""
    if not 1 <= hours <= MAX_TURN_HOURS:
        raise TableError("bad_turn_hours", max=MAX_TURN_HOURS)
    if zombie_after is not None and not 1 <= zombie_after <= MAX_ZOMBIE_AFTER:
        raise TableError("bad_zombie_after", max=MAX_ZOMBIE_AFTER)
    clock = svc.clock
    async with svc.lock(game_id):
        row = await svc.reach_row(game_id, who)
        if row.status not in ("lobby", "active"):
            raise TableError("not_active")
        svc.check_manager(row, who, "not_host")
        timeout = hours * 3600
        await clock.store.set_turn_timeout(game_id, timeout)
        if reminders is not None or zombie_after is not None:
            await clock.store.set_settings(game_id, reminders=reminders, zombie_after=zombie_after)
        row = await svc.load_row(game_id)
        if row.status == "active":       # a table that had no clock: its waiting seats start one
            await clock.after_turn(registry.get(row.type), row)
        now = clock.now()
        lefts = await clock.lefts(row)
        changed = []
        for c in (await clock.store.seats(game_id)).values():
            if c.turn is None:
                continue
            if c.deadline is None and c.paused_left is None:     # had no clock
                c.deadline = now + timeout
            elif c.deadline is None:                             # paused: keep it paused
                c.paused_left = timeout
            else:
                c.deadline = max(c.started + timeout, now + min(timeout, 7200))
            if c.deadline is not None:
                c.reminded = crossed(now, c.deadline, lefts)     # passed points stay quiet
                c.due = next_due(c, lefts)
            changed.append(c)
        await clock.store.put(changed)
        host = next((s.name for s in row.seats if s.user_id == who.user_id), f"<@{who.user_id}>")
        await svc.notifier.post(row.channel_id, m.OutMessage(
            t("clock.changed", row.locale, host=host, hours=hours)))
        return row


def parse_reminders(text: str | None) -> list[float] | None:
    """``"50%, 2h, 30m"`` -> ``[0.5, 7200, 1800]`` (a share of the clock, or time left)."""
    if not text:
        return None
    out = []
    for token in text.replace(",", " ").split():
        try:
            if token.endswith("%"):
                value = float(token[:-1]) / 100
                ok = 0 < value < 1
            elif token[-1:] in ("h", "m"):
                value = float(token[:-1]) * (3600 if token.endswith("h") else 60)
                ok = value >= 60
            else:
                raise ValueError(token)
        except ValueError:
            raise TableError("bad_reminders", token=token) from None
        if not ok:
            raise TableError("bad_reminders", token=token)
        out.append(value)
    return out
