"""LiveDatabase's game rows: kept in memory, validated by ``rev`` before use, written
through, never shared with a caller, bounded; a write by another process (a second
Database on the same file or server) is seen on the next load.  Both backends."""
import random
from collections import OrderedDict

import pytest

from engine import ai, registry
from storage import NoSuchGame, SeatRow, StaleMove, open_database
from storage.clock import ClockStore
from storage.live import LiveDatabase
from storage.memory import Memory
from storage_helpers import SEATS, active_game, new_game
from real_games import fill


@pytest.fixture
async def live(target):
    db = LiveDatabase(await open_database(target), games=4)
    yield db
    await db.close()


@pytest.fixture
async def other(live, target):
    """Another process's view of the same database."""
    db = await open_database(target)
    yield db
    await db.close()


async def hit(live, game_id):
    """Load ``game_id``; assert it came from memory."""
    hits, misses = live.game_hits, live.game_misses
    row = await live.load_game(game_id)
    assert (live.game_hits, live.game_misses) == (hits + 1, misses), "expected a hit"
    return row


async def miss(live, game_id):
    """Load ``game_id``; assert it was read from the database."""
    misses = live.game_misses
    row = await live.load_game(game_id)
    assert live.game_misses == misses + 1, "expected a miss"
    return row


async def test_the_second_load_comes_from_memory_as_a_copy_of_its_own(live):
    game = await active_game(live)
    first = await miss(live, game)
    second = await hit(live, game)
    assert second == first == await live.inner.load_game(game)
    assert second is not first and second.state is not first.state
    assert second.seats is not first.seats and second.seats[0] is not first.seats[0]
    assert await live.load_game(999) is None


async def test_a_loaded_row_changed_in_place_leaves_memory_alone(live):
    game = await active_game(live)
    await live.load_game(game)
    row = await hit(live, game)
    row.state["count"] = 99        # as the engine's apply does
    row.options["variant"] = "x"
    row.seats[0].name = "Mallory"
    row.seats.pop()
    row.seq = 7
    again = await hit(live, game)
    assert again == await live.inner.load_game(game)
    assert again.state == {"count": 0} and again.seq == 0 and len(again.seats) == 3


async def test_every_write_advances_rev_by_one_and_is_written_through(live):
    """The kept row after each write through the repository is the stored one, and is
    used without a reload (exactly: ``updated`` included)."""
    game = await new_game(live)
    lobby = await miss(live, game)
    assert lobby.rev == 0

    async def after(write):
        rev = (await live.inner.load_game(game)).rev
        await write
        row = await hit(live, game)
        assert row.rev == rev + 1
        assert row == await live.inner.load_game(game)
        return row

    await after(live.set_seats(game, SEATS[:2]))
    await after(live.start_game(game, SEATS, {"count": 0}, seed=5))
    row = await after(live.append_move(game, expected_seq=0, seat=0, action={"o": 1},
                                       state={"count": 1}))
    assert row.seq == 1 and row.state == {"count": 1}
    await after(live.set_host(game, 102))
    await after(live.set_seat(game, SeatRow(1, None, True, "AI 1")))
    await after(ClockStore(live).set_turn_timeout(game, 600))
    await after(Memory(live).apply_undo(game, expected_seq=1, seat=0, point_seq=1,
                                        state={"count": 0}, events=[]))
    row = await after(live.set_status(game, "finished"))
    assert (row.status, row.seq, row.state, row.host_id, row.turn_timeout) == \
        ("finished", 2, {"count": 0}, 102, 600)
    assert row.seats[1] == SeatRow(1, None, True, "AI 1")


@pytest.mark.parametrize("write", ["seat", "host", "timeout", "undo", "move", "status", "seats"])
async def test_a_write_by_another_process_is_seen_on_the_next_load(live, other, write):
    lobby = await new_game(live)
    game = await active_game(live)
    await live.append_move(game, expected_seq=0, seat=0, action={}, state={"count": 1})
    for g in (lobby, game):
        await live.load_game(g)
    seen = {   # each write made only when it is the one tested
        "seat": (lambda: other.set_seat(game, SeatRow(2, 555, False, "Eve")),
                 lambda r: r.seats[2] == SeatRow(2, 555, False, "Eve")),
        "host": (lambda: other.set_host(game, 102), lambda r: r.host_id == 102),
        "timeout": (lambda: ClockStore(other).set_turn_timeout(game, 60),
                    lambda r: r.turn_timeout == 60),
        "undo": (lambda: Memory(other).apply_undo(game, expected_seq=1, seat=0, point_seq=1,
                                                  state={"count": 0}, events=[]),
                 lambda r: r.seq == 2 and r.state == {"count": 0}),
        "move": (lambda: other.append_move(game, expected_seq=1, seat=1, action={},
                                           state={"count": 2}),
                 lambda r: r.seq == 2 and r.state == {"count": 2}),
        "status": (lambda: other.set_status(game, "abandoned"),
                   lambda r: r.status == "abandoned"),
        "seats": (lambda: other.set_seats(lobby, SEATS[:1]), lambda r: len(r.seats) == 1),
    }
    change, check = seen[write]
    await change()
    changed = lobby if write == "seats" else game
    row = await miss(live, changed)
    assert check(row) and row == await other.load_game(changed)
    await hit(live, changed)


