"""The turn clock's storage: one row per (table, seat) that waits or has waited, the
tables' clock settings, players' vacations and notification choices.

A seat's ``due`` is the next moment the clock has something to do for it (a reminder,
its deadline, or the end of its player's vacation); :meth:`ClockStore.due` reads only
the rows whose ``due`` has passed, through a partial index, so the minute task costs
nothing while nobody is late.

Several bot processes may share one (PostgreSQL) database: :meth:`ClockStore.due`
*claims* what it returns, so each due seat is handled by exactly one process.  The
claim moves the row's ``due`` to a lease (``now + CLAIM_LEASE_S``) with a
compare-and-set on the ``due`` it read; the claiming process keeps the real ``due``
in memory (:meth:`ClockStore.seats` shows it) until it stores the seat's next
``due`` with :meth:`ClockStore.put`.  A process that dies meanwhile only delays the
seat by the lease: then another process claims it.
"""
from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass

from storage.games import Database

NOTIFY = ("all", "reminders", "none")

#: seconds a claimed due seat stays hidden from the other processes
CLAIM_LEASE_S = 60.0

#: tables whose clocks :meth:`ClockStore.settle` keeps (only until their next change)
SETTLED_TABLES = 1024


@dataclass
class SeatClock:
    """A seat's clock.  ``turn``: the turn it waits in (None: not waiting);
    ``deadline`` None while paused (then ``paused_left`` seconds remain) or without a
    clock; ``reminded``: how many of the table's reminder points were sent this turn;
    ``timeouts``: consecutive turns that ran out."""

    game: int
    seat: int
    turn: str | None = None
    started: float | None = None
    deadline: float | None = None
    paused_left: float | None = None
    reminded: int = 0
    due: float | None = None
    timeouts: int = 0


_COLUMNS = "game, seat, turn, started, deadline, paused_left, reminded, due, timeouts"


def _clock(row) -> SeatClock:
    return SeatClock(*(row[k] for k in _COLUMNS.split(", ")))


def _settings(row) -> tuple[list[float] | None, int | None]:
    reminders = row["reminders"]
    return (json.loads(reminders) if reminders else None), row["zombie_after"]


_PUT_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
_PUT_CONFLICT = (" ON CONFLICT (game, seat) DO UPDATE SET "
                 + ", ".join(f"{k} = excluded.{k}" for k in _COLUMNS.split(", ")[2:]))
_PUT_ROWS = 500   # clocks per statement (4,500 parameters: well inside both backends' limits)


