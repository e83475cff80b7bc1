"""Issue 10, the channel, at the table service: one post per turn (secret picks and
anonymous reactions edit it), one ping per decision, table events said at once, closed
DMs retried and private notices kept in the panel.  Real SQLite, a small real game."""
from __future__ import annotations

import time

import pytest

from bot import table as table_mod
from bot.compose import board_message
from bot.i18n import t
from bot.table import TableService
from engine import registry
from engine.core import Action, Decision, Event, Option
from storage import GameRow, SeatRow, open_database
from tests.service.test_table import CHANNEL, GUILD, Outbox, at
from tests.toy_game import GAME as TOY, ToyGame


class ReactToy(ToyGame):
    """The toy with a reaction window: once the bids are revealed, seat 1 (the holder of
    a hidden card) is asked, anonymously, whether to play it."""

    id = "react_toy"

    def pending(self, state):
        if state.get("react") is not None:
            return [Decision(state["react"], "react", (Option("pass", "pass"), Option("play", "play")),
                             secret=True, default="pass", anonymous=True)]
        return super().pending(state)

    def apply(self, state, seat, action):
        if state.get("react") is not None:
            self.require(state, seat, action)
            state["react"] = None
            return [Event("reacted", {"seat": seat})] if action.option == "play" else []
        events = super().apply(state, seat, action)
        if any(e.kind == "bids_revealed" for e in events):
            state["react"] = 1
        return events


REACT = ReactToy()
for game in (TOY, REACT):
    registry.register(game)


class Refusing(Outbox):
    """Discord refuses every edit (e.g. error 30046 on a board older than an hour)."""

    async def edit(self, channel_id, message_id, msg):
        self.edits.append((message_id, msg))
        return False


@pytest.fixture
async def svc(tmp_path):
    db = await open_database(tmp_path / "t.sqlite")
    out = Outbox(closed_dms={3})
    service = TableService(db, out)
    service.renderer.enabled = False
    yield service, out
    await db.close()


async def started(service: TableService, game: str = "toy", users=(1, 2, 3)):
    row = await service.create_lobby(game, guild_id=GUILD, channel_id=CHANNEL, host_id=users[0],
                                     host_name="U1", options={"target": "8"})
    for u in users[1:]:
        await service.join(row.id, at(u), f"U{u}")
    return await service.start(row.id, at(users[0]), seed=8)


def user_of(row, seat: int) -> int:
    return next(s.user_id for s in row.seats if s.seat == seat)


async def test_secret_picks_edit_one_status_post_and_ping_each_player_once(svc):
    service, out = svc
    row = await started(service)
    board, fallback = out.posts
    assert board.mentions == [], "the DM panels ping"
    assert fallback.mentions == [3], "whose DMs turn out closed is pinged in the channel, once"
    assert sorted(u for u, _ in out.dms) == [1, 2]
    for n, user in enumerate((1, 2), start=1):
        await service.act(row.id, at(user), "bid:2", None)
        assert len(out.posts) == 2 and len(out.edits) == n
        status = out.edits[-1][1].text
        chosen = next(x for x in status.splitlines() if x.startswith("✅"))
        assert sorted(chosen.split(": ")[1].split(", ")) == ["U1", "U2"][:n]
        assert out.edits[-1][1].mentions == [], "an edit pings nobody"
    assert len(out.dms) == 2, "nobody is pinged again while picking"
    await service.act(row.id, at(3), "bid:1", None)
    assert len(out.posts) == 3, "the turn changed: the next board"
    board = out.posts[-1].text
    assert t("toy.event.bid_made", "en", seat="U1") not in board, "the status said it already"
    assert out.disabled == [9001], "the old board lost its button"


async def test_a_refused_edit_posts_the_status_anew(tmp_path):
    db = await open_database(tmp_path / "t.sqlite")
    out = Refusing()
    service = TableService(db, out)
    service.renderer.enabled = False
    try:
        row = await started(service)
        await service.act(row.id, at(1), "bid:2", None)
        assert len(out.edits) == 1 and len(out.posts) == 2
        assert t("board.chosen", "en", names="U1") in out.posts[-1].text
        assert out.posts[-1].files == [] and out.disabled == [9001]
        await service.act(row.id, at(2), "bid:2", None)
        assert out.edits[-1][0] == 9002, "the next status edits the new post"
    finally:
        await db.close()


