"""``/carcassonne_castle …``: Carcassonne: The Castle moves as slash commands (a thin
mapping onto the engine's option ids; every decision also works by buttons).

Option-id prefixes (see ``engine/carcassonne_castle/view.py``): ``at:`` a position (the
label at the space on the board picture, e.g. ``D4``), ``rot:`` the tile's rotation in
degrees, ``f:`` a follower on a part of the placed tile (``none``: no follower),
``score:`` the completed feature to score next.  ``choose`` answers any decision (wall
tiles 1-3 included); ``back`` takes the chosen position back before the tile is turned.
"""
from __future__ import annotations

from cogs.moves import Move, move_group

MOVES = {
    "place": Move("at:", "space"),
    "rotate": Move("rot:", "rotation"),
    "follower": Move("f:", "part"),
    "no-follower": Move("none"),
    "score": Move("score:", "feature"),
    "back": Move("back"),
    "choose": Move("", "option"),
}


async def setup(bot) -> None:
    bot.tree.add_command(move_group("carcassonne_castle", MOVES))
