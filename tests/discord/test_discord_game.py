"""A whole Citadels game played through Discord interactions, offline."""
from __future__ import annotations

from bot.i18n import t
from harness import ALICE, BOB, CYRIL, DANA, PLAYERS, Driver, new_table


async def test_four_players_finish_a_game_with_buttons_and_slash_commands(offline, fake):
    fake.closed_dms.add(BOB.id)                       # Bob's DMs are closed (50007)
    game_id, lobby = await new_table(offline, ALICE, (BOB, CYRIL, DANA))
    await offline.click(ALICE, lobby, f"l1:{game_id}:start")
    driver = Driver(offline, game_id, {u.id: u for u in PLAYERS}, use_dm_for={CYRIL.id})

    moves = await driver.play_to_end()

    row = await driver.row()
    assert row.status == "finished" and moves > 20
    final = offline.posts()[-1]
    assert "🏁" in final.content and final.custom_ids() == []
    boards = [p for p in offline.posts() if p.custom_ids()]
    assert len(boards) > 10                                  # a fresh board when the turn moves
    assert all(fake.messages[b.message_id].custom_ids() == [] for b in boards)   # old ones disabled
    stats = driver.stats
    assert stats["clicks"] > 10 and stats["slash"] >= 5 and stats["autocomplete"] >= 1
    assert stats["dm_clicks"] >= 1
    # Bob: one refused DM, remembered; the bot told the channel and never tried again
    assert fake.dm_attempts[BOB.id] == 1 and offline.dms(BOB.id) == []
    fallback = t("panel.dm_fallback", "cs", mention="<@102>",     # the table speaks Czech
                 button=t("citadels.board.my_panel", "cs"))
    assert [p.content for p in offline.posts()].count(fallback) == 1
    assert (await offline.table.db.user_prefs(BOB.id))["dm_closed"] is True
    assert len(offline.dms(DANA.id)) > 1
    assert fake.problems == []
