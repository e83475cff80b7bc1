"""The work behind ``/game notify|vacation|reclaim|kick|host|clock|list`` and
``/game new thread:true`` (the slash commands themselves live in ``cogs/game.py``).

Each function takes the table service and the interaction's facts and returns the
private reply; the table service does the checks (``bot.hosting``, ``bot.vacation``).
"""
from __future__ import annotations

import discord

from bot import messages as m
from bot.clock import stamp
from bot.hosting import kick, parse_reminders, reclaim, set_clock, transfer_host
from bot.i18n import t
from bot.table import TableError
from bot.text import game_title
from bot.vacation import days_left, end_vacation, my_turns, set_notify, start_vacation
from cogs.replies import caller_of

NOTIFY_CHOICES = ("all", "reminders", "none")
THREAD_ARCHIVE_MINUTES = 10080  # a week: a table of a week-long game stays open
PUBLIC_THREAD = 11


def _name(user) -> str:
    return getattr(user, "display_name", None) or f"<@{user.id}>"


async def notify(table, interaction: discord.Interaction, choice: str, locale: str) -> m.OutMessage:
    await set_notify(table, interaction.user.id, choice)
    return m.OutMessage(t(f"reply.notify.{choice}", locale), ephemeral=True)


async def vacation(table, interaction: discord.Interaction, days: int | None, end: bool | None,
                   locale: str) -> m.OutMessage:
    user = interaction.user.id
    if end or not days:
        n = await end_vacation(table, user)
        return m.OutMessage(t("reply.vacation_ended", locale, n=n), ephemeral=True)
    until, n = await start_vacation(table, user, days)
    left = int(await days_left(table, user, table.clock.now()))
    return m.OutMessage(t("reply.vacation", locale, until=stamp(until, "f"), n=n, left=left),
                        ephemeral=True)


async def take_back(table, interaction: discord.Interaction, game_id: int,
                    locale: str) -> m.OutMessage:
    row = await reclaim(table, game_id, caller_of(interaction))
    return m.OutMessage(t("reply.reclaimed", locale, id=row.id), ephemeral=True)


async def remove_player(table, interaction: discord.Interaction, game_id: int, player,
                        locale: str) -> m.OutMessage:
    row, name = await kick(table, game_id, caller_of(interaction), player.id)
    return m.OutMessage(t("reply.kicked", locale, player=name, id=row.id), ephemeral=True)


async def new_host(table, interaction: discord.Interaction, game_id: int, player,
                   locale: str) -> m.OutMessage:
    row = await transfer_host(table, game_id, caller_of(interaction), player.id)
    name = next(s.name for s in row.seats if s.user_id == player.id)
    return m.OutMessage(t("reply.host", locale, player=name, id=row.id), ephemeral=True)


async def change_clock(table, interaction: discord.Interaction, game_id: int, hours: int,
                       reminders: str | None, timeouts: int | None, locale: str) -> m.OutMessage:
    row = await set_clock(table, game_id, caller_of(interaction), hours,
                          reminders=parse_reminders(reminders), zombie_after=timeouts)
    return m.OutMessage(t("reply.clock", locale, id=row.id, hours=hours), ephemeral=True)


async def my_games(table, interaction: discord.Interaction, others: list[str],
                   locale: str) -> m.OutMessage:
    """Where it is the user's move (every server, soonest deadline first, with links),
    then the games of this server and the user's other games."""
    lines = await my_turns(table, interaction.user.id, locale)
    if not others:
        lines = lines if lines else [t("status.none", locale)]
    else:
        lines = (lines or [t("clock.list.none", locale)]) + ["", t("clock.list.others", locale),
                                                             *others]
    text = "\n".join(lines)
    return m.OutMessage(text[:m.MAX_CONTENT], ephemeral=True)


async def open_thread(interaction: discord.Interaction, game: str, locale: str) -> int:
    """Start a public thread for a new table in the channel of the command; its id."""
    name = f"{game_title(game, locale)} · {_name(interaction.user)}"[:100]
    data = await interaction.client.http.start_thread_without_message(
        interaction.channel_id, name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        type=PUBLIC_THREAD)
    return int(data["id"])


async def lobby_here(table, interaction: discord.Interaction, *, active: bool = False) -> int:
    """The table of this channel at which the user sits: in its lobby (or, with
    ``active``, also running) -- for host commands typed without a table id."""
    statuses = ("lobby", "active") if active else ("lobby",)
    rows = [r for r in await table.list_games(user_id=interaction.user.id, statuses=statuses)
            if r.channel_id == interaction.channel_id and r.guild_id == interaction.guild_id]
    if not rows:
        raise TableError("no_game_in_channel")
    if len(rows) > 1:
        raise TableError("several_games")
    return rows[0].id
