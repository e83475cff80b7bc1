"""How every Castellan interaction answers: defer, do the work, reply (privately).

The work is a coroutine ``work(table, locale)`` returning an OutMessage to show only to
the user (or None).  Refusals (RuleError, incl. TableError) become a friendly localised
error and change nothing; anything else is logged and answered with ``error.internal``.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Awaitable, Callable

import discord

from bot import messages as m
from bot.access import Caller
from bot.discord_ui import send_kwargs
from bot.i18n import norm_locale, t
from engine.core import RuleError

if TYPE_CHECKING:
    from bot.table import TableService

log = logging.getLogger(__name__)

Work = Callable[["TableService", str], Awaitable["m.OutMessage | None"]]


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who asks, and from where: the table service checks it against the table's own
    server and channel.  Manage Server counts only in a server (it is read there)."""
    manage = interaction.guild_id is not None and bool(interaction.permissions.manage_guild)
    return Caller(interaction.user.id, interaction.guild_id, interaction.channel_id, manage)


def locale_of(interaction: discord.Interaction) -> str:
    """The clicking user's language (``cs`` or ``en``)."""
    return norm_locale(interaction.locale)


async def send(interaction: discord.Interaction, msg: m.OutMessage) -> None:
    """Reply with ``msg`` (only to the user when ``msg.ephemeral``), before or after a defer."""
    kwargs = send_kwargs(msg)
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=msg.ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=msg.ephemeral, **kwargs)


async def error_reply(interaction: discord.Interaction, err: Exception,
                      game_id: int | None = None) -> m.OutMessage:
    """The friendly text for a refusal, or ``error.internal`` for a bug (logged)."""
    table = interaction.client.table
    locale = locale_of(interaction)
    if not isinstance(err, RuleError):
        log.error("interaction %s failed", interaction.data, exc_info=err)
        return m.OutMessage(t("error.internal", locale), ephemeral=True)
    row = None
    if game_id is not None:
        try:   # worded for the table's game only if the user may reach it (no hint otherwise)
            row = await table.reachable(game_id, caller_of(interaction))
        except Exception:  # the error text is still fine without game-specific wording
            row = None
    return m.OutMessage(table.error_message(err, locale, row), ephemeral=True)


async def answer(interaction: discord.Interaction, work: Work, *, game_id: int | None = None,
                 defer: str = "private") -> None:
    """Run ``work`` and reply with its message, or privately with a friendly error.

    Errors are worded for the game ``game_id`` (or ``interaction.extras["game_id"]``,
    set once a command has worked out which table it means).

    ``defer``: ``"private"`` ephemeral thinking first (the reply is private);
    ``"update"`` a silent component defer (the work edits the message itself);
    ``"none"`` answer directly (only for quick work: no rendering).
    """
    if defer == "private":
        await interaction.response.defer(ephemeral=True, thinking=True)
    elif defer == "update":
        await interaction.response.defer()
    table = interaction.client.table
    try:
        await table.seen(interaction.user.id, locale_of(interaction))
        reply = await work(table, locale_of(interaction))
    except Exception as err:  # noqa: BLE001 - every failure gets an answer
        reply = await error_reply(interaction, err, interaction.extras.get("game_id", game_id))
    if reply is not None:
        await send(interaction, reply)
