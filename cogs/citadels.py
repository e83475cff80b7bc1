"""``/citadels …``: Citadels moves as slash commands (a thin mapping onto the decisions)."""
from __future__ import annotations

from cogs.moves import Move, move_group

MOVES = {
    "take": Move("income:", "what", choices=("gold", "cards")),
    "build": Move("build:", "district"),
    "ability": Move("ability:", "name"),
    "action": Move("action:", "card"),
    "pick": Move("pick:", "character"),
    "end-turn": Move("end"),
    "choose": Move("", "option"),
}


async def setup(bot) -> None:
    bot.tree.add_command(move_group("citadels", MOVES))
