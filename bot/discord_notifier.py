"""The table service's Notifier on discord.py (conversion of messages: ``bot.discord_ui``).

Channel posts and edits go through ``Client.get_partial_messageable`` (no channel cache
or fetch needed); DMs through ``Client.create_dm``.

Inside the deliverer (an effect key is set, see ``bot.effects``) every post and DM
carries the key's nonce (Discord enforces it: a resend returns the message it already
created), and a failure that will pass raises :class:`~bot.effects.Deferred` so the
job is kept and retried: 429 (after discord.py's own retries), 5xx, timeouts and
connection errors, and 50013 missing permissions (retried rarely).  Outside it (table
notices, reminders) delivery problems never raise, as before.  Either way a closed DM
returns False and a vanished or too-old message is reported as not edited.
"""
from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

from bot import messages as m
from bot.discord_ui import edit_kwargs, send_kwargs
from bot.effects import Deferred, InvalidRequests, current_key, nonce

log = logging.getLogger(__name__)

DM_CLOSED = 50007          # Cannot send messages to this user
UNKNOWN_MESSAGE = 10008    # the message was deleted
MISSING_PERMISSIONS = 50013
TOO_MANY_OLD_EDITS = 30046  # Maximum number of edits to messages older than 1 hour
INVALID_STATUSES = (401, 403, 429)   # what Discord counts towards its ban of an IP
TRANSIENT = (asyncio.TimeoutError, aiohttp.ClientError, OSError)


class DiscordNotifier:
    """Implements ``bot.table.Notifier`` with a discord.py client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.invalid = InvalidRequests()

    def _judge(self, err: Exception, what: str) -> None:
        """Count an invalid request; inside the deliverer raise Deferred for a failure
        that will pass (the caller handles the permanent ones)."""
        status = getattr(err, "status", None)
        if status in INVALID_STATUSES:
            self.invalid.note()
        if current_key() is None:
            return
        if isinstance(err, TRANSIENT) or isinstance(err, discord.DiscordServerError):
            raise Deferred(f"{what}: {err!r}") from err
        if isinstance(err, discord.RateLimited):
            raise Deferred(f"{what}: rate limited", err.retry_after) from err
        if isinstance(err, discord.HTTPException) and status == 429:
            retry = getattr(err.response, "headers", {}).get("Retry-After")
            raise Deferred(f"{what}: 429", float(retry) if retry else None) from err
        if isinstance(err, discord.HTTPException) and (status or 0) >= 500:
            raise Deferred(f"{what}: {status}") from err
        if isinstance(err, discord.HTTPException) and err.code == MISSING_PERMISSIONS:
            raise Deferred(f"{what}: missing permissions", long=True) from err

    @staticmethod
    def _send_kwargs(msg: m.OutMessage) -> dict:
        kwargs = send_kwargs(msg)
        key = current_key()
        if key is not None:
            kwargs["nonce"] = nonce(key)   # discord.py then sends enforce_nonce=True
        return kwargs

    async def post(self, channel_id: int, msg: m.OutMessage) -> int | None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            sent = await channel.send(**self._send_kwargs(msg))
        except (discord.HTTPException, *TRANSIENT) as err:
            self._judge(err, f"post in {channel_id}")
            log.warning("cannot post in channel %s: %s", channel_id, err)
            return None
        return sent.id

    async def dm(self, user_id: int, msg: m.OutMessage) -> m.Sent | bool:
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            sent = await channel.send(**self._send_kwargs(msg))
        except discord.Forbidden as err:  # 50007 DMs closed, or blocked: retried later
            if err.code == MISSING_PERMISSIONS:   # not the user's choice: not "closed"
                self._judge(err, f"DM to {user_id}")
                return m.Sent(None, None)
            self.invalid.note()
            if err.code != DM_CLOSED:
                log.info("DM to %s refused: %s", user_id, err)
            return False
        except (discord.HTTPException, *TRANSIENT) as err:
            self._judge(err, f"DM to {user_id}")
            # a transient failure is not "DMs closed": keep DMing this user later
            log.warning("DM to %s failed: %s", user_id, err)
            return m.Sent(None, None)
        return m.Sent(sent.channel.id, sent.id)

    async def edit(self, channel_id: int, message_id: int, msg: m.OutMessage) -> bool:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**edit_kwargs(msg))
        except (discord.HTTPException, *TRANSIENT) as err:  # gone, or 30046: post anew
            self._judge(err, f"edit of {message_id}")
            if getattr(err, "code", None) not in (TOO_MANY_OLD_EDITS, UNKNOWN_MESSAGE):
                log.info("cannot edit message %s: %s", message_id, err)
            return False
        return True

    async def disable(self, channel_id: int, message_id: int) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except (discord.HTTPException, *TRANSIENT) as err:
            self._judge(err, f"disable of {message_id}")
            if getattr(err, "code", None) not in (TOO_MANY_OLD_EDITS, UNKNOWN_MESSAGE):
                log.warning("cannot disable message %s: %s", message_id, err)
