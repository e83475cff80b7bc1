"""The repository with what every click reads kept in memory: game rows and the users'
preferences.

:class:`LiveDatabase` wraps a :class:`~storage.games.Database` (SQLite or PostgreSQL);
everything it does not keep goes to the wrapped repository unchanged.

**Game rows** (:meth:`LiveDatabase.load_game`): a bounded LRU of the rows of the games
played lately, so a click neither reloads its row and seats nor decodes its state.
- *Validated before use* by one read of the game's ``rev`` by primary key: every write
  to a game's row or seats advances it in the same transaction (storage/games.py, with
  undo and the turn clock), so a row another process changed, or a write by this one
  that went around this cache, is read afresh.
- *Written through*: the repository tells its observers what each committed game write
  set, with the new ``rev``; the kept row becomes the committed one if it was the row
  just before that write, else it is forgotten.  A write that fails (or whose commit is
  uncertain) and a write of something this cache does not know forget the row;
  :meth:`LiveDatabase.forget` does it by hand.
- *Never shared*: a row is kept frozen, its ``options`` and ``state`` as ``marshal``
  bytes, and every load hands out a new GameRow: the table service applies moves to the
  state it loaded, in place, and a move that fails before its commit changes nothing
  kept here.  ``marshal`` is exact for JSON values (the engines keep their states
  JSON-pure: their playout tests check the round trip) and never leaves this process.
- *Bounded*: ``games`` rows (default :data:`DEFAULT_GAMES`), least recently used out
  first.

Measured (``python tests/storage/live_figures.py --database`` the loadtest's 10,000
tables; CPU time, SQLite): a state handed out by ``marshal.loads`` in 5-12 µs where
``json.loads`` takes 8-37 µs and ``copy.deepcopy`` 41-199 µs; a whole ``load_game``
from memory (the ``rev`` read included) 12-20 µs against 27-59 µs from the database;
3.6 KiB per kept row, 35 MiB for all 10,000 (RSS grew as much), well inside the 300
MiB goal of a process serving 10,000 live tables.  A SQLite click loads its row once:
11.44 M instructions per click instead of 11.64 M (-1.7%, tests/storage/live_clicks.py
under callgrind); on PostgreSQL a click loads it twice (the deliverer reads the latest
row again), and a load from memory reads only ``rev`` instead of the row, its seats and
its state.

**User preferences** (``user_prefs``, ``dm_closed_at``: asked several times per click
for the users it talks to): a bounded LRU, written through by ``set_user_pref``; an
entry is trusted for ``ttl`` seconds, so a change made by another process sharing
PostgreSQL is seen within that time.
"""
from __future__ import annotations

import marshal
import time
from collections import OrderedDict
from dataclasses import fields
from typing import Any

from storage.games import GameRow, SeatRow

__all__ = ["LiveDatabase"]

DEFAULT_GAMES = 10_000
DEFAULT_USERS = 50_000
DEFAULT_TTL = 60.0

_FIELDS = tuple(f.name for f in fields(GameRow))
_AT = {name: i for i, name in enumerate(_FIELDS)}
_REV, _OPTIONS, _STATE, _SEATS = _AT["rev"], _AT["options"], _AT["state"], _AT["seats"]


def _frozen_seats(seats: list[SeatRow]) -> tuple:
    return tuple((s.seat, s.user_id, s.is_ai, s.name) for s in seats)


def freeze(row: GameRow) -> tuple:
    """``row`` as kept in memory: a tuple of its fields, nothing in it mutable (its
    ``options`` and ``state`` as marshal bytes, its seats as tuples)."""
    out = [getattr(row, name) for name in _FIELDS]
    out[_OPTIONS], out[_STATE] = marshal.dumps(row.options), marshal.dumps(row.state)
    out[_SEATS] = _frozen_seats(row.seats)
    return tuple(out)


def thaw(frozen: tuple) -> GameRow:
    """A new GameRow of its own (new dicts, lists and seats) from a kept one."""
    row = GameRow(*frozen)
    row.options, row.state = marshal.loads(row.options), marshal.loads(row.state)
    row.seats = [SeatRow(*s) for s in row.seats]
    return row


def _written(frozen: tuple, rev: int, changes: dict) -> tuple | None:
    """The kept row after a write that set ``changes`` and made ``rev``; None if the
    write says something this cache does not know."""
    out = list(frozen)
    for name, value in changes.items():
        at = _AT.get(name)
        if name == "seat":  # one seat replaced
            out[_SEATS] = tuple(_frozen_seats([value])[0] if s[0] == value.seat else s
                                for s in out[_SEATS])
        elif at in (_OPTIONS, _STATE):
            out[at] = marshal.dumps(value)
        elif at == _SEATS:
            out[at] = _frozen_seats(value)
        elif at is not None and name not in ("id", "rev"):
            out[at] = value
        else:
            return None
    out[_REV] = rev
    return tuple(out)


