"""The level (easy / normal / hard) of each AI seat, and a table's level for zombies.

Keyed by the seat's name, which stays with the seat when the seats are shuffled at the
start (AI names are unique at a table: "AI 2 (hard)"); the row named ``""`` is the
table's chosen level, played by seats handed to the AI later (timed-out or replaced
players).
"""
from __future__ import annotations

from storage.games import Database

__all__ = ["AiLevels", "TABLE"]

TABLE = ""  # the name under which the table's own level is kept


class AiLevels:
    """Read and write AI levels on the same SQLite file as the games."""

    def __init__(self, db: Database) -> None:
        self._db = db._db  # the connection the repository uses (one writer lock)

    async def set(self, game_id: int, name: str, level: str) -> None:
        """Seat ``name`` plays at ``level``; it also becomes the table's level."""
        async with self._db.transaction() as tx:
            for key in (name, TABLE):
                await tx.execute("INSERT INTO ai_levels (game, name, level) VALUES (?, ?, ?)"
                                 " ON CONFLICT (game, name) DO UPDATE SET level = excluded.level",
                                 (game_id, key, level))

    async def of_table(self, game_id: int) -> dict[str, str]:
        """Name -> level for the table (``""``: the table's level)."""
        rows = await self._db.fetchall("SELECT name, level FROM ai_levels WHERE game = ?",
                                       (game_id,))
        return {r["name"]: r["level"] for r in rows}
