"""The turn clock: deadlines per waiting seat, reminders, timeouts, zombies, lobby expiry.

Each human seat a table waits for has a clock row (``storage.clock``): when its turn
began, its deadline (the table's ``turn_timeout`` later; paused while the player is on
vacation) and how many reminders it got this turn.  ``due`` is the next moment the
clock must act, so :meth:`TurnClock.tick` (every minute) reads only what is due.

- Reminders: at the table's points (default: half the clock left, and 2 hours left),
  each at most once per turn; "sent" is stored before sending, so a restart never
  repeats one, and a move ends the turn's clock, so none comes after the move.
- Timeouts: the rules' timeout defaults finish the late seat's turn; after
  ``zombie_after`` consecutive timeouts (default 3) the AI plays the seat, which keeps
  its user (``/game reclaim`` gives it back).
- Lobbies that never started expire after ``lobby_ttl`` (default 7 days).

Time comes from an injectable ``time`` function, so tests run days in microseconds.
"""
from __future__ import annotations

import json
import logging
import time as _time
from typing import TYPE_CHECKING, Callable

from bot import messages as m
from bot.i18n import t
from bot.text import game_title
from engine import registry
from engine.core import Action, Event, Game
from storage import GameRow, SeatRow
from storage.clock import ClockStore, SeatClock

if TYPE_CHECKING:
    from bot.table import TableService

log = logging.getLogger(__name__)

DEFAULT_REMINDERS = (0.5, 7200.0)   # < 1: a share of the clock left; else seconds left
DEFAULT_ZOMBIE_AFTER = 3
LOBBY_TTL = 7 * 86400
VACATION_DAYS = 14                  # each player's vacation allowance per calendar month
MAX_DEFAULTS_PER_SEAT = 60          # a timed-out seat's turn is finished by its defaults, bounded


def reminder_lefts(timeout: float, points) -> list[float]:
    """The seconds left at which reminders go, latest-first order of time (largest first);
    only points strictly inside the clock."""
    lefts = {float(p) * timeout if float(p) < 1 else float(p) for p in points}
    return sorted((x for x in lefts if 0 < x < timeout), reverse=True)


def crossed(now: float, deadline: float, lefts: list[float]) -> int:
    """How many reminder points lie at or before ``now``."""
    return sum(1 for x in lefts if deadline - x <= now)


def next_due(c: SeatClock, lefts: list[float]) -> float | None:
    """The next reminder or the deadline (a paused clock keeps its ``due``)."""
    if c.deadline is None:
        return c.due if c.paused_left is not None else None
    return c.deadline - lefts[c.reminded] if c.reminded < len(lefts) else c.deadline


def stamp(when: float, style: str = "R") -> str:
    """A Discord timestamp: every client shows it in its own language and time zone."""
    return f"<t:{int(when)}:{style}>"


def jump_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


