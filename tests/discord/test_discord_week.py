"""Issue 11, multi-day play, through real discord.py objects offline on a simulated clock:
a 4-seat Citadels game over about a week.  People answer after hours (sometimes after
most of a day, so reminders come), Dana takes a vacation, Cyril disappears until the AI
takes his seat and then takes it back, Bob takes a move back with /game undo, and the
game ends with its final board.  The transcript is checked: one notification per
decision, reminders only while a player is asked and never twice, nothing private in
the channel.  Also: ``thread:true`` tables and the personal commands.
"""
from __future__ import annotations

import json
import math
import random
import time

from bot import undo
from bot.i18n import t
from bot.text import event_text
from bot.compose import seat_names
from engine import registry
from engine.core import Event
from harness import (ALICE, BOB, CHANNEL_ID, CYRIL, DANA, PLAYERS, TablePlayer, ViewLog,
                     new_table)

H = 3600.0
CITADELS = registry.get("citadels")


class FakeTime:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def panel_seq(sent) -> int | None:
    """The seq a DM panel's option components answer (None: no options)."""
    for cid in sent.custom_ids():
        if cid.startswith(("c1:", "s1:")):
            return int(cid.split(":")[2])
    return None


class Week:
    """The people at the table and what they do when."""

    def __init__(self, d, gid: int, clock: FakeTime) -> None:
        self.d, self.gid, self.clock = d, gid, clock
        self.player = TablePlayer(d, gid, {u.id: u for u in PLAYERS})
        self.rnd = random.Random(2026)
        self.plans: dict[int, tuple[str, float]] = {}
        self.vacation: tuple[float, float] | None = None
        self.zombie_at: float | None = None
        self.reclaimed = self.undone = False
        self.reminders: list[tuple[float, int, str, set]] = []  # (time, user, text, asked)
        self.seen = 0

    @property
    def now(self) -> float:
        return self.clock.now

    def delay(self) -> float:
        if self.rnd.random() < 0.1:
            return self.rnd.uniform(6.5, 11.5) * H    # a busy day: reminders come first
        return self.rnd.uniform(0.1, 1.5) * H

    async def asked(self) -> dict[int, str]:
        """Humans asked now -> the key of their turn."""
        row = await self.player.row()
        if row.status != "active":
            return {}
        users = {s.seat: s.user_id for s in row.seats if not s.is_ai}
        marker = json.dumps(CITADELS.turn_marker(row.state), default=str)
        return {users[d.seat]: f"{marker}/{d.seat}" for d in CITADELS.pending(row.state)
                if d.seat in users}

    def answer_time(self, user: int) -> float:
        start = self.T0 + 50 * H
        if user == CYRIL.id and self.now >= start and not self.reclaimed:
            return math.inf                               # Cyril is gone
        if user == DANA.id and self.vacation and self.now < self.vacation[1]:
            return self.vacation[1] + self.delay()
        return self.now + self.delay()

    async def advance(self, to: float) -> None:
        """Move the clock and run the minute task (reminders, timeouts)."""
        asked = set(await self.asked())
        self.clock.now = to
        await self.d.table.enforce_deadlines()
        for sent in self.d.fake.sent[self.seen:]:
            if sent.kind == "dm" and sent.content.startswith("⏰"):
                self.reminders.append((to, sent.user_id, sent.content, asked))
        self.seen = len(self.d.fake.sent)

    async def scenario(self) -> None:
        """Dana's vacation, Cyril's return."""
        if self.vacation is None and self.now >= self.T0 + 20 * H:
            ex = await self.d.slash(DANA, "game vacation", days=1)
            assert "🌴" in ex.last.content
            self.vacation = (self.now, self.now + 24 * H)
        row = await self.player.row()
        cyril = next(s for s in row.seats if s.user_id == CYRIL.id)
        if cyril.is_ai and self.zombie_at is None:
            self.zombie_at = self.now
        if self.zombie_at and not self.reclaimed and self.now >= self.zombie_at + 5 * H:
            ex = await self.d.slash(CYRIL, "game reclaim")
            assert ex.last.content == t("reply.reclaimed", "en", id=self.gid)
            self.reclaimed = True

    async def sit_down(self, user_id: int, key: str) -> None:
        """The player answers everything their turn asks (Bob once takes a move back)."""
        user = self.player.users[user_id]
        while (await self.asked()).get(user_id) == key:
            _, decision = next((u, d) for u, d in [await self._turn_of(user_id)])
            await self.player.move(user, decision)
            row = await self.player.row()
            if user is BOB and not self.undone and row.status == "active" \
                    and await undo.can_undo(self.d.table.db, row, row.seat_of(BOB.id)):
                ex = await self.d.slash(BOB, "game undo")
                assert ex.last.content.startswith(t("reply.undone", "en"))
                self.undone = True

    async def _turn_of(self, user_id: int):
        row = await self.player.row()
        seat = row.seat_of(user_id)
        return self.player.users[user_id], CITADELS.decision_for(row.state, seat)

    async def play(self) -> None:
        self.T0 = self.now
        while (await self.player.row()).status == "active":
            assert self.now - self.T0 < 21 * 24 * H, "the game must end"
            await self.scenario()
            asked = await self.asked()
            for user, key in asked.items():
                if self.plans.get(user, ("",))[0] != key:
                    self.plans[user] = (key, self.answer_time(user))
            ready = [(self.plans[u][1], u) for u in asked if self.plans[u][1] <= self.now]
            if ready:
                _, user = min(ready)
                await self.sit_down(user, asked[user])
                continue
            due = await self.d.table.clock.store.next_due()
            soonest = min([self.plans[u][1] for u in asked] + [due or math.inf])
            await self.advance(max(self.now + 60, min(soonest, self.now + 6 * H)))


