"""Events stored with each move (schema v2) and the seq of posted board messages."""
import sqlite3

from storage import open_database
from storage.migrations import STEPS
from storage_helpers import active_game


async def test_events_since_returns_events_of_later_moves_in_order(tmp_path):
    db = await open_database(tmp_path / "e.sqlite")
    try:
        game = await active_game(db)
        for seq in range(3):
            await db.append_move(game, expected_seq=seq, seat=0, action={"n": seq},
                                 state={"count": seq + 1},
                                 events=[{"kind": f"e{seq}", "params": {}, "visible_to": None}])
        assert [e["kind"] for e in await db.events_since(game, 1)] == ["e1", "e2"]
        assert await db.last_message_seq(game, "board") is None
        await db.record_message(game, "board", 10, 555, seq=2)
        assert await db.last_message_seq(game, "board") == 2
        assert await db.last_message(game, "board") == (10, 555)
    finally:
        await db.close()


async def test_a_v1_file_migrates_to_v2_keeping_its_moves(tmp_path):
    path = tmp_path / "old.sqlite"
    con = sqlite3.connect(path)
    for sql in STEPS[0]:
        con.execute(sql)
    con.execute("INSERT INTO games (id, type, engine_version, options, status, seq, state, channel,"
                " host, locale, created, updated) VALUES (1,'citadels',1,'{}','active',1,'{}',1,1,'en',0,0)")
    con.execute("INSERT INTO moves (game, seq, seat, action, at) VALUES (1, 1, 0, '{}', 0)")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    db = await open_database(path)
    try:
        assert await db.events_since(1, 0) == []
        assert len(await db.moves(1)) == 1
    finally:
        await db.close()
    assert (tmp_path / "old.sqlite.bak-v1").exists()
