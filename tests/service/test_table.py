"""The table service end to end on a real SQLite file, with a small real game."""
from __future__ import annotations

import pytest

from bot import messages as m
from bot.access import Caller
from bot.table import TableError, TableService
from engine import registry
from engine.core import RuleError
from storage import open_database
from tests.toy_game import GAME as TOY

registry.register(TOY)
GUILD = 7
CHANNEL = 500


def at(user_id: int, *, manage: bool = False) -> Caller:
    """``user_id`` typing in the table's channel (with Manage Server there if ``manage``)."""
    return Caller(user_id, GUILD, CHANNEL, manage)


class Outbox:
    """Records what the service asks to deliver (Discord itself is out of reach here)."""

    def __init__(self, closed_dms=()):
        self.posts: list[m.OutMessage] = []
        self.dms: list[tuple[int, m.OutMessage]] = []
        self.disabled: list[int] = []
        self.edits: list[tuple[int, m.OutMessage]] = []
        self.closed = set(closed_dms)
        self.dm_attempts: list[int] = []

    async def post(self, channel_id, msg):
        self.posts.append(msg)
        return 9000 + len(self.posts)

    async def dm(self, user_id, msg):
        self.dm_attempts.append(user_id)
        if user_id in self.closed:
            return False
        self.dms.append((user_id, msg))
        return m.Sent(-user_id, 8000 + len(self.dms))

    async def edit(self, channel_id, message_id, msg):
        self.edits.append((message_id, msg))
        return True

    async def disable(self, channel_id, message_id):
        self.disabled.append(message_id)


@pytest.fixture
async def service(tmp_path):
    db = await open_database(tmp_path / "t.sqlite")
    out = Outbox(closed_dms={3})
    svc = TableService(db, out)
    svc.renderer.enabled = False
    yield svc, out
    await db.close()


async def lobby_of(svc, users=(1, 2, 3)):
    row = await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=users[0],
                                 host_name="U1", options={"target": "8"})
    for u in users[1:]:
        row = await svc.join(row.id, at(u), f"U{u}")
    return row


async def test_lobby_rules(service):
    svc, _ = service
    row = await lobby_of(svc)
    assert [s.user_id for s in row.seats] == [1, 2, 3]
    assert row.options == {"target": 8}
    with pytest.raises(TableError) as err:
        await svc.join(row.id, at(2), "again")
    assert err.value.key == "already_joined"
    with pytest.raises(TableError) as err:
        await svc.start(row.id, at(2))
    assert err.value.key == "not_host"
    await svc.add_ai(row.id, at(1))
    with pytest.raises(TableError) as err:
        await svc.add_ai(row.id, at(1))
    assert err.value.key == "table_full"
    row = await svc.leave(row.id, at(3))
    assert [s.seat for s in row.seats] == [0, 1, 2]
    msg = svc.lobby_message(row)
    assert len(msg.rows[0]) == 5 and all(len(b.custom_id) <= 100 for b in msg.rows[0])
    assert f"l1:{row.id}:unai" in msg.custom_ids(), "an AI seat can be removed"


async def test_bad_option_is_refused_before_anything_is_stored(service):
    svc, _ = service
    with pytest.raises(RuleError) as err:
        await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=1, host_name="U1",
                               options={"target": "99"})
    assert err.value.key == "bad_option_value"
    assert await svc.list_games(guild_id=7) == []


async def play_to_end(svc, game_id):
    """Every human answers its open decision with the first option until the end."""
    row = await svc.db.load_game(game_id)
    while row.status == "active":
        decision = TOY.pending(row.state)[0]
        user = next(s.user_id for s in row.seats if s.seat == decision.seat)
        outcome = await svc.act(game_id, at(user), decision.options[-1].id, row.seq)
        row = outcome.row
    return row


async def test_full_game_secret_picks_dms_and_result(service):
    svc, out = service
    row = await lobby_of(svc)
    row = await svc.start(row.id, at(1), seed=5)
    assert row.status == "active" and out.posts, "the first board is posted"
    # every human gets a private panel for the secret bid, except user 3 whose DMs are closed
    assert {u for u, _ in out.dms} == {1, 2}
    assert 3 in out.dm_attempts and (await svc.db.user_prefs(3))["dm_closed"]
    assert any("<@3>" in p.text for p in out.posts), "closed DMs get a channel fallback"
    row = await play_to_end(svc, row.id)
    assert row.status == "finished"
    assert out.posts[-1].rows == [] and "🏆" in out.posts[-1].text
    attempts_after = out.dm_attempts.count(3)
    assert attempts_after == 1, "a user with DMs closed is never tried again"
    moves = await svc.db.moves(row.id)
    assert len(moves) == row.seq and moves[-1]["seq"] == row.seq


