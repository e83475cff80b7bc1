"""Discord failing under a real table (issue 12): the move is accepted whatever the
delivery does, the board and DMs arrive once the failure clears, exactly once, also
after a crash between Discord accepting a post and the bot recording it."""
from __future__ import annotations

import asyncio
import time

import pytest

from bot.access import Caller
from bot.offline import Faults, OfflineDiscord
from bot.table import TableError
from harness import Driver
from test_discord_clicks import started   # a four-human table after a few moves

LATER = float("inf")


def effect_messages(fake) -> list:
    return [s for s in fake.sent if s.kind in ("post", "dm")
            and str(s.payload.get("nonce", "")).startswith("k")]


async def outage_move(d: OfflineDiscord, driver: Driver, kinds: tuple[str, ...],
                      retry_after: float = 0.01):
    """Moves while every REST call fails with one of ``kinds``, until one has something
    to say (a quiet move within a turn says nothing); (its exchange, its open job)."""
    for _ in range(20):
        user, decision = await driver.next_turn()
        panel = await driver.panel_for(user)
        option = await driver.wanted_option(decision)
        seq = (await driver.row()).seq
        d.fake.faults = Faults(1.0, kinds, retry_after=retry_after)
        ex = await driver.choose(user, panel, option)
        d.fake.faults.clear()
        assert (await driver.row()).seq > seq, "the move is committed"
        job = await d.table.delivery.outbox.job(driver.game_id)
        if job is not None:
            return ex, job
    raise AssertionError("twenty moves said nothing")


async def test_the_clicker_hears_accepted_and_the_board_comes_when_discord_is_back(offline):
    driver = await started(offline)
    sent_before = len(effect_messages(offline.fake))
    ex, job = await outage_move(offline, driver, ("503", "timeout"))
    assert ex.last.content.startswith(("Your private panel", "Tvůj soukromý panel")), ex.text
    assert job is not None and job.attempts == 1 and job.next_try > time.time()
    assert len(effect_messages(offline.fake)) == sent_before, "nothing got through"
    assert await offline.table.delivery.deliver_due(now=LATER) == 0
    assert await offline.table.delivery.outbox.job(driver.game_id) is None
    assert len(effect_messages(offline.fake)) > sent_before, "delivered once Discord is back"
    while await driver.step():        # the table plays on to the end
        pass


async def test_a_post_discord_made_but_whose_answer_was_lost_is_not_posted_twice(offline):
    driver = await started(offline)
    _, job = await outage_move(offline, driver, ("lost",))
    assert job is not None
    made = effect_messages(offline.fake)
    assert await offline.table.delivery.deliver_due(now=LATER) == 0
    assert offline.fake.nonce_hits >= 1, "the resend was answered by the nonce"
    again = effect_messages(offline.fake)
    nonces = [s.payload["nonce"] for s in again]
    assert len(nonces) == len(set(nonces)), "no message twice"
    assert made[-1] in again


async def test_a_rate_limit_waits_for_retry_after(offline):
    driver = await started(offline)
    _, job = await outage_move(offline, driver, ("429",), retry_after=45.0)
    assert job.next_try >= time.time() + 44
    assert await offline.table.delivery.deliver_due() == 1, "not before retry_after"
    assert await offline.table.delivery.deliver_due(now=LATER) == 0
    assert offline.table.notifier.invalid.count() >= 1, "a 429 is an invalid request"


async def test_missing_permissions_keep_the_job_and_retry_rarely(offline):
    driver = await started(offline)
    _, job = await outage_move(offline, driver, ("50013",))
    assert job is not None and job.next_try >= time.time() + 500
    assert await offline.table.delivery.deliver_due() == 1
    assert await offline.table.delivery.deliver_due(now=LATER) == 0


async def test_a_deleted_board_is_posted_anew(offline):
    driver = await started(offline, steps=0)
    board = driver.latest_board()
    offline.fake.faults = Faults(0.0)
    offline.fake.faults.deleted.add(board.message_id)   # a moderator deleted it
    while driver.latest_board().message_id == board.message_id and await driver.step():
        pass
    assert driver.latest_board().message_id != board.message_id
    assert await offline.table.delivery.outbox.count_open() == 0


async def test_open_jobs_are_delivered_at_start_up(tmp_path, fake, fixed_seed):
    path = tmp_path / "castellan.sqlite"
    first = await OfflineDiscord.start(path, images=False, fake=fake)
    driver = await started(first)
    _, job = await outage_move(first, driver, ("502",))
    assert job is not None
    fake.faults = Faults(1.0, ("503",))         # still down when the bot stops
    await first.close()
    fake.faults = None
    sent = len(effect_messages(fake))
    second = await OfflineDiscord.start(path, images=False, fake=fake)   # a new process
    try:
        assert await second.table.delivery.outbox.count_open() == 0
        assert len(effect_messages(fake)) > sent
        driver.d = second
        assert await driver.step()
    finally:
        await second.close()
    assert fake.problems == []


async def test_the_retry_task_delivers_by_itself_once_discord_is_back(offline):
    driver = await started(offline)
    _, job = await outage_move(offline, driver, ("500",))
    assert job is not None and job.next_try - time.time() < 3
    for _ in range(100):                   # the backoff of a first failure: about 2 s
        if await offline.table.delivery.outbox.count_open() == 0:
            break
        await asyncio.sleep(0.05)
    assert await offline.table.delivery.outbox.count_open() == 0


async def test_a_doubled_click_is_told_its_move_is_in_not_just_stale(offline):
    driver = await started(offline)
    user, decision = await driver.next_turn()
    row = await driver.row()
    who = Caller.at_table(row, user.id)
    option = decision.options[0].id
    await offline.table.act(row.id, who, option, row.seq)
    with pytest.raises(TableError) as doubled:
        await offline.table.act(row.id, who, option, row.seq)
    assert doubled.value.key == "stale"
    assert doubled.value.params.get("note") == "panel.already_applied"
    other = next((o.id for o in decision.options[1:]), None)
    if other is not None:
        with pytest.raises(TableError) as stale:
            await offline.table.act(row.id, who, other, row.seq)
        assert "note" not in stale.value.params