class ClockStore:
    """Clock rows, settings, vacations and notify choices on the game database."""

    def __init__(self, database: Database) -> None:
        self._games = database
        self._db = database._db  # the same connection and lock as the games
        # (game, seat) -> (its real due, the lease this process wrote in its place)
        self._claimed: dict[tuple[int, int], tuple[float, float]] = {}
        # game -> (seq, key, clocks) as the turn clock settled them (see settle)
        self._settled: OrderedDict[int, tuple[int, object, dict[int, SeatClock]]] = OrderedDict()

    # -- seat clocks -------------------------------------------------------------------
    async def seats(self, game_id: int) -> dict[int, SeatClock]:
        """The table's seat clocks (a seat this process claimed shows its real ``due``)."""
        rows = await self._db.fetchall(f"SELECT {_COLUMNS} FROM clocks WHERE game = ?", (game_id,))
        return self._real_due({r["seat"]: _clock(r) for r in rows})

    async def table(self, game_id: int) -> tuple[dict[int, SeatClock],
                                                 tuple[list[float] | None, int | None]]:
        """The table's seat clocks (as :meth:`seats`) and its :meth:`settings`, in one
        read."""
        rows = await self._db.fetchall(
            "SELECT s.reminders, s.zombie_after, "
            + ", ".join(f"c.{k}" for k in _COLUMNS.split(", "))
            + " FROM games g LEFT JOIN clock_settings s ON s.game = g.id"
            " LEFT JOIN clocks c ON c.game = g.id WHERE g.id = ?", (game_id,))
        clocks = {r["seat"]: _clock(r) for r in rows if r["seat"] is not None}
        return self._real_due(clocks), (_settings(rows[0]) if rows else (None, None))

    def _real_due(self, clocks: dict[int, SeatClock]) -> dict[int, SeatClock]:
        for c in clocks.values():
            real, lease = self._claimed.get((c.game, c.seat), (None, None))
            if c.due is not None and c.due == lease:   # not rewritten by anyone since
                c.due = real
        return clocks

    async def put(self, clocks: list[SeatClock]) -> None:
        """Insert or replace these seat clocks (the last of any seat given twice), ends
        their claims; one statement (a transaction of its own) per 500 clocks."""
        if not clocks:
            return
        for game in {c.game for c in clocks}:
            self.unsettle(game)
        rows = list({(c.game, c.seat): (c.game, c.seat, c.turn, c.started, c.deadline,
                                        c.paused_left, c.reminded, c.due, c.timeouts)
                     for c in clocks}.values())   # a statement may set a row only once
        for start in range(0, len(rows), _PUT_ROWS):
            part = rows[start:start + _PUT_ROWS]
            await self._db.execute(
                f"INSERT INTO clocks ({_COLUMNS}) VALUES " + ", ".join([_PUT_ROW] * len(part))
                + _PUT_CONFLICT, [v for row in part for v in row])
        for c in clocks:
            self._claimed.pop((c.game, c.seat), None)

    # -- what the turn clock settled at a table's seq ------------------------------------
    def settle(self, game_id: int, seq: int, key: object, clocks: dict[int, SeatClock]) -> None:
        """The turn clock brought the table's ``clocks`` up to date with its state at
        ``seq`` (``key``: what else that depended on); kept until any write of this
        store touches the table, so the same delivery neither settles them again nor
        reads them back for the board.  (Another process sharing PostgreSQL may move a
        seat's reminder or pause it meanwhile; nothing it changes at the same seq
        makes the settling differ, and a board shows what was settled.)"""
        self._settled[game_id] = (seq, key, clocks)
        self._settled.move_to_end(game_id)
        while len(self._settled) > SETTLED_TABLES:
            self._settled.popitem(last=False)

    def settled(self, game_id: int, seq: int) -> tuple[object, dict[int, SeatClock]] | None:
        """(key, clocks) as settled at ``seq``, or None."""
        kept = self._settled.get(game_id)
        return None if kept is None or kept[0] != seq else kept[1:]

    def unsettle(self, game_id: int) -> None:
        self._settled.pop(game_id, None)

    async def due(self, now: float, limit: int = 500) -> list[SeatClock]:
        """Seat clocks with something due at ``now`` (indexed), earliest first, each
        claimed for this process (see the module's docstring): of several processes
        asking at once, exactly one gets each seat."""
        rows = await self._db.fetchall(
            f"SELECT {_COLUMNS} FROM clocks WHERE due IS NOT NULL AND due <= ?"
            " ORDER BY due LIMIT ?", (now, limit))
        if not rows:
            return []
        won, lease = [], now + CLAIM_LEASE_S
        async with self._db.transaction() as tx:
            for r in rows:
                claimed = await tx.fetchone(
                    "UPDATE clocks SET due = ? WHERE game = ? AND seat = ? AND due = ?"
                    " RETURNING seat", (lease, r["game"], r["seat"], r["due"]))
                if claimed is not None:
                    won.append(_clock(r))
        for c in won:
            self._claimed[(c.game, c.seat)] = (c.due, lease)
            self.unsettle(c.game)
        return won

    async def next_due(self) -> float | None:
        """The earliest moment the clock has something to do (None: nothing waits)."""
        row = await self._db.fetchone("SELECT min(due) AS d FROM clocks WHERE due IS NOT NULL")
        return row["d"] if row is not None else None

    async def stop(self, game_id: int) -> None:
        """The table ended: nothing is due any more."""
        self.unsettle(game_id)
        await self._db.execute("UPDATE clocks SET turn = NULL, deadline = NULL, paused_left = NULL,"
                               " due = NULL WHERE game = ?", (game_id,))
        for key in [k for k in self._claimed if k[0] == game_id]:
            del self._claimed[key]

    async def waiting_of(self, seats: list[tuple[int, int]]) -> list[SeatClock]:
        """The waiting clocks among ``(game, seat)`` pairs."""
        out = []
        async with self._db.transaction(write=False) as tx:
            for game, seat in seats:
                row = await tx.fetchone(f"SELECT {_COLUMNS} FROM clocks WHERE game = ? AND seat = ?"
                                        " AND turn IS NOT NULL", (game, seat))
                if row is not None:
                    out.append(_clock(row))
        return out

    # -- table settings ----------------------------------------------------------------
    async def settings(self, game_id: int) -> tuple[list[float] | None, int | None]:
        """(reminder points as fractions or seconds left, turns to zombie) or Nones."""
        row = await self._db.fetchone("SELECT reminders, zombie_after FROM clock_settings"
                                      " WHERE game = ?", (game_id,))
        return (None, None) if row is None else _settings(row)

    async def set_settings(self, game_id: int, *, reminders: list | None = None,
                           zombie_after: int | None = None) -> None:
        self.unsettle(game_id)
        await self._db.execute(
            "INSERT INTO clock_settings (game, reminders, zombie_after) VALUES (?, ?, ?)"
            " ON CONFLICT (game) DO UPDATE SET"
            " reminders = coalesce(excluded.reminders, clock_settings.reminders),"
            " zombie_after = coalesce(excluded.zombie_after, clock_settings.zombie_after)",
            (game_id, json.dumps(reminders) if reminders is not None else None, zombie_after))

    async def set_turn_timeout(self, game_id: int, seconds: int) -> None:
        """The table's turn clock (a column of its game row: advances its ``rev``)."""
        self.unsettle(game_id)
        async with self._games.game_write(game_id) as tx:
            row = await tx.fetchone("UPDATE games SET turn_timeout = ?, rev = rev + 1"
                                    " WHERE id = ? RETURNING rev", (seconds, game_id))
        if row is not None:
            self._games.wrote(game_id, row["rev"], {"turn_timeout": seconds})

    async def stale_lobbies(self, before: float) -> list[int]:
        """Lobbies created before ``before`` (they expire)."""
        rows = await self._db.fetchall(
            "SELECT id FROM games WHERE status = 'lobby' AND created < ?", (before,))
        return [r["id"] for r in rows]

    # -- vacations -----------------------------------------------------------------------
    async def vacation_end(self, user_id: int, now: float) -> float | None:
        """When the user's vacation running at ``now`` ends (None: not on vacation)."""
        row = await self._db.fetchone('SELECT max("end") AS e FROM vacations WHERE "user" = ?'
                                      ' AND start <= ? AND "end" > ?', (user_id, now, now))
        return row["e"] if row is not None else None

    async def vacation_ends(self, users: list[int], now: float) -> dict[int, float]:
        """For each of ``users`` on vacation at ``now``: when it ends (one read)."""
        if not users:
            return {}
        marks = ", ".join("?" * len(users))
        rows = await self._db.fetchall(
            f'SELECT "user", max("end") AS e FROM vacations WHERE "user" IN ({marks})'
            ' AND start <= ? AND "end" > ? GROUP BY "user"', (*users, now, now))
        return {r["user"]: r["e"] for r in rows}

    async def quiet(self, users: list[int], now: float) -> set[int]:
        """Those of ``users`` not to be told of a new turn: on vacation at ``now``, or
        who chose reminders only or nothing (one read)."""
        if not users:
            return set()
        marks = ", ".join("?" * len(users))
        rows = await self._db.fetchall(
            f"""SELECT "user" FROM users WHERE "user" IN ({marks}) AND notify != 'all'"""
            f' UNION SELECT "user" FROM vacations WHERE "user" IN ({marks})'
            ' AND start <= ? AND "end" > ?', (*users, *users, now, now))
        return {r["user"] for r in rows}

    async def vacation_seconds(self, user_id: int, start: float, end: float) -> float:
        """Seconds of vacation the user took between ``start`` and ``end``."""
        row = await self._db.fetchone(  # CASE: min/max of two values is spelled differently
            'SELECT coalesce(sum(CASE WHEN "end" < ? THEN "end" ELSE ? END'
            " - CASE WHEN start > ? THEN start ELSE ? END), 0) AS s FROM vacations"
            ' WHERE "user" = ? AND "end" > ? AND start < ?',
            (end, end, start, start, user_id, start, end))
        return float(row["s"])

    async def add_vacation(self, user_id: int, start: float, end: float) -> None:
        await self._db.execute('INSERT INTO vacations ("user", start, "end") VALUES (?, ?, ?)',
                               (user_id, start, end))

    async def end_vacation(self, user_id: int, now: float) -> bool:
        """Cut the running vacation short at ``now``; False if there was none."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone('SELECT count(*) AS n FROM vacations WHERE "user" = ?'
                                    ' AND start <= ? AND "end" > ?', (user_id, now, now))
            await tx.execute('UPDATE vacations SET "end" = ? WHERE "user" = ? AND start <= ?'
                             ' AND "end" > ?', (now, user_id, now, now))
        return row["n"] > 0

    # -- notification choice -------------------------------------------------------------
    async def notify(self, user_id: int) -> str:
        row = await self._db.fetchone('SELECT notify FROM users WHERE "user" = ?', (user_id,))
        return row["notify"] if row is not None else "all"

    async def set_notify(self, user_id: int, choice: str) -> None:
        if choice not in NOTIFY:
            raise ValueError(f"notify must be one of {NOTIFY}")
        await self._db.execute('INSERT INTO users ("user", notify) VALUES (?, ?)'
                               ' ON CONFLICT ("user") DO UPDATE SET notify = excluded.notify',
                               (user_id, choice))
