"""Schema migrations: an ordered list of SQL steps tracked by ``PRAGMA user_version``.

Step ``i`` (0-based) brings the schema to version ``i + 1``.  Each step runs in one
transaction that ends with the version bump, so a failing step leaves the file exactly
as it was (SQLite rolls back DDL and ``user_version`` together).  Before an existing,
non-empty database is migrated it is copied to ``<path>.bak-v<old version>``.

Only ever append steps; never edit one that has shipped.
"""
from __future__ import annotations

import sqlite3
from typing import Sequence

from storage.db import DatabaseUnusable, Db

__all__ = ["STEPS", "backup", "check_not_newer", "migrate", "user_version"]

Step = Sequence[str]

STEPS: list[Step] = [
    (  # v1: games, seats, move log, posted messages, user preferences
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            type TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            options TEXT NOT NULL,
            status TEXT NOT NULL
                CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
            seq INTEGER NOT NULL DEFAULT 0,
            state TEXT,
            guild INTEGER,
            channel INTEGER NOT NULL,
            host INTEGER NOT NULL,
            locale TEXT NOT NULL,
            created REAL NOT NULL,
            updated REAL NOT NULL
        )""",
        "CREATE INDEX games_guild_status ON games (guild, status)",
        "CREATE INDEX games_status ON games (status)",
        """CREATE TABLE seats (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user INTEGER,
            is_ai INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (game, seat)
        )""",
        "CREATE INDEX seats_user ON seats (user)",
        """CREATE TABLE moves (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            UNIQUE (game, seq)
        )""",
        """CREATE TABLE messages (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            channel INTEGER NOT NULL,
            message INTEGER NOT NULL,
            at REAL NOT NULL
        )""",
        "CREATE INDEX messages_game_kind ON messages (game, kind)",
        """CREATE TABLE users (
            user INTEGER PRIMARY KEY,
            locale TEXT,
            dm_closed INTEGER NOT NULL DEFAULT 0
        )""",
    ),
    (  # v2: the public/private events of each move (board messages tell what happened
       #     since the previous board), and the seq at which a message was posted
        "ALTER TABLE moves ADD COLUMN events TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE messages ADD COLUMN seq INTEGER NOT NULL DEFAULT 0",
    ),
    (  # v3: a table size chosen at creation (NULL: the game's maximum)
        "ALTER TABLE games ADD COLUMN capacity INTEGER",
    ),
    (  # v4: a turn clock: seconds a table waits for a move before the timeout defaults apply
        "ALTER TABLE games ADD COLUMN turn_timeout INTEGER",
    ),
    (  # v5: a board edited in place (its news run from ``since`` to ``seq``; ``posted``:
       #     the seq it was posted at; ``turn``: the turn it shows);
       #     private notices that wait in a player's panel while their DMs are closed
       #     (users.dm_closed now holds the time the DMs were found closed, 0 = open)
        "ALTER TABLE messages ADD COLUMN since INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE messages ADD COLUMN posted INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE messages ADD COLUMN turn TEXT",
        """CREATE TABLE notices (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user INTEGER NOT NULL,
            text TEXT NOT NULL,
            at REAL NOT NULL
        )""",
        "CREATE INDEX notices_user_game ON notices (user, game)",
    ),
    (  # v6: memory: the seed a game was set up with (replays), undo points (the state
       #     before a takeable-back move, the hash of the state after it), and ratings
       #     per (guild, game, user) with the finished games they already count
        "ALTER TABLE games ADD COLUMN seed INTEGER",
        """CREATE TABLE undo_points (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            before TEXT NOT NULL,
            after_hash TEXT NOT NULL,
            PRIMARY KEY (game, seq)
        )""",
        """CREATE TABLE ratings (
            guild INTEGER NOT NULL,
            type TEXT NOT NULL,
            user INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild, type, user)
        )""",
        "CREATE TABLE rated_games (game INTEGER PRIMARY KEY)",
    ),
    (  # clock: the turn clock per waiting seat (``due``: the next time the clock must act:
       #     a reminder, a deadline or a vacation's end; indexed so the minute task reads
       #     only what is due), a table's clock settings, players' vacations, and how
       #     each player wants to be told it is their turn
        """CREATE TABLE clocks (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            turn TEXT,
            started REAL,
            deadline REAL,
            paused_left REAL,
            reminded INTEGER NOT NULL DEFAULT 0,
            due REAL,
            timeouts INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game, seat)
        )""",
        "CREATE INDEX clocks_due ON clocks (due) WHERE due IS NOT NULL",
        """CREATE TABLE clock_settings (
            game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            reminders TEXT,
            zombie_after INTEGER
        )""",
        """CREATE TABLE vacations (
            user INTEGER NOT NULL,
            start REAL NOT NULL,
            end REAL NOT NULL
        )""",
        "CREATE INDEX vacations_user ON vacations (user, end)",
        "ALTER TABLE users ADD COLUMN notify TEXT NOT NULL DEFAULT 'all'",
    ),
    (  # AI levels: easy / normal / hard per AI seat (by its name); name "" = the table's
       #     level, played by seats handed to the AI later (storage/ai_levels.py)
        """CREATE TABLE ai_levels (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            level TEXT NOT NULL,
            PRIMARY KEY (game, name)
        )""",
    ),
    (  # v9: the delivery outbox (storage/outbox.py): what must still be said about a
       #     game's moves (recorded in the move's own transaction; at most one open job
       #     per game, later moves extend it) and the effects of the open job already
       #     delivered (a re-run after a crash skips them)
        """CREATE TABLE announcements (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            from_seq INTEGER NOT NULL,
            before TEXT NOT NULL,
            actor INTEGER,
            state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_try REAL NOT NULL DEFAULT 0,
            error TEXT,
            PRIMARY KEY (game, from_seq)
        )""",
        "CREATE UNIQUE INDEX announcements_open ON announcements (game) WHERE state = 'open'",
        "CREATE INDEX announcements_due ON announcements (next_try) WHERE state = 'open'",
        """CREATE TABLE deliveries (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            effect TEXT NOT NULL,
            seq INTEGER NOT NULL,
            detail TEXT,
            PRIMARY KEY (game, effect)
        )""",
    ),
    (  # v10: a game's revision, advanced by every write to its row or its seats in the
       #     same transaction: a row kept in memory (storage/live.py) is still the stored
       #     one while its ``rev`` is, which one indexed read tells
        "ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0",
    ),
    (  # v11: the outbox writes fewer pages per move (measured: 27.8 -> 21 pages written
       #     to the WAL per loadtest click).  Its two tables keep their rows in their
       #     primary key's b-tree (WITHOUT ROWID: no second b-tree of row ids to write),
       #     and ``announcements_due`` goes: each claim and each job's end rewrote it,
       #     while the few open jobs are found through ``announcements_open`` as fast
       #     (the due ones are filtered and sorted from there)
        "DROP INDEX announcements_due",
        """CREATE TABLE announcements_v11 (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            from_seq INTEGER NOT NULL,
            before TEXT NOT NULL,
            actor INTEGER,
            state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_try REAL NOT NULL DEFAULT 0,
            error TEXT,
            PRIMARY KEY (game, from_seq)
        ) WITHOUT ROWID""",
        "INSERT INTO announcements_v11 SELECT game, from_seq, before, actor, state, attempts,"
        " next_try, error FROM announcements",
        "DROP TABLE announcements",
        "ALTER TABLE announcements_v11 RENAME TO announcements",
        "CREATE UNIQUE INDEX announcements_open ON announcements (game) WHERE state = 'open'",
        """CREATE TABLE deliveries_v11 (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            effect TEXT NOT NULL,
            seq INTEGER NOT NULL,
            detail TEXT,
            PRIMARY KEY (game, effect)
        ) WITHOUT ROWID""",
        "INSERT INTO deliveries_v11 SELECT game, effect, seq, detail FROM deliveries",
        "DROP TABLE deliveries",
        "ALTER TABLE deliveries_v11 RENAME TO deliveries",
    ),
]


async def user_version(db: Db) -> int:
    async with db.transaction(write=False) as tx:
        row = await tx.fetchone("PRAGMA user_version")
    return row[0]


async def _is_empty(db: Db) -> bool:
    async with db.transaction(write=False) as tx:
        row = await tx.fetchone("SELECT count(*) FROM sqlite_master")
    return row[0] == 0


async def backup(db: Db, version: int) -> str:
    """Copy the whole database to ``<path>.bak-v<version>``; returns that path."""
    target_path = f"{db.path}.bak-v{version}"
    target = sqlite3.connect(target_path, check_same_thread=False)
    try:
        await db.conn.backup(target)
    finally:
        target.close()
    return target_path


def check_not_newer(path: str, version: int, steps: Sequence[Step] = STEPS) -> None:
    """DatabaseUnusable if schema ``version`` of ``path`` is newer than this code's."""
    if version > len(steps):
        raise DatabaseUnusable(
            f"The database {path} has schema v{version}, newer than this code "
            f"(v{len(steps)}); update Castellan or use the backup made before the upgrade.")


async def migrate(db: Db, steps: Sequence[Step] = STEPS) -> int:
    """Run the steps the file has not seen yet; returns the resulting version."""
    current = await user_version(db)
    check_not_newer(db.path, current, steps)
    if current == len(steps):
        return current
    if not await _is_empty(db):
        await backup(db, current)
    for version, step in enumerate(steps[current:], start=current + 1):
        async with db.transaction() as tx:
            for sql in step:
                await tx.execute(sql)
            await tx.execute(f"PRAGMA user_version = {version}")
    return len(steps)
