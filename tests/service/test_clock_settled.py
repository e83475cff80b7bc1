"""The turn clock settles a table once per state: asked again at the same seq (a delivery
asks before its DMs and again before a new board) it reads and writes nothing, unless a
seat that moved itself must still start its count of timeouts afresh."""
from __future__ import annotations

from engine import registry
from storage.clock import SeatClock
from tests.service.test_clock import T0, table, world  # noqa: F401  (the fixture)
from tests.service.test_table import at


def counting(store, name):
    """Count the calls of the store's method ``name`` (the real one still runs)."""
    calls = []
    method = getattr(store, name)

    async def counted(*args, **kwargs):
        calls.append(args)
        return await method(*args, **kwargs)
    setattr(store, name, counted)
    return calls


async def test_the_same_state_is_settled_once(world):  # noqa: F811
    svc, out, time = world
    row = await table(svc)
    row = (await svc.act(row.id, at(1), "bid:3", row.seq)).row
    store = svc.clock.store
    before = await store.seats(row.id)
    reads, writes = counting(store, "table"), counting(store, "put")
    game = registry.get(row.type)
    time.now = T0 + 60
    await svc.clock.after_turn(game, row)
    await svc.clock.after_turn(game, row, actor=None)
    assert reads == [] and writes == []
    assert await store.seats(row.id) == before
    lines = await svc.clock.board_notes(row)
    assert lines and all(f"<t:{int(before[s].deadline)}:R>" in "".join(lines)
                         for s in before if before[s].deadline)


async def test_a_seat_that_moved_itself_is_settled_even_after_the_state_was(world):  # noqa: F811
    svc, out, time = world
    row = await table(svc)
    row = (await svc.act(row.id, at(1), "bid:3", row.seq)).row
    store = svc.clock.store
    seat = row.seat_of(1)
    await store.put([SeatClock(row.id, seat, None, None, None, None, 0, None, 2)])
    game = registry.get(row.type)
    await svc.clock.after_turn(game, row)                 # settles, timeouts kept
    assert (await store.seats(row.id))[seat].timeouts == 2
    await svc.clock.after_turn(game, row, actor=seat)     # the same seq, but its own move
    assert (await store.seats(row.id))[seat].timeouts == 0


async def test_a_vacation_at_the_same_state_shows_on_the_next_board(world):  # noqa: F811
    from bot import vacation

    svc, out, time = world
    row = await table(svc)
    row = (await svc.act(row.id, at(1), "bid:3", row.seq)).row
    clocks = await svc.clock.store.seats(row.id)
    waiting = next(s.user_id for s in row.seats if s.seat in clocks and clocks[s.seat].turn)
    until, paused = await vacation.start_vacation(svc, waiting, 2)
    assert paused == 1
    lines = await svc.clock.board_notes(row)
    assert any(f"<t:{int(until)}:f>" in line for line in lines)
