"""Schema migrations: from empty, idempotent, atomic steps, backups."""
import sqlite3

import pytest

from storage import open_database
from storage.db import Db
from storage.migrations import STEPS, migrate, user_version


def tables(path):
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


async def test_empty_file_migrates_to_latest(tmp_path):
    path = tmp_path / "c.db"
    db = await open_database(path)
    await db.close()
    assert tables(path) >= {"games", "seats", "moves", "messages", "users"}
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(STEPS)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert list(tmp_path.glob("*.bak-*")) == []  # nothing to back up


async def test_reopen_is_idempotent_and_keeps_data(tmp_path):
    path = tmp_path / "c.db"
    db = await open_database(path)
    game_id = await db.create_game("citadels", engine_version=1, options={}, guild_id=None,
                                   channel_id=1, host_id=2, locale="en")
    await db.close()
    db = await open_database(path)
    try:
        assert (await db.load_game(game_id)).type == "citadels"
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(STEPS)
    assert list(tmp_path.glob("*.bak-*")) == []  # already current: no migration, no backup


async def test_failing_step_rolls_back_entirely(tmp_path):
    path = tmp_path / "c.db"
    bad = ("CREATE TABLE extra (a INTEGER)", "INSERT INTO extra VALUES (1)",
           "INSERT INTO no_such_table VALUES (1)")
    db = await Db.open(path)
    try:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(db, [*STEPS, bad])
        assert await user_version(db) == len(STEPS)  # earlier steps committed
        # the connection is usable afterwards (no transaction left open)
        assert await migrate(db) == len(STEPS)
    finally:
        await db.close()
    assert "extra" not in tables(path)
    assert "games" in tables(path)


async def test_existing_database_is_backed_up_before_migrating(tmp_path):
    path = tmp_path / "c.db"
    db = await open_database(path)
    game_id = await db.create_game("citadels", engine_version=1, options={}, guild_id=None,
                                   channel_id=1, host_id=2, locale="en")
    await db.close()

    db = await Db.open(path)
    try:
        assert await migrate(db, [*STEPS, ("ALTER TABLE games ADD COLUMN note TEXT",)]) \
            == len(STEPS) + 1
    finally:
        await db.close()

    backup = tmp_path / f"c.db.bak-v{len(STEPS)}"
    with sqlite3.connect(backup) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(STEPS)
        assert conn.execute("SELECT id FROM games").fetchall() == [(game_id,)]
        columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    assert "note" not in columns
    with sqlite3.connect(path) as conn:
        assert "note" in {r[1] for r in conn.execute("PRAGMA table_info(games)")}


async def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "c.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(STEPS) + 5}")
    with pytest.raises(RuntimeError, match="newer"):
        await open_database(path)


async def test_v11_keeps_the_outbox_rows_in_tables_without_row_ids(tmp_path):
    """v10 -> v11: every announcement and delivery kept, the tables WITHOUT ROWID, the
    one open job per game still enforced, and announcements_due gone."""
    path = tmp_path / "c.db"
    db = await Db.open(path)
    try:
        assert await migrate(db, STEPS[:10]) == 10
        async with db.transaction() as tx:
            await tx.execute("INSERT INTO games (id, type, engine_version, options, status,"
                             " channel, host, locale, created, updated)"
                             " VALUES (1, 'citadels', 1, '{}', 'active', 1, 1, 'en', 0, 0)")
            await tx.execute("INSERT INTO announcements (game, from_seq, before, actor, state,"
                             " attempts, next_try, error) VALUES (1, 1, '{}', 3, 'done', 0, 0,"
                             " NULL), (1, 4, '{\"a\":1}', NULL, 'open', 2, 9.5, 'x')")
            await tx.execute("INSERT INTO deliveries (game, effect, seq, detail)"
                             " VALUES (1, 'board:4', 4, '{}'), (1, 'clock:4', 4, NULL)")
        assert await migrate(db) == len(STEPS)
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT * FROM announcements ORDER BY from_seq").fetchall() == [
            (1, 1, "{}", 3, "done", 0, 0.0, None), (1, 4, '{"a":1}', None, "open", 2, 9.5, "x")]
        assert conn.execute("SELECT * FROM deliveries ORDER BY effect").fetchall() == [
            (1, "board:4", 4, "{}"), (1, "clock:4", 4, None)]
        for table in ("announcements", "deliveries"):
            sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,))
            assert sql.fetchone()[0].endswith("WITHOUT ROWID")
        indexes = {r[0] for r in
                   conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "announcements_open" in indexes and "announcements_due" not in indexes
        with pytest.raises(sqlite3.IntegrityError):   # still one open job per game
            conn.execute("INSERT INTO announcements (game, from_seq, before) VALUES (1, 5, '{}')")
