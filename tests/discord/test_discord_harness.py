"""The harness's own checks bite, images travel as attachments, and bugs get a polite answer."""
from __future__ import annotations

import logging

import discord
import pytest

from bot import messages as m
from bot.discord_notifier import DiscordNotifier
from bot.i18n import t
from bot.offline import CHANNEL_ID, Sent, check_limits
from harness import ALICE, BOB, OfflineDiscord, new_table


def test_limit_checks_catch_violations():
    rows = [{"type": 1, "components": [{"type": 2, "custom_id": f"x{r}{i}", "label": "L" * 81}
                                       for i in range(6)]} for r in range(6)]
    bad = Sent("post", CHANNEL_ID, 1, {"content": "x" * 2001, "components": rows,
                                       "allowed_mentions": {"parse": ["everyone"]}})
    problems = " | ".join(check_limits(bad))
    for expected in ("content 2001", "6 action rows", "bad row", "label > 80", "may ping"):
        assert expected in problems
    secret = Sent("followup", CHANNEL_ID, 2, {"content": "hand", "components": [
        {"type": 1, "components": [{"type": 2, "custom_id": "c1:1:2:x", "label": "x"}]}]})
    assert "ephemeral" in " ".join(check_limits(secret))
    assert check_limits(Sent("dm", 5, 3, secret.payload)) == []


async def test_a_private_decision_posted_in_a_channel_is_flagged(offline, fake):
    notifier = DiscordNotifier(offline.bot)
    msg = m.OutMessage("oops", rows=m.option_rows(1, 0, [("build:x", "X")]))
    assert await notifier.post(CHANNEL_ID, msg) is not None
    assert any("posted in a channel" in p for p in fake.problems)
    fake.problems.clear()


async def test_boards_and_panels_carry_images(tmp_path, fake, fixed_seed):
    async with OfflineDiscord.open(tmp_path / "c.sqlite", images=True, fake=fake) as d:
        gid, lobby = await new_table(d, ALICE, (BOB,))
        await d.click(ALICE, lobby, f"l1:{gid}:start")
        board = d.posts()[-1]
        assert board.files and board.files[0][0].startswith(f"citadels-{gid}-")
        assert board.files[0][1][:4] in (b"\x89PNG", b"\xff\xd8\xff\xe0", b"RIFF")
        assert board.payload["attachments"][0]["filename"] == board.files[0][0]
        ex = await d.click(BOB, board, f"p1:{gid}")
        assert ex.last.ephemeral and any("-seat" in name for name, _ in ex.last.files)
    assert fake.problems == []


async def test_an_unexpected_failure_is_logged_and_answered_politely(offline, monkeypatch, caplog):
    gid, lobby = await new_table(offline, ALICE, (BOB,))
    await offline.click(ALICE, lobby, f"l1:{gid}:start")

    async def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(offline.table, "panel", broken)
    with caplog.at_level(logging.ERROR):
        ex = await offline.click(BOB, offline.posts()[-1], f"p1:{gid}")
    assert ex.last.ephemeral and ex.last.content == t("error.internal", "en")
    assert "boom" in caplog.text


async def test_closed_dms_fail_with_discords_real_error(offline, fake):
    fake.closed_dms.add(BOB.id)
    channel = await offline.bot.create_dm(discord.Object(BOB.id))
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hello")
    assert str(refused.value) == "403 Forbidden (error code: 50007): Cannot send messages to this user"
    assert await DiscordNotifier(offline.bot).dm(BOB.id, m.OutMessage("hi")) is False
    sent = await DiscordNotifier(offline.bot).dm(ALICE.id, m.OutMessage("hi"))
    assert sent and sent.message_id == offline.dms(ALICE.id)[-1].message_id
