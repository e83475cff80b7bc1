"""``/<game> <what> [player:<member> | seat:<n>] [game]``: one player's area (Burgundy's
estate, Ludwig's castle) as a picture shown only to the asker.  ``seat`` (offered by name)
reaches AI seats too, which have no Discord member; with neither, the asker's own.

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
                              draw: Draw, player: discord.User | None, game_id: int | None,
                              seat_no: int | None = None) -> None:
    """Privately answer with the picture of ``player`` (or seat number ``seat_no``, or the
    asker), or say they are not at this table."""
    key = f"cmd.{game}.{what}"
    player = player if player is not None or seat_no is not None else interaction.user

    async def work(table, locale):
        gid = await resolve_game(interaction, game_id)
        row, view = await table.public_view(gid, caller_of(interaction))
        if seat_no is not None:
            seat = seat_no - 1 if 0 < seat_no <= len(view["seat_names"]) else None
            name = f"#{seat_no}"
        else:
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

    async def callback(interaction: discord.Interaction, player: Optional[discord.User] = None,
                       seat: Optional[app_commands.Range[int, 1, 25]] = None,
                       game_id: Optional[app_commands.Range[int, 1]] = None) -> None:
        await show_player_picture(interaction, game, what, draw, player, game_id, seat)

    callback = app_commands.rename(player=option_name(game, "player"),
                                   seat=option_name(game, "seat"))(callback)
    callback = app_commands.describe(player=L(f"{key}.player.description"),
                                     seat=L("cmd.option.seat.description"))(callback)
    callback = game_option(callback)

    command = app_commands.Command(name=L(f"{key}.name"), description=L(f"{key}.description"),
                                   callback=callback)
    command.autocomplete("seat")(seat_names)
    return command


async def seat_names(interaction: discord.Interaction, current: str):
    """Autocomplete for ``seat``: the table's seats by number and name (AI seats too)."""
    try:
        gid = await resolve_game(interaction, getattr(interaction.namespace, "game", None))
        _, view = await interaction.client.table.public_view(gid, caller_of(interaction))
    except Exception:  # noqa: BLE001 - autocomplete must answer, even with nothing
        return []
    needle = current.strip().casefold()
    return [app_commands.Choice(name=f"{i} · {name}"[:100], value=i)
            for i, name in enumerate(view["seat_names"], start=1)
            if needle in f"{i} {name}".casefold()][:25]


def table_picture_command(game: str, what: str,
                          draw: Callable[[dict, str], object]) -> app_commands.Command:
    """The ``/<game> <what> [game]`` subcommand: a picture of the whole table (e.g. every
    estate), shown only to the asker.  Texts: ``cmd.<game>.<what>.name|description|title``."""
    key = f"cmd.{game}.{what}"

    async def callback(interaction: discord.Interaction,
                       game_id: Optional[app_commands.Range[int, 1]] = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id)
            row, view = await table.public_view(gid, caller_of(interaction))
            image, ext = await asyncio.to_thread(encoded, lambda v, _, loc: draw(v, loc),
                                                 view, 0, locale)
            return m.OutMessage(t(f"{key}.title", locale, id=gid),
                                files=[(f"{game}-{gid}-{row.seq}-{what}.{ext}", image)],
                                ephemeral=True)
        await answer(interaction, work, game_id=game_id)

    return app_commands.Command(name=L(f"{key}.name"), description=L(f"{key}.description"),
                                callback=game_option(callback))