async def test_a_write_of_this_process_after_another_process_wrote_is_not_trusted(live, other):
    game = await active_game(live)
    await live.load_game(game)
    await other.set_host(game, 102)            # rev + 1 behind this process's back
    await live.append_move(game, expected_seq=0, seat=0, action={}, state={"count": 1})
    row = await miss(live, game)               # the kept row missed the host change
    assert row.host_id == 102 and row.state == {"count": 1}


async def test_a_failed_commit_leaves_no_changed_state_in_memory(live):
    game = await active_game(live)
    await live.load_game(game)
    row = await hit(live, game)
    row.state["count"] = 1                     # applied in place, then the commit fails

    async def broken(tx, seq):
        raise RuntimeError("the outbox failed")
    with pytest.raises(RuntimeError):
        await live.append_move(game, expected_seq=0, seat=0, action={}, state=row.state,
                               also=broken)
    again = await miss(live, game)             # forgotten, read afresh
    assert again.seq == 0 and again.state == {"count": 0}


async def test_refused_writes_forget_the_row_and_change_nothing(live):
    game = await active_game(live)
    await live.load_game(game)
    with pytest.raises(StaleMove):
        await live.append_move(game, expected_seq=5, seat=0, action={}, state={"count": 9})
    assert (await miss(live, game)).state == {"count": 0}
    with pytest.raises(StaleMove):
        await live.set_seats(game, SEATS[:1])  # not in the lobby any more
    assert len((await miss(live, game)).seats) == 3
    with pytest.raises(NoSuchGame):
        await live.set_host(999, 1)


async def test_an_unknown_change_forgets_the_row(live):
    game = await active_game(live)
    row = await live.load_game(game)
    live.inner.wrote(game, row.rev + 1, {"something_new": 1})
    live.inner.wrote(game, row.rev + 1, {})  # nothing kept any more: nothing to do
    assert game not in live._games


async def test_a_committed_write_of_a_value_memory_cannot_hold_is_read_back(live):
    """A state JSON can store but marshal cannot (a dict subclass): the move is
    committed, not turned into an error by the cache, and read from the database."""
    game = await active_game(live)
    await live.load_game(game)
    state = OrderedDict(count=1)
    assert await live.append_move(game, expected_seq=0, seat=0, action={}, state=state) == 1
    row = await miss(live, game)
    assert row.seq == 1 and row.state == {"count": 1}


async def test_forget(live):
    game = await active_game(live)
    await live.load_game(game)
    live.forget(game)
    await miss(live, game)
    await hit(live, game)


async def test_memory_is_bounded_least_recently_used_first(live):
    games = [await active_game(live) for _ in range(5)]
    for g in games[:4]:
        await live.load_game(g)
    await live.load_game(games[0])             # games[1] is now the least recently used
    await live.load_game(games[4])
    assert list(live._games) == [games[2], games[3], games[0], games[4]]
    await miss(live, games[1])
    assert len(live._games) == 4


async def test_no_game_rows_kept_with_size_zero(target):
    async with LiveDatabase(await open_database(target), games=0) as live:
        game = await active_game(live)
        await live.load_game(game)
        await miss(live, game)
        assert not live._games


async def test_real_games_of_every_type_come_back_equal_after_moves(target):
    """States of the five games, played on through the cache with the engines: what
    memory hands out is always what the database holds."""
    ids = await fill(target, 5, moves=6)  # some of them finished
    rng, loads, moved = random.Random(4), 0, 0
    async with LiveDatabase(await open_database(target)) as live:
        for game_id in ids:
            for _ in range(8):
                row = await live.load_game(game_id)
                loads += 1
                assert row == await live.inner.load_game(game_id)
                game = registry.get(row.type)
                pending = game.pending(row.state) if row.status == "active" else []
                if not pending:
                    break
                decision = pending[0]
                action = ai.choose(game, row.state, decision, rng, smart=False)
                game.apply(row.state, decision.seat, action)
                await live.append_move(game_id, expected_seq=row.seq, seat=decision.seat,
                                       action=action.to_json(), state=row.state)
                moved += 1
        assert moved >= 3 * 7 and live.game_misses == len(ids)
        assert live.game_hits == loads - len(ids)
