"""Shared test data for the storage tests (a uniquely named module, not conftest)."""
from storage import SeatRow

SEATS = [SeatRow(0, 101, False, "Alice"), SeatRow(1, 102, False, "Bořek"),
         SeatRow(2, None, True, "AI")]


async def new_game(db, *, guild_id=1, channel_id=10, host_id=101, type="citadels"):
    return await db.create_game(type, engine_version=1, options={"variant": "base"},
                                guild_id=guild_id, channel_id=channel_id,
                                host_id=host_id, locale="cs")


async def active_game(db, **kwargs):
    game_id = await new_game(db, **kwargs)
    await db.start_game(game_id, SEATS, {"count": 0})
    return game_id