def pinged(sent) -> set[int]:
    if sent.kind == "post":
        return {int(u) for u in (sent.payload.get("allowed_mentions") or {}).get("users", [])}
    return set()


async def test_a_week_of_citadels(offline, fake):
    clock = FakeTime(float(int(time.time())))
    offline.table.clock.time = clock
    offline.table.renderer = views = ViewLog(enabled=False)
    gid, lobby = await new_table(offline, ALICE, (BOB, CYRIL, DANA), turn_hours=12)
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    week = Week(offline, gid, clock)
    await week.play()
    row = await week.player.row()
    days = (clock.now - week.T0) / 86400
    assert row.status == "finished" and 3 <= days <= 10, days

    # the story happened: vacation, zombie and reclaim, undo, reminders, the end
    assert week.vacation and week.zombie_at and week.reclaimed and week.undone
    posts = offline.posts()
    said = [p.content for p in posts]
    assert sum("🤖" in s for s in said) == 1 and any("Cyril" in s and "🤖" in s for s in said)
    assert sum(t("event.seat_reclaimed", row.locale, seat="Cyril") in s for s in said) == 1
    assert any("🌴 Dana" in s for s in said), "the table hears about the vacation"
    finals = [s for s in said if t("board.finished", row.locale) in s]
    assert len(finals) == 1, "the end is said once"
    undo_moves = [m for m in await offline.table.db.moves(gid) if m["action"]["kind"] == "undo"]
    assert len(undo_moves) == 1
    *during, final = views.tables                     # the end reveals every hand, only then
    assert final["finished"] and len(final["hands"]) == 4 and final["result"]
    assert not any("hands" in view for view in during)

    # one notification per decision: no channel pings (every DM is open), one DM panel
    # per decision and person; nobody is DMed a turn while on vacation
    assert not any(pinged(p) for p in posts)
    for user in PLAYERS:
        seqs = [panel_seq(s) for s in offline.dms(user.id) if panel_seq(s) is not None]
        assert len(seqs) == len(set(seqs)), f"{user.name} got one decision twice"
    # reminders: only to someone asked at that moment, at most once per point
    assert any(u == CYRIL.id for _, u, _, _ in week.reminders), "Cyril was reminded"
    per_deadline: dict[tuple[int, str], int] = {}
    for _, user, text, asked in week.reminders:
        assert user in asked, f"a reminder after the move: {text}"
        key = (user, text.split("<t:")[1])
        per_deadline[key] = per_deadline.get(key, 0) + 1
    assert max(per_deadline.values()) <= 2, per_deadline
    assert all("https://discord.com/channels/" in text for _, _, text, _ in week.reminders)

    # nothing private in the channel: no private event's text in any post or edit
    names = seat_names(row)
    private = set()
    for move in await offline.table.db.moves(gid):
        for data in move.get("events", []) or []:
            event = Event.from_json(data)
            if event.visible_to is not None:
                private |= {event_text(CITADELS, event, loc, names) for loc in ("en", "cs")}
    channel = [s.content for s in fake.sent if s.channel_id == CHANNEL_ID and not s.dm
               and s.kind in ("post", "edit") and not s.ephemeral]
    leaks = [p for p in private if any(p in c for c in channel)]
    assert not leaks, leaks[:3]


