"""Statements and transactions per click, by kind (not a test; prints figures):

    python tests/storage/click_trips.py --database COPY.sqlite [--clicks 2000]
    python tests/storage/click_trips.py --database postgresql://...

The loadtest's clicks (bot/loadtest.py: random legal options at random stored tables,
through the table service with the bot's LiveDatabase) on an existing database (use a
copy: the clicks are stored).  Every transaction is counted by the repository method
that ran it (the nearest caller in ``storage/``), every statement by that method and
its SQL's first words; printed per click, most frequent first, as one JSON object.  A
*direct* transaction is one statement run on its own (``Db.fetchall`` and friends: no
lock, no BEGIN/COMMIT).  On SQLite also this thread's CPU µs inside each kind of
transaction and the pages each wrote to the WAL (checkpoints are off meanwhile, so the
WAL only grows and its frames can be counted).  On PostgreSQL a *trip* is a round trip
to the server: each statement, plus BEGIN and COMMIT of a write transaction.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.loadtest import Load, _service, click, known_tables  # noqa: E402
from storage import db as sqlite_db, open_database  # noqa: E402
from storage import pg  # noqa: E402

STATEMENTS: Counter = Counter()
TRANSACTIONS: Counter = Counter()
MICROS: Counter = Counter()   # CPU µs of this thread inside each kind of SQLite transaction
FRAMES: Counter = Counter()   # pages each kind of SQLite transaction wrote to the WAL
BEGINS: Counter = Counter()   # PostgreSQL: BEGIN + COMMIT round trips


def _caller() -> str:
    """The nearest storage method (outside db.py/pg.py) on the stack."""
    frame = sys._getframe(2)
    while frame is not None:
        path = frame.f_code.co_filename
        if "/storage/" in path and not path.endswith(("/db.py", "/pg.py")):
            return f"{Path(path).stem}.{frame.f_code.co_name}"
        frame = frame.f_back
    return "?"


def _kind(sql: str) -> str:
    words = sql.split()
    table = next((w for w in words[1:6] if w.isidentifier() and w.upper() not in
                  ("INTO", "FROM", "OR", "DISTINCT", "MIN", "MAX")), "")
    return f"{words[0].upper()} {table}"


def _wal_frames(db) -> int:
    """Frames in the WAL so far (it only grows while checkpoints are off)."""
    try:
        size = os.path.getsize(db.path + "-wal")
    except OSError:
        return 0
    return max(0, size - 32) // (24 + 4096)


class _Span:
    """CPU time and WAL frames of one SQLite transaction, booked to ``kind``."""

    def __init__(self, db, kind: str) -> None:
        self.db, self.kind = db, kind
        self.frames, self.begun = _wal_frames(db), time.thread_time_ns()

    def end(self) -> None:
        MICROS[self.kind] += (time.thread_time_ns() - self.begun) / 1000
        FRAMES[self.kind] += _wal_frames(self.db) - self.frames


def instrument() -> None:
    """Count every statement and transaction of both backends from now on."""
    def counting(method):
        async def counted(self, sql, params=(), **kw):
            STATEMENTS[f"{_caller()}: {_kind(sql)}"] += 1
            return await method(self, sql, params, **kw)
        return counted

    for tx in (sqlite_db.Tx, pg.PgTx):
        for name in ("execute", "fetchone", "fetchall"):
            setattr(tx, name, counting(getattr(tx, name)))
    enter, leave = sqlite_db._Transaction.__aenter__, sqlite_db._Transaction.__aexit__
    spans: list[_Span] = []

    async def sqlite_enter(self):
        kind = f"{_caller()} ({'write' if self._write else 'read'})"
        TRANSACTIONS[kind] += 1
        spans.append(_Span(self._db, kind))
        return await enter(self)

    async def sqlite_exit(self, *exc):
        try:
            return await leave(self, *exc)
        finally:
            spans.pop().end()
    sqlite_db._Transaction.__aenter__ = sqlite_enter
    sqlite_db._Transaction.__aexit__ = sqlite_exit
    direct = getattr(sqlite_db.Db, "fetchall", None)  # (absent before it was added)

    async def sqlite_direct(self, sql, params=(), *, write=False):
        if self._busy():   # it waits for a transaction of its own (counted there)
            return await direct(self, sql, params, write=write)
        kind = f"{_caller()} ({'write' if write else 'read'}, direct)"
        TRANSACTIONS[kind] += 1
        STATEMENTS[f"{_caller()}: {_kind(sql)}"] += 1
        span = _Span(self, kind)
        try:
            return await direct(self, sql, params, write=write)
        finally:
            span.end()
    if direct is not None:
        sqlite_db.Db.fetchall = sqlite_direct
    transaction = pg.PgDb.transaction

    def pg_transaction(self, write=True):
        TRANSACTIONS[f"{_caller()} ({'write' if write else 'read'})"] += 1
        BEGINS["trips"] += 2 if write else 0
        return transaction(self, write)
    pg.PgDb.transaction = pg_transaction
    for name in ("execute", "fetchone", "fetchall"):
        method = getattr(pg.PgDb, name, None)
        if method is None:
            continue

        def pg_direct(method):
            async def counted(self, sql, params=(), **kw):
                TRANSACTIONS[f"{_caller()} (direct)"] += 1
                STATEMENTS[f"{_caller()}: {_kind(sql)}"] += 1
                return await method(self, sql, params, **kw)
            return counted
        setattr(pg.PgDb, name, pg_direct(method))


def per_click(counts: Counter, clicks: int) -> dict:
    return {key: round(n / clicks, 2) for key, n in counts.most_common()}


async def run(target: str, clicks: int, tables: int, seed: int) -> dict:
    db = await open_database(target)
    try:
        rnd = random.Random(seed)
        playing = await known_tables(db, rnd, tables)
        svc = _service(db, images=False, processes=False)
        postgres = pg.is_postgres_url(target)
        if not postgres:   # the WAL only grows: its frames can be counted
            db._db.checkpoints.wrote = lambda: None
            db._db.checkpoints.over_limit = lambda: False
        instrument()
        load = Load()
        free = list(playing)
        cpu = time.thread_time()
        while len(load.latencies) < clicks and free:
            table = free.pop(rnd.randrange(len(free)))
            if await click(svc, table, rnd, load):
                free.append(table)
        cpu = time.thread_time() - cpu
        await svc.delivery.stop()
        n = len(load.latencies)
        writes = sum(v for k, v in TRANSACTIONS.items() if "(write" in k)
        statements = sum(STATEMENTS.values())
        out = {"clicks": n, "stale": load.stale, "errors": load.errors,
               "statements_per_click": round(statements / n, 2),
               "transactions_per_click": round(sum(TRANSACTIONS.values()) / n, 2),
               "locked_transactions_per_click": round(sum(
                   v for k, v in TRANSACTIONS.items() if "direct" not in k) / n, 2),
               "write_transactions_per_click": round(writes / n, 2),
               "click_cpu_us": round(cpu / n * 1e6, 1)}  # this thread's, counting included
        if postgres:
            out["pg_round_trips_per_click"] = round((statements + BEGINS["trips"]) / n, 2)
        else:
            out["sqlite_tx_cpu_us_per_click"] = round(sum(MICROS.values()) / n, 1)
            out["wal_frames_per_click"] = round(sum(FRAMES.values()) / n, 2)
            out["sqlite_tx_cpu_us"] = per_click(MICROS, n)
            out["wal_frames"] = per_click(+FRAMES, n)
        out["transactions"] = per_click(TRANSACTIONS, n)
        out["statements"] = per_click(STATEMENTS, n)
        return out
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", required=True, help="a COPY (clicks are stored)")
    parser.add_argument("--clicks", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.database, args.clicks, args.tables, args.seed)),
                     indent=1))


if __name__ == "__main__":
    main()
