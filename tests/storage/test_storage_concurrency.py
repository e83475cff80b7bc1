"""Concurrent tasks on the one shared connection."""
import asyncio

import pytest

from storage import StaleMove, open_database
from storage.db import Db

from storage_helpers import active_game


async def test_two_clicks_on_the_same_seq_exactly_one_wins(db):
    game_id = await active_game(db)
    results = await asyncio.gather(
        *(db.append_move(game_id, expected_seq=0, seat=s, action={"by": s},
                         state={"count": 1, "by": s}) for s in (0, 1)),
        return_exceptions=True)
    winners = [r for r in results if r == 1]
    assert len(winners) == 1
    assert sum(isinstance(r, StaleMove) for r in results) == 1
    moves = await db.moves(game_id)
    game = await db.load_game(game_id)
    assert len(moves) == 1 and game.seq == 1
    assert game.state["by"] == moves[0]["action"]["by"]  # the snapshot is the winner's


async def test_many_racing_players_keep_log_and_snapshot_consistent(db):
    game_id = await active_game(db)
    wins = []

    async def player(seat):
        for _ in range(15):
            seq = (await db.load_game(game_id)).seq
            try:
                wins.append(await db.append_move(
                    game_id, expected_seq=seq, seat=seat, action={"seat": seat},
                    state={"count": seq + 1}))
            except StaleMove:
                pass

    await asyncio.gather(*(player(seat) for seat in range(6)))
    game = await db.load_game(game_id)
    assert sorted(wins) == list(range(1, len(wins) + 1))
    assert [m["seq"] for m in await db.moves(game_id)] == sorted(wins)
    assert game.seq == len(wins) == game.state["count"]


async def test_transactions_of_concurrent_tasks_never_interleave(tmp_path):
    """Task A yields mid-transaction and fails; task B must neither commit A's half-done
    work nor be rolled back with it (the shared-connection trap)."""
    db = await Db.open(tmp_path / "t.db")
    trace = []
    try:
        async with db.transaction() as tx:
            await tx.execute("CREATE TABLE t (name TEXT)")

        async def task(name, fail):
            async with db.transaction() as tx:
                trace.append((name, "begin"))
                await tx.execute("INSERT INTO t VALUES (?)", (name,))
                for _ in range(5):
                    await asyncio.sleep(0)
                await tx.execute("INSERT INTO t VALUES (?)", (name + "2",))
                if fail:
                    raise KeyError(name)
                trace.append((name, "end"))

        results = await asyncio.gather(task("a", True), task("b", False), task("c", True),
                                       task("d", False), return_exceptions=True)
        assert [type(r) for r in results] == [KeyError, type(None), KeyError, type(None)]
        async with db.transaction(write=False) as tx:
            rows = sorted(r[0] for r in await tx.fetchall("SELECT name FROM t"))
    finally:
        await db.close()
    assert rows == ["b", "b2", "d", "d2"]
    assert trace == [("a", "begin"), ("b", "begin"), ("b", "end"),
                     ("c", "begin"), ("d", "begin"), ("d", "end")]


async def doomed_writer(db) -> asyncio.Task:
    """A task inside a write transaction (user 1 inserted) that will fail: returned once
    it is inside, about to wait 50 ms and raise RuntimeError."""
    inside = asyncio.Event()

    async def write():
        async with db._db.transaction() as tx:
            await tx.execute("INSERT INTO users (\"user\", locale) VALUES (1, 'cs')")
            inside.set()
            await asyncio.sleep(0.05)
            raise RuntimeError("abort")

    task = asyncio.create_task(write())
    await inside.wait()
    return task


async def test_reader_never_sees_uncommitted_work(db):
    writer = await doomed_writer(db)
    assert await db.user_prefs(1) == {"locale": None, "dm_closed": False}
    with pytest.raises(RuntimeError):
        await writer


async def test_cancelled_transaction_leaves_connection_usable(db):
    game_id = await active_game(db)
    inside = asyncio.Event()

    async def slow():
        async with db._db.transaction() as tx:
            await tx.execute("INSERT INTO users (\"user\", locale) VALUES (7, 'en')")
            inside.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await db.user_prefs(7) == {"locale": None, "dm_closed": False}
    assert await db.append_move(game_id, expected_seq=0, seat=0, action={},
                                state={"count": 1}) == 1


async def test_a_statement_on_its_own_waits_for_an_open_transaction_and_outlives_it(db):
    """A one-statement write (no transaction of its own while the connection is free)
    issued while another task's transaction is open neither joins that transaction
    (rolled back with it) nor commits its half-done work."""
    writer = await doomed_writer(db)
    await db.set_user_pref(2, locale="en")      # one statement: waits its turn
    with pytest.raises(RuntimeError):
        await writer
    assert await db.user_prefs(1) == {"locale": None, "dm_closed": False}
    assert await db.user_prefs(2) == {"locale": "en", "dm_closed": False}


async def test_a_statement_on_its_own_is_committed_at_once(db, target):
    """A write with RETURNING, run on its own, leaves no transaction open behind it:
    another connection sees it at once, and the next transaction starts cleanly."""
    game_id = await db.create_game("citadels", engine_version=1, options={}, guild_id=None,
                                   channel_id=1, host_id=1, locale="en")
    other = await open_database(target)
    try:
        assert (await other.load_game(game_id)).status == "lobby"
    finally:
        await other.close()
    if not db._db.shared:
        assert not db._db.raw.in_transaction
    async with db._db.transaction() as tx:
        await tx.execute("UPDATE games SET host = 2 WHERE id = ?", (game_id,))
    assert (await db.load_game(game_id)).host_id == 2


async def test_statements_on_their_own_count_towards_checkpoints(tmp_path, monkeypatch):
    """Writes that skip the transaction lock still start the WAL's checkpoints."""
    import storage.db as dbmod

    monkeypatch.setattr(dbmod, "CHECKPOINT_WRITES", 20)
    monkeypatch.setattr(dbmod, "CHECKPOINT_IDLE_S", 60.0)
    database = await dbmod.Db.open(tmp_path / "c.db")
    try:
        await database.execute("CREATE TABLE t (n INTEGER)")
        for n in range(100):
            await database.execute("INSERT INTO t VALUES (?)", (n,))
            await asyncio.sleep(0)
        for _ in range(100):
            if database.checkpoints.runs:
                break
            await asyncio.sleep(0.01)
        assert database.checkpoints.runs > 0
        assert (await database.fetchone("SELECT count(*) FROM t"))[0] == 100
    finally:
        await database.close()