async def test_a_table_in_its_own_thread(offline, fake):
    ex = await offline.slash(ALICE, "game new", game="citadels", thread=True)
    (thread_id, info), = fake.threads.items()
    assert info["parent"] == CHANNEL_ID and "Citadel" in info["name"]
    assert f"<#{thread_id}>" in ex.last.content
    lobby = offline.posts(thread_id)[-1]
    gid = int(lobby.custom_ids()[0].split(":")[1])
    assert (await offline.table.db.load_game(gid)).channel_id == thread_id
    for guest in (BOB, CYRIL):
        await offline.click(guest, lobby, f"l1:{gid}:join")
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    assert any(f"p1:{gid}" in p.custom_ids() for p in offline.posts(thread_id)), "the board"
    assert not any(f"p1:{gid}" in p.custom_ids() for p in offline.posts()), "not in the channel"
    ex = await offline.slash(BOB, "game status", channel_id=thread_id)
    assert f"p1:{gid}" in ex.last.custom_ids(), "commands in the thread act on its table"
    ex = await offline.slash(BOB, "game status", game=gid)
    assert ex.last.content == t("error.no_such_table", "en"), "from the parent channel: none"


async def test_personal_commands_notify_vacation_list(offline, fake):
    gid, lobby = await new_table(offline, ALICE, (BOB,), turn_hours=12)
    await offline.click(ALICE, lobby, f"l1:{gid}:start")
    ex = await offline.slash(BOB, "game notify", choice="reminders")
    assert ex.last.content == t("reply.notify.reminders", "en")
    ex = await offline.slash(BOB, "game list", dm=True)
    assert f"#{gid}" in ex.last.content
    ex = await offline.slash(BOB, "game vacation", days=20)
    assert ex.last.ephemeral
    ex = await offline.slash(BOB, "game vacation", days=3)
    assert "🌴" in ex.last.content and "<t:" in ex.last.content
    ex = await offline.slash(BOB, "game vacation", end=True)
    assert ex.last.content.startswith(t("reply.vacation_ended", "en", n=0)[:10])
    ex = await offline.slash(BOB, "game vacation", end=True)
    assert ex.last.content == t("error.no_vacation", "en")
    ex = await offline.slash(ALICE, "game clock", hours=48)
    assert ex.last.content == t("reply.clock", ALICE.locale, id=gid, hours=48)
    assert (await offline.table.db.load_game(gid)).turn_timeout == 48 * 3600
    ex = await offline.slash(BOB, "game clock", hours=2)
    assert ex.last.content == t("error.not_host", "en")


async def test_host_commands_in_the_lobby(offline, fake):
    gid, lobby = await new_table(offline, ALICE, (BOB, CYRIL))
    ex = await offline.slash(BOB, "game kick", player=str(CYRIL.id))
    assert ex.last.content == t("error.not_host", BOB.locale)
    ex = await offline.slash(ALICE, "game kick", player=str(CYRIL.id))
    assert ex.last.content == t("reply.kicked", ALICE.locale, player="Cyril", id=gid)
    assert "Cyril" in offline.posts()[-1].content
    ex = await offline.slash(ALICE, "game host", player=str(BOB.id))
    assert ex.last.content == t("reply.host", ALICE.locale, player="Bob", id=gid)
    row = await offline.table.db.load_game(gid)
    assert row.host_id == BOB.id and [s.user_id for s in row.seats] == [ALICE.id, BOB.id]
    ex = await offline.slash(ALICE, "game kick", player=str(BOB.id))
    assert ex.last.content == t("error.not_host", ALICE.locale)
