"""The turn clock on a real SQLite file with a controllable clock (no sleeps): reminders,
vacations, timeouts handing a seat to the AI and back, host controls, lobby expiry,
notification choices, "where is it my turn?"."""
from __future__ import annotations

import pytest

from bot import hosting, vacation
from bot.access import Caller
from bot.clock import reminder_lefts
from bot.table import TableError, TableService
from engine import registry
from storage import open_database
from tests.service.test_table import CHANNEL, GUILD, Outbox, at
from tests.toy_game import GAME as TOY

registry.register(TOY)
H = 3600
T0 = 1_800_000_000.0          # a Wednesday, 2027-01-15


class FakeTime:
    """The clock the table service reads; tests move it by hand."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def make(path, out, time) -> TableService:
    svc = TableService(await open_database(path), out, clock=time)
    svc.renderer.enabled = False
    return svc


@pytest.fixture
async def world(tmp_path):
    time, out = FakeTime(), Outbox(closed_dms={3})
    svc = await make(tmp_path / "c.sqlite", out, time)
    yield svc, out, time
    await svc.db.close()


async def table(svc, users=(1, 2), hours=24, seed=8):
    row = await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=users[0],
                                 host_name=f"U{users[0]}", turn_hours=hours)
    for u in users[1:]:
        await svc.join(row.id, at(u), f"U{u}")
    return await svc.start(row.id, at(users[0]), seed=seed)


def dms_to(out, user):
    return [msg.text for u, msg in out.dms if u == user]


def reminders_to(out, user):
    return [text for text in dms_to(out, user) if text.startswith("⏰")]


async def tick(svc, time, at_time):
    time.now = at_time
    return await svc.enforce_deadlines()


def test_reminder_points_are_a_share_or_time_left_inside_the_clock():
    assert reminder_lefts(24 * H, (0.5, 2 * H)) == [12 * H, 2 * H]
    assert reminder_lefts(2 * H, (0.5, 2 * H)) == [H], "2 h before a 2 h clock is its start"
    assert reminder_lefts(H, (0.25, 0.25, 600)) == [900, 600]


async def test_reminders_fire_once_at_half_time_and_two_hours_before(world):
    svc, out, time = world
    row = await table(svc)
    await svc.act(row.id, at(1), "bid:3", row.seq)                 # user 2 keeps us waiting
    for hours in (1, 6, 11.9):
        await tick(svc, time, T0 + hours * H)
    assert reminders_to(out, 2) == []
    await tick(svc, time, T0 + 12 * H)
    await tick(svc, time, T0 + 12 * H + 60)
    await tick(svc, time, T0 + 21 * H)
    first = reminders_to(out, 2)
    assert len(first) == 1 and f"<t:{int(T0 + 24 * H)}:R>" in first[0]
    assert "https://discord.com/channels/7/500/" in first[0], "a jump link to the board"
    await tick(svc, time, T0 + 22 * H)
    await tick(svc, time, T0 + 23 * H)
    assert len(reminders_to(out, 2)) == 2
    assert reminders_to(out, 1) == [], "who has moved is not reminded"


async def test_no_reminder_after_the_move(world):
    svc, out, time = world
    row = await table(svc)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    time.now = T0 + 5 * H
    row = await svc.db.load_game(row.id)
    await svc.act(row.id, at(2), "bid:1", row.seq)                  # user 2 moves in time
    sent = len(reminders_to(out, 2))
    for hours in (12, 22, 23, 30):
        await tick(svc, time, T0 + hours * H)
    row = await svc.db.load_game(row.id)
    mine = TOY.decision_for(row.state, row.seat_of(2))
    later = reminders_to(out, 2)[sent:]
    # user 2's bid turn ended at +5 h; only a new turn of theirs (their "add") may remind
    assert all(f"<t:{int(T0 + 24 * H)}:R>" not in text for text in later)
    assert mine is None or all(f"<t:{int(T0 + 5 * H + 24 * H)}:R>" in text for text in later)


async def test_a_restart_between_never_sends_a_reminder_twice(tmp_path):
    time, out = FakeTime(), Outbox()
    svc = await make(tmp_path / "r.sqlite", out, time)
    row = await table(svc)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    await tick(svc, time, T0 + 12 * H + 30)
    assert len(reminders_to(out, 2)) == 1
    await svc.db.close()
    svc = await make(tmp_path / "r.sqlite", out, time)                # the bot restarts
    await tick(svc, time, T0 + 12 * H + 90)
    await tick(svc, time, T0 + 13 * H)
    assert len(reminders_to(out, 2)) == 1
    await svc.db.close()
    svc = await make(tmp_path / "r.sqlite", out, time)                # down through 22 h
    await tick(svc, time, T0 + 23 * H)
    await tick(svc, time, T0 + 23 * H + 60)
    assert len(reminders_to(out, 2)) == 2, "a missed point is sent once, late"
    await svc.db.close()


async def test_closed_dms_get_the_reminder_as_a_mention_on_the_table(world):
    svc, out, time = world
    row = await table(svc, users=(1, 3))
    await svc.act(row.id, at(1), "bid:2", row.seq)
    before = len(out.posts)
    await tick(svc, time, T0 + 12 * H)
    pings = [p for p in out.posts[before:] if 3 in p.mentions]
    assert len(pings) == 1 and "<@3>" in pings[0].text


async def test_the_deadline_shows_on_the_board_as_a_discord_timestamp(world):
    svc, out, time = world
    row = await table(svc)
    assert f"<t:{int(T0 + 24 * H)}:R>" in out.posts[-1].text


async def test_a_vacation_pauses_the_clock_and_gives_the_time_left_back(world):
    svc, out, time = world
    row = await table(svc)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    time.now = T0 + 6 * H
    until, paused = await vacation.start_vacation(svc, 2, 3)
    assert paused == 1 and until == T0 + 6 * H + 3 * 24 * H
    assert any("🌴" in p.text and f"<t:{int(until)}:f>" in p.text for p in out.posts)
    seq = (await svc.db.load_game(row.id)).seq
    for hours in (24, 30, 60, 77):
        assert await tick(svc, time, T0 + hours * H) == []
    assert (await svc.db.load_game(row.id)).seq == seq, "nothing times out on vacation"
    assert reminders_to(out, 2) == []
    board = await svc.board(row.id, at(1))
    assert f"<t:{int(until)}:f>" in board.text and "🌴" in board.text
    await tick(svc, time, until)                                   # back: 18 h are left
    assert await tick(svc, time, until + 18 * H - 60) == []
    assert await tick(svc, time, until + 18 * H) == [row.id]
    assert (await svc.db.load_game(row.id)).seq > seq


async def test_ending_a_vacation_early_restarts_the_clock_where_it_stopped(world):
    svc, out, time = world
    row = await table(svc)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    time.now = T0 + 20 * H
    await vacation.start_vacation(svc, 2, 5)
    time.now = T0 + 40 * H
    assert await vacation.end_vacation(svc, 2) == 1
    with pytest.raises(TableError) as err:
        await vacation.end_vacation(svc, 2)
    assert err.value.key == "no_vacation"
    assert await tick(svc, time, T0 + 43 * H) == []
    assert await tick(svc, time, T0 + 44 * H) == [row.id]


async def test_a_turn_that_starts_during_a_vacation_waits_for_its_end(world):
    svc, out, time = world
    await vacation.start_vacation(svc, 2, 2)
    dms_before = len(dms_to(out, 2))
    row = await table(svc)
    assert len(dms_to(out, 2)) == dms_before, "no your-turn DM on vacation"
    assert not any(2 in p.mentions for p in out.posts), "nor a ping"
    await svc.act(row.id, at(1), "bid:3", row.seq)
    assert await tick(svc, time, T0 + 47 * H) == []
    assert await tick(svc, time, T0 + 48 * H + 24 * H) == [row.id]


async def test_the_vacation_allowance_is_bounded_per_month(world):
    svc, out, time = world
    await vacation.start_vacation(svc, 2, 10)
    time.now += 10 * 24 * H + 1
    with pytest.raises(TableError) as err:
        await vacation.start_vacation(svc, 2, 5)
    assert err.value.key == "vacation_allowance" and err.value.params["left"] == 4
    await vacation.start_vacation(svc, 2, 4)
    with pytest.raises(TableError):
        await vacation.start_vacation(svc, 2, 15)


async def late_user_two(svc, time, row, moves_of_two=()):
    """Play user 1 by defaults and let user 2 time out, turn after turn; user 2 moves
    itself on the turns listed in ``moves_of_two`` (counted from 1)."""
    timeouts, turn = 0, 0
    seat2 = row.seat_of(2)
    while True:
        row = await svc.db.load_game(row.id)
        if row.status != "active" or next(s for s in row.seats if s.seat == seat2).is_ai:
            return row, timeouts
        pending = {d.seat: d for d in TOY.pending(row.state)}
        if row.seat_of(1) in pending:
            await svc.act(row.id, at(1), pending[row.seat_of(1)].default, row.seq)
            continue
        turn += 1
        if turn in moves_of_two:
            await svc.act(row.id, at(2), pending[seat2].default, row.seq)
            continue
        assert await tick(svc, time, time.now + 24 * H + 1) == [row.id]
        timeouts += 1


async def test_the_third_consecutive_timeout_hands_the_seat_to_the_ai_and_reclaim_gives_it_back(world):
    svc, out, time = world
    row = await table(svc, seed=3)
    seat2 = row.seat_of(2)
    row, timeouts = await late_user_two(svc, time, row)
    zombie = next(s for s in row.seats if s.seat == seat2)
    assert timeouts == 3 and zombie.is_ai and zombie.user_id == 2, "the seat keeps its user"
    assert zombie.name == "U2"
    told = [p.text for p in out.posts if "🤖" in p.text]
    assert len(told) == 1 and "U2" in told[0]
    assert TOY.decision_for(row.state, seat2) is None, "the AI answers at once"
    with pytest.raises(TableError) as err:
        await hosting.reclaim(svc, row.id, at(1))
    assert err.value.key == "not_zombie"
    row = await hosting.reclaim(svc, row.id, at(2))
    back = next(s for s in row.seats if s.seat == seat2)
    assert not back.is_ai and back.user_id == 2
    assert (await svc.clock.store.seats(row.id))[seat2].timeouts == 0
    assert "U2" in out.posts[-1].text


async def test_a_move_of_ones_own_resets_the_count_of_timeouts(world):
    svc, out, time = world
    row = await table(svc, seed=3)
    row, timeouts = await late_user_two(svc, time, row, moves_of_two=(3,))
    assert timeouts == 5, "timeout, timeout, own move, then three more"


async def test_the_table_sets_how_many_timeouts_make_a_zombie(world):
    svc, out, time = world
    row = await table(svc, seed=3)
    await hosting.set_clock(svc, row.id, at(1), 24, zombie_after=1)
    row, timeouts = await late_user_two(svc, time, row)
    assert timeouts == 1


async def test_lobbies_that_never_start_expire_with_a_message(world):
    svc, out, time = world
    row = await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=1,
                                 host_name="U1")
    await svc.enforce_deadlines(now=row.created + 6 * 24 * H)
    assert (await svc.db.load_game(row.id)).status == "lobby"
    await svc.enforce_deadlines(now=row.created + 7 * 24 * H + 1)
    assert (await svc.db.load_game(row.id)).status == "abandoned"
    assert f"#{row.id}" in out.posts[-1].text and "7 days" in out.posts[-1].text


async def test_host_kicks_from_the_lobby_and_hands_the_host_role_on(world):
    svc, out, time = world
    row = await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=1,
                                 host_name="U1")
    for u in (2, 3):
        await svc.join(row.id, at(u), f"U{u}")
    with pytest.raises(TableError) as err:
        await hosting.kick(svc, row.id, at(2), 3)
    assert err.value.key == "not_host"
    with pytest.raises(TableError) as err:
        await hosting.kick(svc, row.id, Caller(1, GUILD, CHANNEL + 1), 3)
    assert err.value.key == "no_such_table", "from elsewhere: like an unknown table"
    row, name = await hosting.kick(svc, row.id, at(1), 3)
    assert [s.user_id for s in row.seats] == [1, 2] and name == "U3" and "U3" in out.posts[-1].text
    row = await hosting.transfer_host(svc, row.id, at(1), 2)
    assert row.host_id == 2
    with pytest.raises(TableError):
        await hosting.kick(svc, row.id, at(1), 2)                   # no longer the host
    row = await svc.start(row.id, at(2), seed=1)
    with pytest.raises(TableError) as err:
        await hosting.kick(svc, row.id, at(2), 1)
    assert err.value.key == "not_in_lobby"


async def test_the_host_changes_the_clock_of_a_running_game_and_the_table_is_told(world):
    svc, out, time = world
    row = await table(svc)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    with pytest.raises(TableError):
        await hosting.set_clock(svc, row.id, at(2), 48)
    time.now = T0 + 10 * H
    await hosting.set_clock(svc, row.id, at(1), 48, reminders=hosting.parse_reminders("1h"))
    assert "48" in out.posts[-1].text
    assert await tick(svc, time, T0 + 30 * H) == []
    assert reminders_to(out, 2) == []
    await tick(svc, time, T0 + 47 * H)
    assert len(reminders_to(out, 2)) == 1
    assert await tick(svc, time, T0 + 48 * H) == [row.id]
    with pytest.raises(TableError):
        hosting.parse_reminders("soon")


async def test_notify_choices(world):
    svc, out, time = world
    await vacation.set_notify(svc, 2, "reminders")
    row = await table(svc)
    assert dms_to(out, 2) == [], "no your-turn DM"
    assert len(dms_to(out, 1)) == 1 and "https://discord.com/channels/" in dms_to(out, 1)[0]
    await svc.act(row.id, at(1), "bid:3", row.seq)
    await tick(svc, time, T0 + 12 * H)
    assert len(reminders_to(out, 2)) == 1
    await vacation.set_notify(svc, 2, "none")
    await tick(svc, time, T0 + 22 * H)
    assert len(reminders_to(out, 2)) == 1


async def test_where_is_it_my_turn_soonest_deadline_first(world):
    svc, out, time = world
    slow = await table(svc, hours=48)
    time.now += H
    fast = await table(svc, hours=24)
    lines = await vacation.my_turns(svc, 2, "en")
    assert f"#{fast.id}" in lines[1] and f"#{slow.id}" in lines[2]
    assert "https://discord.com/channels/7/500/" in lines[1]
    for row in (slow, fast):
        await svc.act(row.id, at(2), "bid:1", (await svc.db.load_game(row.id)).seq)
    assert await vacation.my_turns(svc, 2, "en") == []


async def test_the_minute_task_reads_only_due_clocks_by_an_index(world):
    svc, out, time = world
    await table(svc)
    async with svc.db._db.transaction(write=False) as tx:
        plan = await tx.fetchall("EXPLAIN QUERY PLAN SELECT game FROM clocks WHERE due IS NOT NULL"
                                 " AND due <= ? ORDER BY due LIMIT 500", (T0,))
    assert any("clocks_due" in str(tuple(r)) for r in plan), [tuple(r) for r in plan]


def test_lobby_days_and_vacation_allowance_are_settings(monkeypatch):
    from bot.config import load_settings
    monkeypatch.setenv("LOBBY_DAYS", "3")
    monkeypatch.setenv("VACATION_DAYS", "oops")
    settings = load_settings(env_file=None)
    assert settings.lobby_days == 3 and settings.vacation_days == 14


async def test_a_smaller_allowance_is_respected(world):
    svc, out, time = world
    svc.clock.vacation_days = 5
    with pytest.raises(TableError) as err:
        await vacation.start_vacation(svc, 2, 6)
    assert err.value.key == "bad_vacation_days"
    await vacation.start_vacation(svc, 2, 5)
    assert await vacation.days_left(svc, 2, time.now) == 0


async def test_a_clock_set_on_a_running_table_without_one_starts_for_who_is_waiting(world):
    svc, out, time = world
    row = await table(svc, hours=None)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    assert await tick(svc, time, T0 + 100 * H) == []
    await hosting.set_clock(svc, row.id, at(1), 6)
    assert await tick(svc, time, T0 + 106 * H - 60) == []
    assert await tick(svc, time, T0 + 106 * H) == [row.id]


async def test_vacation_is_on_the_board_also_without_a_clock(world):
    svc, out, time = world
    await vacation.start_vacation(svc, 2, 2)
    row = await table(svc, hours=None)
    assert "🌴" in out.posts[-1].text and "U2" in out.posts[-1].text


async def test_a_board_edited_in_place_keeps_the_deadlines(world):
    svc, out, time = world
    row = await table(svc)
    time.now = T0 + H
    await svc.act(row.id, at(1), "bid:3", row.seq)      # a secret pick edits the board
    edited = out.edits[-1][1].text
    assert f"U2: " in edited and f"<t:{int(T0 + 24 * H)}:R>" in edited
    assert "U1: " not in edited, "who has chosen has no clock running"