class LiveDatabase:
    """A repository whose game rows and user preferences are kept in memory (see the
    module docstring); at most ``games`` rows (default :data:`DEFAULT_GAMES`; 0: none)."""

    def __init__(self, inner: Any, *, games: int | None = None, users: int = DEFAULT_USERS,
                 ttl: float = DEFAULT_TTL, clock=time.monotonic) -> None:
        self.inner = inner
        self._games: OrderedDict[int, tuple] = OrderedDict()
        self._max_games = DEFAULT_GAMES if games is None else games
        self._users: OrderedDict[int, tuple[float, dict, float | None]] = OrderedDict()
        self._max = users
        self._ttl = ttl
        self._clock = clock
        self.hits = self.misses = 0  # user preferences
        self.game_hits = self.game_misses = 0
        inner.observe(self._game_written)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # everything not cached: the repository itself

    async def __aenter__(self) -> "LiveDatabase":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        self._games.clear()
        self._users.clear()
        await self.inner.close()

    # -- game rows ---------------------------------------------------------------------
    async def load_game(self, game_id: int) -> GameRow | None:
        """The game's row (a copy of its own): from memory while its ``rev`` is the
        stored one, else read (and kept)."""
        if game_id in self._games:
            rev = await self.inner.game_rev(game_id)
            kept = self._games.get(game_id)  # as it is now (a write may have gone through)
            if kept is not None and kept[_REV] == rev:
                self._games.move_to_end(game_id)
                self.game_hits += 1
                return thaw(kept)
            self.forget(game_id)
        self.game_misses += 1
        row = await self.inner.load_game(game_id)
        if row is not None:
            self._keep_game(row)
        return row

    def _keep_game(self, row: GameRow) -> None:
        if self._max_games <= 0:
            return
        kept = self._games.get(row.id)
        if kept is not None and kept[_REV] > row.rev:
            return  # a write since this row was read has been written through
        self._games[row.id] = freeze(row)
        self._games.move_to_end(row.id)
        while len(self._games) > self._max_games:
            self._games.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """Read the game from the repository next time."""
        self._games.pop(game_id, None)

    def _game_written(self, game_id: int, rev: int | None, changes: dict) -> None:
        """The repository's report of a game write (storage.games.Observer): the kept
        row becomes the committed one if it was the row just before it."""
        kept = self._games.get(game_id)
        if kept is None:
            return
        try:
            after = None if rev is None or kept[_REV] != rev - 1 else \
                _written(kept, rev, changes)
        except ValueError:  # a value marshal cannot hold (e.g. a dict subclass): the
            after = None    # write is committed all the same, the row is read next time
        if after is None:
            del self._games[game_id]
        else:
            self._games[game_id] = after

    # -- user preferences --------------------------------------------------------------
    async def _user(self, user_id: int) -> tuple[dict, float | None]:
        """(prefs, dm_closed_at) of ``user_id``, from memory while fresh."""
        entry = self._users.get(user_id)
        now = self._clock()
        if entry is not None and now - entry[0] < self._ttl:
            self._users.move_to_end(user_id)
            self.hits += 1
            return entry[1], entry[2]
        self.misses += 1
        prefs = await self.inner.user_prefs(user_id)
        closed = await self.inner.dm_closed_at(user_id) if prefs["dm_closed"] else None
        self._keep_user(user_id, prefs, closed, now)
        return prefs, closed

    def _keep_user(self, user_id: int, prefs: dict, closed: float | None, now: float) -> None:
        self._users[user_id] = (now, prefs, closed)
        self._users.move_to_end(user_id)
        while len(self._users) > self._max:
            self._users.popitem(last=False)

    async def user_prefs(self, user_id: int) -> dict:
        return dict((await self._user(user_id))[0])

    async def dm_closed_at(self, user_id: int) -> float | None:
        return (await self._user(user_id))[1]

    async def set_user_pref(self, user_id: int, *, locale: str | None = None,
                            dm_closed: bool | None = None) -> None:
        """Store; a new language is written through, a changed DM mark is read back
        next time (the repository stamps it with its own clock)."""
        try:
            await self.inner.set_user_pref(user_id, locale=locale, dm_closed=dm_closed)
        except BaseException:
            self._users.pop(user_id, None)
            raise
        entry = self._users.get(user_id)
        if entry is None:
            return
        if dm_closed is not None:
            del self._users[user_id]
        elif locale is not None:
            self._users[user_id] = (entry[0], {**entry[1], "locale": locale}, entry[2])
