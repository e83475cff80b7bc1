"""The delivery outbox: what must still be said about a game, kept with its moves.

A *job* (``announcements`` row) says "tell the channel and the players what changed
since move ``from_seq``".  It is recorded in the very transaction that appends the move
(:meth:`Outbox.cover`, through ``Database.append_move(also=...)``), so a move is never
committed without the promise to announce it.  A game has at most one open job; moves
made while it is open (AI seats answering, or further clicks while Discord is down)
extend it: a job always covers ``from_seq`` up to the game's seq at delivery time.

``before`` is the turn the channel showed before ``from_seq`` (JSON, see
``bot.table.Turn``); ``actor`` the seat whose click opened the job (its panel answered
the click, so it gets no DM of its own news), None when several humans' moves were
coalesced or the bot itself moved.

*Effects* (``deliveries`` rows) are the parts of the open job already delivered, by a
semantic key (e.g. ``board:12``, ``panel:2:12``): a re-run of the job after a crash or
an error skips them.  They are dropped when the job is done.

Plain SQL with ``?`` placeholders over the same ``Db`` as ``storage.games`` (no rowid,
no SQLite-only syntax), so the PostgreSQL port translates it like the rest.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from storage.db import Tx
from storage.games import Database

__all__ = ["Job", "Outbox"]


@dataclass
class Job:
    """An open announcement of game ``game`` from move ``from_seq`` on."""

    game: int
    from_seq: int
    before: dict
    actor: int | None
    attempts: int = 0
    next_try: float = 0.0
    error: str | None = None


_JOB_COLUMNS = "game, from_seq, before, actor, attempts, next_try, error"


def _job(row) -> Job:
    return Job(row["game"], row["from_seq"], json.loads(row["before"]), row["actor"],
               row["attempts"], row["next_try"], row["error"])


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Outbox:
    """Open jobs and delivered effects on the game database (one writer lock)."""

    def __init__(self, database: Database) -> None:
        self._db = database._db  # the same connection and lock as the games

    @property
    def shared(self) -> bool:
        """Whether other bot processes may deliver from the same database (PostgreSQL)."""
        return self._db.shared

    async def claim(self, job: Job, until: float) -> bool:
        """Take the job for this process until ``until`` (a lease: its ``next_try``), if
        nobody changed it since it was read (compare-and-set on ``next_try``): of several
        processes delivering at once exactly one wins; a claimer that dies leaves a
        lease that lapses, then anyone may deliver.  The job's backoff or its end
        replaces the lease."""
        won = await self._db.fetchone(
            "UPDATE announcements SET next_try = ? WHERE game = ? AND from_seq = ?"
            " AND state = 'open' AND next_try = ? RETURNING game",
            (until, job.game, job.from_seq, job.next_try), write=True)
        if won is not None:
            job.next_try = until
        return won is not None

    # -- recording (inside a move's transaction) --------------------------------------
    @staticmethod
    async def cover(tx: Tx, game_id: int, seq: int, before: dict, actor: int | None) -> None:
        """Make move ``seq`` part of the game's open job, opening one (from ``seq``, the
        channel showing ``before``) if there is none.  A human ``actor`` other than the
        job's own makes the job actor-less (both their news are then said by DM).  One
        statement: the open job is the conflict on ``announcements_open``; it is only
        written when its actor changes."""
        await tx.execute("INSERT INTO announcements (game, from_seq, before, actor)"
                         " VALUES (?, ?, ?, ?) ON CONFLICT (game) WHERE state = 'open'"
                         " DO UPDATE SET actor = NULL WHERE announcements.actor != excluded.actor",
                         (game_id, seq, _dumps(before), actor))

    async def open(self, game_id: int, seq: int, before: dict, actor: int | None = None) -> None:
        """:meth:`cover` in a transaction of its own (e.g. the first board of a game)."""
        async with self._db.transaction() as tx:
            await self.cover(tx, game_id, seq, before, actor)

    # -- reading ------------------------------------------------------------------------
    async def job(self, game_id: int) -> Job | None:
        """The game's open job, if any."""
        row = await self._db.fetchone(f"SELECT {_JOB_COLUMNS} FROM announcements"
                                      " WHERE game = ? AND state = 'open'", (game_id,))
        return None if row is None else _job(row)

    async def open_jobs(self, due_by: float | None = None) -> list[Job]:
        """Every open job (only those due by ``due_by``), the most overdue first."""
        where, params = "state = 'open'", []
        if due_by is not None:
            where, params = where + " AND next_try <= ?", [due_by]
        rows = await self._db.fetchall(f"SELECT {_JOB_COLUMNS} FROM announcements WHERE {where}"
                                       " ORDER BY next_try, game", params)
        return [_job(r) for r in rows]

    async def next_try(self) -> float | None:
        """When the earliest open job is due (None: nothing is open)."""
        row = await self._db.fetchone("SELECT min(next_try) FROM announcements"
                                      " WHERE state = 'open'")
        return None if row is None or row[0] is None else float(row[0])

    async def unannounced_starts(self) -> list[int]:
        """Active games that never had a job nor a board: the process died between the
        game's start and the job of its first board (two transactions)."""
        rows = await self._db.fetchall(
            "SELECT id FROM games WHERE status = 'active'"
            " AND id NOT IN (SELECT game FROM announcements)"
            " AND id NOT IN (SELECT game FROM messages WHERE kind = 'board')")
        return [r["id"] for r in rows]

    async def count_open(self) -> int:
        row = await self._db.fetchone("SELECT count(*) FROM announcements WHERE state = 'open'")
        return row[0]

    # -- progress -----------------------------------------------------------------------
    async def effects(self, game_id: int) -> dict[str, tuple[int, Any]]:
        """The delivered effects of the game's open job: key -> (seq, detail)."""
        rows = await self._db.fetchall("SELECT effect, seq, detail FROM deliveries WHERE game = ?",
                                       (game_id,))
        return {r["effect"]: (r["seq"], None if r["detail"] is None else json.loads(r["detail"]))
                for r in rows}

    async def mark(self, game_id: int, effect: str, seq: int, detail: Any = None) -> None:
        """Effect ``effect`` was delivered (showing the game at ``seq``)."""
        await self._db.execute(
            "INSERT INTO deliveries (game, effect, seq, detail) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game, effect) DO UPDATE SET seq = excluded.seq,"
            " detail = excluded.detail",
            (game_id, effect, seq, None if detail is None else _dumps(detail)))

    async def done(self, job: Job, seq: int | None = None) -> bool:
        """The job is delivered (up to move ``seq``): close it and forget its effects,
        unless the game moved past ``seq`` meanwhile (another process's move joined the
        job: False, the job stays open)."""
        still, params = "", (job.game, job.from_seq)
        if seq is not None:  # built here: "? IS NULL" has no type for asyncpg
            still, params = " AND (SELECT seq FROM games WHERE id = ?) = ?", \
                params + (job.game, seq)
        async with self._db.transaction() as tx:
            closed = await tx.fetchone("UPDATE announcements SET state = 'done', error = NULL"
                                       " WHERE game = ? AND from_seq = ?" + still +
                                       " RETURNING game", params)
            if closed is None:
                return False
            await tx.execute("DELETE FROM deliveries WHERE game = ?", (job.game,))
        return True

    async def failed(self, job: Job, next_try: float, error: str) -> None:
        """A delivery attempt failed: count it, try again at ``next_try``."""
        await self._db.execute("UPDATE announcements SET attempts = attempts + 1, next_try = ?,"
                               " error = ? WHERE game = ? AND from_seq = ?",
                               (next_try, error[:500], job.game, job.from_seq))
        job.attempts, job.next_try, job.error = job.attempts + 1, next_try, error

    async def forget_game(self, game_id: int) -> None:
        """Close a game's open job without delivering it (e.g. the table was abandoned)."""
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE announcements SET state = 'done', error = 'dropped',"
                             " next_try = ? WHERE game = ? AND state = 'open'",
                             (time.time(), game_id))
            await tx.execute("DELETE FROM deliveries WHERE game = ?", (game_id,))
