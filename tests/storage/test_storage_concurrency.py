"""Concurrent tasks on the one shared connection."""
import asyncio

import pytest

from storage import StaleMove
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


async def test_reader_never_sees_uncommitted_work(db):
    started = asyncio.Event()

    async def doomed_writer():
        async with db._db.transaction() as tx:
            await tx.execute("INSERT INTO users (\"user\", locale) VALUES (1, 'cs')")
            started.set()
            await asyncio.sleep(0.05)
            raise RuntimeError("abort")

    writer = asyncio.create_task(doomed_writer())
    await started.wait()
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
