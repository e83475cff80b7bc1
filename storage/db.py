"""One SQLite connection and the lock that keeps its transactions apart.

Statements run on the event loop's own thread, on a plain ``sqlite3`` connection.  A
read by key or a commit (WAL, ``synchronous = NORMAL``: no fsync on commit) takes a few
microseconds, while handing each statement to a worker thread (aiosqlite, as before)
cost two GIL hand-overs per call: measured with 1,000 live tables, about 145 such trips
per click made the hand-overs, not SQLite, the bottleneck (84 clicks/s; a read
transaction cost 172 µs of CPU, now 5 µs; a write 145 µs, now 14 µs).  A transaction
is therefore never a trip at all.  The costs are that a statement blocks the loop while
it runs (keep scans out of the click path) and that a write waiting for another
*process's* write lock waits on the loop (``busy_timeout``); only one bot process uses
a SQLite file (several processes share PostgreSQL, storage/pg.py).

Transaction state belongs to the connection, not to the coroutine: a task that awaits
inside a transaction must not let another task's statements into it.  :class:`Db`
therefore runs every transaction (reads included, so nobody sees another task's
uncommitted rows) under one ``asyncio.Lock``; writes use ``BEGIN IMMEDIATE``.  A
transaction of one statement (most of a click's: ``Db.fetchone``/``fetchall``/``execute``)
skips all that while no transaction is open: the statement runs at once in SQLite's
autocommit mode, atomic by itself (measured with tests/storage/click_trips.py, together
with the other savings of that session: a loadtest click's 21.4 locked transactions became
3.0, its 28 statements plus 43 BEGINs and COMMITs 23 plus 6).

The WAL is bounded under any steady load (see :class:`Checkpointer`): checkpoints (which
fsync) run on a second connection on aiosqlite's worker thread, after every ``CHECKPOINT_WRITES``
writes or ``CHECKPOINT_INTERVAL_S`` seconds of writing, and once writes pause; each
ends with a short catch-up holding the transaction lock, so the WAL is reused from its
start every cycle (writers wait a few milliseconds per cycle, never for idleness).
Should writes still outrun the checkpoints, a write finding the WAL past twice
``WAL_LIMIT`` waits for the running one (back-pressure instead of an unbounded file).
"""
from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from typing import Any, Iterable

import aiosqlite

__all__ = ["Checkpointer", "DatabaseUnusable", "Db", "Tx", "connect", "diagnose"]

log = logging.getLogger(__name__)

PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    "PRAGMA busy_timeout = 5000",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)


