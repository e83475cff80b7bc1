"""``python -m bot migrate-db --from sqlite:PATH --to postgresql://...``: move a SQLite
database (every table: games, seats, moves, messages, settings ...) into an empty
PostgreSQL database, verified by per-table row counts and checksums.

Both sides are first migrated to the current schema.  The copy (binary COPY, in
batches) and its verification run in ONE PostgreSQL transaction: if any count or
checksum differs, nothing stays in the target.  The source is read in one read
transaction (a consistent snapshot); stop the bot while migrating.

A table's checksum is the sum, modulo 2**256, of the SHA-256 of each row's values
(canonical JSON of the column values in a fixed column order): independent of row
order and collation, sensitive to every value and to duplicated rows.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sqlite3
import sys
import time
from dataclasses import dataclass
from typing import Any, Iterable

import asyncpg

from storage import open_database
from storage.db import DatabaseUnusable
from storage.pg import is_postgres_url, redact

__all__ = ["TableFigure", "TargetNotEmpty", "checksum", "migrate_db"]

BATCH = 5000
_INTEGERS = {"smallint", "integer", "bigint"}
_FLOATS = {"double precision", "real"}


class TargetNotEmpty(RuntimeError):
    """The target database already holds rows; ``str()`` is one sentence."""


@dataclass
class TableFigure:
    """One table's figures: rows and checksums on each side."""

    table: str
    rows: int
    source: str
    target: str

    @property
    def ok(self) -> bool:
        return self.source == self.target


def _row_hash(values: Iterable[Any]) -> int:
    text = json.dumps([repr(v) if isinstance(v, float) else v for v in values],
                      ensure_ascii=False, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def checksum(rows: Iterable[Iterable[Any]]) -> tuple[int, str]:
    """(row count, order-independent checksum as hex) of ``rows``."""
    sums = _Sum()
    for row in rows:
        sums.add(row)
    return sums.result()


class _Sum:
    """A running :func:`checksum`."""

    def __init__(self) -> None:
        self.count, self.total = 0, 0

    def add(self, row: Iterable[Any]) -> None:
        self.count += 1
        self.total = (self.total + _row_hash(row)) % (1 << 256)

    def result(self) -> tuple[int, str]:
        return self.count, f"{self.total:064x}"


def _coerce(kind: str, value: Any) -> Any:
    """A SQLite value in the Python type PostgreSQL's binary COPY expects for ``kind``."""
    if value is None:
        return None
    if kind in _INTEGERS and isinstance(value, float) and value.is_integer():
        return int(value)
    if kind in _FLOATS and isinstance(value, int):
        return float(value)
    return value


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def _tables(conn: asyncpg.Connection) -> dict[str, list[tuple[str, str]]]:
    """table -> [(column, type)] of the target's schema; ``games`` first (the others
    refer to it), then by name."""
    rows = await conn.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = 'public' AND table_name != 'schema_version'"
        " ORDER BY table_name, ordinal_position")
    tables: dict[str, list[tuple[str, str]]] = {}
    for r in rows:
        tables.setdefault(r["table_name"], []).append((r["column_name"], r["data_type"]))
    return dict(sorted(tables.items(), key=lambda item: (item[0] != "games", item[0])))


def _source_rows(src: sqlite3.Connection, table: str, columns: list[tuple[str, str]]):
    select = ", ".join(_quote(c) if c != "rowid" else "rowid" for c, _ in columns)
    cursor = src.execute(f"SELECT {select} FROM {_quote(table)}")
    while batch := cursor.fetchmany(BATCH):
        yield [tuple(_coerce(kind, v) for (_, kind), v in zip(columns, row)) for row in batch]


async def _target_checksum(conn: asyncpg.Connection, table: str,
                           columns: list[tuple[str, str]]) -> tuple[int, str]:
    select = ", ".join(_quote(c) for c, _ in columns)
    sums = _Sum()
    async for row in conn.cursor(f"SELECT {select} FROM {_quote(table)}", prefetch=BATCH):
        sums.add(tuple(row))
    return sums.result()


