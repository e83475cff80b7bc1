"""``/burgundy …``: The Castles of Burgundy as slash commands (a thin mapping onto the
engine's option ids; every decision also works by buttons and selects).

Option-id prefixes (see ``engine/burgundy``): ``die:`` pick a die, ``take:`` a tile from
a depot, ``place:`` a stored tile, ``space:`` where it goes (the labels on the estate
picture), ``sell:`` a goods type, ``buy`` from the black depot (``buy_black:``) or any
depot (``buy:``), ``discard:`` a stored tile, ``depot`` the ship's depot(s), ``goods:``
the ship's goods.  ``choose`` answers any decision (castle, buildings, setup, ...).
``estate player:<member>`` shows anybody's estate privately.
"""
from __future__ import annotations

import asyncio
from typing import Optional

import discord
from discord import app_commands

from bot import messages as m
from bot.i18n import t
from bot.i18n.translator import L
from cogs.moves import Move, move_group, resolve_game
from cogs.replies import answer

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


def estate_picture(view: dict, seat: int, locale: str) -> tuple[bytes, str]:
    """(encoded image, extension) of ``seat``'s estate: Pillow work, run it off the loop."""
    from render import burgundy, kit   # Pillow is imported only where images are made

    return kit.encode(burgundy.render_estate(view, seat, locale)), kit.FILENAME_EXT


async def show_estate(interaction: discord.Interaction, player: discord.User,
                      game_id: int | None) -> None:
    """Privately answer with ``player``'s estate, or say they are not at this table."""
    async def work(table, locale):
        gid = await resolve_game(interaction, game_id)
        row, view = await table.public_view(gid)
        seat = row.seat_of(player.id)
        name = getattr(player, "display_name", None) or f"<@{player.id}>"
        if seat is None:
            return m.OutMessage(t("cmd.burgundy.estate.not_playing", locale, player=name),
                                ephemeral=True)
        image, ext = await asyncio.to_thread(estate_picture, view, seat, locale)
        title = t("cmd.burgundy.estate.title", locale, player=view["seat_names"][seat], id=gid)
        return m.OutMessage(title, files=[(f"{GAME}-{gid}-{row.seq}-estate{seat}.{ext}", image)],
                            ephemeral=True)

    await answer(interaction, work, game_id=game_id)


def estate_command() -> app_commands.Command:
    """``/burgundy estate player:<member> [game]``."""
    key = f"cmd.{GAME}.estate"

    @app_commands.rename(game_id="game")
    @app_commands.describe(player=L(f"{key}.player.description"),
                           game_id=L("cmd.option.game.description"))
    async def estate(interaction: discord.Interaction, player: discord.User,
                     game_id: Optional[app_commands.Range[int, 1]] = None) -> None:
        await show_estate(interaction, player, game_id)

    return app_commands.Command(name=L(f"{key}.name"), description=L(f"{key}.description"),
                                callback=estate)


def burgundy_group() -> app_commands.Group:
    group = move_group(GAME, MOVES)
    group.add_command(estate_command())
    return group


async def setup(bot) -> None:
    bot.tree.add_command(burgundy_group())
