"""The WAL stays bounded under steady writes, even with a reader holding snapshots
now and then, and writes never wait for an idle moment to be checkpointed."""
import asyncio
import os
import sqlite3

import storage.db as dbmod
from storage import open_database
from storage_helpers import active_game


def wal_size(path) -> int:
    try:
        return os.path.getsize(f"{path}-wal")
    except OSError:
        return 0


async def test_wal_stays_under_the_limit_under_steady_writes_with_a_reader(tmp_path,
                                                                          monkeypatch):
    limit = 256 * 1024
    monkeypatch.setattr(dbmod, "WAL_LIMIT", limit)
    monkeypatch.setattr(dbmod, "CHECKPOINT_WRITES", 20)
    monkeypatch.setattr(dbmod, "CHECKPOINT_IDLE_S", 60.0)  # never idle: writes never pause
    path = tmp_path / "w.sqlite"
    db = await open_database(path)
    reader = sqlite3.connect(path, check_same_thread=False)
    biggest, blob = 0, "x" * 6000  # two pages of WAL per snapshot at least
    try:
        game = await active_game(db)
        for seq in range(600):
            await db.append_move(game, expected_seq=seq, seat=0, action={"n": seq},
                                 state={"blob": blob, "n": seq})
            if seq % 50 == 0:  # a reader's snapshot while writes go on
                await asyncio.to_thread(
                    lambda: reader.execute("SELECT count(*) FROM moves").fetchone())
            await asyncio.sleep(0)  # let a running checkpoint take its turn
            biggest = max(biggest, wal_size(path))
        assert db._db.checkpoints.runs > 0
        # without checkpoints 600 such moves make a WAL of several MiB
        assert biggest < 4 * limit, (biggest, db._db.checkpoints.runs, db._db.checkpoints.truncates)
        row = await db.load_game(game)
        assert row.seq == 600 and row.state["n"] == 599
    finally:
        reader.close()
        await db.close()


async def test_checkpoint_under_the_lock_truncates_an_oversized_wal(tmp_path, monkeypatch):
    monkeypatch.setattr(dbmod, "WAL_LIMIT", 64 * 1024)
    monkeypatch.setattr(dbmod, "CHECKPOINT_IDLE_S", 0.01)
    monkeypatch.setattr(dbmod, "CHECKPOINT_WRITES", 10_000)
    path = tmp_path / "t.sqlite"
    db = await open_database(path)
    try:
        game = await active_game(db)
        for seq in range(60):
            await db.append_move(game, expected_seq=seq, seat=0, action={},
                                 state={"blob": "y" * 6000})
        assert wal_size(path) > 64 * 1024
        for _ in range(200):
            await asyncio.sleep(0.01)
            if db._db.checkpoints.truncates:
                break
        await asyncio.sleep(0.05)
        assert db._db.checkpoints.truncates >= 1
        assert wal_size(path) <= 64 * 1024
        assert (await db.load_game(game)).seq == 60
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:  # everything reached the database file
        assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 60
