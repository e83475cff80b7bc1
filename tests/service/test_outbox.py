"""The delivery outbox on a real SQLite file: a job is recorded with its move (or not at
all), later moves extend it, effects are remembered until it is done; the deliverer's
backoff and the invalid-request window."""
from __future__ import annotations

import pytest

from bot.delivery import Deliverer, Turn
from bot.effects import SOFT_LIMIT, WINDOW_S, Deferred, InvalidRequests, nonce
from storage import StaleMove, open_database
from storage.outbox import Job, Outbox

BEFORE = Turn(frozenset({0}), (1, "pick"), "b").to_json()


@pytest.fixture
async def db(tmp_path):
    database = await open_database(tmp_path / "o.sqlite")
    game = await database.create_game("toy", engine_version=1, options={}, guild_id=1,
                                      channel_id=2, host_id=3, locale="en")
    await database.start_game(game, [], {"n": 0})
    yield database, game
    await database.close()


async def move(database, game, seq, outbox, actor, fail=False):
    async def also(tx, new_seq):
        await outbox.cover(tx, game, new_seq, BEFORE, actor)
        if fail:
            raise RuntimeError("crash inside the move's transaction")
    return await database.append_move(game, expected_seq=seq, seat=0, action={"o": seq},
                                      state={"n": seq + 1}, also=also)


async def test_a_job_is_recorded_with_its_move_and_later_moves_extend_it(db):
    database, game = db
    outbox = Outbox(database)
    await move(database, game, 0, outbox, actor=1)
    await move(database, game, 1, outbox, actor=None)          # an AI seat answering
    job = await outbox.job(game)
    assert (job.from_seq, job.actor, Turn.from_json(job.before).seats) == (1, 1, {0})
    assert Turn.from_json(job.before).same_marker(Turn(frozenset(), (1, "pick"), None))
    await move(database, game, 2, outbox, actor=2)             # another human, coalesced
    assert (await outbox.job(game)).actor is None
    assert len(await outbox.open_jobs()) == 1


async def test_no_job_without_its_move_and_no_move_without_its_job(db):
    database, game = db
    outbox = Outbox(database)
    with pytest.raises(RuntimeError):
        await move(database, game, 0, outbox, actor=1, fail=True)
    assert await outbox.job(game) is None and await database.moves(game) == []
    with pytest.raises(StaleMove):
        await move(database, game, 5, outbox, actor=1)        # a stale click
    assert await outbox.job(game) is None


async def test_effects_are_kept_until_the_job_is_done(db):
    database, game = db
    outbox = Outbox(database)
    await move(database, game, 0, outbox, actor=1)
    job = await outbox.job(game)
    await outbox.mark(game, "board:1", 1, {"fresh": [2], "pinged": []})
    await outbox.mark(game, "events:2", 1)
    assert (await outbox.effects(game))["board:1"] == (1, {"fresh": [2], "pinged": []})
    await outbox.failed(job, 1e12, "503")
    assert await outbox.open_jobs(due_by=1e9) == [] and await outbox.next_try() == 1e12
    await outbox.done(job)
    assert await outbox.job(game) is None and await outbox.effects(game) == {}
    await move(database, game, 1, outbox, actor=1)            # the next move: a new job
    assert (await outbox.job(game)).from_seq == 2


def test_backoff_grows_and_respects_retry_after_and_missing_permissions():
    job = Job(1, 1, BEFORE, None)
    first = Deliverer._delay(job, Deferred("503"))
    job.attempts = 6
    assert Deliverer._delay(job, Deferred("503")) > 10 * first
    job.attempts = 0
    assert Deliverer._delay(job, Deferred("429", 37.0)) >= 37.0
    assert Deliverer._delay(job, Deferred("50013", long=True)) >= 600
    job.attempts = 60
    assert Deliverer._delay(job, None) <= 900 * 1.2


def test_invalid_requests_slide_out_of_the_ten_minute_window():
    now = [0.0]
    window = InvalidRequests(clock=lambda: now[0])
    for _ in range(SOFT_LIMIT):
        window.note()
    assert window.count() == SOFT_LIMIT and window.pause() > 0
    now[0] = WINDOW_S + 1
    assert window.count() == 0 and window.pause() == 0 and window.total == SOFT_LIMIT


def test_nonces_fit_discord_and_differ_per_effect():
    a, b = nonce("board:1:7"), nonce("board:1:8")
    assert len(a) <= 25 and a.startswith("k") and a != b and a == nonce("board:1:7")


async def test_a_game_started_just_before_a_crash_is_found_for_its_first_board(db):
    database, game = db
    outbox = Outbox(database)
    assert await outbox.unannounced_starts() == [game]
    await outbox.open(game, 0, Turn.nobody().to_json())
    assert await outbox.unannounced_starts() == []
