"""A table's clocks and settings read in one statement equal the two reads; what the turn
clock settled at a seq is forgotten by every write of the store that touches the table."""
from storage.clock import ClockStore, SeatClock

from storage_helpers import active_game


def _clock(game, seat, **kw):
    return SeatClock(game, seat, kw.get("turn", "t"), 1.0, kw.get("deadline", 500.0), None, 0,
                     kw.get("due", 250.0), kw.get("timeouts", 0))


async def test_the_table_read_equals_clocks_and_settings_read_apart(db):
    store = ClockStore(db)
    both, clocks_only, settings_only, neither = [await active_game(db) for _ in range(4)]
    await store.put([_clock(both, 0), _clock(both, 1, turn=None, deadline=None, due=None,
                                             timeouts=2), _clock(clocks_only, 1)])
    await store.set_settings(both, reminders=[0.5, 3600.0], zombie_after=4)
    await store.set_settings(settings_only, zombie_after=2)
    for game in (both, clocks_only, settings_only, neither, 9999):
        assert await store.table(game) == (await store.seats(game), await store.settings(game))
    clocks, settings = await store.table(both)
    assert sorted(clocks) == [0, 1] and clocks[1].timeouts == 2
    assert settings == ([0.5, 3600.0], 4)
    assert await store.table(neither) == ({}, (None, None))


async def test_the_table_read_shows_a_claimed_seat_its_real_due(db):
    store = ClockStore(db)
    game = await active_game(db)
    await store.put([_clock(game, 0, due=100.0)])
    [claimed] = await store.due(200.0)
    clocks, _ = await store.table(game)
    assert clocks[0].due == claimed.due == 100.0


async def test_any_write_touching_a_table_forgets_what_was_settled(db):
    store = ClockStore(db)
    game, other = await active_game(db), await active_game(db)
    writes = {
        "put": lambda: store.put([_clock(game, 0)]),
        "stop": lambda: store.stop(game),
        "settings": lambda: store.set_settings(game, zombie_after=5),
        "turn timeout": lambda: store.set_turn_timeout(game, 7200),
    }
    for name, write in writes.items():
        store.settle(game, 3, "key", {})
        store.settle(other, 3, "key", {})
        assert store.settled(game, 3) == ("key", {}) and store.settled(game, 4) is None
        await write()
        assert store.settled(game, 3) is None, name
        assert store.settled(other, 3) == ("key", {}), name   # other tables keep theirs
    await store.put([_clock(game, 0, due=10.0)])
    store.settle(game, 3, "key", {})
    assert await store.due(20.0)                # a claim of one of its seats forgets it too
    assert store.settled(game, 3) is None


async def test_clocks_are_put_many_at_once_the_last_of_a_seat_winning(db):
    store = ClockStore(db)
    games = [await active_game(db) for _ in range(65)]
    clocks = [_clock(g, s, due=float(s)) for g in games for s in range(8)]   # 520 clocks
    await store.put(clocks + [_clock(games[0], 0, due=99.0)])
    assert (await store.seats(games[0]))[0].due == 99.0
    assert [len(await store.seats(g)) for g in games] == [8] * len(games)
    assert (await store.seats(games[-1]))[7].due == 7.0
