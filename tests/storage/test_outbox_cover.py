"""A move joins its game's open announcement job, or opens one (one statement on both
backends): the job keeps the seq it was opened at and what the channel showed; a
second human makes it actor-less; a delivered job is followed by a new one."""
from storage.outbox import Outbox

from storage_helpers import active_game


async def cover(db, outbox, game, seq, actor, before=None):
    async with db._db.transaction() as tx:
        await outbox.cover(tx, game, seq, before or {"seats": [seq]}, actor)


async def test_moves_join_the_open_job(db):
    outbox = Outbox(db)
    game, other = await active_game(db), await active_game(db)
    await cover(db, outbox, game, 1, actor=7)
    await cover(db, outbox, other, 4, actor=None)
    await cover(db, outbox, game, 2, actor=None)          # an AI seat answering
    await cover(db, outbox, game, 3, actor=7)             # the same player again
    job = await outbox.job(game)
    assert (job.from_seq, job.actor, job.before) == (1, 7, {"seats": [1]})
    await cover(db, outbox, game, 4, actor=8)             # another human: coalesced
    await cover(db, outbox, game, 5, actor=7)
    job = await outbox.job(game)
    assert (job.from_seq, job.actor, job.before) == (1, None, {"seats": [1]})
    assert (await outbox.job(other)).actor is None and (await outbox.job(other)).from_seq == 4
    assert await outbox.count_open() == 2


async def test_a_delivered_job_is_followed_by_a_new_one(db):
    outbox = Outbox(db)
    game = await active_game(db)
    await cover(db, outbox, game, 1, actor=7)
    assert await outbox.done(await outbox.job(game))
    await cover(db, outbox, game, 2, actor=8, before={"seats": [9]})
    job = await outbox.job(game)
    assert (job.from_seq, job.actor, job.before) == (2, 8, {"seats": [9]})
