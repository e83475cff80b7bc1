"""What a table remembers beyond its move log: undo points and ratings.

``undo_points``: per game, a stack of the moves that may still be taken back (the state
before each, the hash of the state after it).  ``ratings``: a rating per (guild, game
type, user) and ``rated_games``: the finished games already counted, so a rating is
updated exactly once per game, also when it is caught up later.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from storage.db import Tx
from storage.games import Database, NoSuchGame, StaleMove

__all__ = ["Memory", "Rating", "state_hash"]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def state_hash(state: dict) -> str:
    """A stable hash of a JSON state (key order does not matter)."""
    return hashlib.sha256(_dumps(state).encode()).hexdigest()


@dataclass
class Rating:
    user_id: int
    mu: float
    sigma: float
    games: int


class Memory:
    """Undo points and ratings, on the same database as the games."""

    def __init__(self, db: Database) -> None:
        self._db = db._db  # the connection the repository uses (one writer lock)
        self.games = db

    # -- undo --------------------------------------------------------------------------
    async def push_undo(self, game_id: int, seq: int, seat: int, before: dict,
                        after: dict) -> None:
        """Remember that move ``seq`` of ``seat`` may be taken back to ``before``.  The
        points below it stay only while they chain (same seat, its state follows)."""
        before_text = _dumps(before)   # dumped once: for its hash and to store it
        before_hash = hashlib.sha256(before_text.encode()).hexdigest()
        async with self._db.transaction() as tx:
            top = await tx.fetchone(
                "SELECT seat, after_hash FROM undo_points WHERE game = ? ORDER BY seq DESC"
                " LIMIT 1", (game_id,))
            if top is not None and (top["seat"] != seat or top["after_hash"] != before_hash):
                await tx.execute("DELETE FROM undo_points WHERE game = ?", (game_id,))
            await tx.execute(
                "INSERT INTO undo_points (game, seq, seat, before, after_hash)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, seq) DO UPDATE SET"
                " seat = excluded.seat, before = excluded.before,"
                " after_hash = excluded.after_hash",
                (game_id, seq, seat, before_text, state_hash(after)))

    async def clear_undo(self, game_id: int) -> None:
        await self._db.execute("DELETE FROM undo_points WHERE game = ?", (game_id,))

    async def top_undo(self, game_id: int) -> dict | None:
        """The latest undo point: ``{"seq", "seat", "before", "after_hash"}``."""
        row = await self._db.fetchone(
            "SELECT seq, seat, before, after_hash FROM undo_points WHERE game = ?"
            " ORDER BY seq DESC LIMIT 1", (game_id,))
        if row is None:
            return None
        return {"seq": row["seq"], "seat": row["seat"], "before": json.loads(row["before"]),
                "after_hash": row["after_hash"]}

    async def apply_undo(self, game_id: int, *, expected_seq: int, seat: int, point_seq: int,
                         state: dict, events: list,
                         also: Callable[[Tx, int], Awaitable[None]] | None = None) -> int:
        """Append the ``undo`` move (restoring ``state``) and drop its undo point, in one
        transaction (``also(tx, new_seq)`` too, e.g. the delivery outbox's job); StaleMove
        if the game moved meanwhile.  Returns the new seq."""
        now = time.time()
        snapshot = _dumps(state)
        async with self.games.game_write(game_id) as tx:
            try:
                new_seq, rev = await self.games.advance(tx, game_id, expected_seq, "state = ?",
                                                         (snapshot,), now)
            except NoSuchGame as err:
                raise StaleMove(f"game {game_id} moved") from err
            await tx.execute(
                "INSERT INTO moves (game, seq, seat, action, at, events) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new_seq, seat, _dumps({"kind": "undo", "option": str(point_seq)}),
                 now, _dumps(events)))
            await tx.execute("DELETE FROM undo_points WHERE game = ? AND seq = ?",
                             (game_id, point_seq))
            if also is not None:
                await also(tx, new_seq)
        self.games.wrote(game_id, rev, {"seq": new_seq, "state": state, "updated": now})
        return new_seq

    async def move_log(self, game_id: int) -> list[dict]:
        """Every move with its events: ``[{"seq", "seat", "action", "events", "at"}]``."""
        rows = await self._db.fetchall(
            "SELECT seq, seat, action, events, at FROM moves WHERE game = ? ORDER BY seq",
            (game_id,))
        return [{"seq": r["seq"], "seat": r["seat"], "action": json.loads(r["action"]),
                 "events": json.loads(r["events"]), "at": r["at"]} for r in rows]

    # -- ratings -----------------------------------------------------------------------
    async def unrated_games(self, guild_id: int | None) -> list[int]:
        """Finished games of ``guild_id`` not yet counted in the ratings, oldest first."""
        where, params = ("guild IS NULL", ()) if guild_id is None else ("guild = ?", (guild_id,))
        rows = await self._db.fetchall(
            f"SELECT id FROM games WHERE {where} AND status = 'finished' AND id NOT IN"
            " (SELECT game FROM rated_games) ORDER BY updated, id", params)
        return [r["id"] for r in rows]

    async def ratings(self, guild: int, game_type: str,
                      users: list[int] | None = None) -> dict[int, Rating]:
        rows = await self._db.fetchall(
            'SELECT "user", mu, sigma, games FROM ratings WHERE guild = ? AND type = ?',
            (guild, game_type))
        out = {r["user"]: Rating(r["user"], r["mu"], r["sigma"], r["games"]) for r in rows}
        return out if users is None else {u: out[u] for u in users if u in out}

    async def save_ratings(self, game_id: int, guild: int, game_type: str,
                           ratings: list[Rating]) -> bool:
        """Store the new ratings of one finished game, once (False: already counted)."""
        async with self._db.transaction() as tx:
            done = await tx.fetchone("SELECT 1 FROM rated_games WHERE game = ?", (game_id,))
            if done is not None:
                return False
            await tx.execute("INSERT INTO rated_games (game) VALUES (?)", (game_id,))
            for r in ratings:
                await tx.execute(
                    'INSERT INTO ratings (guild, type, "user", mu, sigma, games)'
                    ' VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild, type, "user") DO UPDATE SET'
                    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
                    (guild, game_type, r.user_id, r.mu, r.sigma, r.games))
        return True
