"""The game repository against a real SQLite file."""
import asyncio
import json

import pytest

from storage import GameRow, NoSuchGame, SeatRow, StaleMove, open_database
from storage.db import Db

from storage_helpers import SEATS, active_game, new_game


async def test_connection_pragmas(tmp_path):
    db = await Db.open(tmp_path / "p.db")
    try:
        async with db.transaction(write=False) as tx:
            values = [(await tx.fetchone(f"PRAGMA {name}"))[0] for name in
                      ("journal_mode", "busy_timeout", "synchronous", "foreign_keys")]
    finally:
        await db.close()
    assert values == ["wal", 5000, 1, 1]  # synchronous 1 = NORMAL


async def test_create_and_load_round_trip(db):
    options = {"variant": "dark city", "note": "Příliš žluťoučký kůň", "n": [1, 2]}
    game_id = await db.create_game("citadels", engine_version=3, options=options,
                                   guild_id=7, channel_id=70, host_id=700, locale="cs")
    game = await db.load_game(game_id)
    assert isinstance(game, GameRow)
    assert (game.id, game.type, game.engine_version, game.options, game.status) == \
        (game_id, "citadels", 3, options, "lobby")
    assert (game.seq, game.state, game.guild_id, game.channel_id, game.host_id,
            game.locale) == (0, None, 7, 70, 700, "cs")
    assert game.seats == [] and game.created == game.updated > 0


async def test_missing_game_loads_as_none(db):
    assert await db.load_game(12345) is None


async def test_set_seats_replaces_list(db):
    game_id = await new_game(db)
    await db.set_seats(game_id, SEATS)
    await db.set_seats(game_id, [SeatRow(0, 102, False, "Bořek")])
    game = await db.load_game(game_id)
    assert game.seats == [SeatRow(0, 102, False, "Bořek")]
    assert game.seat_of(102) == 0 and game.seat_of(101) is None


async def test_start_game_stores_seats_and_snapshot(db):
    game_id = await new_game(db)
    await db.start_game(game_id, SEATS, {"count": 0, "rng": 2**63 + 5})
    game = await db.load_game(game_id)
    assert game.status == "active" and game.seq == 0
    assert game.state == {"count": 0, "rng": 2**63 + 5}
    assert game.seats == SEATS and game.seat_of(102) == 1 and game.seats[2].is_ai


async def test_doubled_start_and_late_seat_change_change_nothing(db):
    game_id = await active_game(db)
    before = await db.load_game(game_id)
    with pytest.raises(StaleMove):
        await db.start_game(game_id, [SeatRow(0, 9, False, "X")], {"count": 99})
    with pytest.raises(StaleMove):
        await db.set_seats(game_id, [])
    assert await db.load_game(game_id) == before


async def test_append_move_increments_seq_and_writes_move_and_snapshot(db):
    game_id = await active_game(db)
    for seq in range(3):
        action = {"kind": "pick", "option": f"o{seq}"}
        assert await db.append_move(game_id, expected_seq=seq, seat=seq % 2,
                                    action=action, state={"count": seq + 1}) == seq + 1
    game = await db.load_game(game_id)
    assert game.seq == 3 and game.state == {"count": 3} and game.status == "active"
    moves = await db.moves(game_id)
    assert [(m["seq"], m["seat"], m["action"]["option"]) for m in moves] == \
        [(1, 0, "o0"), (2, 1, "o1"), (3, 0, "o2")]
    assert moves[0]["at"] <= moves[1]["at"] <= moves[2]["at"] <= game.updated


@pytest.mark.parametrize("expected_seq", [0, 1, 5, -1])
async def test_stale_or_doubled_seq_raises_and_changes_nothing(db, expected_seq):
    game_id = await active_game(db)
    await db.append_move(game_id, expected_seq=0, seat=0, action={"a": 1}, state={"count": 1})
    await db.append_move(game_id, expected_seq=1, seat=1, action={"a": 2}, state={"count": 2})
    before, moves = await db.load_game(game_id), await db.moves(game_id)
    with pytest.raises(StaleMove):
        await db.append_move(game_id, expected_seq=expected_seq, seat=0, action={"a": 9},
                             state={"count": 99})
    assert await db.load_game(game_id) == before
    assert await db.moves(game_id) == moves


async def test_move_and_snapshot_are_atomic(db):
    """A failure after the move row is inserted leaves neither move nor snapshot."""
    game_id = await active_game(db)
    before = await db.load_game(game_id)
    with pytest.raises(TypeError):  # the snapshot cannot be encoded
        await db.append_move(game_id, expected_seq=0, seat=0, action={"a": 1},
                             state={"bad": object()})
    assert await db.moves(game_id) == []
    assert await db.load_game(game_id) == before
    assert await db.append_move(game_id, expected_seq=0, seat=0, action={"a": 1},
                                state={"count": 1}) == 1


async def test_finishing_move_closes_the_game(db):
    game_id = await active_game(db)
    await db.append_move(game_id, expected_seq=0, seat=0, action={}, state={"count": 1},
                         status="finished")
    assert (await db.load_game(game_id)).status == "finished"
    with pytest.raises(StaleMove):
        await db.append_move(game_id, expected_seq=1, seat=0, action={}, state={})
    assert len(await db.moves(game_id)) == 1