async def test_a_reaction_window_names_and_pings_nobody(svc):
    service, out = svc
    row = await started(service, "react_toy", users=(1, 2, 3))
    holder = user_of(row, 1)
    for user in (1, 2, 3):
        await service.act(row.id, at(user), "bid:1", None)
    posts, dms = len(out.posts), len(out.dms)
    status = out.edits[-1][1]
    assert t("board.reactions", "en") in status.text and status.mentions == []
    assert f"<@{holder}>" not in status.text.split("\n")[-1]
    if holder == 3:  # DMs closed: nothing in the channel may point at the holder
        assert len(out.posts) == posts
    else:
        assert out.dms[-1][0] == holder
    await service.act(row.id, at(holder), "pass", None)
    assert len(out.posts) == posts + 1, "the next turn gets its board"
    assert t("board.reactions", "en") not in out.posts[-1].text
    assert len(out.dms) >= dms


def test_a_board_with_an_anonymous_decision_reads_the_same_whoever_is_asked():
    row = GameRow(id=1, type="react_toy", engine_version=1, options={}, status="active", seq=5,
                  state=None, guild_id=GUILD, channel_id=CHANNEL, host_id=100, locale="en",
                  created=0.0, updated=0.0,
                  seats=[SeatRow(s, 100 + s, False, f"U{s}") for s in range(3)])
    texts = set()
    for holder in range(3):
        row.state = REACT.setup(3, {"target": 8}, 1)
        for seat in range(3):
            REACT.apply(row.state, seat, Action("bid", "bid:1"))
        row.state["react"] = holder
        msg = board_message(REACT, row, [], pings={100, 101, 102})
        assert msg.mentions == [] and t("board.reactions", "en") in msg.text
        texts.add(msg.text)
    assert len(texts) == 1


async def test_table_events_are_said_in_the_channel(svc):
    service, out = svc
    row = await started(service)
    await service.replace_with_ai(row.id, at(1), 2)
    said = [p.text for p in out.posts if "AI" in p.text and not p.text.startswith("**")]
    assert said == [f"• {t('event.seat_replaced', 'en', seat=t('ai.replaces', 'en', name='U2'))}"]
    await service.abandon(row.id, at(1))
    assert out.posts[-1].text == t("board.abandoned_by", "en", name="U1")


async def test_closed_dms_are_retried_after_a_day_and_when_the_player_is_back(svc, monkeypatch):
    service, out = svc
    row = await started(service)
    assert out.dm_attempts.count(3) == 1
    closed = await service.db.dm_closed_at(3)
    assert closed is not None
    # the same day: not tried again, pinged in the channel instead
    assert await service.send_dm(3, table_mod.m.OutMessage("x")) is False
    assert out.dm_attempts.count(3) == 1
    # a day later it is tried again (and fails again: remembered anew)
    later = time.time() + table_mod.DM_RETRY_SECONDS + 5
    monkeypatch.setattr(table_mod.time, "time", lambda: later)
    assert await service.send_dm(3, table_mod.m.OutMessage("x")) is False
    assert out.dm_attempts.count(3) == 2
    # back after an hour: the next DM is tried; opened DMs are remembered as open
    back = later + table_mod.DM_RETRY_ON_RETURN + 5
    monkeypatch.setattr(table_mod.time, "time", lambda: back)
    out.closed.discard(3)
    await service.seen(3, "en")
    assert await service.send_dm(3, table_mod.m.OutMessage("x"))
    assert await service.db.dm_closed_at(3) is None


async def test_private_notices_wait_in_the_panel_while_dms_are_closed(svc):
    service, out = svc
    row = await started(service)
    seat = row.seat_of(3)
    note = Event("secret_note", {"seat": seat}, frozenset({seat}))
    await service.delivery.dm_private_events(TOY, row, [(row.seq, note)], actor=None)
    panel = await service.panel(row.id, at(3))
    assert t("panel.notices", "en") in panel.text
    assert panel.text.count("•") == 1
    again = await service.panel(row.id, at(3))
    assert t("panel.notices", "en") not in again.text, "said once"


async def test_a_newer_dm_panel_takes_the_buttons_off_the_older_one(svc):
    service, out = svc
    row = await started(service)
    first_dm = {u: 8000 + i for i, (u, _) in enumerate(out.dms, start=1)}
    while (row := await service.db.load_game(row.id)).state["round"] == 1:
        decision = TOY.pending(row.state)[0]
        await service.act(row.id, at(user_of(row, decision.seat)), decision.options[0].id, None)
    assert set(first_dm.values()) & set(out.disabled), (first_dm, out.disabled)
