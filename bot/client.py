"""The discord.py bot: database, table service, cogs, DynamicItems and the translator.

Commands are never synced on start (Discord allows 200 command creates a day per
guild); ``python -m bot --sync`` calls :func:`sync_commands` once after a change.
"""
from __future__ import annotations

import importlib.util
import logging
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.config import Settings, load_settings
from bot.discord_notifier import DiscordNotifier
from bot.i18n import set_command_ids
from bot.i18n.translator import CatalogTranslator
from bot.render_service import Renderer
from bot.sharding import sharding_from_env
from bot.table import TableService
from cogs.components import DYNAMIC_ITEMS
from cogs.memory import MEMORY_ITEMS
from engine import registry
from storage import Database, open_database
from storage.live import LiveDatabase

def extensions() -> list[str]:
    """``cogs.game``, ``cogs.card`` and the slash-command cog ``cogs.<game>`` of every
    installed game."""
    found = ["cogs.game", "cogs.card"]
    for game_id in registry.available():
        if importlib.util.find_spec(f"cogs.{game_id}") is not None:
            found.append(f"cogs.{game_id}")
    return found


log = logging.getLogger(__name__)
CLOCK_SECONDS = 60  # how often tables with a turn clock are checked


class CastellanBot(commands.AutoShardedBot):
    """Slash commands and buttons in front of a TableService (no privileged intents)."""

    def __init__(self, settings: Settings | None = None, *, renderer: Renderer | None = None,
                 **kwargs: Any) -> None:
        settings = settings or load_settings()
        kwargs = {**sharding_from_env().bot_kwargs(), **kwargs}
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, **kwargs)
        self.settings = settings
        self.renderer = renderer
        self.db: Database | None = None
        self.table: TableService | None = None

    async def setup_hook(self) -> None:
        self.db = LiveDatabase(await open_database(self.settings.database_url))
        self.table = TableService(self.db, DiscordNotifier(self), renderer=self.renderer)
        self.table.clock.lobby_ttl = self.settings.lobby_days * 86400
        self.table.clock.vacation_days = self.settings.vacation_days
        await self.load_commands()
        await self.deliver_open_jobs()

    async def deliver_open_jobs(self) -> None:
        """Start-up (logged in, REST usable): what a crash or an outage left unsaid is
        delivered now, after the AI seats it waits for have moved; what still fails is
        left to the retry task (``bot.delivery``)."""
        try:
            opened = await self.table.delivery.start()
        except Exception:  # never keep the bot from starting
            log.exception("delivering open jobs at start-up failed")
            return
        if opened:
            log.info("delivered %s announcement(s) left open by the last run", opened)

    async def on_ready(self) -> None:
        """Connected to Discord: start the turn clock (once; reconnects fire this again)
        and learn the command ids, so texts can mention commands (``</game new:ID>``)."""
        if not self.turn_clock.is_running():
            self.turn_clock.start()
        try:
            await remember_command_ids(self, self.settings.dev_guild_id)
        except discord.HTTPException:  # texts fall back to plain "/game new"
            log.warning("could not fetch the application commands", exc_info=True)

    @tasks.loop(seconds=CLOCK_SECONDS)
    async def turn_clock(self) -> None:
        """The turn clock (``bot.clock``): reminders, timeout defaults where a seat's
        clock ran out, the AI for absent players, expired lobbies (state in SQLite, so a
        restart loses no deadline and repeats no reminder)."""
        try:
            await self.table.enforce_deadlines()
        except Exception:  # one bad table must not stop the clock for the others
            log.exception("turn clock failed")

    async def load_commands(self) -> None:
        """Cogs, DynamicItems and the translator (no database or login needed)."""
        for extension in extensions():
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *MEMORY_ITEMS)
        await self.tree.set_translator(CatalogTranslator())

    async def close(self) -> None:
        self.turn_clock.cancel()
        if self.table is not None:
            await self.table.delivery.stop()
        try:
            await super().close()
        except AttributeError as err:
            # discord.py 2.7: AutoShardedClient.close() of a bot that never connected fails
            # at its last step (the event queue is made by connect()); all is closed by then
            if "_AutoShardedClient__queue" not in str(err):
                raise
        finally:
            if self.db is not None:
                await self.db.close()
                self.db = None


async def command_payload(bot: commands.Bot, guild_id: int | None = None) -> list[dict]:
    """The application-command JSON ``sync`` would upload, with its localisations.

    Works offline: ``bot = CastellanBot(settings); await bot.load_commands()`` first.
    """
    guild = discord.Object(guild_id) if guild_id is not None else None
    translator = bot.tree.translator
    commands_ = bot.tree._get_all_commands(guild=guild)
    if translator is None:
        return [command.to_dict(bot.tree) for command in commands_]
    return [await command.get_translated_payload(bot.tree, translator) for command in commands_]


async def remember_command_ids(bot: commands.Bot, guild_id: int | None = None) -> dict[str, int]:
    """Fetch the uploaded commands and keep ``{root name: id}`` for command mentions."""
    guild = discord.Object(guild_id) if guild_id is not None else None
    ids = {command.name: command.id for command in await bot.tree.fetch_commands(guild=guild)}
    if ids:
        set_command_ids(ids)
    return ids


async def sync_commands(bot: commands.Bot, guild_id: int | None = None) -> list[Any]:
    """Upload the commands: to one guild (instant; the global ones are copied) or globally;
    their new ids are remembered for command mentions."""
    if guild_id is None:
        synced = await bot.tree.sync()
    else:
        guild = discord.Object(guild_id)
        bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
    set_command_ids({command.name: command.id for command in synced})
    return synced
