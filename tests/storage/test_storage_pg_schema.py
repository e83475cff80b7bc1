"""PostgreSQL migrations: the same schema as SQLite's, migrated once under concurrency,
atomic steps, a newer schema or an unreachable server refused with one sentence."""
import asyncio
import sqlite3

import asyncpg
import pytest

from storage import open_database
from storage.db import DatabaseUnusable
from storage.migrations import STEPS
from storage.pg import PgDb
from storage.pg_migrations import PG_STEPS, migrate_pg, pg_version

#: SQLite's implicit row id, an explicit column on PostgreSQL (see storage/pg_migrations.py)
ROWID_TABLES = {"messages", "notices"}


def sqlite_schema(path) -> tuple[dict, set]:
    """{table: {column: not null}} and the names of the explicitly created indexes."""
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        columns = {t: {r[1]: bool(r[3] or r[5]) for r in conn.execute(f"PRAGMA table_info({t})")}
                   for t in tables}
        indexes = {r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    conn.close()
    return columns, indexes


async def pg_schema(url) -> tuple[dict, set]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name, column_name, is_nullable FROM information_schema.columns"
            " WHERE table_schema = 'public' AND table_name != 'schema_version'")
        indexes = {r[0] for r in await conn.fetch(
            "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
            " AND indexname NOT IN (SELECT conname FROM pg_constraint)")}
    finally:
        await conn.close()
    columns: dict = {}
    for r in rows:
        columns.setdefault(r["table_name"], {})[r["column_name"]] = r["is_nullable"] == "NO"
    return columns, indexes


async def test_both_backends_end_at_the_same_version_tables_and_columns(tmp_path, empty_pg_url):
    path = tmp_path / "c.db"
    await (await open_database(path)).close()
    db = await open_database(empty_pg_url)
    try:
        assert await pg_version(db._db) == len(PG_STEPS) == len(STEPS)
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(STEPS)
    conn.close()
    lite_columns, lite_indexes = sqlite_schema(path)
    pg_columns, pg_indexes = await pg_schema(empty_pg_url)
    assert {t for t, cols in pg_columns.items() if "rowid" in cols} == ROWID_TABLES
    for table in ROWID_TABLES:
        del pg_columns[table]["rowid"]
    assert pg_columns == lite_columns
    assert pg_indexes == lite_indexes


async def test_processes_starting_at_once_migrate_once(empty_pg_url):
    opened = await asyncio.gather(*(open_database(empty_pg_url) for _ in range(4)))
    try:
        async with opened[0]._db.transaction(write=False) as tx:
            rows = await tx.fetchall("SELECT version FROM schema_version")
        assert [r["version"] for r in rows] == [len(PG_STEPS)]
        game = await opened[1].create_game("citadels", engine_version=1, options={},
                                           guild_id=None, channel_id=1, host_id=1, locale="en")
        assert (await opened[3].load_game(game)).type == "citadels"
    finally:
        for db in opened:
            await db.close()


async def test_failing_step_rolls_back_entirely(empty_pg_url):
    bad = ("CREATE TABLE extra (a INTEGER)", "INSERT INTO extra VALUES (1)",
           "INSERT INTO no_such_table VALUES (1)")
    db = await PgDb.open(empty_pg_url)
    try:
        with pytest.raises(asyncpg.UndefinedTableError):
            await migrate_pg(db, [*PG_STEPS, bad])
        assert await pg_version(db) == len(PG_STEPS)  # earlier steps committed
        assert await migrate_pg(db) == len(PG_STEPS)  # and usable afterwards
        async with db.connection() as conn:
            assert await conn.fetchval("SELECT to_regclass('extra')") is None
            assert await conn.fetchval("SELECT to_regclass('games')") is not None
    finally:
        await db.close()


async def test_newer_schema_is_refused(empty_pg_url):
    await (await open_database(empty_pg_url)).close()
    conn = await asyncpg.connect(empty_pg_url)
    await conn.execute("UPDATE schema_version SET version = $1", len(PG_STEPS) + 5)
    await conn.close()
    with pytest.raises(DatabaseUnusable, match="newer than this code"):
        await open_database(empty_pg_url)


async def test_unreachable_server_is_one_sentence(pg_server):
    url = pg_server.url("postgres").replace(f":{pg_server.port}/", ":1/")
    with pytest.raises(DatabaseUnusable, match="cannot be reached"):
        await open_database(url.replace("postgres@", "postgres:secret@"))
    try:
        await open_database(url.replace("postgres@", "postgres:secret@"))
    except DatabaseUnusable as err:
        assert "secret" not in str(err)


def test_placeholders_are_numbered_outside_quotes():
    from storage.pg import pg_sql

    assert pg_sql("SELECT a FROM t WHERE b = ? AND c = '?' AND \"d?\" IN (?, ?)") == \
        "SELECT a FROM t WHERE b = $1 AND c = '?' AND \"d?\" IN ($2, $3)"
    assert pg_sql("UPDATE t SET x = 'it''s ?' WHERE y = ?") == \
        "UPDATE t SET x = 'it''s ?' WHERE y = $1"
