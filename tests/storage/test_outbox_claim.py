"""An open announcement job is delivered by one process: two processes (two connections
on one database) claiming it at once, exactly one wins; a lease whose process died
lapses; on SQLite (one process) the outbox says it is not shared."""
import asyncio

from storage import open_database
from storage.outbox import Outbox

from storage_helpers import active_game


async def test_two_processes_claim_a_job_once(db, target):
    game = await active_game(db)
    mine = Outbox(db)
    await mine.open(game, 1, {"seats": []})
    other = await open_database(target)
    try:
        theirs = Outbox(other)
        jobs = [await mine.job(game), await theirs.job(game)]
        won = await asyncio.gather(mine.claim(jobs[0], 500.0), theirs.claim(jobs[1], 500.0))
        assert sorted(won) == [False, True]
        # nobody else gets it while the lease runs; the winner's job carries the lease
        assert [j.game for j in await theirs.open_jobs(due_by=499.0)] == []
        assert jobs[won.index(True)].next_try == 500.0
        # the winner died: after the lease anyone may claim it, once
        lapsed = await theirs.open_jobs(due_by=501.0)
        assert [j.game for j in lapsed] == [game]
        read_meanwhile = await mine.job(game)
        assert await theirs.claim(lapsed[0], 900.0)
        assert not await mine.claim(read_meanwhile, 950.0)   # the value moved on
        assert mine.shared == theirs.shared == str(target).startswith("postgresql")
    finally:
        await other.close()


async def test_a_delivered_job_cannot_be_claimed_again(db):
    game = await active_game(db)
    outbox = Outbox(db)
    await outbox.open(game, 1, {"seats": []})
    job = await outbox.job(game)
    assert await outbox.claim(job, 10.0)
    await outbox.done(job)
    job.next_try = 10.0
    assert not await outbox.claim(job, 20.0)
