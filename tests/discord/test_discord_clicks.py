"""Clicks that must be refused or survive: strangers, stale buttons, double clicks, restarts."""
from __future__ import annotations

import asyncio

from bot import messages as m
from bot.access import Caller
from bot.offline import CHANNEL_ID, GUILD_ID
from bot.discord_notifier import DiscordNotifier
from bot.i18n import t
from harness import ALICE, BOB, CYRIL, DANA, EVE, PLAYERS, Driver, OfflineDiscord, new_table

USERS = {u.id: u for u in PLAYERS}


async def started(d: OfflineDiscord, steps: int = 6) -> Driver:
    """A four-human table after a few moves, with the driver that played them."""
    game_id, lobby = await new_table(d, ALICE, (BOB, CYRIL, DANA))
    await d.click(ALICE, lobby, f"l1:{game_id}:start")
    driver = Driver(d, game_id, USERS, slash_every=10**6)
    for _ in range(steps):
        assert await driver.step()
    return driver


async def snapshot(driver: Driver):
    row = await driver.row()
    return row.seq, row.state, len(await driver.d.table.db.moves(driver.game_id))


async def current_panel(driver: Driver):
    user, _ = await driver.next_turn()
    return user, await driver.open_panel(user)


async def test_a_stranger_gets_a_friendly_error_and_nothing_changes(offline):
    driver = await started(offline)
    player, panel = await current_panel(driver)
    before = await snapshot(driver)

    ex = await offline.click(EVE, driver.latest_board(), f"p1:{driver.game_id}")
    assert ex.last.ephemeral and ex.last.content == t("error.not_a_player", "en")
    button = panel.custom_ids()[0]
    ex = await offline.click(EVE, panel, button, values=[panel.components[0].get("options", [{}])[0].get("value")])
    assert ex.last.ephemeral and ex.last.content == t("error.not_a_player", "en")
    assert await snapshot(driver) == before


async def test_a_button_from_an_older_panel_shows_the_current_panel(offline):
    """The player could not know the button was stale: no error, nothing changes, and
    the panel the click came from is edited in place into the current one, with a note."""
    driver = await started(offline)
    player, old_panel = await current_panel(driver)
    assert await driver.step()                               # the game moves on
    before = await snapshot(driver)
    cid = old_panel.custom_ids()[-1]
    option = old_panel.components[-1].get("options", [{}])[0].get("value")
    ex = await offline.click(player, old_panel, cid, values=[option] if option else None)
    assert ex.last.kind == "edit" and ex.last.message_id == old_panel.message_id
    assert ex.last.ephemeral and t("panel.stale", player.locale) in ex.last.content
    assert t("error.stale", player.locale) not in ex.text
    assert await snapshot(driver) == before


async def test_two_simultaneous_clicks_apply_exactly_one_move(offline):
    driver = await started(offline)
    player, panel = await current_panel(driver)
    seq, _, moves = await snapshot(driver)
    component = panel.components[0]
    values = [component["options"][0]["value"]] if component["type"] == 3 else None
    payloads = [offline.click_payload(player, panel, component["custom_id"], values) for _ in range(2)]

    first, second = await asyncio.gather(*(offline.feed(player, p, panel.message_id) for p in payloads))

    after_seq, _, after_moves = await snapshot(driver)
    assert (after_seq, after_moves) == (seq + 1, moves + 1)
    texts = [first.last.content, second.last.content]
    doubled = t("panel.already_applied", player.locale)  # the same choice, already in
    assert sum(doubled in text for text in texts) == 1, texts
    assert not any(t("panel.stale", player.locale) in text for text in texts), texts


