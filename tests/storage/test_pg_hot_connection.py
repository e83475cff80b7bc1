"""PostgreSQL: one-statement transactions and short transactions use connections kept
checked out from the pool while free (storage/pg.py, ``PgDb._connection``): many tasks
at once each get a connection of their own, one alone reuses the same, a lost
connection is replaced, and closing gives them all back."""
import asyncio

import asyncpg
import pytest

from storage import open_database
from storage.pg import PgDb

from storage_helpers import active_game


async def test_tasks_at_once_use_their_own_connections(pg_url):
    db = await open_database(pg_url)
    try:
        game = await active_game(db)
        pids = await asyncio.gather(*(db._db.fetchone("SELECT pg_backend_pid() AS p,"
                                                      " pg_sleep(0.05)") for _ in range(4)))
        assert len({r["p"] for r in pids}) == 4        # all at once: four connections
        alone = {(await db._db.fetchone("SELECT pg_backend_pid() AS p"))["p"]
                 for _ in range(5)}
        assert len(alone) == 1                          # one after the other: the hot one
        moves = await asyncio.gather(*(db.append_move(game, expected_seq=0, seat=s,
                                                      action={}, state={"s": s})
                                       for s in range(3)), return_exceptions=True)
        assert sorted(m if isinstance(m, int) else 0 for m in moves) == [0, 0, 1]
    finally:
        await db.close()
    assert db._db.pool.get_size() == 0                  # closed, the hot one included


async def test_a_lost_hot_connection_is_replaced(pg_url):
    db = await open_database(pg_url)
    try:
        pid = (await db._db.fetchone("SELECT pg_backend_pid() AS p"))["p"]
        killer = await asyncpg.connect(pg_url)
        try:
            await killer.execute("SELECT pg_terminate_backend($1)", pid)
        finally:
            await killer.close()
        await asyncio.sleep(0.1)
        with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, OSError)):
            await db._db.fetchone("SELECT 1")      # it was lost: said once, as before
        new_pid = (await db._db.fetchone("SELECT pg_backend_pid() AS p"))["p"]
        assert new_pid != pid
        game = await active_game(db)
        assert (await db.load_game(game)).status == "active"
    finally:
        await db.close()


async def test_an_error_the_server_reports_keeps_the_connection(pg_url):
    pg = await PgDb.open(pg_url)
    try:
        pid = (await pg.fetchone("SELECT pg_backend_pid() AS p"))["p"]
        with pytest.raises(asyncpg.PostgresError):
            await pg.execute("INSERT INTO no_such_table VALUES (1)")
        with pytest.raises(asyncpg.PostgresError):
            async with pg.transaction() as tx:
                await tx.execute("INSERT INTO no_such_table VALUES (1)")
        assert (await pg.fetchone("SELECT pg_backend_pid() AS p"))["p"] == pid
    finally:
        await pg.close()
