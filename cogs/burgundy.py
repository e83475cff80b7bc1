"""``/burgundy …``: The Castles of Burgundy as slash commands (a thin mapping onto the
engine's option ids; every decision also works by buttons and selects).

Option-id prefixes (see ``engine/burgundy``): ``die:`` pick a die, ``take:`` a tile from
a depot, ``place:`` a stored tile, ``space:`` where it goes (the labels on the estate
picture), ``sell:`` a goods type, ``buy`` from the black depot (``buy_black:``) or any
depot (``buy:``), ``discard:`` a stored tile, ``depot`` the ship's depot(s), ``goods:``
the ship's goods.  ``choose`` answers any decision (castle, buildings, setup, ...).
``estate player:<member>`` (or ``seat:``, AI seats too) shows anybody's estate privately,
``estates`` every estate at once.
"""
from __future__ import annotations

from discord import app_commands

from cogs.moves import Move, move_group
from cogs.player_picture import picture_command, table_picture_command

GAME = "burgundy"

MOVES = {
    "die": Move("die:", "die"),
    "take": Move("take:", "tile"),
    "place": Move("place:", "tile"),
    "space": Move("space:", "space"),
    "sell": Move("sell:", "goods"),
    "workers": Move("workers"),
    "buy": Move("buy", "tile"),
    "discard": Move("discard:", "tile"),
    "ship": Move("depot", "depot"),
    "goods": Move("goods:", "goods"),
    "back": Move("back"),
    "decline": Move("decline"),
    "end-turn": Move("end"),
    "choose": Move("", "option"),
}


def estate(view: dict, seat: int, locale: str):
    """``seat``'s estate picture (Pillow is imported only where images are made)."""
    from render import burgundy

    return burgundy.render_estate(view, seat, locale)


def estates(view: dict, locale: str):
    """Every estate, compact."""
    from render import burgundy

    return burgundy.render_estates(view, locale)


def burgundy_group() -> app_commands.Group:
    group = move_group(GAME, MOVES)
    group.add_command(picture_command(GAME, "estate", estate))
    group.add_command(table_picture_command(GAME, "estates", estates))
    return group


async def setup(bot) -> None:
    bot.tree.add_command(burgundy_group())
