"""Castellan's persistence: SQLite (the embedded default) or PostgreSQL (``DATABASE_URL``),
behind one small repository.

    db = await open_database("castellan.db")      # connects and migrates
    game_id = await db.create_game("citadels", engine_version=1, options={}, ...)
    seq = await db.append_move(game_id, expected_seq=0, seat=0, action=..., state=...)
    await db.close()                               # or: async with await open_database(...)

See storage/games.py for the whole interface.
"""
from storage.games import (
    STATUSES, Database, GameRow, NoSuchGame, SeatRow, StaleMove, open_database,
)

__all__ = [
    "STATUSES", "Database", "GameRow", "NoSuchGame", "SeatRow", "StaleMove", "open_database",
]
