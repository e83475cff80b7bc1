"""The deliverer: says what the outbox (``storage.outbox``) holds, exactly once.

A move commits together with its job ("announce the game from move N on").  Right after
the move, under the game's lock, the service asks the deliverer to deliver the job:
the clock, private news by DM, the board (a new post for a new turn, else the turn's
board edited in place) and each newly asked player's panel by DM (or a ping in the
channel).  Each step is an *effect* with a semantic key; it is recorded when done, so a
job run again (after an error, or after a crash at any point) skips what was said.
For the moment between Discord accepting a post and the record, every post and DM
carries a nonce derived from its key (``bot.effects``): Discord returns the message
already created instead of a second one (for a few minutes; a crash in exactly that
window followed by a longer outage is the one case that can still double a message).

Failures never reach the player who clicked (their move is committed and answered):
the job stays open and a background task retries it with exponential backoff, or after
a rate limit's ``retry_after``.  At start-up every open job is delivered (after the AI
seats it waits for have moved).  Per Discord error:

* 429, 5xx, timeouts: transient; retried (429 after its ``retry_after``).
* 50013 missing permissions: the job is kept and retried rarely (every 10+ minutes), so
  it is delivered once an admin gives the permission back, without spamming Discord.
* 50007 DMs closed: the player's news waits in their panel, they are pinged in the
  channel instead (the effect is done; DMs are tried again a day later).
* 10008 unknown message (a deleted board) or 30046 (too many edits of an old message):
  the board is posted anew; disabling a deleted message's buttons is simply done.
* Any other refusal (e.g. 400): logged and counted as done, so one bad message never
  stalls a table.

401/403/429 answers are counted in a ten-minute window (``InvalidRequests``); above a
soft line far below Discord's 10,000 ban line the deliverer holds back.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, NamedTuple

from bot import final
from bot import messages as m
from bot.compose import board_message, seat_names, view_for
from bot.effects import Deferred, InvalidRequests, keyed
from bot.i18n import first, t
from bot.text import event_text
from engine import registry
from engine.core import Event, Game
from storage import GameRow, SeatRow
from storage.outbox import Job, Outbox

if TYPE_CHECKING:
    from bot.table import TableService

log = logging.getLogger(__name__)

FIRST_BOARD = -1          # the "news since" of a table's first board: from the start
DM_RETRY_SECONDS = 24 * 3600  # closed DMs are tried again after a day
BACKOFF_BASE_S = 2.0
BACKOFF_CAP_S = 900.0
PERMISSION_BACKOFF_S = 600.0
NEW_BOARD = "new_board"   # a job's ``before`` flag: post a new board whatever the turn
CLAIM_LEASE_S = 120.0     # a job being delivered is this process's for so long (see Outbox.claim)
TASK_NAME = "castellan-delivery"


class Turn(NamedTuple):
    """Who must act, which turn it is, and which board shows it.

    ``board``: a key equal for every position one board message shows: the game's
    ``turn_marker`` (so secret picks, and another player's reaction within a turn such
    as Citadels' Graveyard, edit the turn's board), or the pending seats for a game
    without one; None while only anonymous reactions are pending (they edit the board
    of the turn they interrupt, naming nobody)."""

    seats: frozenset
    marker: Any
    board: str | None

    @classmethod
    def nobody(cls) -> "Turn":
        return cls(frozenset(), None, "")

    def to_json(self) -> dict:
        return {"seats": sorted(self.seats), "board": self.board,
                "marker": json.loads(json.dumps(self.marker, default=str))}

    @classmethod
    def from_json(cls, data: dict) -> "Turn":
        return cls(frozenset(data["seats"]), data["marker"], data["board"])

    def same_marker(self, other: "Turn") -> bool:
        """The same turn marker (compared as JSON: a stored tuple comes back a list)."""
        return _norm(self.marker) == _norm(other.marker)


def _norm(marker: Any) -> str:
    return json.dumps(marker, default=str)


@dataclass
class Plan:
    """What one run of a job will show, decided before anything is said, with its
    pictures already drawing (the board's and each DM panel's side by side, so a run
    waits for the longest picture, not their sum).

    ``shows``: the turn changed (or the job asks for a new board), so the board step
    and the newly asked players' panels follow; ``step``: "post" a new board or "edit"
    the turn's board, None when this job's board step was done before (a re-run);
    ``asked``: the humans whose panel goes out by DM; ``pictures``: the started
    pictures, the board's under None and each panel's under its seat."""

    job: Job
    seq: int
    done: dict
    before: Turn
    now: Turn
    new_board: bool
    shows: bool
    board: dict | None = None
    step: str | None = None
    fresh: set[int] = field(default_factory=set)
    asked: list[SeatRow] = field(default_factory=list)
    pictures: dict[int | None, Awaitable] = field(default_factory=dict)


class Deliverer:
    """Delivers the outbox's jobs for a :class:`TableService`."""

    def __init__(self, svc: "TableService") -> None:
        self.svc = svc
        self.outbox = Outbox(svc.db)
        self._task: asyncio.Task | None = None
        self._nudge: asyncio.Event | None = None
        self._closed = False
        self.delivered = 0   # jobs delivered (figures)
        self.deferred = 0    # delivery attempts that failed and were kept

    @property
    def invalid(self) -> InvalidRequests | None:
        """The notifier's count of invalid requests, if it keeps one."""
        return getattr(self.svc.notifier, "invalid", None)

    # -- running jobs --------------------------------------------------------------------
    async def deliver(self, game: Game, row: GameRow, now: float | None = None, *,
                      job: Job | None = None, plan: Plan | None = None) -> bool:
        """Deliver the game's open job if it is due by ``now`` (default: the wall clock;
        a new job is due at once, one waiting out a backoff is left to the retry task,
        so clicks during an outage do not hammer Discord).  The caller holds the game's
        lock.  True when nothing is left to say; a failure is logged and retried.
        ``job``: the game's open job when the caller has just read it; ``plan``: its
        :meth:`prepare` (its pictures started meanwhile)."""
        job = plan.job if plan is not None else job or await self.outbox.job(row.id)
        if job is None:
            return True
        if job.next_try > (time.time() if now is None else now):
            self.wake()
            return False
        if not await self.outbox.claim(job, time.time() + CLAIM_LEASE_S):
            return False  # another process delivers it (or changed it) meanwhile
        pause = self.invalid.pause() if self.invalid is not None else 0.0
        try:
            if pause:
                raise Deferred("holding back: many invalid requests", pause)
            await self._say(game, row, job, plan)
        except Deferred as err:
            await self._failed(job, err, self._delay(job, err))
            return False
        except Exception as err:  # a bug must not lose the job nor fail the move
            log.exception("delivery of game %s failed", row.id)
            await self._failed(job, err, self._delay(job, None))
            return False
        self.delivered += 1
        return True

    async def _say(self, game: Game, row: GameRow, job: Job, plan: Plan | None = None) -> None:
        """Run the job and close it.  With other processes on the database the game may
        have moved on since ``row`` was read (its moves join this job): say the latest,
        and again until the job closes at the seq it was said up to.  There a ``plan``
        made before the claim is made again (another process may have said part of the
        job meanwhile); the pictures it started are joined, not drawn twice."""
        shared = self.outbox.shared
        if shared:
            row, plan = await self.svc.db.load_game(row.id), None
        await self._run(game, row, job, plan)
        while not await self.outbox.done(job, row.seq if shared else None):
            row = await self.svc.db.load_game(row.id)
            await self._run(game, row, job)

    async def _failed(self, job: Job, err: Exception, delay: float) -> None:
        log.warning("delivery of game %s deferred %.0f s: %s", job.game, delay, err)
        self.deferred += 1
        await self.outbox.failed(job, time.time() + delay, f"{type(err).__name__}: {err}")
        self.wake()

    @staticmethod
    def _delay(job: Job, err: Deferred | None) -> float:
        """Exponential backoff with jitter; a rate limit's ``retry_after`` when longer;
        missing permissions: at least ten minutes."""
        delay = min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** job.attempts)
        delay *= random.uniform(0.8, 1.2)
        if err is not None and err.retry_after is not None:
            delay = max(delay, err.retry_after)
        if err is not None and err.long:
            delay = max(delay, PERMISSION_BACKOFF_S)
        return delay

    async def deliver_due(self, now: float | None = None) -> int:
        """Deliver every open job due by ``now`` (default: the wall clock); returns how
        many are still open afterwards."""
        now = time.time() if now is None else now
        for job in await self.outbox.open_jobs(due_by=now):
            await self.deliver_game(job.game, now)
        return await self.outbox.count_open()

    async def deliver_game(self, game_id: int, now: float | None = None, *,
                           resume_ai: bool = False) -> bool:
        """Deliver one game's open job under its lock (``resume_ai``: let the AI seats
        it waits for move first, as after a crash in the middle of their moves)."""
        async with self.svc.lock(game_id):
            row = await self.svc.db.load_game(game_id)
            if row is None or row.status not in ("active", "finished"):
                await self.outbox.forget_game(game_id)
                return True
            game = registry.get(row.type)
            if resume_ai and row.status == "active":
                row, _ = await self.svc.play_ai(game, row)
            return await self.deliver(game, row, now)

    async def start(self) -> int:
        """At start-up: resume and deliver every open job once (first giving a job to a
        game started just before a crash, see ``Outbox.unannounced_starts``); leftovers
        go to the retry task.  Returns how many jobs were open."""
        for game_id in await self.outbox.unannounced_starts():
            await self.outbox.open(game_id, 0, Turn.nobody().to_json())
        jobs = await self.outbox.open_jobs()
        # alone on its database (SQLite) a fresh process delivers everything, also what a
        # dead predecessor had claimed; with other processes (PostgreSQL) leases count
        now = None if self.outbox.shared else float("inf")
        for job in jobs:
            await self.deliver_game(job.game, now, resume_ai=True)
        self.wake()
        return len(jobs)

    def wake(self) -> None:
        """Make sure the retry task runs while jobs are open (and looks again at when
        the next one is due)."""
        if self._closed:
            return
        if self._task is not None and not self._task.done():
            self._nudge.set()
            return
        try:
            self._nudge = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._retry(), name=TASK_NAME)
        except RuntimeError:  # no running loop (closing)
            self._task = None

    async def _retry(self) -> None:
        while not self._closed:
            due = await self.outbox.next_try()
            if due is None:
                return
            self._nudge.clear()
            nudged = asyncio.get_running_loop().create_task(self._nudge.wait(), name=TASK_NAME)
            try:
                await asyncio.wait({nudged}, timeout=min(60.0, max(0.05, due - time.time())))
            finally:
                nudged.cancel()
            if nudged.done() and not nudged.cancelled():
                continue          # a job failed meanwhile: look at the next due time again
            try:
                await self.deliver_due()
            except Exception:  # e.g. the database closing under us: try again later
                log.exception("delivery retry failed")

    async def stop(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass

    # -- one job ------------------------------------------------------------------------
    async def _run(self, game: Game, row: GameRow, job: Job, plan: Plan | None = None) -> None:
        """Tell the channel and the players what changed, saying each thing once.

        While the same players keep deciding (several actions of one turn) the channel
        stays quiet.  A new turn posts a new board (the previous one loses its buttons)
        listing everything public since the last board.  Secret picks of one turn and
        anonymous reactions edit that board in place instead (who has chosen; "waiting
        for possible reactions").  Every newly asked human is pinged once: by the DM of
        their panel, else by a mention in the channel.  ``plan``: this job's at this
        seq, its pictures started (else it is made now).
        """
        if plan is None or plan.job is not job or plan.seq != row.seq:
            plan = await self.plan(game, row, job)
        svc, actor, done = self.svc, job.actor, plan.done
        if f"clock:{row.seq}" not in done:
            await svc.clock.after_turn(game, row, actor)
            if row.turn_timeout:    # without a clock it changes nothing: no need to mark
                await self.outbox.mark(row.id, f"clock:{row.seq}", row.seq)
        since = max(job.from_seq - 1, done.get("events", (0,))[0])
        events = [(s, Event.from_json(e)) for s, e in await svc.db.move_events(row.id, since)]
        await self.dm_private_events(game, row, events, actor, done=done)
        if not plan.shows:
            return
        if plan.step is not None:
            pinged = await self._board_step(game, row, plan)
        else:
            detail = done[f"board:{row.seq}"][1]
            await self._settle_board(row, detail.get("record"))
            pinged = set(detail["pinged"])
        await self._dm_panels(game, row, plan, pinged)

    async def prepare(self, game: Game, row: GameRow) -> Plan | None:
        """The plan of the game's open job if it is due now (None: no job, or one left
        to the retry task), its pictures started: a caller may do other work (the
        clicker's panel) while they are drawn, then :meth:`deliver` it."""
        job = await self.outbox.job(row.id)
        if job is None or job.next_try > time.time():
            return None
        return await self.plan(game, row, job)

    async def plan(self, game: Game, row: GameRow, job: Job) -> Plan:
        """What running ``job`` now shows (see :class:`Plan`), its pictures started."""
        before = Turn.from_json(job.before)
        new_board = bool(job.before.get(NEW_BOARD))   # e.g. an undo: always a new board
        done = await self.outbox.effects(row.id)
        now = self.svc.turn_of(game, row)
        shows = new_board or not (row.status == "active" and now.seats == before.seats
                                  and now.same_marker(before))
        plan = Plan(job, row.seq, done, before, now, new_board, shows)
        if not shows:
            return plan
        step = done.get(f"board:{row.seq}")
        if step is None:
            plan.board = await self.svc.db.latest_message(row.id, "board")
            plan.step, plan.fresh = self._board_kind(row, plan.board, before, now, job.actor,
                                                     new_board)
        else:                                          # said before a crash: its panels
            plan.fresh = set(step[1]["fresh"])
        plan.asked = await self._panel_users(row, plan.fresh, done)
        if self.svc.renderer.enabled:
            if plan.step == "post":
                plan.pictures[None] = self._board_picture(game, row)
            for user in plan.asked:
                plan.pictures[user.seat] = await self.svc.panel_picture(game, row, user.seat)
        return plan

    @staticmethod
    def _board_kind(row: GameRow, board: dict | None, before: Turn, now: Turn,
                    actor: int | None, new_board: bool) -> tuple[str, set[int]]:
        """("post" a new board or "edit" the turn's board, the seats asked anew)."""
        if new_board:                                            # nobody is asked anew
            return "post", set()
        if row.status == "active" and board is not None and now.board in (None, board["turn"]):
            return "edit", set(now.seats - before.seats) - {actor}   # the same turn goes on
        new_turn = not now.same_marker(before)         # a new turn: everybody asked is
        return "post", set(now.seats if new_turn else now.seats - before.seats) - {actor}

    async def _board_step(self, game: Game, row: GameRow, plan: Plan) -> set[int]:
        """Post or edit the board as planned; returns the users the post pinged."""
        pinged: set[int] = set()
        if plan.step == "edit":
            record = await self._refresh_board(game, row, plan.board)
        else:
            pinged, record = await self._post_board(game, row, plan.board, plan.now,
                                                    plan.fresh, plan.pictures.get(None))
        await self.outbox.mark(row.id, f"board:{row.seq}", row.seq,
                               {"fresh": sorted(plan.fresh), "pinged": sorted(pinged),
                                "record": record})
        await self._settle_board(row, record)
        return pinged

    async def _settle_board(self, row: GameRow, record: dict | None) -> None:
        """Remember a board posted by this job (unless that was done before a crash)."""
        if record is None:
            return
        latest = await self.svc.db.latest_message(row.id, "board")
        if latest is not None and latest["message"] == record["message"]:
            return
        if record.get("replaces"):   # a board posted anew: the old one loses its buttons
            await self._disable_last_board(row)
        await self.svc.db.record_message(row.id, "board", record["channel"], record["message"],
                                         record["seq"], since=record["since"],
                                         posted=record["posted"], turn=record["turn"])

    async def _post_board(self, game: Game, row: GameRow, board: dict | None, now: Turn,
                          fresh: set[int], picture: Awaitable | None = None
                          ) -> tuple[set[int], dict | None]:
        """Post a new board: image (``picture`` if started), news, who must act.  Returns
        (the users it pinged, the messages row to record) without recording it."""
        svc = self.svc
        since = board["seq"] if board else FIRST_BOARD
        news = await self._news(row, since, row.seq)
        await self._disable_last_board(row)
        await svc.clock.after_turn(game, row)    # e.g. after an undo: whose clock runs
        pings = await self._closed_dm_users(row, fresh) - await svc.clock.quiet_users(row)
        msg = await self.board_message(game, row, news, pings=pings, picture=picture)
        with keyed(f"board:{row.id}:{row.seq}"):
            message_id = await svc.notifier.post(row.channel_id, msg)
        record = None if message_id is None else {
            "channel": row.channel_id, "message": message_id, "seq": row.seq, "since": since,
            "posted": row.seq, "turn": now.board}
        return set(msg.mentions), record

    async def _refresh_board(self, game: Game, row: GameRow, board: dict) -> dict | None:
        """Edit the current board in place: its news up to now, who has chosen, who is
        asked (the picture stays); when Discord refuses the edit (10008 deleted, 30046
        too many edits of an old message), post it anew without the picture and return
        the messages row to record."""
        svc = self.svc
        news = await self._news(row, board["since"], board["posted"])
        chosen = await svc.db.seats_moved_since(row.id, board["posted"])
        msg = board_message(game, row, news, chosen=chosen, pings=set())
        msg.text = "\n".join([msg.text, *await svc.clock.board_notes(row)])
        with keyed(f"edit:{row.id}:{row.seq}"):
            edited = await svc.notifier.edit(board["channel"], board["message"], msg)
        if edited:
            await svc.db.message_edited(row.id, "board", row.seq)
            return None
        with keyed(f"board:{row.id}:{row.seq}"):
            message_id = await svc.notifier.post(row.channel_id, msg)
        if message_id is None:
            return None
        return {"channel": row.channel_id, "message": message_id, "seq": row.seq,
                "since": board["since"], "posted": board["posted"], "turn": board["turn"],
                "replaces": True}

    async def _news(self, row: GameRow, after: int, picks_shown_after: int) -> list[Event]:
        """The events after seq ``after`` (the first board starts with the game's start),
        without the pick notices after ``picks_shown_after``, the seq a board was posted
        at (its status line says who has chosen since)."""
        start = [Event("game_started", {})] if after == FIRST_BOARD else []
        return start + [Event.from_json(e) for seq, e in await self.svc.db.move_events(row.id, after)
                        if not (e.get("pick") and seq > picks_shown_after)]

    async def disable_last_board(self, row: GameRow) -> None:
        """Take the buttons off the table's latest board."""
        await self._disable_last_board(row)

    async def _disable_last_board(self, row: GameRow) -> None:
        last = await self.svc.db.last_message(row.id, "board")
        if last is not None:
            with keyed(f"disable:{row.id}:{last[1]}"):
                await self.svc.notifier.disable(*last)

    async def board_message(self, game: Game, row: GameRow, events: list[Event], *,
                            pings: set[int] | None = None,
                            picture: Awaitable | None = None) -> m.OutMessage:
        """The board: text, deadlines, table picture (``picture`` when it was started
        already) and the final score pictures."""
        svc = self.svc
        msg = board_message(game, row, events, pings=pings)
        msg.text = "\n".join([msg.text, *await svc.clock.board_notes(row)])
        image = await (picture or self._board_picture(game, row)) \
            if svc.renderer.enabled else None
        if image:
            msg.files = [(f"{row.type}-{row.id}-{row.seq}.{image[1]}", image[0])]
        if row.status == "finished":  # the score breakdown picture (and the ratings)
            msg.files = [*(msg.files or []),
                         *await final.extra_files(svc.db, row, images=svc.renderer.enabled)]
        return msg

    def _board_picture(self, game: Game, row: GameRow) -> Awaitable:
        """The table picture of ``row``, started now (an awaitable of it)."""
        return asyncio.ensure_future(self.svc.renderer.table(
            row.type, view_for(game, row, None), row.locale, row.id, row.seq))

    # -- players ------------------------------------------------------------------------
    async def _panel_users(self, row: GameRow, seats: set[int], done: dict) -> list[SeatRow]:
        """The humans of ``seats`` to DM their panel: not an AI, not quiet (on vacation,
        or asked not to be told), not DMed by this job before."""
        quiet = await self.svc.clock.quiet_users(row)
        users = [next(s for s in row.seats if s.seat == seat) for seat in sorted(seats)]
        return [u for u in users if not (u.is_ai or u.user_id is None or u.user_id in quiet
                                         or f"panel:{u.seat}:{row.seq}" in done)]

    async def _dm_panels(self, game: Game, row: GameRow, plan: Plan, pinged: set[int]) -> None:
        """Each newly asked human gets their panel by DM (the older panel loses its
        buttons); whose DMs are closed is pinged in the channel instead (unless a new
        board just did, or the question is an anonymous reaction: that would tell who
        holds the card)."""
        svc = self.svc
        link = await svc.clock.board_link(row)
        for user in plan.asked:
            seat, effect = user.seat, f"panel:{user.seat}:{row.seq}"
            panel = await svc.panel_for(row, seat, notices=False,
                                        picture=plan.pictures.get(seat))
            panel.ephemeral = False
            if link:
                panel.text = f"{panel.text}\n{link}"[:m.MAX_CONTENT]
            was_closed = await svc.db.dm_closed_at(user.user_id)
            with keyed(f"panel:{row.id}:{seat}:{row.seq}"):
                sent = await svc.send_dm(user.user_id, panel)
            if sent:
                await self._supersede_panel(row, seat, sent)
            else:
                await self._ping(game, row, seat, user.user_id, pinged, was_closed)
            await self.outbox.mark(row.id, effect, row.seq)

    async def _ping(self, game: Game, row: GameRow, seat: int, user_id: int, pinged: set[int],
                    was_closed: float | None) -> None:
        """Mention a player whose DMs are closed in the channel (see :meth:`_dm_panels`)."""
        decision = game.decision_for(row.state, seat) if row.status == "active" else None
        if decision is None or decision.anonymous or user_id in pinged:
            return
        key = "panel.dm_fallback" if was_closed is None else "board.move_ping"
        button = first([f"{row.type}.board.my_panel", "board.my_panel"], row.locale)
        with keyed(f"ping:{row.id}:{user_id}:{row.seq}"):
            await self.svc.notifier.post(row.channel_id, m.OutMessage(
                t(key, row.locale, mention=f"<@{user_id}>", button=button),
                mentions=[user_id]))

    async def _supersede_panel(self, row: GameRow, seat: int, sent: Any) -> None:
        """Take the buttons off ``seat``'s previous DM panel and remember the new one
        (unless it is already remembered: a resend the nonce answered)."""
        kind = f"panel:{seat}"
        old = await self.svc.db.last_message(row.id, kind)
        if isinstance(sent, m.Sent) and old == (sent.channel_id, sent.message_id):
            return
        if old is not None:
            with keyed(f"disable:{row.id}:{old[1]}"):
                await self.svc.notifier.disable(*old)
        if isinstance(sent, m.Sent) and sent.message_id is not None:
            await self.svc.db.record_message(row.id, kind, sent.channel_id, sent.message_id,
                                             row.seq)

    async def _closed_dm_users(self, row: GameRow, seats: set[int]) -> set[int]:
        """Users of ``seats`` who will not get a DM now (closed less than a day ago)."""
        out = set()
        for user in row.seats:
            if user.seat in seats and not user.is_ai and user.user_id:
                closed = await self.svc.db.dm_closed_at(user.user_id)
                if closed is not None and time.time() - closed < DM_RETRY_SECONDS:
                    out.add(user.user_id)
        return out

    async def dm_private_events(self, game: Game, row: GameRow, events: list[tuple[int, Event]],
                                actor: int | None, *, done: dict | None = None) -> None:
        """Tell other humans privately what only they may know (e.g. a card taken from
        them); for a player whose DMs are closed it waits in their panel.  ``events``:
        (seq, event); given the job's effects ``done``, each player's progress is an
        effect of the job, so a re-run says only what is newer."""
        svc = self.svc
        names = seat_names(row)
        mark = done is not None
        done = done or {}
        for user in row.seats:
            if user.is_ai or user.user_id is None or user.seat == actor:
                continue
            effect = f"events:{user.seat}"
            told = done.get(effect, (-1,))[0]
            mine = [e for s, e in events
                    if s > told and e.visible_to is not None and user.seat in e.visible_to]
            if not mine:
                continue
            loc = await svc.user_locale(user.user_id) or row.locale
            text = "\n".join(f"• {event_text(game, e, loc, names)}" for e in mine)
            with keyed(f"dm:{row.id}:{user.user_id}:{events[-1][0]}"):
                sent = await svc.send_dm(user.user_id, m.OutMessage(text))
            if not sent:
                await svc.db.add_notice(row.id, user.user_id, text)
            if mark:
                await self.outbox.mark(row.id, effect, events[-1][0])
        if mark and any(e.visible_to is not None for _, e in events):
            await self.outbox.mark(row.id, "events", events[-1][0])
