"""``/<game> <what> player:<member> [game]``: one player's area (Burgundy's estate,
Ludwig's castle) as a picture shown only to the asker.

A game adds it to its command group with ``picture_command(game, what, draw)`` where
``draw(view, seat, locale) -> Image`` renders ``seat``'s area from the public view.
Texts: ``cmd.<game>.<what>.name|description|player.description|title|not_playing``.
"""
from __future__ import annotations

import asyncio
from typing import Callable, Optional

import discord
from discord import app_commands

from bot import messages as m
from bot.i18n import t
from bot.i18n.translator import L
from cogs.moves import game_option, option_name, resolve_game
from cogs.replies import answer, caller_of

Draw = Callable[[dict, int, str], object]     # (public view, seat, locale) -> PIL image


def encoded(draw: Draw, view: dict, seat: int, locale: str) -> tuple[bytes, str]:
    """(encoded image, extension) of ``draw``'s picture: Pillow work, run it off the loop."""
    from render import kit   # Pillow is imported only where images are made

    return kit.encode(draw(view, seat, locale)), kit.FILENAME_EXT


async def show_player_picture(interaction: discord.Interaction, game: str, what: str,
                              draw: Draw, player: discord.User, game_id: int | None) -> None:
    """Privately answer with ``player``'s picture, or say they are not at this table."""
    key = f"cmd.{game}.{what}"

    async def work(table, locale):
        gid = await resolve_game(interaction, game_id)
        row, view = await table.public_view(gid, caller_of(interaction))
        seat = row.seat_of(player.id)
        name = getattr(player, "display_name", None) or f"<@{player.id}>"
        if seat is None:
            return m.OutMessage(t(f"{key}.not_playing", locale, player=name), ephemeral=True)
        image, ext = await asyncio.to_thread(encoded, draw, view, seat, locale)
        title = t(f"{key}.title", locale, player=view["seat_names"][seat], id=gid)
        return m.OutMessage(title, files=[(f"{game}-{gid}-{row.seq}-{what}{seat}.{ext}", image)],
                            ephemeral=True)

    await answer(interaction, work, game_id=game_id)


def picture_command(game: str, what: str, draw: Draw) -> app_commands.Command:
    """The ``/<game> <what> player:<member> [game]`` subcommand."""
    key = f"cmd.{game}.{what}"

    async def callback(interaction: discord.Interaction, player: discord.User,
                       game_id: Optional[app_commands.Range[int, 1]] = None) -> None:
        await show_player_picture(interaction, game, what, draw, player, game_id)

    callback = app_commands.rename(player=option_name(game, "player"))(callback)
    callback = app_commands.describe(player=L(f"{key}.player.description"))(callback)
    callback = game_option(callback)

    return app_commands.Command(name=L(f"{key}.name"), description=L(f"{key}.description"),
                                callback=callback)
