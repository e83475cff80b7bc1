"""AI levels per seat, on both backends: a level set again replaces the old one."""
from storage.ai_levels import AiLevels

from storage_helpers import active_game


async def test_a_seat_level_set_twice_keeps_the_last(db):
    game = await active_game(db)
    levels = AiLevels(db)
    await levels.set(game, "AI 1", "easy")
    await levels.set(game, "AI 1", "hard")
    await levels.set(game, "AI 2", "normal")
    assert await levels.of_table(game) == {"AI 1": "hard", "AI 2": "normal", "": "normal"}