async def test_moves_need_an_active_game(db):
    game_id = await new_game(db)
    with pytest.raises(StaleMove):
        await db.append_move(game_id, expected_seq=0, seat=0, action={}, state={})
    with pytest.raises(NoSuchGame):
        await db.append_move(999, expected_seq=0, seat=0, action={}, state={})
    assert await db.moves(game_id) == []


async def test_bad_status_is_refused(db):
    game_id = await active_game(db)
    with pytest.raises(ValueError):
        await db.set_status(game_id, "paused")
    with pytest.raises(ValueError):
        await db.append_move(game_id, expected_seq=0, seat=0, action={}, state={},
                             status="won")
    with pytest.raises(NoSuchGame):
        await db.set_status(999, "abandoned")
    game = await db.load_game(game_id)
    assert (game.status, game.seq) == ("active", 0)


async def test_json_is_stored_compact(db):
    game_id = await active_game(db)
    await db.append_move(game_id, expected_seq=0, seat=0, action={"kind": "k", "option": "o"},
                         state={"a": [1, 2], "name": "Šárka"})
    async with db._db.transaction(write=False) as tx:
        state = (await tx.fetchone("SELECT state FROM games WHERE id = ?", (game_id,)))[0]
        action = (await tx.fetchone("SELECT action FROM moves WHERE game = ?", (game_id,)))[0]
    assert state == '{"a":[1,2],"name":"Šárka"}'
    assert json.loads(action) == {"kind": "k", "option": "o"} and " " not in action


async def test_list_games_filters(db):
    a = await active_game(db, guild_id=1)
    b = await new_game(db, guild_id=2)
    await db.set_seats(b, [SeatRow(0, 555, False, "Eve")])
    c = await active_game(db, guild_id=1)
    await db.set_status(c, "finished")
    d = await new_game(db, guild_id=None)

    ids = lambda games: [g.id for g in games]  # noqa: E731
    assert ids(await db.list_games()) == [a, b, d]
    assert ids(await db.list_games(guild_id=1)) == [a]
    assert ids(await db.list_games(user_id=555)) == [b]
    assert ids(await db.list_games(user_id=101, statuses=("active", "finished"))) == [a, c]
    assert ids(await db.list_games(guild_id=1, statuses=("finished",))) == [c]
    assert ids(await db.list_games(user_id=424242)) == []
    listed = {g.id: g for g in await db.list_games(statuses=("lobby", "active", "finished"))}
    assert listed[a].seats == SEATS and listed[b].seats[0].name == "Eve"
    assert listed[d].seats == []


async def test_set_status(db):
    game_id = await active_game(db)
    await db.set_status(game_id, "abandoned")
    assert (await db.load_game(game_id)).status == "abandoned"
    assert await db.list_games() == []


async def test_messages_most_recent_per_kind(db):
    game_id = await new_game(db)
    assert await db.last_message(game_id, "table") is None
    await db.record_message(game_id, "table", 10, 1000)
    await db.record_message(game_id, "lobby", 10, 1001)
    await db.record_message(game_id, "table", 11, 1002)
    assert await db.last_message(game_id, "table") == (11, 1002)
    assert await db.last_message(game_id, "lobby") == (10, 1001)
    with pytest.raises(NoSuchGame):
        await db.record_message(999, "table", 10, 1)


async def test_user_prefs(db):
    assert await db.user_prefs(1) == {"locale": None, "dm_closed": False}
    await db.set_user_pref(1, locale="cs")
    assert await db.user_prefs(1) == {"locale": "cs", "dm_closed": False}
    await db.set_user_pref(1, dm_closed=True)
    assert await db.user_prefs(1) == {"locale": "cs", "dm_closed": True}
    await db.set_user_pref(1, locale="en", dm_closed=False)
    assert await db.user_prefs(1) == {"locale": "en", "dm_closed": False}
    await db.set_user_pref(2, dm_closed=True)
    assert await db.user_prefs(2) == {"locale": None, "dm_closed": True}


async def test_closed_database_refuses_work(target):
    db = await open_database(target)
    await db.close()
    await db.close()  # idempotent
    with pytest.raises(RuntimeError, match="closed"):
        await db.load_game(1)


async def test_work_queued_behind_close_is_refused(target):
    db = await open_database(target)
    results = await asyncio.gather(db.close(), db.user_prefs(1), return_exceptions=True)
    assert results[0] is None and isinstance(results[1], RuntimeError)


async def test_a_game_loads_with_its_seats_in_order_or_none(db):
    """One statement reads a game with its seats (a row per seat, or one without)."""
    game_id = await db.create_game("citadels", engine_version=1, options={"a": 1},
                                   guild_id=None, channel_id=1, host_id=1, locale="en")
    row = await db.load_game(game_id)
    assert row.seats == [] and row.options == {"a": 1} and row.status == "lobby"
    await db.set_seats(game_id, [SeatRow(2, 7, False, "C"), SeatRow(0, None, True, "A"),
                                 SeatRow(1, 5, False, "B")])
    row = await db.load_game(game_id)
    assert [(s.seat, s.user_id, s.is_ai, s.name) for s in row.seats] == \
        [(0, None, True, "A"), (1, 5, False, "B"), (2, 7, False, "C")]
    assert row.options == {"a": 1} and row.id == game_id
    assert await db.load_game(game_id + 1000) is None
