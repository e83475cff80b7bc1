"""Buttons of the memory features: history pages, replay steps, the panel's Undo.

DynamicItems like every other component (``h1:<game>:<page>:<dir>``,
``r1:<game>:<step>:<verb>``, ``u1:<game>:<seq>``): the custom id carries everything, so they
work after a restart.  Each click edits the message it came from; the table service
checks who may reach the table, as for every command.
"""
from __future__ import annotations

import discord
from discord import ui

from bot.discord_ui import edit_kwargs, route
from bot.history import history_page
from bot.replay import replay_page
from bot.stats import leaderboard, player_stats
from bot.undo import undo
from cogs.components import _Routed
from cogs.replies import answer, caller_of, send

__all__ = ["MEMORY_ITEMS", "history_page", "leaderboard", "player_stats", "replay_page", "undo"]


async def _edit(interaction: discord.Interaction, msg) -> None:
    try:
        await interaction.edit_original_response(**edit_kwargs(msg, attachments=True))
    except discord.HTTPException:  # the message is gone: send it anew
        await send(interaction, msg)


@route
class HistoryButton(_Routed, ui.DynamicItem[ui.Button],
                    template=r"h1:(?P<game>\d+):(?P<page>\d+):(?P<dir>prev|next)"):
    """Show another page of the game's history in place."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, page = self.game_id, int(self.match["page"])

        async def work(table, locale):
            await _edit(interaction, await history_page(table, game_id, caller_of(interaction),
                                                        page, locale=locale))

        await answer(interaction, work, game_id=game_id, defer="update")


@route
class ReplayButton(_Routed, ui.DynamicItem[ui.Button],
                   template=r"r1:(?P<game>\d+):(?P<step>\d+):(?P<verb>first|prev|next|last)"):
    """Show another step of a finished game's replay in place."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, step = self.game_id, int(self.match["step"])

        async def work(table, locale):
            await _edit(interaction, await replay_page(table, game_id, caller_of(interaction),
                                                       step, locale=locale))

        await answer(interaction, work, game_id=game_id, defer="update")


@route
class UndoButton(_Routed, ui.DynamicItem[ui.Button], template=r"u1:(?P<game>\d+):(?P<seq>\d+)"):
    """Take back the clicker's last move (shown at this seq); their panel shows the
    position again."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, seq = self.game_id, int(self.match["seq"])

        async def work(table, locale):
            await _edit(interaction, await undo(table, game_id, caller_of(interaction),
                                                locale=locale, seq=seq))

        await answer(interaction, work, game_id=game_id, defer="update")


MEMORY_ITEMS = (HistoryButton, ReplayButton, UndoButton)
