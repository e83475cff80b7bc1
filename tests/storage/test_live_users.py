"""LiveDatabase: user preferences answered from memory, written through, bounded, and
re-read after their time to live; everything else is the repository itself."""
import sqlite3

import pytest

from storage import open_database
from storage.live import LiveDatabase
from storage_helpers import active_game


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def live(tmp_path):
    clock = Clock()
    db = LiveDatabase(await open_database(tmp_path / "live.db"), users=3, ttl=60, clock=clock)
    db.test_clock = clock
    yield db
    await db.close()


def write_behind_its_back(path, user, locale):
    with sqlite3.connect(path) as conn:
        conn.execute('INSERT INTO users ("user", locale) VALUES (?, ?) ON CONFLICT ("user")'
                     " DO UPDATE SET locale = excluded.locale", (user, locale))


async def test_reads_come_from_memory_until_the_ttl_passes(live):
    await live.set_user_pref(5, locale="cs")
    assert await live.user_prefs(5) == {"locale": "cs", "dm_closed": False}
    write_behind_its_back(live.path, 5, "en")  # e.g. another process
    assert (await live.user_prefs(5))["locale"] == "cs" and live.hits == 1
    live.test_clock.now = 61
    assert (await live.user_prefs(5))["locale"] == "en"


async def test_writes_go_through_and_reads_see_them_at_once(live):
    assert await live.dm_closed_at(7) is None
    await live.set_user_pref(7, locale="en")
    assert (await live.user_prefs(7))["locale"] == "en"
    await live.set_user_pref(7, dm_closed=True)
    closed = await live.dm_closed_at(7)
    assert closed is not None and (await live.user_prefs(7))["dm_closed"] is True
    assert closed == await live.inner.dm_closed_at(7)
    await live.set_user_pref(7, dm_closed=False)
    assert await live.dm_closed_at(7) is None
    assert await live.inner.user_prefs(7) == await live.user_prefs(7)


async def test_a_returned_dict_changed_by_the_caller_leaves_the_cache_alone(live):
    await live.set_user_pref(8, locale="cs")
    prefs = await live.user_prefs(8)
    prefs["locale"] = "xx"
    assert (await live.user_prefs(8))["locale"] == "cs"


async def test_the_cache_is_bounded_least_recently_used_first(live):
    for user in (1, 2, 3):
        await live.user_prefs(user)
    await live.user_prefs(1)      # 2 is now the least recently used
    await live.user_prefs(4)
    assert list(live._users) == [3, 1, 4]
    misses = live.misses
    await live.user_prefs(2)
    assert live.misses == misses + 1


async def test_everything_else_is_the_repository(live):
    game = await active_game(live)
    seq = await live.append_move(game, expected_seq=0, seat=0, action={}, state={"count": 1})
    assert seq == 1 and (await live.load_game(game)).state == {"count": 1}
    assert live._db is live.inner._db