async def test_refusals_change_nothing(service):
    svc, _ = service
    row = await lobby_of(svc)
    row = await svc.start(row.id, at(1), seed=1)
    before = await svc.db.load_game(row.id)
    for user, option, seq, key in [(99, "bid:1", before.seq, "not_a_player"),
                                   (1, "bid:9", before.seq, "illegal_option"),
                                   (1, "bid:1", before.seq + 5, "stale")]:
        with pytest.raises(RuleError) as err:
            await svc.act(row.id, at(user), option, seq)
        assert err.value.key == key
    after = await svc.db.load_game(row.id)
    assert (after.seq, after.state) == (before.seq, before.state)


async def test_double_click_applies_once(service):
    import asyncio
    svc, _ = service
    row = await lobby_of(svc)
    row = await svc.start(row.id, at(1), seed=1)
    results = await asyncio.gather(svc.act(row.id, at(1), "bid:2", row.seq),
                                   svc.act(row.id, at(1), "bid:2", row.seq), return_exceptions=True)
    assert sum(isinstance(r, TableError) for r in results) == 1
    assert (await svc.db.load_game(row.id)).seq == row.seq + 1


async def test_ai_seats_play_themselves(service):
    svc, out = service
    row = await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=1, host_name="U1")
    await svc.add_ai(row.id, at(1))
    await svc.add_ai(row.id, at(1))
    row = await svc.start(row.id, at(1), seed=3)
    row = await play_to_end(svc, row.id)
    assert row.status == "finished"
    assert all(s.is_ai for s in row.seats if s.user_id is None)


async def test_restart_continues_from_the_database(tmp_path):
    path = tmp_path / "r.sqlite"
    db = await open_database(path)
    svc = TableService(db, Outbox())
    svc.renderer.enabled = False
    row = await lobby_of(svc, users=(1, 2))
    row = await svc.start(row.id, at(1), seed=2)
    await svc.act(row.id, at(1), "bid:3", row.seq)
    seq = (await db.load_game(row.id)).seq
    await db.close()
    db = await open_database(path)
    svc = TableService(db, Outbox())
    svc.renderer.enabled = False
    outcome = await svc.act(row.id, at(2), "bid:1", seq)
    assert outcome.row.seq == seq + 1
    assert (await play_to_end(svc, row.id)).status == "finished"
    await db.close()


async def test_abandon_permissions(service):
    svc, _ = service
    row = await lobby_of(svc)
    with pytest.raises(TableError):
        await svc.abandon(row.id, at(2))
    row = await svc.abandon(row.id, at(2, manage=True))
    assert row.status == "abandoned"


async def test_secret_pick_buttons_survive_other_players_picks(service):
    svc, _ = service
    row = await lobby_of(svc)
    row = await svc.start(row.id, at(1), seed=1)
    dealt = row.seq                                   # every DM'd panel carries this seq
    await svc.act(row.id, at(1), "bid:1", dealt)
    outcome = await svc.act(row.id, at(2), "bid:2", dealt)  # still valid: user 2 has not moved
    assert outcome.row.seq == dealt + 2
    with pytest.raises(TableError) as err:              # user 1 already moved since
        await svc.act(row.id, at(1), "bid:3", dealt)
    assert err.value.key in ("stale", "nothing_to_decide")
    assert (await svc.db.load_game(row.id)).seq == dealt + 2


async def test_public_decisions_still_refuse_older_buttons(service):
    svc, _ = service
    row = await lobby_of(svc, users=(1, 2))
    row = await svc.start(row.id, at(1), seed=1)
    await svc.act(row.id, at(1), "bid:1", row.seq)
    out = await svc.act(row.id, at(2), "bid:1", row.seq + 1)
    row = out.row                                        # bids revealed: seat 0 adds, publicly
    user_of = {s.seat: s.user_id for s in row.seats}
    await svc.act(row.id, at(user_of[0]), "add:1", row.seq)
    with pytest.raises(TableError) as err:               # seat 1's turn now, but an old button
        await svc.act(row.id, at(user_of[1]), "add:1", row.seq)
    assert err.value.key == "stale"


def test_fit_lines_keeps_the_start_and_the_latest_lines():
    from bot.compose import fit_lines
    short = ["• a", "• b"]
    assert fit_lines(short, 100) == short
    many = [f"• line {i:02d} " + "x" * 40 for i in range(60)]
    fitted = fit_lines(many, 1500)
    assert sum(len(x) + 1 for x in fitted) <= 1500
    assert fitted[0] == many[0] and fitted[-1] == many[-1] and "…" in fitted


async def test_a_failing_renderer_never_blocks_a_saved_move(service, monkeypatch):
    import bot.render_service as rs
    svc, out = service
    svc.renderer.enabled = True
    svc.renderer.processes = False   # drawn in this process, where the patch below holds

    def broken(*args, **kwargs):
        raise ValueError("renderer bug")

    monkeypatch.setattr(rs, "render_bytes", broken)
    row = await lobby_of(svc, users=(1, 2))
    row = await svc.start(row.id, at(1), seed=4)
    outcome = await svc.act(row.id, at(1), "bid:1", row.seq)
    assert outcome.row.seq == row.seq + 1 and outcome.panel.files == []
    assert out.posts and out.posts[-1].files == []


