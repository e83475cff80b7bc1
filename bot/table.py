"""The table service: lobby, seats, moves, persistence and what to tell whom.

It ties the pure engine, the SQLite repository, the renderer and a notifier together.
Every move runs under the game's lock: load -> check seat and seq -> apply -> append the
move, the snapshot and the job "announce this" (the outbox) in one transaction -> play
AI seats (their moves join the job) -> deliver the job (``bot.delivery``) -> answer the
player.  A rejected move changes nothing; a delivery failure never fails the move (the
job stays and is retried).  The Discord cogs and the offline ``simulate`` command both drive
exactly this class; only the notifier differs.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Protocol

from bot import undo
from bot.ai_seats import DEFAULT_LEVEL, LEVELS, AiSeats
from bot import messages as m
from bot.access import Caller, can_manage, can_reach, in_home_channel
from bot.clock import TurnClock
from bot.compose import capacity, lobby_message, seat_names, view_for
from bot.delivery import DM_RETRY_SECONDS, NEW_BOARD, Deliverer, Plan, Turn
from bot.i18n import norm_locale, t
from bot.render_service import Renderer, first as render_first
from bot.text import (EFFECT_BUDGET, effect_lines, error_text, event_text, game_title,
                      option_label, question)
from engine import registry
from engine.core import Action, Decision, Event, Game, PendingScope, RuleError
from storage import Database, GameRow, SeatRow, StaleMove

log = logging.getLogger(__name__)

MAX_TURN_HOURS = 24 * 14
DM_RETRY_ON_RETURN = 3600     # closed DMs: tried again when the player is back after an hour


TABLE_EVENTS = ("seat_replaced", "host_changed")  # said in the channel at once


class TableError(RuleError):
    """A table-level refusal (not your seat, stale button, ...): an i18n ``error.*`` key."""


class Notifier(Protocol):
    """Delivers outgoing messages (Discord, or a transcript)."""

    async def post(self, channel_id: int, msg: m.OutMessage) -> int | None:
        """Post in a channel; returns the message id."""

    async def dm(self, user_id: int, msg: m.OutMessage) -> "m.Sent | bool":
        """Send privately: where it went (``m.Sent``, truthy), or False when the user's
        DMs are closed."""

    async def edit(self, channel_id: int, message_id: int, msg: m.OutMessage) -> bool:
        """Replace a message's text and components (attachments stay); False if Discord
        refuses (gone, or too many edits of an old message: error 30046)."""

    async def disable(self, channel_id: int, message_id: int) -> None:
        """Remove or disable the components of an older message."""


@dataclass
class Outcome:
    """What a move produced for the player who made it (shown ephemerally)."""

    row: GameRow
    panel: m.OutMessage
    events: list[Event] = field(default_factory=list)


class TableService:
    """Everything a table can do, independent of Discord."""

    def __init__(self, db: Database, notifier: Notifier, *, renderer: Renderer | None = None,
                 stop_after: int | None = None, clock: Any = None) -> None:
        self.db = db
        self.notifier = notifier
        self.renderer = renderer or Renderer()
        self.stop_after = stop_after  # simulate --stop-after: AI seats pause at this seq
        self._locks: dict[int, asyncio.Lock] = {}
        self.clock = TurnClock(self, time=clock or time.time)  # deadlines, reminders, zombies
        self.ai = AiSeats(db)  # AI levels; normal/hard search in a worker process
        self.delivery = Deliverer(self)  # the outbox's deliverer: boards, panels, DMs

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # -- lobby ------------------------------------------------------------------------
    async def create_lobby(self, game_type: str, *, guild_id: int | None, channel_id: int,
                           host_id: int, host_name: str, options: dict[str, Any] | None = None,
                           locale: str = "en", host_joins: bool = True,
                           seats: int | None = None, turn_hours: int | None = None) -> GameRow:
        """A new table in the lobby; ``seats`` caps how many may join (default: the maximum);
        ``turn_hours`` starts a turn clock (see :meth:`enforce_deadlines`)."""
        game = registry.get(game_type)
        parsed = game.parse_options(options)
        if seats is not None and not game.min_seats <= seats <= game.max_seats:
            raise TableError("seats_out_of_range", game=game.id, seats=seats,
                             min=game.min_seats, max=game.max_seats)
        if turn_hours is not None and not 1 <= turn_hours <= MAX_TURN_HOURS:
            raise TableError("bad_turn_hours", max=MAX_TURN_HOURS)
        game_id = await self.db.create_game(game.id, engine_version=game.version, options=parsed,
                                            guild_id=guild_id, channel_id=channel_id,
                                            host_id=host_id, locale=norm_locale(locale),
                                            capacity=seats,
                                            turn_timeout=turn_hours * 3600 if turn_hours else None)
        if host_joins:
            await self.db.set_seats(game_id, [SeatRow(0, host_id, False, host_name)])
        return await self.load_row(game_id)

    async def join(self, game_id: int, who: Caller, name: str) -> GameRow:
        async with self.lock(game_id):
            row = await self.lobby_row(game_id, who)
            if row.seat_of(who.user_id) is not None:
                raise TableError("already_joined")
            self._check_room(row)
            await self.db.set_seats(game_id, row.seats + [SeatRow(len(row.seats), who.user_id, False, name)])
            return await self.load_row(game_id)

    async def leave(self, game_id: int, who: Caller) -> GameRow:
        """Stand up from the lobby; a host who leaves hands the role to the next player
        (a lobby left with no human is abandoned)."""
        async with self.lock(game_id):
            row = await self.lobby_row(game_id, who)
            if row.seat_of(who.user_id) is None:
                raise TableError("not_a_player")
            rest = [s for s in row.seats if s.user_id != who.user_id]
            await self.db.set_seats(game_id, [SeatRow(i, s.user_id, s.is_ai, s.name)
                                              for i, s in enumerate(rest)])
            if who.user_id == row.host_id:
                await self._hand_host_on(row, rest)
            return await self.load_row(game_id)

    async def remove_ai(self, game_id: int, who: Caller) -> GameRow:
        """The host removes the last AI seat of the lobby."""
        async with self.lock(game_id):
            row = await self.lobby_row(game_id, who)
            self.check_host(row, who)
            ai_seats = [s for s in row.seats if s.is_ai]
            if not ai_seats:
                raise TableError("no_ai_seat")
            rest = [s for s in row.seats if s is not ai_seats[-1]]
            await self.db.set_seats(game_id, [SeatRow(i, s.user_id, s.is_ai, s.name)
                                              for i, s in enumerate(rest)])
            return await self.load_row(game_id)

    async def _hand_host_on(self, row: GameRow, seats: list[SeatRow]) -> int | None:
        """The host left: the first human still seated hosts now (None: nobody is left,
        a lobby is then abandoned)."""
        heir = next((s for s in sorted(seats, key=lambda s: s.seat)
                     if not s.is_ai and s.user_id and s.user_id != row.host_id), None)
        if heir is not None:
            await self.db.set_host(row.id, heir.user_id)
            return heir.user_id
        if row.status == "lobby":
            await self.db.set_status(row.id, "abandoned")
        return None

    async def add_ai(self, game_id: int, who: Caller, level: str = DEFAULT_LEVEL) -> GameRow:
        """An AI seat playing at ``level`` (easy / normal / hard), shown in its name."""
        if level not in LEVELS:
            raise TableError("illegal_option", option=level)
        async with self.lock(game_id):
            row = await self.lobby_row(game_id, who)
            self.check_host(row, who)
            self._check_room(row)
            n = sum(1 for s in row.seats if s.is_ai) + 1
            name = t("ai.name_level", row.locale, n=n, level=t(f"ai.level.{level}", row.locale))
            await self.ai.set_level(game_id, name, level)
            await self.db.set_seats(game_id, row.seats + [SeatRow(len(row.seats), None, True, name)])
            return await self.load_row(game_id)

    async def start(self, game_id: int, who: Caller | None, *, seed: int | None = None) -> GameRow:
        """Shuffle the seats, set the game up, post the first board, play AI seats
        (``who`` None: the bot itself, e.g. a test or the offline demo)."""
        async with self.lock(game_id):
            row = await self.lobby_row(game_id, who)
            if who is not None:
                self.check_host(row, who)
            game = registry.get(row.type)
            game.check_seats(len(row.seats))
            seed = secrets.randbits(48) if seed is None else seed
            order = list(row.seats)
            random.Random(seed).shuffle(order)
            seats = [SeatRow(i, s.user_id, s.is_ai, s.name) for i, s in enumerate(order)]
            state = game.setup(len(seats), row.options, seed)
            await self.db.start_game(game_id, seats, state, seed)
            await self.delivery.outbox.open(game_id, 0, Turn.nobody().to_json())  # from the start
            row = await self.load_row(game_id)
            row, _ = await self.play_ai(game, row)
            await self.announce(game, row)
            return row

    def lobby_message(self, row: GameRow) -> m.OutMessage:
        """The lobby post with Join / Leave / Add AI seat / Start buttons."""
        return lobby_message(row)

    # -- moves ------------------------------------------------------------------------
    async def act(self, game_id: int, who: Caller, option_id: str, expected_seq: int | None,
                  *, locale: str | None = None, panel_image: bool = True,
                  on_panel: Callable[[Outcome], Awaitable[Any]] | None = None) -> Outcome:
        """Apply ``user_id``'s choice of ``option_id``; RuleError (nothing changed) if illegal.

        ``expected_seq`` comes from the button (None from a slash command: the current
        seq).  A stale or doubled click is refused with ``error.stale`` (the buttons
        then show the current panel; a doubled one with a note that the move is in).
        Once the move is committed the player gets their panel whatever the delivery does.

        Every picture of the click starts at once (the clicker's panel first, then the
        board and the newly asked players' DM panels), so the click waits for the
        longest, not their sum.  ``on_panel``: awaited with the outcome as soon as the
        panel is ready, before the board and the DMs go out (the move and its delivery
        job are committed by then, so the outbox says them even if this process dies);
        ``act`` returns once they are said.
        """
        with PendingScope(views=self.renderer.enabled):  # pending (and the views for the
            # pictures) built once per state during this click
            async with self.lock(game_id):
                row = await self.active_row(game_id, who)
                seat = self.seat_for(row, who.user_id)
                game = registry.get(row.type)
                await self.delivery.deliver(game, row)  # what an earlier failure left unsaid
                decision = game.decision_for(row.state, seat)
                if expected_seq is not None and expected_seq != row.seq:
                    await self._check_still_valid(row, seat, decision, expected_seq, option_id)
                if decision is None:
                    raise TableError("nothing_to_decide")
                before = self.turn_of(game, row)
                action = Action(decision.kind, option_id)
                kept = undo.snapshot(row.state)
                events = game.apply(row.state, seat, action)  # RuleError: nothing persisted
                row = await self.persist(game, row, seat, action, events, secret=decision.secret,
                                         before=before, actor=seat)
                undoable = await undo.remember(self.db, game, row, seat, kept, events)
                moved = row.seq
                row, more = await self.play_ai(game, row)
                events += more
                picture = await self.panel_picture(game, row, seat, locale, first=True) \
                    if panel_image and self.renderer.enabled else None
                plan = await self.delivery.prepare(game, row)   # the board's, the DMs' pictures
                panel = await self.panel_for(row, seat, locale=locale, events=events,
                                             image=panel_image, picture=picture,
                                             undoable=undoable and row.seq == moved)
                outcome = Outcome(row, panel, events)
                try:
                    if on_panel is not None:
                        await on_panel(outcome)
                finally:                 # said even if answering the clicker failed
                    await self.announce(game, row, plan)
                return outcome

    async def panel_picture(self, game: Game, row: GameRow, seat: int,
                            locale: str | None = None, *, first: bool = False) -> Awaitable:
        """``seat``'s private picture of ``row`` in its panel's language, started now (an
        awaitable of it, for :meth:`panel_for`'s ``picture``); ``first``: before every
        picture waiting for a render worker (the clicker waits for this one)."""
        loc = await self._panel_locale(row, seat, locale)
        with render_first() if first else contextlib.nullcontext():
            return asyncio.ensure_future(self._private_picture(game, row, seat, loc))

    async def _panel_locale(self, row: GameRow, seat: int, locale: str | None) -> str:
        """The language of ``seat``'s panel: the one asked for, the player's, the table's."""
        user = next(s for s in row.seats if s.seat == seat)
        return locale or (await self.user_locale(user.user_id)) or row.locale

    def _private_picture(self, game: Game, row: GameRow, seat: int, loc: str):
        """The renderer's ask for ``seat``'s private picture of ``row`` (an awaitable)."""
        return self.renderer.private(row.type, view_for(game, row, seat), loc, row.id,
                                     row.seq, seat)

    async def _check_still_valid(self, row: GameRow, seat: int, decision: Decision | None,
                                 expected_seq: int, option_id: str) -> None:
        """A button from an older message is stale, unless it answers a secret decision
        that is still open and its player has not moved since (simultaneous picks: the
        others' picks move the game on without changing this player's question).  A
        doubled click (this very choice is already in) is stale with the ``note``
        "your move was accepted" for the panel it is answered with."""
        if expected_seq < row.seq and await self._clicked_before(row.id, seat, expected_seq,
                                                                 option_id):
            raise TableError("stale", note="panel.already_applied")
        if expected_seq > row.seq or decision is None or not decision.secret:
            raise TableError("stale")
        if seat in await self.db.seats_moved_since(row.id, expected_seq):
            raise TableError("stale")

    async def _clicked_before(self, game_id: int, seat: int, shown_at: int,
                              option_id: str) -> bool:
        """Whether the seat's first move after ``shown_at`` was ``option_id``."""
        mine = next((mv for mv in await self.db.moves(game_id)
                     if mv["seq"] > shown_at and mv["seat"] == seat), None)
        return mine is not None and mine["action"].get("option") == option_id

    async def enforce_deadlines(self, now: float | None = None) -> list[int]:
        """The turn clock (``bot.clock``): reminders, timeout defaults of late seats,
        zombies, expired lobbies.  Returns the ids of the tables where a seat timed out."""
        return await self.clock.tick(now)

    async def resume(self, game_id: int) -> GameRow:
        """Let AI seats continue (after a restart or ``simulate --resume``)."""
        async with self.lock(game_id):
            row = await self.active_row(game_id, None)
            game = registry.get(row.type)
            row, _ = await self.play_ai(game, row)
            await self.announce(game, row)
            return row

    # -- reading ----------------------------------------------------------------------
    async def panel(self, game_id: int, who: Caller, *, locale: str | None = None,
                    note: str | None = None) -> m.OutMessage:
        """The private panel of ``who``: their view image, question and options."""
        row = await self.reach_row(game_id, who)
        if row.status not in ("active", "finished"):
            raise TableError("not_active")
        return await self.panel_for(row, self.seat_for(row, who.user_id), locale=locale, note=note)

    async def board(self, game_id: int, who: Caller) -> m.OutMessage:
        """The public board message (for /game status)."""
        row = await self.reach_row(game_id, who)
        if row.state is None:
            return self.lobby_message(row)
        game = registry.get(row.type)
        return await self.delivery.board_message(game, row, [])

    async def public_view(self, game_id: int, who: Caller) -> tuple[GameRow, dict]:
        """(row, spectator view with player names) for game-specific pictures and commands."""
        row = await self.reach_row(game_id, who)
        if row.state is None:
            raise TableError("not_active")
        return row, view_for(registry.get(row.type), row, None)

    async def choices(self, game_id: int, who: Caller, *, locale: str | None = None,
                      prefix: str = "") -> tuple[int, list[tuple[str, str]]]:
        """(seq, [(option id, label)]) of the user's open decision, for autocomplete."""
        row = await self.active_row(game_id, who)
        seat = self.seat_for(row, who.user_id)
        game = registry.get(row.type)
        decision = game.decision_for(row.state, seat)
        if decision is None:
            return row.seq, []
        loc = locale or row.locale
        names = seat_names(row)
        return row.seq, [(o.id, option_label(game, o, loc, names))
                         for o in decision.options if o.id.startswith(prefix)]

    async def abandon(self, game_id: int, who: Caller) -> GameRow:
        """End the table for good (the host, or Manage Server of the table's server)."""
        async with self.lock(game_id):
            row = await self.reach_row(game_id, who)
            if row.status in ("finished", "abandoned"):
                raise TableError("not_active")
            self.check_manager(row, who, "not_allowed_abandon")
            await self.db.set_status(game_id, "abandoned")
            await self.delivery.outbox.forget_game(game_id)
            await self.delivery.disable_last_board(row)
            name = next((s.name for s in row.seats if s.user_id == who.user_id), f"<@{who.user_id}>")
            await self.notifier.post(row.channel_id, m.OutMessage(
                t("board.abandoned_by", row.locale, name=name)))
            return await self.load_row(game_id)

    async def replace_with_ai(self, game_id: int, who: Caller, target_id: int) -> GameRow:
        """Hand ``target_id``'s seat to an AI (the host, a manager, or the player himself),
        so a player who vanished never stalls the table; the AI moves at once."""
        async with self.lock(game_id):
            row = await self.active_row(game_id, who)
            if who.user_id != target_id:
                self.check_manager(row, who, "not_allowed_replace")
            seat = row.seat_of(target_id)
            if seat is None:
                raise TableError("target_not_playing")
            old = next(s for s in row.seats if s.seat == seat)
            name = t("ai.replaces", row.locale, name=old.name)
            await self.db.set_seat(game_id, SeatRow(seat, None, True, name))
            heir = await self._hand_host_on(row, row.seats) if target_id == row.host_id else None
            row = await self.load_row(game_id)
            game = registry.get(row.type)
            row, _ = await self.play_ai(game, row)
            said = [Event("seat_replaced", {"seat": seat})]
            if heir is not None:
                said.append(Event("host_changed", {"seat": row.seat_of(heir)}))
            await self.say(game, row, said)
            await self.announce(game, row)
            return row

    async def list_games(self, *, guild_id: int | None = None, user_id: int | None = None,
                         statuses: tuple[str, ...] = ("lobby", "active")) -> list[GameRow]:
        return await self.db.list_games(guild_id=guild_id, user_id=user_id, statuses=statuses)

    async def game_in_channel(self, who: Caller, game_id: int | None = None,
                              player_id: int | None = None) -> int:
        """The game a slash command means: the explicit id (if ``who`` may reach it), or the
        game in this channel where ``player_id`` (default: ``who``) sits."""
        if game_id is not None:
            await self.reach_row(game_id, who)
            return game_id
        player = who.user_id if player_id is None else player_id
        rows = [r for r in await self.db.list_games(user_id=player, statuses=("active",))
                if r.channel_id == who.channel_id and r.guild_id == who.guild_id]
        if not rows:
            raise TableError("no_game_in_channel")
        if len(rows) > 1:
            raise TableError("several_games")
        return rows[0].id

    async def reachable(self, game_id: int, who: Caller) -> GameRow | None:
        """The table if ``who`` may reach it, else None (e.g. to word an error for its game)."""
        row = await self.db.load_game(game_id)
        return row if row is not None and can_reach(row, who) else None

    def error_message(self, err: RuleError, locale: str, row: GameRow | None = None) -> str:
        game = registry.get(row.type) if row is not None else None
        return error_text(game, err, locale, seat_names(row) if row else ())

    # -- the table's toolkit: the service's own steps, also used by the capability modules
    #    (clock, hosting, undo, history, replay) so each stays a module of its own
    async def load_row(self, game_id: int) -> GameRow:
        row = await self.db.load_game(game_id)
        if row is None:
            raise TableError("no_such_table")
        return row

    async def reach_row(self, game_id: int, who: Caller | None) -> GameRow:
        """The table, if ``who`` may reach it from where they are (None: the bot itself);
        out of reach is answered exactly like an unknown id."""
        row = await self.load_row(game_id)
        if who is not None and not can_reach(row, who):
            raise TableError("no_such_table")
        return row

    async def lobby_row(self, game_id: int, who: Caller | None) -> GameRow:
        row = await self.reach_row(game_id, who)
        if row.status != "lobby":
            raise TableError("not_in_lobby")
        return row

    async def active_row(self, game_id: int, who: Caller | None) -> GameRow:
        row = await self.reach_row(game_id, who)
        if row.status == "finished":
            raise TableError("game_over")
        if row.status != "active":
            raise TableError("not_active")
        return row

    @staticmethod
    def seat_for(row: GameRow, user_id: int) -> int:
        seat = row.seat_of(user_id)
        if seat is None:
            raise TableError("not_a_player")
        return seat

    @staticmethod
    def check_host(row: GameRow, who: Caller) -> None:
        if who.user_id != row.host_id:
            raise TableError("not_host")
        if not in_home_channel(row, who):
            raise TableError("manage_from_channel")

    @staticmethod
    def check_manager(row: GameRow, who: Caller, refusal: str) -> None:
        """Host or Manage Server of the table's own server, from the table's channel."""
        if can_manage(row, who):
            return
        if who.user_id == row.host_id:
            raise TableError("manage_from_channel")
        raise TableError(refusal)

    def _check_room(self, row: GameRow) -> None:
        if len(row.seats) >= capacity(row):
            raise TableError("table_full", max=capacity(row))

    async def persist(self, game: Game, row: GameRow, seat: int, action: Action,
                       events: list[Event], *, before: Turn, secret: bool = False,
                       actor: int | None = None) -> GameRow:
        """Store the move and, in the same transaction, make it part of the game's open
        delivery job (opened showing ``before``, the turn before the move; ``actor``:
        the human seat whose click it answers); a ``secret`` answer's public "{seat} has
        chosen" notice is marked as a pick (the board's status line says it)."""
        status = "finished" if game.result(row.state) is not None else "active"
        stored = [e.to_json() for e in events]
        if secret:
            for data, event in zip(stored, events):
                if event.visible_to is None and dict(event.params) == {"seat": seat} \
                        and event.kind != "timed_out":
                    data["pick"] = True
        try:
            seq = await self.db.append_move(row.id, expected_seq=row.seq, seat=seat,
                                            action=action.to_json(), state=row.state, status=status,
                                            events=stored, also=self.job(row.id, before, actor))
        except StaleMove:
            raise TableError("stale") from None
        row.seq, row.status = seq, status
        return row

    def job(self, game_id: int, before: Turn, actor: int | None, *, new_board: bool = False):
        """``also`` for a storage write that makes a move: the move joins the game's open
        delivery job (or opens one showing ``before``) in its own transaction;
        ``new_board``: the job posts a new board whatever the turn (an undo)."""
        shown = {**before.to_json(), NEW_BOARD: True} if new_board else before.to_json()

        async def cover(tx, seq: int) -> None:
            await self.delivery.outbox.cover(tx, game_id, seq, shown, actor)
        return cover

    async def play_ai(self, game: Game, row: GameRow) -> tuple[GameRow, list[Event]]:
        """Answer every decision that belongs to an AI seat, until a human must act
        (their moves join the game's open delivery job, or open one)."""
        ai_seats = {s.seat for s in row.seats if s.is_ai}
        before = self.turn_of(game, row)
        events: list[Event] = []
        while row.status == "active":
            if self.stop_after is not None and row.seq >= self.stop_after:
                break
            mine = [d for d in game.pending(row.state) if d.seat in ai_seats]
            if not mine:
                break
            decision = mine[0]
            action = await self.ai.choose(game, row, decision)  # from the seat's view only
            batch = game.apply(row.state, decision.seat, action)
            row = await self.persist(game, row, decision.seat, action, batch,
                                      secret=decision.secret, before=before)
            events += batch
        return row, events

    @staticmethod
    def turn_of(game: Game, row: GameRow) -> Turn:
        """Who must act, which turn it is and which board shows it (see :class:`Turn`)."""
        if row.state is None or row.status != "active":
            return Turn.nobody()
        pending = game.pending(row.state)
        marker = game.turn_marker(row.state) if pending else None
        public = [d for d in pending if not d.anonymous]
        if not public:
            board = None if pending else ""
        elif marker is not None or all(d.secret for d in public):
            board = json.dumps(["turn", marker], default=str)   # the game's own turn
        else:
            board = json.dumps([sorted(d.seat for d in public)])
        return Turn(frozenset(d.seat for d in pending), marker, board)

    async def announce(self, game: Game, row: GameRow, plan: Plan | None = None) -> bool:
        """Say what the game's open job holds (see ``bot.delivery``; ``plan``: the job's
        :meth:`Deliverer.prepare`); without a job only the clock follows the table.
        True when nothing is left unsaid."""
        if plan is not None:
            return await self.delivery.deliver(game, row, plan=plan)
        job = await self.delivery.outbox.job(row.id)
        if job is None:
            await self.clock.after_turn(game, row)
            return True
        return await self.delivery.deliver(game, row, job=job)

    async def say(self, game: Game, row: GameRow, events: list[Event]) -> None:
        """Say table events (a seat handed to an AI, a new host) in the channel at once."""
        if events:
            names = seat_names(row)
            await self.notifier.post(row.channel_id, m.OutMessage(
                "\n".join(f"• {event_text(game, e, row.locale, names)}" for e in events)))

    async def panel_for(self, row: GameRow, seat: int, *, locale: str | None = None,
                        events: list[Event] = (), image: bool = True, notices: bool = True,
                        note: str | None = None, undoable: bool | None = None,
                        picture: Awaitable | None = None) -> m.OutMessage:
        """The private panel for ``seat``: private image (``picture`` when it was started
        already, :meth:`panel_picture`), news kept while the player's DMs were closed
        (``notices``), private news, question, options; ``note``: an i18n key said first
        (e.g. why an older button showed this panel); ``undoable``: whether the seat may
        take its last move back, when the caller knows (else it is looked up)."""
        game = registry.get(row.type)
        user = next(s for s in row.seats if s.seat == seat)
        loc = await self._panel_locale(row, seat, locale)
        names = seat_names(row)
        lines = [t("panel.title", loc, game=game_title(row.type, loc), id=row.id)]
        if note:
            lines.append(f"*{t(note, loc)}*")
        kept = await self.db.take_notices(row.id, user.user_id) if notices and user.user_id else []
        if kept:
            lines += [t("panel.notices", loc), *kept]
        lines += [f"• {event_text(game, e, loc, names)}" for e in events
                  if e.visible_to is not None and seat in e.visible_to]
        rows: list[m.Row] = []
        decision = game.decision_for(row.state, seat) if row.status == "active" else None
        if decision is None:
            lines.append(t("panel.nothing", loc) if row.status == "active" else t("board.finished", loc))
        else:
            lines.append(f"**{question(game, decision, loc, names)}**")
            room = m.MAX_CONTENT - 300 - sum(len(x) + 1 for x in lines)
            lines += effect_lines(game, decision, loc, min(EFFECT_BUDGET, room))
            labelled = [(o.id, option_label(game, o, loc, names)) for o in decision.options]
            rows = m.option_rows(row.id, row.seq, labelled)
        rows += await undo.panel_rows(self.db, row, seat, loc, len(rows), undoable)
        image = await (picture or self._private_picture(game, row, seat, loc)) \
            if image and self.renderer.enabled else None   # (no view built for nothing)
        files = [(f"{row.type}-{row.id}-{row.seq}-seat{seat}.{image[1]}", image[0])] if image else []
        return m.OutMessage("\n".join(lines), files=files, rows=rows, ephemeral=True)

    async def send_dm(self, user_id: int, msg: m.OutMessage) -> "m.Sent | bool":
        """DM ``user_id`` unless their DMs were found closed less than a day ago; a
        refusal is remembered (with its time), a success forgets an old refusal."""
        closed = await self.db.dm_closed_at(user_id)
        if closed is not None and time.time() - closed < DM_RETRY_SECONDS:
            return False
        sent = await self.notifier.dm(user_id, msg)
        if not sent:
            await self.db.set_user_pref(user_id, dm_closed=True)
        elif closed is not None:
            await self.db.set_user_pref(user_id, dm_closed=False)
        return sent

    async def seen(self, user_id: int, locale: str | None = None) -> None:
        """The user is using the bot: remember their language; if their DMs were found
        closed a while ago (not in this sitting), DM them again next time."""
        await self.db.set_user_pref(user_id, locale=locale)
        closed = await self.db.dm_closed_at(user_id)
        if closed is not None and time.time() - closed >= DM_RETRY_ON_RETURN:
            await self.db.set_user_pref(user_id, dm_closed=False)

    async def user_locale(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        return (await self.db.user_prefs(user_id)).get("locale")
