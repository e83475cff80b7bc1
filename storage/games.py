"""The game repository: the only storage interface the bot uses.

A game is a ``games`` row holding the latest state snapshot plus an append-only
``moves`` log.  Each accepted move is ONE transaction whose first statement advances the
snapshot only if the game is still active at the expected ``seq`` (check and update
in one statement, so it also holds between processes sharing a PostgreSQL server),
then appends the move; a stale or doubled click (:class:`StaleMove`) changes nothing
and an acknowledged move is never lost.  States, options and actions are stored as
compact JSON: they must be JSON-compatible (dict keys are strings) to load back equal.

The same queries run on SQLite (storage/db.py) and PostgreSQL (storage/pg.py):
portable SQL only (``"user"`` quoted, ``ON CONFLICT`` upserts, ``RETURNING``).

Every write to a game's row or its seats (the methods here, ``Memory.apply_undo`` and
``ClockStore.set_turn_timeout``) advances the game's ``rev`` in the same statement or
transaction, and runs in :meth:`Database.game_write`, which tells the observers
(``Database.observe``; storage/live.py keeps rows in memory) what was committed, or that
the write failed.  ``rev`` is a counter rather than ``updated`` made monotonic: the
wall clocks of several processes do not agree, and two writes in one clock tick would
look alike; one indexed read of ``rev`` tells whether a row held in memory is still the
stored one, in any process.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable

import asyncpg

from storage.db import Db, Tx
from storage.migrations import migrate
from storage.pg import PgDb, is_postgres_url

__all__ = [
    "STATUSES", "Database", "GameRow", "NoSuchGame", "SeatRow", "StaleMove", "open_database",
]

STATUSES = ("lobby", "active", "finished", "abandoned")


class StaleMove(Exception):
    """append_move's expected seq is not the current one (stale or doubled click).

    Also raised when the game is no longer in the status the call needs (a move on a
    game that is not active, seats or start on a game that left the lobby).
    """


class NoSuchGame(LookupError):
    """No game has this id."""


@dataclass
class SeatRow:
    """One seat of a game; ``name`` is the display name at join time."""

    seat: int
    user_id: int | None
    is_ai: bool
    name: str


@dataclass
class GameRow:
    """A game as stored: metadata, current snapshot and seats (ordered by seat)."""

    id: int
    type: str
    engine_version: int
    options: dict
    status: str
    seq: int
    state: dict | None
    guild_id: int | None
    channel_id: int
    host_id: int
    locale: str
    created: float
    updated: float
    seats: list[SeatRow] = field(default_factory=list)
    capacity: int | None = None  # seats chosen at creation; None = the game's maximum
    turn_timeout: int | None = None  # seconds without a move before defaults apply; None = off
    seed: int | None = None  # the seed the game was set up with (replays); None: not started
    rev: int = 0  # advanced by every write to the row or its seats (see the module)

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` plays, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")


_IDS_PER_QUERY = 500  # games whose seats one query reads (well below parameter limits)

_GAME_COLUMNS = ("id, type, engine_version, options, status, seq, state, guild, channel,"
                 " host, locale, created, updated, capacity, turn_timeout, seed, rev")


def _game_row(row, seats: list[SeatRow]) -> GameRow:
    return GameRow(
        id=row["id"], type=row["type"], engine_version=row["engine_version"],
        options=_loads(row["options"]), status=row["status"], seq=row["seq"],
        state=_loads(row["state"]), guild_id=row["guild"], channel_id=row["channel"],
        host_id=row["host"], locale=row["locale"], created=row["created"],
        updated=row["updated"], seats=seats, capacity=row["capacity"],
        turn_timeout=row["turn_timeout"], seed=row["seed"], rev=row["rev"],
    )


#: ``observer(game_id, rev, fields)`` after a game write: the committed ``rev`` and the
#: GameRow fields it set (``"seat"``: one SeatRow replaced), or ``rev`` None: the write
#: failed or its outcome is unknown (forget what is known of the game)
Observer = Callable[[int, "int | None", dict], None]


def _seat_row(row) -> SeatRow:
    return SeatRow(seat=row["seat"], user_id=row["user"], is_ai=bool(row["is_ai"]),
                   name=row["name"])


class Database:
    """Castellan's games, seats, move log, posted messages and user preferences."""

    def __init__(self, db: Db | PgDb) -> None:
        self._db = db
        self.path = db.path
        self._observers: list[Observer] = []

    def observe(self, observer: Observer) -> None:
        """Call ``observer`` after every write to a game's row or seats (see Observer)."""
        self._observers.append(observer)

    def wrote(self, game_id: int, rev: int | None, fields: dict) -> None:
        """Tell the observers what a committed game write set (rev None: it failed)."""
        for observer in self._observers:
            observer(game_id, rev, fields)

    @asynccontextmanager
    async def game_write(self, game_id: int) -> AsyncIterator[Tx]:
        """A write transaction on one game's row or seats; on any exception (rolled
        back, or a commit whose outcome is unknown) the observers forget the game.
        The caller advances ``rev`` inside and reports the commit with :meth:`wrote`."""
        try:
            async with self._db.transaction() as tx:
                yield tx
        except BaseException:
            self.wrote(game_id, None, {})
            raise

    async def __aenter__(self) -> "Database":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._db.close()

    # -- games ---------------------------------------------------------------------

    async def create_game(self, type: str, *, engine_version: int, options: dict,
                          guild_id: int | None, channel_id: int, host_id: int,
                          locale: str, capacity: int | None = None,
                          turn_timeout: int | None = None) -> int:
        """A new game in the lobby (seq 0, no state); returns its id."""
        now = time.time()
        row = await self._db.fetchone(
            "INSERT INTO games (type, engine_version, options, status, seq, state,"
            " guild, channel, host, locale, created, updated, capacity, turn_timeout)"
            " VALUES (?, ?, ?, 'lobby', 0, NULL, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (type, engine_version, _dumps(options), guild_id, channel_id, host_id,
             locale, now, now, capacity, turn_timeout), write=True)
        return row["id"]

    async def load_game(self, game_id: int) -> GameRow | None:
        """The game with its seats, in one statement (a row per seat: the game's
        columns repeat, but a second statement cost more, a round trip on PostgreSQL)."""
        rows = await self._db.fetchall(
            f'SELECT {_GAME_COLUMNS}, seat, "user", is_ai, name FROM games'
            " LEFT JOIN seats ON seats.game = games.id WHERE games.id = ? ORDER BY seat",
            (game_id,))
        if not rows:
            return None
        return _game_row(rows[0], [_seat_row(r) for r in rows if r["seat"] is not None])

    async def game_rev(self, game_id: int) -> int | None:
        """The game's ``rev`` (None: no such game): one read by primary key."""
        row = await self._db.fetchone("SELECT rev FROM games WHERE id = ?", (game_id,))
        return None if row is None else row["rev"]

    async def set_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        """Replace the seat list of a game in the lobby (else StaleMove)."""
        async with self.game_write(game_id) as tx:
            rev = await self._lock_status(tx, game_id, "lobby")
            await self._replace_seats(tx, game_id, seats)
        self.wrote(game_id, rev, {"seats": seats})

    async def set_host(self, game_id: int, host_id: int) -> None:
        """Hand the host role of a game to ``host_id`` (its host left)."""
        async with self.game_write(game_id) as tx:
            rev = await self._bump(tx, game_id, "host = ?", (host_id,))
        self.wrote(game_id, rev, {"host_id": host_id})

    async def set_seat(self, game_id: int, seat: SeatRow) -> None:
        """Replace one seat of an active game (e.g. a player handed over to the AI)."""
        async with self.game_write(game_id) as tx:
            rev = await self._lock_status(tx, game_id, "active")
            await tx.execute(
                'UPDATE seats SET "user" = ?, is_ai = ?, name = ? WHERE game = ? AND seat = ?',
                (seat.user_id, int(seat.is_ai), seat.name, game_id, seat.seat))
        self.wrote(game_id, rev, {"seat": seat})

    async def start_game(self, game_id: int, seats: list[SeatRow], state: dict,
                         seed: int | None = None) -> None:
        """Final seats, status 'active', first snapshot (set up from ``seed``); seq stays 0.

        Raises StaleMove if the game already left the lobby (a doubled start).
        """
        now = time.time()
        async with self.game_write(game_id) as tx:
            started = await tx.fetchone(
                "UPDATE games SET status = 'active', state = ?, seed = ?, updated = ?,"
                " rev = rev + 1 WHERE id = ? AND status = 'lobby' RETURNING rev",
                (_dumps(state), seed, now, game_id))
            if started is None:
                await self._require_status(tx, game_id, "lobby")  # raises: says why
            await self._replace_seats(tx, game_id, seats)
        self.wrote(game_id, started["rev"], {"status": "active", "state": state, "seed": seed,
                                             "updated": now, "seats": seats})

    async def append_move(self, game_id: int, *, expected_seq: int, seat: int,
                          action: dict, state: dict, status: str = "active",
                          events: list | None = None,
                          also: Callable[[Tx, int], Awaitable[None]] | None = None) -> int:
        """Log one move (with its ``events``) and store the new snapshot atomically.

        ``also(tx, new_seq)`` runs inside the same transaction (e.g. the delivery outbox
        records what must be said about the move).  Returns the new seq.
        StaleMove (nothing written) if the game's seq is not ``expected_seq`` or the
        game is not active.  ``status`` is the game's status after the move.
        """
        _check_status(status)
        new_seq = expected_seq + 1
        now = time.time()
        snapshot, logged = _dumps(state), _dumps(action)
        # status only when it changes: setting it rewrites both of its indexes' entries
        # (two pages more in the WAL per move, measured), even to the same value
        assign, values = ("state = ?", (snapshot,)) if status == "active" else \
            ("status = ?, state = ?", (status, snapshot))
        async with self.game_write(game_id) as tx:
            _, rev = await self.advance(tx, game_id, expected_seq, assign, values, now)
            await tx.execute(
                "INSERT INTO moves (game, seq, seat, action, at, events)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new_seq, seat, logged, now, _dumps(events or [])))
            if also is not None:
                await also(tx, new_seq)
        self.wrote(game_id, rev, {"seq": new_seq, "status": status, "state": state,
                                  "updated": now})
        return new_seq

    async def set_status(self, game_id: int, status: str) -> None:
        _check_status(status)
        now = time.time()
        async with self.game_write(game_id) as tx:
            rev = await self._bump(tx, game_id, "status = ?, updated = ?", (status, now))
        self.wrote(game_id, rev, {"status": status, "updated": now})

    async def list_games(self, *, guild_id: int | None = None, user_id: int | None = None,
                         statuses: tuple[str, ...] = ("lobby", "active")) -> list[GameRow]:
        """Games in ``statuses`` (oldest first), optionally of one guild / with one user."""
        for status in statuses:
            _check_status(status)
        where = [f"status IN ({', '.join('?' * len(statuses))})"]
        params: list[Any] = list(statuses)
        if guild_id is not None:
            where.append("guild = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append('id IN (SELECT game FROM seats WHERE "user" = ?)')
            params.append(user_id)
        async with self._db.transaction(write=False) as tx:
            return await self._select_games(tx, "WHERE " + " AND ".join(where), params)

    async def moves(self, game_id: int) -> list[dict]:
        """The move log in order: ``[{"seq", "seat", "action", "at"}]``."""
        rows = await self._db.fetchall(
            "SELECT seq, seat, action, at FROM moves WHERE game = ? ORDER BY seq",
            (game_id,))
        return [{"seq": r["seq"], "seat": r["seat"], "action": _loads(r["action"]),
                 "at": r["at"]} for r in rows]

    async def seats_moved_since(self, game_id: int, after_seq: int) -> set[int]:
        """The seats that made a move after ``after_seq``."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT seat FROM moves WHERE game = ? AND seq > ?", (game_id, after_seq))
        return {r["seat"] for r in rows}

    async def events_since(self, game_id: int, after_seq: int) -> list[dict]:
        """The events of every move after ``after_seq``, in order."""
        rows = await self._db.fetchall(
            "SELECT events FROM moves WHERE game = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq))
        return [event for r in rows for event in _loads(r["events"])]

    async def move_events(self, game_id: int, after_seq: int) -> list[tuple[int, dict]]:
        """``(seq, event)`` for every event of the moves after ``after_seq``, in order."""
        rows = await self._db.fetchall(
            "SELECT seq, events FROM moves WHERE game = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq))
        return [(r["seq"], event) for r in rows for event in _loads(r["events"])]

    # -- posted messages ---------------------------------------------------------------

    async def record_message(self, game_id: int, kind: str, channel_id: int,
                             message_id: int, seq: int = 0, *, since: int = 0,
                             posted: int | None = None, turn: str | None = None) -> None:
        """Remember a message posted for a game (e.g. kind 'board') showing the game at
        ``seq``; ``since``: the seq its news start after; ``posted``: the seq it was
        first posted at (default ``seq``); ``turn``: the turn it shows."""
        try:   # one statement: the game's existence is the foreign key's check
            await self._db.execute(
                "INSERT INTO messages (game, kind, channel, message, at, seq, since, posted, turn)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, channel_id, message_id, time.time(), seq, since,
                 seq if posted is None else posted, turn))
        except (sqlite3.IntegrityError, asyncpg.ForeignKeyViolationError) as err:
            if "FOREIGN KEY" not in str(err).upper():
                raise
            raise NoSuchGame(f"no game {game_id}") from err

    async def latest_message(self, game_id: int, kind: str) -> dict | None:
        """The latest message of ``kind``: ``{"channel", "message", "seq", "since",
        "posted", "turn", "at"}`` (None if there is none)."""
        row = await self._db.fetchone(
            "SELECT channel, message, seq, since, posted, turn, at FROM messages"
            " WHERE game = ? AND kind = ? ORDER BY rowid DESC LIMIT 1", (game_id, kind))
        return None if row is None else dict(row)

    async def message_edited(self, game_id: int, kind: str, seq: int) -> None:
        """The latest message of ``kind`` was edited to show the game at ``seq``."""
        await self._db.execute(
            "UPDATE messages SET seq = ? WHERE rowid = (SELECT rowid FROM messages"
            " WHERE game = ? AND kind = ? ORDER BY rowid DESC LIMIT 1)",
            (seq, game_id, kind))

    async def last_message(self, game_id: int, kind: str) -> tuple[int, int] | None:
        """(channel_id, message_id) of the most recently recorded message of ``kind``."""
        row = await self._db.fetchone(
            "SELECT channel, message FROM messages WHERE game = ? AND kind = ?"
            " ORDER BY rowid DESC LIMIT 1", (game_id, kind))
        return None if row is None else (row["channel"], row["message"])

    async def last_message_seq(self, game_id: int, kind: str) -> int | None:
        """The game seq at which the latest message of ``kind`` was posted."""
        row = await self._db.fetchone(
            "SELECT seq FROM messages WHERE game = ? AND kind = ?"
            " ORDER BY rowid DESC LIMIT 1", (game_id, kind))
        return None if row is None else row["seq"]

    # -- users -------------------------------------------------------------------------

    async def user_prefs(self, user_id: int) -> dict:
        """``{"locale": str | None, "dm_closed": bool}`` (defaults for unknown users)."""
        row = await self._db.fetchone(
            'SELECT locale, dm_closed FROM users WHERE "user" = ?', (user_id,))
        if row is None:
            return {"locale": None, "dm_closed": False}
        return {"locale": row["locale"], "dm_closed": bool(row["dm_closed"])}

    async def dm_closed_at(self, user_id: int) -> float | None:
        """When the user's DMs were last found closed (None: open, as far as we know)."""
        row = await self._db.fetchone('SELECT dm_closed FROM users WHERE "user" = ?', (user_id,))
        return float(row["dm_closed"]) if row is not None and row["dm_closed"] else None

    async def set_user_pref(self, user_id: int, *, locale: str | None = None,
                            dm_closed: bool | None = None) -> None:
        """Set the given preferences; an argument left as None is not changed.
        ``dm_closed=True`` records *now* (DMs are retried a while later)."""
        dm = None if dm_closed is None else (int(time.time()) if dm_closed else 0)
        await self._db.execute(
            'INSERT INTO users ("user", locale, dm_closed)'
            " VALUES (?, ?, coalesce(CAST(? AS BIGINT), 0))"
            ' ON CONFLICT ("user") DO UPDATE SET'
            " locale = coalesce(excluded.locale, users.locale),"
            " dm_closed = coalesce(CAST(? AS BIGINT), users.dm_closed)",
            (user_id, locale, dm, dm))

    # -- notices waiting for a player whose DMs are closed -------------------------------

    async def add_notice(self, game_id: int, user_id: int, text: str) -> None:
        await self._db.execute('INSERT INTO notices (game, "user", text, at) VALUES (?, ?, ?, ?)',
                               (game_id, user_id, text, time.time()))

    async def take_notices(self, game_id: int, user_id: int) -> list[str]:
        """The notices waiting for ``user_id`` at ``game_id``, oldest first; they are removed.
        (Looked for first without a write: almost always there are none.)"""
        if not await self._db.fetchall('SELECT 1 FROM notices WHERE game = ? AND "user" = ?'
                                       " LIMIT 1", (game_id, user_id)):
            return []
        async with self._db.transaction() as tx:
            rows = await tx.fetchall('SELECT rowid, text FROM notices WHERE game = ? AND "user" = ?'
                                     " ORDER BY rowid", (game_id, user_id))
            if rows:
                await tx.execute('DELETE FROM notices WHERE game = ? AND "user" = ?',
                                 (game_id, user_id))
        return [r["text"] for r in rows]

    # -- helpers -----------------------------------------------------------------------

    async def _require_game(self, tx: Tx, game_id: int):
        row = await tx.fetchone("SELECT status, seq FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NoSuchGame(f"no game {game_id}")
        return row

    async def _require_status(self, tx: Tx, game_id: int, status: str):
        row = await self._require_game(tx, game_id)
        if row["status"] != status:
            raise StaleMove(f"game {game_id} is {row['status']}, not {status}")
        return row

    @staticmethod
    async def _bump(tx: Tx, game_id: int, assign: str = "", values: tuple = ()) -> int:
        """Advance the game's ``rev``, also setting ``assign`` (e.g. ``"host = ?"``) to
        ``values``, in one statement; returns the new rev (NoSuchGame: nothing written)."""
        sets = f"rev = rev + 1, {assign}" if assign else "rev = rev + 1"
        row = await tx.fetchone(f"UPDATE games SET {sets} WHERE id = ? RETURNING rev",
                                (*values, game_id))
        if row is None:
            raise NoSuchGame(f"no game {game_id}")
        return row["rev"]

    async def _lock_status(self, tx: Tx, game_id: int, status: str) -> int:
        """Advance the game's ``rev``, which also locks its row for this write
        transaction (PostgreSQL: other processes wait; SQLite's write lock already
        covers it), then require ``status``; returns the new rev."""
        rev = await self._bump(tx, game_id)
        await self._require_status(tx, game_id, status)
        return rev

    async def advance(self, tx: Tx, game_id: int, expected_seq: int, assign: str,
                       values: tuple, now: float) -> tuple[int, int]:
        """Move an active game from ``expected_seq`` to the next seq, also setting
        ``assign`` (e.g. ``"state = ?"``) to ``values``, in ONE statement: of two
        identical clicks, in any process, exactly one finds the seq it expects.
        StaleMove / NoSuchGame (nothing written) otherwise; returns the new (seq, rev)."""
        moved = await tx.fetchone(
            f"UPDATE games SET seq = seq + 1, {assign}, updated = ?, rev = rev + 1"
            " WHERE id = ? AND status = 'active' AND seq = ? RETURNING seq, rev",
            (*values, now, game_id, expected_seq))
        if moved is None:
            row = await self._require_status(tx, game_id, "active")
            raise StaleMove(f"game {game_id} is at seq {row['seq']}, not {expected_seq}")
        return moved["seq"], moved["rev"]

    @staticmethod
    async def _replace_seats(tx: Tx, game_id: int, seats: Iterable[SeatRow]) -> None:
        await tx.execute("DELETE FROM seats WHERE game = ?", (game_id,))
        for s in seats:
            await tx.execute(
                'INSERT INTO seats (game, seat, "user", is_ai, name) VALUES (?, ?, ?, ?, ?)',
                (game_id, s.seat, s.user_id, int(s.is_ai), s.name))

    @staticmethod
    async def _select_games(tx: Tx, where: str, params: list[Any]) -> list[GameRow]:
        """Games matching ``where`` (a WHERE clause on ``games``) with their seats."""
        rows = await tx.fetchall(f"SELECT {_GAME_COLUMNS} FROM games {where} ORDER BY id",
                                 params)
        if not rows:
            return []
        ids = [r["id"] for r in rows]
        seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
        # the seats of exactly these games (a PostgreSQL read is consistent per statement)
        for start in range(0, len(ids), _IDS_PER_QUERY):
            chunk = ids[start:start + _IDS_PER_QUERY]
            for r in await tx.fetchall(
                    'SELECT game, seat, "user", is_ai, name FROM seats'
                    f" WHERE game IN ({', '.join('?' * len(chunk))}) ORDER BY game, seat", chunk):
                seats[r["game"]].append(_seat_row(r))
        return [_game_row(r, seats[r["id"]]) for r in rows]


async def open_database(target: str | os.PathLike) -> Database:
    """Connect to ``target`` and bring its schema up to date: a SQLite file path
    (created if missing) or a ``postgresql://`` URL (storage/pg.py)."""
    if is_postgres_url(target):
        from storage.pg_migrations import migrate_pg

        db, upgrade = await PgDb.open(target), migrate_pg
    else:
        db, upgrade = await Db.open(target), migrate
    try:
        await upgrade(db)
    except BaseException:
        await db.close()
        raise
    return Database(db)