async def test_old_messages_still_work_after_a_restart(tmp_path, fake, fixed_seed):
    path = tmp_path / "castellan.sqlite"
    first = await OfflineDiscord.start(path, images=False, fake=fake)
    driver = await started(first, steps=10)
    seq_before, _, _ = await snapshot(driver)
    old_board = driver.latest_board()
    user, old_panel = await current_panel(driver)
    await first.close()

    second = await OfflineDiscord.start(path, images=False, fake=fake)   # a new process
    try:
        driver.d, driver.panels = second, {user.id: old_panel}
        assert await driver.step()           # a decision button of the pre-restart panel
        assert (await driver.row()).seq > seq_before
        mover, _ = await driver.next_turn()
        ex = await second.click(mover, old_board, f"p1:{driver.game_id}")   # pre-restart board
        assert ex.last.ephemeral and driver.is_current(ex.last, (await driver.row()).seq)
        assert await driver.play_to_end() > 0
        assert (await driver.row()).status == "finished"
    finally:
        await second.close()
    assert fake.problems == []


async def test_a_select_answers_the_decision_with_the_chosen_value(offline):
    driver = await started(offline)
    user, _ = await driver.next_turn()
    seq = (await driver.row()).seq
    _, legal = await offline.table.choices(driver.game_id, Caller(user.id, GUILD_ID, CHANNEL_ID))
    options = tuple(m.SelectOption(oid, label) for oid, label in legal)
    select = m.Select(m.select_id(driver.game_id, seq, 0), "…", options)
    assert await DiscordNotifier(offline.bot).dm(user.id, m.OutMessage("pick", rows=[(select,)]))
    wanted = options[-1].value

    ex = await offline.click(user, offline.dms(user.id)[-1], select.custom_id, values=[wanted])

    assert ex.dm and ex.last.kind == "edit" and ex.last.message_id == offline.dms(user.id)[-1].message_id
    moves = await offline.table.db.moves(driver.game_id)
    assert moves[-1]["seq"] == seq + 1 and moves[-1]["action"]["option"] == wanted


async def test_the_clicker_sees_their_panel_before_the_table_moves_on(offline):
    """A decision click edits the clicker's panel as soon as it is ready; the board post
    and the next players' DMs of that move come after it (their delivery is already in
    the outbox), so the player who clicked never waits for what the others are told."""
    driver = await started(offline, steps=0)
    boards = 0
    for _ in range(12):
        start = len(offline.fake.sent)
        user, decision = await driver.next_turn()
        await driver.move(user, decision)
        sent = offline.fake.sent[start:]
        panel_at = next(i for i, s in enumerate(sent)       # the click's answer
                        if s.kind == "edit" and s.token and s.user_id == user.id)
        told = [i for i, s in enumerate(sent) if s.kind in ("post", "dm")]
        boards += sum(1 for i in told if sent[i].kind == "post")
        assert all(i > panel_at for i in told), [(s.kind, s.user_id) for s in sent]
    assert boards >= 2          # new turns were posted, so the order was really checked


async def test_a_slash_command_move_answers_before_the_table_moves_on(offline):
    """A move made by slash command is answered (privately) as soon as the panel is
    ready; the board post and the next players' DMs of that move come after it."""
    game_id, lobby = await new_table(offline, ALICE, (BOB, CYRIL, DANA))
    await offline.click(ALICE, lobby, f"l1:{game_id}:start")
    driver = Driver(offline, game_id, USERS, slash_every=1)
    checked = told_after = 0
    for _ in range(30):
        start, slashes = len(offline.fake.sent), driver.stats["slash"]
        assert await driver.step()
        if driver.stats["slash"] == slashes:
            continue                      # this move had no slash command
        sent = offline.fake.sent[start:]
        answer_at = next(i for i, s in enumerate(sent)      # the command's answer
                         if s.kind in ("response", "followup") and s.token and s.content)
        told = [i for i, s in enumerate(sent) if s.kind in ("post", "dm")]
        assert all(i > answer_at for i in told), [(s.kind, s.user_id) for s in sent]
        checked += 1
        told_after += len(told)
    assert checked >= 5 and told_after >= 2
