"""The table service's Notifier on discord.py, plus OutMessage -> discord.py conversion.

Channel posts and edits go through ``Client.get_partial_messageable`` (no channel cache
or fetch needed); DMs through ``Client.create_dm``.  Delivery problems never raise: a
closed DM returns False, a vanished or too-old message is left as it is.
"""
from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot import messages as m

log = logging.getLogger(__name__)

DM_CLOSED = 50007          # Cannot send messages to this user
TOO_MANY_OLD_EDITS = 30046  # Maximum number of edits to messages older than 1 hour

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _component(spec: m.Button | m.Select, row: int) -> discord.ui.Item:
    """The discord.py item for one component, wrapped in its DynamicItem when it has one."""
    from cogs.components import dynamic_item  # the cogs own the routing of custom ids

    if isinstance(spec, m.Select):
        item: discord.ui.Item = discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, row=row,
            options=[discord.SelectOption(label=o.label, value=o.value,
                                          description=o.description or None)
                     for o in spec.options])
    else:
        item = discord.ui.Button(custom_id=spec.custom_id, label=spec.label, row=row,
                                 style=_STYLES.get(spec.style, discord.ButtonStyle.secondary),
                                 disabled=spec.disabled)
    return dynamic_item(item)


def build_view(msg: m.OutMessage) -> discord.ui.View | None:
    """A persistent View (timeout None) of the message's component rows, or None."""
    if not msg.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row_index, row in enumerate(msg.rows):
        for spec in row:
            view.add_item(_component(spec, row_index))
    return view


def allowed_mentions(msg: m.OutMessage) -> discord.AllowedMentions:
    """Ping only the users the message names on purpose; never everyone or roles."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in msg.mentions])


def files_of(msg: m.OutMessage) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in msg.files]


def send_kwargs(msg: m.OutMessage) -> dict[str, Any]:
    """Keyword arguments for ``Messageable.send`` / ``followup.send`` for ``msg``."""
    kwargs: dict[str, Any] = {"content": msg.text, "allowed_mentions": allowed_mentions(msg)}
    files = files_of(msg)
    if files:
        kwargs["files"] = files
    view = build_view(msg)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def edit_kwargs(msg: m.OutMessage) -> dict[str, Any]:
    """Keyword arguments to replace a message's text and components (no attachments)."""
    return {"content": msg.text, "allowed_mentions": allowed_mentions(msg),
            "view": build_view(msg)}


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

    async def dm(self, user_id: int, msg: m.OutMessage) -> bool:
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            await channel.send(**send_kwargs(msg))
        except discord.Forbidden as err:  # 50007 DMs closed, or blocked: stop trying
            if err.code != DM_CLOSED:
                log.info("DM to %s refused: %s", user_id, err)
            return False
        except discord.HTTPException as err:
            # a transient failure is not "DMs closed": keep DMing this user later
            log.warning("DM to %s failed: %s", user_id, err)
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