class Tx:
    """The statements available inside one transaction (see :meth:`Db.transaction`).

    The methods are coroutines for the repository's sake (PostgreSQL's are truly
    asynchronous) but never suspend: each runs its statement at once."""

    __slots__ = ("_conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; returns the last inserted rowid."""
        cursor = self._conn.execute(sql, tuple(params))
        rowid = cursor.lastrowid
        cursor.close()
        return rowid

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return self._conn.execute(sql, tuple(params)).fetchall()

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        cursor = self._conn.execute(sql, tuple(params))
        try:
            return cursor.fetchone()
        finally:
            cursor.close()


class DatabaseUnusable(RuntimeError):
    """The database file cannot be used as it is; ``str()`` is one sentence for the owner."""


def diagnose(path: str | os.PathLike) -> int | None:
    """Check, reading only, that ``path`` can be Castellan's database: its folder exists,
    the file (if any) is readable and writable, is SQLite and passes ``quick_check``.
    Returns its ``user_version`` (None for a file still to be created); raises
    :class:`DatabaseUnusable` with one clear sentence otherwise.  Nothing is written."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise DatabaseUnusable(f"The folder {folder} for the database does not exist; "
                               "create it or point DATABASE_PATH elsewhere.")
    if os.path.isdir(path):
        raise DatabaseUnusable(f"The database path {path} is a folder, not a file; "
                               "point DATABASE_PATH at a file.")
    if not os.path.exists(path):
        return None
    if not os.access(path, os.R_OK | os.W_OK):
        raise DatabaseUnusable(f"The database {path} cannot be read and written by this "
                               "user; fix its permissions (chmod/chown).")
    try:
        # immutable: no -wal/-shm files are made; with a WAL left by a crash, read it too
        mode = "mode=ro" if os.path.exists(path + "-wal") else "immutable=1"
        conn = sqlite3.connect(f"file:{_uri_path(path)}?{mode}", uri=True)
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as err:
        check, version = str(err), 0
    if check != "ok":
        raise DatabaseUnusable(
            f"The database {path} is damaged or not a SQLite database ({check}); restore "
            f"a backup ({os.path.basename(path)}.bak-v*) or move the file away to start afresh.")
    return version


def _uri_path(path: str) -> str:
    from urllib.parse import quote

    return quote(os.path.abspath(path))


def connect(path: str | os.PathLike) -> sqlite3.Connection:
    """Open ``path`` in autocommit mode (explicit BEGIN/COMMIT) with Castellan's pragmas."""
    conn = sqlite3.connect(os.fspath(path), isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            conn.execute(pragma).close()
    except BaseException:
        conn.close()
        raise
    return conn


class _Connection:
    """What the rest of the code may do with the raw connection outside a transaction
    (a migration's backup); awaitable like the PostgreSQL side."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def backup(self, target: sqlite3.Connection) -> None:
        self.raw.backup(target)


CHECKPOINT_IDLE_S = 1.0         # writes paused this long: checkpoint what is left
CHECKPOINT_WRITES = 500         # under steady writes: a checkpoint after this many,
CHECKPOINT_INTERVAL_S = 2.0     # or after this long, whichever comes first
WAL_LIMIT = 16 * 2**20          # a WAL file larger than this is truncated by the checkpoint;
                                # past twice this, writes wait for the checkpoint


class Checkpointer:
    """Copies the WAL back into the database from a second connection, off the loop.

    A PASSIVE checkpoint copies the frames present when it starts, without stopping
    writers; the WAL is reused from its start only once a checkpoint has caught up with
    the last commit, and under steady writes that moment never comes by itself (measured:
    the WAL passed 32 MiB in 20 s at 150 clicks/s).  So each checkpoint ends with a short
    catch-up while the writers' ``lock`` is held; a file that still outgrew
    ``WAL_LIMIT`` is truncated then (``journal_size_limit`` also trims it on reuse)."""

    def __init__(self, path: str, lock: asyncio.Lock) -> None:
        self.path = path
        self._lock = lock
        self._conn: aiosqlite.Connection | None = None
        self._task: asyncio.Task | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._writes = 0
        self._since = self._last = time.monotonic()
        self.runs = self.truncates = 0
        self._checks = 0

    def wrote(self) -> None:
        """One more write committed: checkpoint now (enough writes or time) or once idle
        (one timer, which looks at the last write when it fires: rescheduling it at
        every write cost 2 µs)."""
        self._writes += 1
        self._last = now = time.monotonic()
        if self._writes >= CHECKPOINT_WRITES or now - self._since >= CHECKPOINT_INTERVAL_S:
            self.start()
        elif self._idle is None:
            self._idle = asyncio.get_running_loop().call_later(CHECKPOINT_IDLE_S, self._quiet)

    def _quiet(self) -> None:
        """The idle timer: checkpoint if no write came for ``CHECKPOINT_IDLE_S``."""
        self._idle = None
        left = CHECKPOINT_IDLE_S - (time.monotonic() - self._last)
        if left > 0:
            self._idle = asyncio.get_running_loop().call_later(left, self._quiet)
        else:
            self.start()

    def start(self) -> None:
        if self._task is None and self._writes:
            self._writes = 0
            self._since = time.monotonic()
            self._task = asyncio.get_running_loop().create_task(self._run())

    def over_limit(self) -> bool:
        """The WAL outgrew twice ``WAL_LIMIT``: writes are faster than the checkpoints
        (the file's size is looked at every 16th write only)."""
        self._checks = (self._checks + 1) % 16
        return self._checks == 0 and self.wal_size() > 2 * WAL_LIMIT

    async def drain(self) -> None:
        """Wait for a checkpoint (started now if none runs) to have caught up."""
        self._writes = max(self._writes, 1)
        self.start()
        if self._task is not None:
            await asyncio.shield(self._task)

    def wal_size(self) -> int:
        try:
            return os.path.getsize(self.path + "-wal")
        except OSError:
            return 0

    async def _run(self) -> None:
        """The bulk of the copying while writers go on, then a short catch-up with the
        writers held (the frames written meanwhile, an fsync), after which the next
        write starts the WAL from its beginning; TRUNCATE when the file outgrew
        ``WAL_LIMIT``."""
        try:
            await self._checkpoint("PASSIVE")
            async with self._lock:
                if self.wal_size() > WAL_LIMIT:
                    self.truncates += 1
                    await self._checkpoint("TRUNCATE")
                else:
                    await self._checkpoint("PASSIVE")
            self.runs += 1
        except sqlite3.Error as err:  # an optimisation: the next one catches up
            log.debug("WAL checkpoint failed: %s", err)
        finally:
            self._task = None

    async def _checkpoint(self, mode: str) -> None:
        """One checkpoint on the second connection, which aiosqlite runs on its own
        thread: the fsync never blocks the event loop."""
        if self._conn is None:
            conn = await aiosqlite.connect(self.path, isolation_level=None)
            try:
                await (await conn.execute("PRAGMA busy_timeout = 5000")).close()
            except BaseException:
                await conn.close()
                raise
            self._conn = conn
        await (await self._conn.execute(f"PRAGMA wal_checkpoint({mode})")).close()

    async def close(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._task is not None:
            await asyncio.shield(self._task)
        if self._conn is not None:
            await self._conn.close()
            self._conn = None


class _Transaction:
    """One transaction of :class:`Db` (a plain class: cheaper per click than a
    generator-based context manager, and a click runs about 25 of them)."""

    __slots__ = ("_db", "_write")

    def __init__(self, db: "Db", write: bool) -> None:
        self._db = db
        self._write = write

    async def __aenter__(self) -> Tx:
        db = self._db
        if self._write and db.checkpoints.over_limit():
            await db.checkpoints.drain()  # back-pressure: the WAL stays bounded
        await db._lock.acquire()
        try:
            if db._closed:
                raise RuntimeError(f"database {db.path} is closed")
            db.raw.execute("BEGIN IMMEDIATE" if self._write else "BEGIN").close()
        except BaseException:
            db._lock.release()
            raise
        return Tx(db.raw)

    async def __aexit__(self, exc_type, exc, tb) -> bool:
        db = self._db
        try:
            if exc_type is not None:
                db._rollback()
                return False
            try:
                db.raw.execute("COMMIT").close()
            except BaseException:
                db._rollback()
                raise
        finally:
            db._lock.release()
        if self._write:
            db.checkpoints.wrote()
        return False


class Db:
    """The single writer connection; every transaction runs under one lock."""

    shared = False  # one bot process per SQLite file (several share PostgreSQL)

    def __init__(self, raw: sqlite3.Connection, path: str) -> None:
        self.raw = raw
        self.conn = _Connection(raw)
        self.path = path
        self._lock = asyncio.Lock()
        self._closed = False
        self.checkpoints = Checkpointer(path, self._lock)

    @classmethod
    async def open(cls, path: str | os.PathLike) -> "Db":
        """Connect to ``path`` (created if missing); :class:`DatabaseUnusable` if the file
        or its folder cannot be used (see :func:`diagnose`), before anything is written."""
        diagnose(path)
        try:
            raw = connect(path)
        except sqlite3.Error as err:
            raise DatabaseUnusable(f"The database {os.fspath(path)} cannot be opened ({err}).") \
                from err
        raw.execute("PRAGMA wal_autocheckpoint = 0").close()
        raw.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}").close()
        return cls(raw, os.fspath(path))

    # -- one statement, a transaction of its own ---------------------------------------
    async def fetchone(self, sql: str, params: Iterable[Any] = (), *,
                       write: bool = False) -> sqlite3.Row | None:
        """Run one statement as a transaction of its own (``write``: it changes
        something, e.g. ``UPDATE ... RETURNING``); its first row."""
        rows = await self.fetchall(sql, params, write=write)
        return rows[0] if rows else None

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> None:
        """Run one writing statement as a transaction of its own."""
        await self.fetchall(sql, params, write=True)

    async def fetchall(self, sql: str, params: Iterable[Any] = (), *,
                       write: bool = False) -> list[sqlite3.Row]:
        """Run one statement as a transaction of its own; every row it returns.

        While no transaction is open (nobody holds the lock), the statement runs at
        once in SQLite's autocommit mode: it is atomic by itself, SQLite's implicit
        transaction ends with it (the rows are all fetched: a statement left half-read
        would keep it open), and nothing can come between because it never suspends.
        That saves the lock and the BEGIN and COMMIT statements (a third of the
        ``execute`` calls of a click); otherwise it waits its turn like any transaction."""
        if write and not self._busy() and self.checkpoints.over_limit():
            await self.checkpoints.drain()  # back-pressure: the WAL stays bounded
        if self._busy():
            async with self.transaction(write) as tx:
                return await tx.fetchall(sql, params)
        cursor = self.raw.execute(sql, tuple(params))
        try:
            rows = cursor.fetchall()
        finally:
            cursor.close()
        if write:
            self.checkpoints.wrote()
        return rows

    def _busy(self) -> bool:
        """A transaction is open (or the database closed): a statement must wait."""
        return self._lock.locked() or self._closed or self.raw.in_transaction

    def transaction(self, write: bool = True) -> "_Transaction":
        """``async with db.transaction() as tx``: ``BEGIN IMMEDIATE`` (or a plain read
        ``BEGIN``) ... ``COMMIT``; ROLLBACK on error (also when the task is cancelled
        while it awaits inside the transaction)."""
        return _Transaction(self, write)

    def _rollback(self) -> None:
        try:
            self.raw.execute("ROLLBACK").close()
        except sqlite3.OperationalError:
            pass  # no transaction open (COMMIT already ended it)

    async def close(self) -> None:
        """Close the connection (idempotent); waits for any running transaction."""
        if self._closed:
            return
        await self.checkpoints.close()
        async with self._lock:
            self._closed = True
            self.raw.close()