async def _reset_identities(conn: asyncpg.Connection, tables: dict) -> None:
    """Identity columns continue after the copied ids."""
    rows = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns"
                            " WHERE table_schema = 'public' AND is_identity = 'YES'")
    for r in rows:
        table, column = _quote(r["table_name"]), _quote(r["column_name"])
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence($1, $2), max({column})) FROM {table}"
            f" HAVING max({column}) IS NOT NULL", r["table_name"], r["column_name"])


async def migrate_db(source: str | os.PathLike, target: str) -> list[TableFigure]:
    """Copy every table of SQLite file ``source`` into the empty PostgreSQL database
    ``target``; the per-table figures (all ``ok``, or nothing was kept)."""
    if not os.path.isfile(source):
        raise DatabaseUnusable(f"The source database {source} does not exist.")
    if not is_postgres_url(target):
        raise DatabaseUnusable(f"The target {target} is not a postgresql:// URL.")
    await (await open_database(source)).close()   # both at the current schema
    await (await open_database(target)).close()
    src = sqlite3.connect(f"file:{os.path.abspath(source)}?mode=ro", uri=True)
    conn = await asyncpg.connect(target)
    try:
        src.execute("BEGIN")  # one snapshot of the source for every table
        tables = await _tables(conn)
        held = {t: await conn.fetchval(f"SELECT count(*) FROM {_quote(t)}") for t in tables}
        if any(held.values()):
            raise TargetNotEmpty(
                f"The target database {redact(target)} is not empty ("
                + ", ".join(f"{t}: {n} rows" for t, n in held.items() if n)
                + "); migrate-db copies into an empty database only.")
        figures = []
        async with conn.transaction():
            for table, columns in tables.items():
                names = [c for c, _ in columns]
                for batch in _source_rows(src, table, columns):
                    await conn.copy_records_to_table(table, records=batch, columns=names)
            await _reset_identities(conn, tables)
            for table, columns in tables.items():
                rows, source_sum = checksum(r for batch in _source_rows(src, table, columns)
                                            for r in batch)
                target_rows, target_sum = await _target_checksum(conn, table, columns)
                figures.append(TableFigure(table, rows, source_sum,
                                           target_sum if target_rows == rows else "count differs"))
            if not all(f.ok for f in figures):
                raise _Mismatch(figures)
        return figures
    finally:
        src.close()
        await conn.close()


class _Mismatch(Exception):
    def __init__(self, figures: list[TableFigure]) -> None:
        super().__init__("counts or checksums differ")
        self.figures = figures


def _print_figures(figures: list[TableFigure], seconds: float) -> None:
    width = max(len(f.table) for f in figures)
    print(f"{'table':<{width}}  {'rows':>9}  source checksum   target checksum")
    for f in figures:
        print(f"{f.table:<{width}}  {f.rows:>9,}  {f.source[:16]}  {f.target[:16]}"
              f"  {'ok' if f.ok else 'DIFFERS'}")
    total = sum(f.rows for f in figures)
    print(f"{total:,} rows in {len(figures)} tables copied and verified in {seconds:.2f} s"
          f" ({total / max(seconds, 1e-9):,.0f} rows/s)")


def run(source: str, target: str) -> int:
    """The command: figures on stdout; exit 0 (verified), 1 (differs: nothing kept),
    2 (target not empty or bad arguments), 3 (a database cannot be used)."""
    if source.startswith("sqlite:"):
        source = source[len("sqlite:"):]
    start = time.perf_counter()
    try:
        figures = asyncio.run(migrate_db(source, target))
    except TargetNotEmpty as err:
        print(str(err), file=sys.stderr)
        return 2
    except _Mismatch as err:
        _print_figures(err.figures, time.perf_counter() - start)
        print("Counts or checksums differ: nothing was kept in the target.")
        return 1
    except (DatabaseUnusable, OSError, asyncpg.PostgresError) as err:
        print(str(err), file=sys.stderr)
        return 3
    _print_figures(figures, time.perf_counter() - start)
    print("Every count and checksum matches.")
    return 0