def test_few_options_are_buttons_and_many_are_selects():
    from bot import messages as m
    few = m.option_rows(7, 3, [(f"o:{i}", f"Option {i}") for i in range(m.MAX_BUTTONS)])
    assert all(isinstance(item, m.Button) for row in few for item in row)
    many = m.option_rows(7, 3, [(f"o:{i}", f"Option {i}") for i in range(40)])
    selects = [item for row in many for item in row]
    assert all(isinstance(s, m.Select) for s in selects)
    assert [len(s.options) for s in selects] == [25, 15]
    assert [o.value for s in selects for o in s.options] == [f"o:{i}" for i in range(40)]


async def test_host_hands_a_vanished_players_seat_to_the_ai(service):
    svc, out = service
    row = await lobby_of(svc)
    row = await svc.start(row.id, at(1), seed=6)
    with pytest.raises(TableError) as err:
        await svc.replace_with_ai(row.id, at(2), 3)
    assert err.value.key == "not_allowed_replace"
    row = await svc.replace_with_ai(row.id, at(1), 3)
    seat = next(s for s in row.seats if s.name.startswith("AI"))
    assert seat.is_ai and seat.user_id is None
    assert seat.seat not in {d.seat for d in TOY.pending(row.state)}, "the AI bid at once"
    assert "U3" in seat.name
    row = await play_to_end(svc, row.id)
    assert row.status == "finished"


async def test_turn_clock_applies_the_timeout_defaults_once_the_table_waited_too_long(service):
    svc, out = service
    with pytest.raises(TableError) as err:
        await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=1, host_name="U1",
                               turn_hours=0)
    assert err.value.key == "bad_turn_hours"
    row = await svc.create_lobby("toy", guild_id=GUILD, channel_id=CHANNEL, host_id=1, host_name="U1",
                                 turn_hours=2)
    await svc.join(row.id, at(2), "U2")
    row = await svc.start(row.id, at(1), seed=8)
    await svc.act(row.id, at(1), "bid:3", row.seq)                  # user 2 keeps everyone waiting
    row = await svc.db.load_game(row.id)
    assert await svc.enforce_deadlines(now=row.updated + 2 * 3600 - 1) == []
    assert (await svc.db.load_game(row.id)).seq == row.seq      # not yet
    assert await svc.enforce_deadlines(now=row.updated + 2 * 3600 + 1) == [row.id]
    after = await svc.db.load_game(row.id)
    late = next(s.seat for s in row.seats if s.user_id == 2)
    moves = await svc.db.moves(row.id)
    assert moves[row.seq]["seat"] == late and moves[row.seq]["action"] == {"kind": "bid", "option": "bid:1"}
    assert after.state["bids"] == {str(late): 1, str(1 - late): 3}
    assert after.seq == row.seq + 1, "only the late seat's own turn is played for it"
    assert "⏰" in out.posts[-1].text
    assert await svc.enforce_deadlines(now=after.updated + 2 * 3600 - 1) == [], \
        "the clock restarts with every move"


async def test_a_table_without_a_clock_never_times_out(service):
    svc, _ = service
    row = await lobby_of(svc, users=(1, 2))
    row = await svc.start(row.id, at(1), seed=8)
    assert await svc.enforce_deadlines(now=row.updated + 10**9) == []


async def test_citadels_timeout_takes_two_gold_and_ends_the_turn(service):
    """Spec §5 / ruling 52: Step 1 not done -> take 2 gold; optional actions skipped."""
    import random
    from engine import ai
    svc, _ = service
    row = await svc.create_lobby("citadels", guild_id=7, channel_id=CHANNEL, host_id=1,
                                 host_name="U1", turn_hours=24)
    for u in (2, 3, 4):
        await svc.join(row.id, at(u), f"U{u}")
    row = await svc.start(row.id, at(1), seed=21)
    game = registry.get("citadels")
    users = {s.seat: s.user_id for s in row.seats}
    while True:                                  # play until somebody's turn begins
        decision = game.pending(row.state)[0]
        if decision.kind == "turn" and decision.option("income:gold"):
            break
        choice = ai.choose(game, row.state, decision, random.Random(row.seq))
        row = (await svc.act(row.id, at(users[decision.seat]), choice.option, row.seq)).row
    late, character = decision.seat, row.state["turn"]["char"]
    gold = row.state["gold"][late]
    assert await svc.enforce_deadlines(now=row.updated + 24 * 3600 + 1) == [row.id]
    moves = (await svc.db.moves(row.id))[row.seq:]
    mine = [m["action"]["option"] for m in moves if m["seat"] == late]
    assert mine[0] == "income:gold" and mine[-1] == "end", mine
    after = await svc.db.load_game(row.id)
    assert after.state["turn"] is None or after.state["turn"]["char"] != character
    assert after.state["gold"][late] == gold + 2      # a robbery happened at the reveal, before
