"""The turn clock's due seats are claimed: two processes (two stores on one database)
asking at once get disjoint seats, together all of them; the claimer still sees the real
``due``; storing the next ``due`` ends the claim; an abandoned claim lapses."""
import asyncio

from storage import open_database
from storage.clock import CLAIM_LEASE_S, ClockStore, SeatClock

from storage_helpers import active_game


async def test_two_processes_claim_each_due_seat_once(db, target):
    games = [await active_game(db) for _ in range(6)]
    store = ClockStore(db)
    await store.put([SeatClock(g, s, "t", 0.0, 500.0, None, 0, 100.0 + g + s / 10, 0)
                     for g in games for s in (0, 1)])
    await store.put([SeatClock(games[0], 2, "t", 0.0, 500.0, None, 0, 900.0, 0)])  # not yet
    other = await open_database(target)   # a second process's connection and store
    try:
        theirs = ClockStore(other)
        mine, their = await asyncio.gather(store.due(200.0), theirs.due(200.0))
        keys = lambda clocks: {(c.game, c.seat) for c in clocks}  # noqa: E731
        assert not keys(mine) & keys(their)
        assert keys(mine) | keys(their) == {(g, s) for g in games for s in (0, 1)}
        assert await store.due(200.0) == [] and await theirs.due(250.0) == []
        # whichever claimed something (the gather may let one take everything)
        (claimer, won), (loser, _) = sorted([(store, mine), (theirs, their)],
                                            key=lambda pair: not pair[1])
        for c in won:   # the claimer sees the real due, the other a lease
            assert (await claimer.seats(c.game))[c.seat].due == c.due < 200.0
            assert (await loser.seats(c.game))[c.seat].due == 200.0 + CLAIM_LEASE_S
        # the claimer stores the next due: the claim is over, the seat is due again then
        first = sorted(won, key=lambda c: (c.game, c.seat))[0]
        first.due = 230.0
        await claimer.put([first])
        assert [(c.game, c.seat) for c in await loser.due(240.0)] == [(first.game, first.seat)]
        # a claim whose process died lapses after the lease
        lapsed = {(c.game, c.seat) for c in await loser.due(200.0 + CLAIM_LEASE_S)}
        assert lapsed == keys(won) - {(first.game, first.seat)}
    finally:
        await other.close()


async def test_a_seat_rewritten_by_another_process_shows_its_new_due(db, target):
    game = await active_game(db)
    store = ClockStore(db)
    await store.put([SeatClock(game, 0, "t", 0.0, 500.0, None, 0, 100.0, 0)])
    assert [c.due for c in await store.due(200.0)] == [100.0]
    other = await open_database(target)
    try:   # a move in another process starts a new turn for the seat meanwhile
        await ClockStore(other).put([SeatClock(game, 0, "t2", 150.0, 900.0, None, 0, 700.0, 0)])
    finally:
        await other.close()
    assert (await store.seats(game))[0].due == 700.0
