"""WAL checkpoints run when writes pause, off the commit path."""
import asyncio
import os

import storage.db as dbmod
from storage import open_database
from storage_helpers import active_game


async def test_wal_is_checkpointed_into_the_database_once_writes_pause(tmp_path, monkeypatch):
    monkeypatch.setattr(dbmod, "CHECKPOINT_IDLE_S", 0.05)
    path = tmp_path / "c.sqlite"
    db = await open_database(path)
    try:
        game = await active_game(db)
        before = os.path.getsize(path)
        for seq in range(40):
            await db.append_move(game, expected_seq=seq, seat=0, action={}, state={"blob": "x" * 3000})
        assert os.path.getsize(path) == before, "commits alone do not checkpoint"
        for _ in range(50):
            await asyncio.sleep(0.02)
            if os.path.getsize(path) > before:
                break
        assert os.path.getsize(path) > before, "the idle checkpoint copied the WAL back"
        assert (await db.load_game(game)).seq == 40
    finally:
        await db.close()
