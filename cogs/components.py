"""Buttons and selects of every game, routed by custom id (they survive restarts).

Each class is a ``discord.ui.DynamicItem`` registered once with ``add_dynamic_items``
and in the routing table of ``bot.discord_ui`` (``@route``: sent components are wrapped
in it); the custom id carries everything needed (game, seq, option), so a click on a
message posted before a restart, or in a DM, still reaches the right table.  The player
and the seq are always re-checked by the table service.
"""
from __future__ import annotations

import re

import discord
from discord import ui

from bot.discord_ui import edit_kwargs, route
from bot.table import TableError
from cogs.replies import answer, caller_of, send


class _Routed:
    """Shared DynamicItem plumbing: keep the template's match, rebuild from a click."""

    def __init__(self, item: ui.Item, match: re.Match[str] | None = None) -> None:
        super().__init__(item)  # type: ignore[call-arg]
        self.match = match or self.__discord_ui_compiled_template__.fullmatch(item.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item,
                             match: re.Match[str]):
        return cls(item, match)

    @property
    def game_id(self) -> int:
        return int(self.match["game"])


async def decide(interaction: discord.Interaction, game_id: int, seq: int, option: str) -> None:
    """Answer the clicker's open decision of ``game_id`` at ``seq``; the panel the click
    came from is edited in place into the new one as soon as it is ready (the board post
    and the other players' DMs follow: the move is saved and their delivery is in the
    outbox by then).  A button the player could not know was stale (another player moved
    meanwhile) shows the current panel, with a note."""

    async def show(panel) -> None:
        try:
            await interaction.edit_original_response(**edit_kwargs(panel, attachments=True))
        except discord.HTTPException:  # the panel message is gone: send it anew
            await send(interaction, panel)

    async def work(table, locale):
        who = caller_of(interaction)
        try:
            await table.act(game_id, who, option, seq, locale=locale,
                            on_panel=lambda outcome: show(outcome.panel))
        except TableError as err:
            if err.key != "stale":
                raise
            await show(await table.panel(game_id, who, locale=locale,
                                         note=err.params.get("note", "panel.stale")))
        return None

    await answer(interaction, work, game_id=game_id, defer="update")


@route
class DecisionButton(_Routed, ui.DynamicItem[ui.Button], template=r"c1:(?P<game>\d+):(?P<seq>\d+):(?P<option>.+)"):
    """Answer the clicker's open decision with this button's option (at this seq)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await decide(interaction, self.game_id, int(self.match["seq"]), self.match["option"])


@route
class DecisionSelect(_Routed, ui.DynamicItem[ui.Select], template=r"s1:(?P<game>\d+):(?P<seq>\d+):(?P<n>\d+)"):
    """Answer the clicker's open decision with the chosen option id (at this seq)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        option = self.item.values[0] if self.item.values else ""
        await decide(interaction, self.game_id, int(self.match["seq"]), option)


@route
class PanelButton(_Routed, ui.DynamicItem[ui.Button], template=r"p1:(?P<game>\d+)"):
    """Show the clicker's private panel (hand, question, options) ephemerally."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id = self.game_id

        async def work(table, locale):
            return await table.panel(game_id, caller_of(interaction), locale=locale)

        await answer(interaction, work, game_id=game_id)


@route
class LobbyButton(_Routed, ui.DynamicItem[ui.Button], template=r"l1:(?P<game>\d+):(?P<verb>join|leave|ai|ai_normal|ai_hard|unai|start)"):
    """Join / leave / add (at a level) or remove an AI seat / start, then refresh the lobby."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, verb, user = self.game_id, self.match["verb"], interaction.user

        async def work(table, locale):
            who = caller_of(interaction)
            if verb == "join":
                row = await table.join(game_id, who, user.display_name)
            elif verb == "leave":
                row = await table.leave(game_id, who)
            elif verb.startswith("ai"):  # ai (easy), ai_normal, ai_hard
                row = await table.add_ai(game_id, who, verb.partition("_")[2] or "easy")
            elif verb == "unai":
                row = await table.remove_ai(game_id, who)
            else:
                row = await table.start(game_id, who)
            await interaction.edit_original_response(**edit_kwargs(table.lobby_message(row)))
            return None

        await answer(interaction, work, game_id=game_id, defer="update")


DYNAMIC_ITEMS = (DecisionButton, DecisionSelect, PanelButton, LobbyButton)