class TurnClock:
    """The clock of every table of one :class:`~bot.table.TableService`."""

    def __init__(self, service: "TableService", *, time: Callable[[], float] = _time.time,
                 lobby_ttl: float = LOBBY_TTL, vacation_days: int = VACATION_DAYS) -> None:
        self.service = service
        self.store = ClockStore(service.db)
        self.time = time
        self.lobby_ttl = lobby_ttl
        self.vacation_days = vacation_days
        self._at: float | None = None   # the tick's "now" while it runs

    def now(self) -> float:
        return self._at if self._at is not None else self.time()

    async def lefts(self, row: GameRow) -> list[float]:
        points, _ = await self.store.settings(row.id)
        return self._lefts(row, points)

    @staticmethod
    def _lefts(row: GameRow, points: list[float] | None) -> list[float]:
        return reminder_lefts(row.turn_timeout or 0, points or DEFAULT_REMINDERS)

    # -- after every change of a table ---------------------------------------------------
    async def after_turn(self, game: Game, row: GameRow, actor: int | None = None) -> None:
        """Start the clock of each newly waiting human seat, stop the others' (a seat
        that moved itself starts its count of consecutive timeouts afresh).

        Settled once per state: asked again at the same seq (a delivery settles the
        clock, then again before a new board) it would change nothing, so it reads
        nothing either, unless for another ``actor`` (see ``ClockStore.settle``)."""
        if not row.turn_timeout:        # no clock, nothing to keep (it never goes away)
            return
        key = (row.status, row.turn_timeout)
        kept = self.store.settled(row.id, row.seq)
        if kept is not None and kept[0][0] == key and actor in (None, kept[0][1]):
            return
        now = self.now()
        clocks, (points, _) = await self.store.table(row.id)
        if row.status != "active" or row.state is None:
            if any(c.turn is not None for c in clocks.values()):
                await self.store.stop(row.id)
            return
        humans = {s.seat: s.user_id for s in row.seats if not s.is_ai and s.user_id}
        waiting = {d.seat for d in game.pending(row.state) if d.seat in humans}
        marker = json.dumps(game.turn_marker(row.state), default=str)
        lefts = self._lefts(row, points)
        changed: list[SeatClock] = []
        for seat, c in clocks.items():
            if seat == actor and c.timeouts:
                c.timeouts = 0
                changed.append(c)
        for seat in sorted(waiting):
            c = clocks.get(seat) or SeatClock(row.id, seat)
            same = c.turn == marker and not (seat == actor and marker == "null")
            if same:
                continue
            c.turn, c.started, c.reminded = marker, now, 0
            c.deadline = c.paused_left = c.due = None
            back = await self.store.vacation_end(humans[seat], now)
            if back is not None:
                c.paused_left, c.due = float(row.turn_timeout), back
            else:
                c.deadline = now + row.turn_timeout
                c.due = next_due(c, lefts)
            if c not in changed:
                changed.append(c)
        for seat, c in clocks.items():
            if seat not in waiting and c.turn is not None:
                c.turn = c.deadline = c.paused_left = c.due = None
                if c not in changed:
                    changed.append(c)
        await self.store.put(changed)
        for c in changed:
            clocks[c.seat] = c
        self.store.settle(row.id, row.seq, (key, actor), clocks)

    # -- every minute ------------------------------------------------------------------
    async def tick(self, now: float | None = None) -> list[int]:
        """Expire old lobbies, send due reminders, resume clocks after vacations and time
        out late seats.  Returns the ids of the tables where a seat timed out."""
        now = self.time() if now is None else now
        self._at = now
        try:
            await self._expire_lobbies(now)
            games: list[int] = []
            for c in await self.store.due(now):
                if c.game not in games:
                    games.append(c.game)
            moved = []
            for game_id in games:
                try:
                    if await self._run(game_id, now):
                        moved.append(game_id)
                except Exception:  # one bad table must not stop the clock for the others
                    log.exception("turn clock failed for table %s", game_id)
            return moved
        finally:
            self._at = None

    async def _run(self, game_id: int, now: float) -> bool:
        svc = self.service
        async with svc.lock(game_id):
            row = await svc.db.load_game(game_id)
            if row is None or row.status != "active":
                await self.store.stop(game_id)
                return False
            users = {s.seat: s.user_id for s in row.seats if not s.is_ai and s.user_id}
            lefts = await self.lefts(row)
            late, remind, changed = [], [], []
            for c in (await self.store.seats(game_id)).values():
                if c.turn is None or c.due is None or c.due > now or c.seat not in users:
                    continue
                changed.append(c)
                if c.deadline is None:                       # paused by a vacation
                    back = await self.store.vacation_end(users[c.seat], now)
                    if back is not None:
                        c.due = back
                        continue
                    back = min(now, c.due)                   # it ended then (were we down?)
                    c.deadline, c.paused_left = back + (c.paused_left or 0), None
                    c.reminded = crossed(back, c.deadline, lefts)
                if now >= c.deadline:
                    late.append(c.seat)
                    c.due = None
                    continue
                count = crossed(now, c.deadline, lefts)
                if count > c.reminded:
                    c.reminded = count
                    remind.append(c)
                c.due = next_due(c, lefts)
            await self.store.put(changed)                    # stored first: never twice
            for c in remind:
                await self._remind(row, c, users[c.seat])
            return bool(late) and await self.time_out(row, late)

    async def _remind(self, row: GameRow, c: SeatClock, user_id: int) -> None:
        """A reminder by DM (with a link to the board); closed DMs: a mention instead."""
        svc = self.service
        if await self.store.notify(user_id) == "none":
            return
        loc = (await svc.db.user_prefs(user_id)).get("locale") or row.locale
        link = await self.board_link(row)
        text = t("clock.reminder", loc, game=game_title(row.type, loc), id=row.id,
                 when=stamp(c.deadline))
        if await svc.send_dm(user_id, m.OutMessage(text + (f"\n{link}" if link else ""))):
            return
        game = registry.get(row.type)
        decision = game.decision_for(row.state, c.seat)
        if decision is not None and not decision.anonymous:   # would tell who may react
            await svc.notifier.post(row.channel_id, m.OutMessage(
                t("clock.reminder_ping", row.locale, mention=f"<@{user_id}>",
                  when=stamp(c.deadline)), mentions=[user_id]))

    async def time_out(self, row: GameRow, seats: list[int]) -> bool:
        """Answer each late seat's open decisions with its timeout defaults, for its own
        turn only (the rules' "timeout defaults", e.g. Citadels: take 2 gold, skip the
        rest); a seat that timed out ``zombie_after`` turns in a row goes to the AI."""
        svc = self.service
        game = registry.get(row.type)
        timed: list[int] = []
        for seat in seats:
            asked = game.decision_for(row.state, seat)
            if asked is None or asked.default is None or row.status != "active":
                continue
            timed.append(seat)
            notice = [Event("timed_out", {"seat": seat},  # stored with the first default move
                            frozenset({seat}) if asked.anonymous else None)]
            turn = svc.turn_of(game, row)
            for _ in range(MAX_DEFAULTS_PER_SEAT):  # finish this turn only, never the next
                decision = game.decision_for(row.state, seat)
                if decision is None or decision.default is None or row.status != "active":
                    break
                action = Action(decision.kind, decision.default)
                batch = notice + game.apply(row.state, seat, action)
                notice = []
                row = await svc.persist(game, row, seat, action, batch, secret=decision.secret,
                                        before=turn)
                if svc.turn_of(game, row) != turn:
                    break
        if not timed:
            return False
        zombies = await self._count_timeouts(row, timed)
        said = []
        for seat in zombies:
            old = next(s for s in row.seats if s.seat == seat)
            await svc.db.set_seat(row.id, SeatRow(seat, old.user_id, True, old.name))
            said.append(Event("seat_zombie", {"seat": seat}))
        if said:
            row = await svc.load_row(row.id)
            await svc.say(game, row, said)
        row, _ = await svc.play_ai(game, row)
        await svc.announce(game, row)
        return True

    async def _count_timeouts(self, row: GameRow, seats: list[int]) -> list[int]:
        """One more consecutive timeout for ``seats``; returns those the AI takes now."""
        if row.status != "active":
            return []
        _, after = await self.store.settings(row.id)
        limit = after or DEFAULT_ZOMBIE_AFTER
        clocks = await self.store.seats(row.id)
        changed, zombies = [], []
        for seat in seats:
            c = clocks.get(seat) or SeatClock(row.id, seat)
            c.timeouts += 1
            changed.append(c)
            if c.timeouts >= limit:
                zombies.append(seat)
        await self.store.put(changed)
        return zombies

    async def _expire_lobbies(self, now: float) -> None:
        svc = self.service
        for game_id in await self.store.stale_lobbies(now - self.lobby_ttl):
            async with svc.lock(game_id):
                row = await svc.db.load_game(game_id)
                if row is None or row.status != "lobby":
                    continue
                await svc.db.set_status(game_id, "abandoned")
                await svc.notifier.post(row.channel_id, m.OutMessage(t(
                    "clock.lobby_expired", row.locale, game=game_title(row.type, row.locale),
                    id=row.id, days=round(self.lobby_ttl / 86400))))

    # -- what the boards and DMs say -----------------------------------------------------
    async def board_link(self, row: GameRow) -> str | None:
        board = await self.service.db.latest_message(row.id, "board")
        return jump_link(row.guild_id, board["channel"], board["message"]) if board else None

    async def board_notes(self, row: GameRow) -> list[str]:
        """Lines for a board: each waiting player's deadline, or "on vacation until".
        Anonymous reactions are left out (naming the seat would tell who may react)."""
        if row.status != "active" or row.state is None:
            return []
        game = registry.get(row.type)
        asked = {d.seat for d in game.pending(row.state) if not d.anonymous}
        shown = [s for s in row.seats if s.seat in asked and not s.is_ai and s.user_id]
        if not shown:
            return []
        kept = self.store.settled(row.id, row.seq) if row.turn_timeout else None
        clocks = kept[1] if kept else await self.store.seats(row.id) if row.turn_timeout else {}
        away = await self.store.vacation_ends([s.user_id for s in shown], self.now())
        lines = []
        for s in shown:
            c = clocks.get(s.seat)
            if s.user_id in away:
                lines.append(t("clock.on_vacation", row.locale, name=s.name,
                               until=stamp(away[s.user_id], "f")))
            elif c is not None and c.turn is not None and c.deadline is not None:
                lines.append(t("clock.deadline", row.locale, name=s.name, when=stamp(c.deadline)))
        return lines

    async def quiet_users(self, row: GameRow) -> set[int]:
        """Users not to DM or ping for a new turn: on vacation, or who chose reminders
        only or nothing (``/game notify``)."""
        users = [s.user_id for s in row.seats if s.user_id and not s.is_ai]
        return await self.store.quiet(users, self.now())
