"""Undo, history, replay, the final breakdown and stats through real discord.py objects."""
from __future__ import annotations

import json

from bot.i18n import t
from harness import ALICE, BOB, FakeDiscord, OfflineDiscord, TablePlayer, new_table


def _dump(state) -> str:
    return json.dumps(state, sort_keys=True)


async def test_undo_button_takes_the_move_back_and_history_pages(offline, fake):
    gid, lobby = await new_table(offline, ALICE, (BOB,))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    player = TablePlayer(offline, gid, {ALICE.id: ALICE, BOB.id: BOB})
    for _ in range(200):
        row = await player.row()
        before = _dump(row.state)
        user, decision = await player.next_turn()
        panel = await player.panel_for(user)
        ex = await player.choose(user, panel, await player.wanted_option(decision))
        undo_ids = [i for i in ex.last.custom_ids() if i.startswith(f"u1:{gid}:")]
        if undo_ids:
            break
    else:
        raise AssertionError("no undoable move in 200 moves")
    other = BOB if user is ALICE else ALICE
    refused = await offline.slash(other, "game undo", game=gid)
    assert refused.last.content == t("error.nothing_to_undo", other.locale)
    posts = len(offline.posts())
    assert undo_ids == [f"u1:{gid}:{(await player.row()).seq}"]
    undone = await offline.click(user, ex.last, undo_ids[0])
    row = await player.row()
    assert _dump(row.state) == before
    assert (await offline.table.db.moves(gid))[-1]["action"]["kind"] == "undo"
    assert t("reply.undone", user.locale) in undone.last.content
    news = offline.posts()[posts:]
    assert len(news) == 1 and t("event.undo", "cs", seat=user.name) in news[0].content
    stale = await offline.click(user, ex.last, undo_ids[0])        # the same button again
    assert stale.last.content == t("error.stale", user.locale)
    assert (await offline.table.db.moves(gid))[-1]["action"]["kind"] == "undo"
    assert len(await offline.table.db.moves(gid)) == row.seq      # nothing more happened
    for _ in range(30):
        await player.step()
    history = await offline.slash(ALICE, "game history", game=gid)   # the latest page
    page = history.last
    pages = int(page.content.split(" z ")[1].split()[0].strip("*"))
    assert page.ephemeral and f"historie, strana {pages} z {pages}" in page.content and pages > 1
    prev, nxt = page.components
    assert nxt.get("disabled") and not prev.get("disabled")
    earlier = await offline.click(ALICE, page, prev["custom_id"])
    assert f"historie, strana {pages - 1} z {pages}" in earlier.last.content
    first = await offline.slash(ALICE, "game history", game=gid, page=1)
    assert first.last.components[0].get("disabled") and "`1`" in first.last.content
    assert t("event.undo", "cs", seat=user.name) in first.last.content
    assert fake.problems == []


async def test_a_finished_game_shows_its_breakdown_replay_and_stats(tmp_path):
    fake = FakeDiscord()
    d = await OfflineDiscord.start(tmp_path / "c.sqlite", images=True, fake=fake)
    try:
        gid, lobby = await d.open_lobby(ALICE, "schutz_burg", (), ai_seats=1)
        await d.click(ALICE, lobby, f"l1:{gid}:start")
        player = TablePlayer(d, gid, {ALICE.id: ALICE})
        while await player.step():
            pass
        final = d.posts()[-1]
        names = [name for name, _ in final.files]
        assert any("-scores." in n for n in names) and len(names) == 2
        assert "🏁" in final.content

        replay = (await d.slash(BOB, "game replay", game=gid)).last
        assert replay.ephemeral and replay.files and "záznam" not in replay.content
        ids = replay.custom_ids()
        assert [i.split(":")[-1] for i in ids] == ["first", "prev", "next", "last"]
        step = await d.click(BOB, replay, ids[2])
        assert "step 2 of" in step.last.content
        shown = [name for name, _ in step.last.files]        # the board and both seats' own
        assert len(shown) == 3 and sum("seat" in n for n in shown) == 2
        end = await d.click(BOB, replay, ids[3])
        assert [bool(c.get("disabled")) for c in end.last.components] == [False, False, True, True]
        assert end.last.files               # the last step: the finished board, all revealed

        mine = (await d.slash(ALICE, "game stats")).last
        assert mine.ephemeral and "odehráno 1" in mine.content
        board = (await d.slash(BOB, "game leaderboard", game="schutz_burg")).last
        assert "1. Alice" in board.content and "AI" in board.content.splitlines()[-1]
        assert fake.problems == []
    finally:
        await d.close()
