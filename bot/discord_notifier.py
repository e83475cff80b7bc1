"""The table service's Notifier on discord.py (conversion of messages: ``bot.discord_ui``).

Channel posts and edits go through ``Client.get_partial_messageable`` (no channel cache
or fetch needed); DMs through ``Client.create_dm``.  Delivery problems never raise: a
closed DM returns False, a vanished or too-old message is left as it is.
"""
from __future__ import annotations

import logging

import discord

from bot import messages as m
from bot.discord_ui import edit_kwargs, send_kwargs

log = logging.getLogger(__name__)

DM_CLOSED = 50007          # Cannot send messages to this user
TOO_MANY_OLD_EDITS = 30046  # Maximum number of edits to messages older than 1 hour


class DiscordNotifier:
    """Implements ``bot.table.Notifier`` with a discord.py client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def post(self, channel_id: int, msg: m.OutMessage) -> int | None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            sent = await channel.send(**send_kwargs(msg))
        except discord.HTTPException as err:
            log.warning("cannot post in channel %s: %s", channel_id, err)
            return None
        return sent.id

    async def dm(self, user_id: int, msg: m.OutMessage) -> m.Sent | bool:
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            sent = await channel.send(**send_kwargs(msg))
        except discord.Forbidden as err:  # 50007 DMs closed, or blocked: retried later
            if err.code != DM_CLOSED:
                log.info("DM to %s refused: %s", user_id, err)
            return False
        except discord.HTTPException as err:
            # a transient failure is not "DMs closed": keep DMing this user later
            log.warning("DM to %s failed: %s", user_id, err)
            return m.Sent(None, None)
        return m.Sent(sent.channel.id, sent.id)

    async def edit(self, channel_id: int, message_id: int, msg: m.OutMessage) -> bool:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**edit_kwargs(msg))
        except discord.HTTPException as err:  # gone, or 30046: the caller posts anew
            if err.code != TOO_MANY_OLD_EDITS:
                log.info("cannot edit message %s: %s", message_id, err)
            return False
        return True

    async def disable(self, channel_id: int, message_id: int) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except (discord.NotFound, discord.Forbidden):
            pass
        except discord.HTTPException as err:
            if err.code != TOO_MANY_OLD_EDITS:
                log.warning("cannot disable message %s: %s", message_id, err)
