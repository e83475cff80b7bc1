"""``/game new|status|hand|list|abandon`` and ``/rules``: the commands every game shares."""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages as m
from bot.i18n import has, t
from bot.i18n.translator import L
from bot.text import game_title
from cogs import clock as clock_cmds
from cogs import memory
from cogs.moves import GameId, game_option, resolve_game
from cogs.replies import answer, caller_of, locale_of, send
from engine import registry
from engine.core import RuleError

GAME_CHOICES = [app_commands.Choice(name=L(f"game.{gid}"), value=gid) for gid in registry.available()]
#: the widest seat range of any game; each game's own range is checked by the table service
SEATS = app_commands.Range[int, min(registry.get(g).min_seats for g in registry.available()),
                           max(registry.get(g).max_seats for g in registry.available())]


def setting_choices(game_id: str, name: str) -> list[app_commands.Choice[str]]:
    """A game option's values as localised choices (``<game>.setting.<name>.<value>``)."""
    spec = registry.get(game_id).options[name]
    return [app_commands.Choice(name=L(f"{game_id}.setting.{name}.{value}"), value=str(value))
            for value in spec.choices]


NEW_OPTIONS = ("game", "seats", "turn_hours", "action_cards", "winter", "estates",
               "estate_choice", "room_cards", "foyer_back", "options", "thread")


def parse_options(text: str | None) -> dict[str, str]:
    """``"key=value key=value"`` -> dict; RuleError ``bad_options_text`` on anything else."""
    out: dict[str, str] = {}
    for token in (text or "").replace(",", " ").split():
        key, sep, value = token.partition("=")
        if not sep or not key or not value:
            raise RuleError("bad_options_text", token=token)
        out[key.strip()] = value.strip()
    return out


def chunks(text: str, limit: int = m.MAX_CONTENT) -> list[str]:
    """Split ``text`` into messages of at most ``limit`` characters, at line breaks."""
    out, current = [], ""
    for line in text.splitlines(keepends=True):
        for piece in (line[i:i + limit] for i in range(0, len(line), limit)):
            if len(current) + len(piece) > limit:
                out.append(current)
                current = ""
            current += piece
    out.append(current)
    return [c for c in out if c.strip()]


def status_line(row, locale: str) -> str:
    players = ", ".join(s.name for s in row.seats) or t("lobby.empty", locale)
    return t("status.line", locale, id=row.id, game=game_title(row.type, locale),
             status=t(f"status.{row.status}", locale), players=players)


class GameCog(commands.Cog):
    """Lobby, status, private hand, listing, abandoning and rules."""

    game = app_commands.Group(name=L("cmd.game.name"), description=L("cmd.game.description"))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name=L("cmd.game.new.name"), description=L("cmd.game.new.description"))
    @app_commands.rename(**{o: L(f"cmd.game.new.{o}.name") for o in NEW_OPTIONS})
    @app_commands.describe(**{o: L(f"cmd.game.new.{o}.description") for o in NEW_OPTIONS})
    @app_commands.choices(game=GAME_CHOICES, estates=setting_choices("burgundy", "estates"),
                          estate_choice=setting_choices("burgundy", "estate_choice"),
                          room_cards=setting_choices("ludwig", "room_cards"),
                          foyer_back=setting_choices("ludwig", "foyer_back"))
    async def new(self, interaction: discord.Interaction, game: str,
                  seats: Optional[SEATS] = None,
                  turn_hours: Optional[app_commands.Range[int, 1, 336]] = None,
                  action_cards: Optional[bool] = None, winter: Optional[bool] = None,
                  estates: Optional[str] = None, estate_choice: Optional[str] = None,
                  room_cards: Optional[str] = None, foyer_back: Optional[str] = None,
                  options: Optional[str] = None, thread: Optional[bool] = None) -> None:
        async def work(table, locale):
            chosen = parse_options(options)
            dedicated = {"action_cards": action_cards, "winter": winter, "estates": estates,
                         "estate_choice": estate_choice, "room_cards": room_cards,
                         "foyer_back": foyer_back}
            chosen.update({k: v for k, v in dedicated.items() if v is not None})
            user = interaction.user
            in_thread = bool(thread) and interaction.guild_id is not None
            channel = await clock_cmds.open_thread(interaction, game, locale) if in_thread \
                else interaction.channel_id
            row = await table.create_lobby(game, guild_id=interaction.guild_id,
                                           channel_id=channel, host_id=user.id,
                                           host_name=user.display_name, options=chosen,
                                           locale=locale, seats=seats, turn_hours=turn_hours)
            if in_thread:   # the table's channel is the thread: its lobby and boards go there
                await table.notifier.post(channel, table.lobby_message(row))
                return m.OutMessage(t("reply.thread_opened", locale, thread=f"<#{channel}>"))
            return table.lobby_message(row)

        await answer(interaction, work, defer="none")

    @game.command(name=L("cmd.game.status.name"), description=L("cmd.game.status.description"))
    @game_option
    async def status(self, interaction: discord.Interaction, game_id: GameId = None) -> None:
        async def work(table, locale):
            board = await table.board(await resolve_game(interaction, game_id), caller_of(interaction))
            board.ephemeral = True
            return board

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.hand.name"), description=L("cmd.game.hand.description"))
    @game_option
    async def hand(self, interaction: discord.Interaction, game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id)
            return await table.panel(gid, caller_of(interaction), locale=locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.list.name"), description=L("cmd.game.list.description"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        async def work(table, locale):
            rows = await table.list_games(user_id=interaction.user.id)
            if interaction.guild_id is not None:
                rows += await table.list_games(guild_id=interaction.guild_id)
            unique = {row.id: row for row in rows}
            lines = [status_line(unique[i], locale) for i in sorted(unique)]
            return await clock_cmds.my_games(table, interaction, lines, locale)

        await answer(interaction, work)

    @game.command(name=L("cmd.game.abandon.name"), description=L("cmd.game.abandon.description"))
    @game_option
    async def abandon(self, interaction: discord.Interaction, game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id)
            row = await table.abandon(gid, caller_of(interaction))
            return m.OutMessage(t("reply.abandoned", locale, id=row.id,
                                  game=game_title(row.type, locale)), ephemeral=True)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.replace.name"), description=L("cmd.game.replace.description"))
    @game_option
    @app_commands.rename(player=L("cmd.param.player"))
    @app_commands.describe(player=L("cmd.game.replace.player.description"))
    async def replace(self, interaction: discord.Interaction, player: discord.User,
                      game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id, player.id)
            row = await table.replace_with_ai(gid, caller_of(interaction), player.id)
            name = getattr(player, "display_name", None) or f"<@{player.id}>"
            return m.OutMessage(t("reply.replaced", locale, id=row.id, player=name), ephemeral=True)

        await answer(interaction, work, game_id=game_id)

    # -- memory: undo, history, replay, stats (bot/undo.py, history.py, replay.py, stats.py)
    @game.command(name=L("cmd.game.undo.name"), description=L("cmd.game.undo.description"))
    @game_option
    async def undo(self, interaction: discord.Interaction, game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id)
            return await memory.undo(table, gid, caller_of(interaction), locale=locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.history.name"), description=L("cmd.game.history.description"))
    @game_option
    @app_commands.rename(page=L("cmd.game.history.page.name"))
    @app_commands.describe(page=L("cmd.game.history.page.description"))
    async def history(self, interaction: discord.Interaction,
                      page: Optional[app_commands.Range[int, 1]] = None,
                      game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id)
            return await memory.history_page(table, gid, caller_of(interaction), page,
                                             locale=locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.replay.name"), description=L("cmd.game.replay.description"))
    @app_commands.rename(game_id=L("cmd.option.game.name"))
    @app_commands.describe(game_id=L("cmd.game.replay.table.description"))
    async def replay(self, interaction: discord.Interaction,
                     game_id: app_commands.Range[int, 1]) -> None:
        async def work(table, locale):
            return await memory.replay_page(table, game_id, caller_of(interaction), None,
                                            locale=locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.stats.name"), description=L("cmd.game.stats.description"))
    @app_commands.rename(player=L("cmd.param.player"))
    @app_commands.describe(player=L("cmd.game.stats.player.description"))
    async def stats(self, interaction: discord.Interaction,
                    player: Optional[discord.User] = None) -> None:
        async def work(table, locale):
            who = player or interaction.user
            name = getattr(who, "display_name", None) or f"<@{who.id}>"
            return await memory.player_stats(table, caller_of(interaction), who.id, name,
                                             locale=locale)

        await answer(interaction, work)

    @game.command(name=L("cmd.game.leaderboard.name"),
                  description=L("cmd.game.leaderboard.description"))
    @app_commands.rename(game=L("cmd.game.leaderboard.game.name"))
    @app_commands.describe(game=L("cmd.game.leaderboard.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async def work(table, locale):
            return await memory.leaderboard(table, caller_of(interaction), game, locale=locale)

        await answer(interaction, work)

    # -- clock: notices, vacation, zombies, host controls (bot/clock.py, cogs/clock.py)
    @game.command(name=L("cmd.game.notify.name"), description=L("cmd.game.notify.description"))
    @app_commands.rename(choice=L("cmd.game.notify.choice.name"))
    @app_commands.describe(choice=L("cmd.game.notify.choice.description"))
    @app_commands.choices(choice=[app_commands.Choice(name=L(f"cmd.game.notify.{c}"), value=c)
                                  for c in clock_cmds.NOTIFY_CHOICES])
    async def notify(self, interaction: discord.Interaction, choice: str) -> None:
        await answer(interaction, lambda table, locale: clock_cmds.notify(
            table, interaction, choice, locale))

    @game.command(name=L("cmd.game.vacation.name"), description=L("cmd.game.vacation.description"))
    @app_commands.rename(days=L("cmd.game.vacation.days.name"), end=L("cmd.game.vacation.end.name"))
    @app_commands.describe(days=L("cmd.game.vacation.days.description"),
                           end=L("cmd.game.vacation.end.description"))
    async def vacation(self, interaction: discord.Interaction,
                       days: Optional[app_commands.Range[int, 1, 14]] = None,
                       end: Optional[bool] = None) -> None:
        await answer(interaction, lambda table, locale: clock_cmds.vacation(
            table, interaction, days, end, locale))

    @game.command(name=L("cmd.game.reclaim.name"), description=L("cmd.game.reclaim.description"))
    @game_option
    async def reclaim(self, interaction: discord.Interaction, game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = await resolve_game(interaction, game_id)
            return await clock_cmds.take_back(table, interaction, gid, locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.kick.name"), description=L("cmd.game.kick.description"))
    @game_option
    @app_commands.rename(player=L("cmd.param.player"))
    @app_commands.describe(player=L("cmd.game.kick.player.description"))
    async def kick(self, interaction: discord.Interaction, player: discord.User,
                   game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = game_id if game_id is not None else await clock_cmds.lobby_here(table, interaction)
            return await clock_cmds.remove_player(table, interaction, gid, player, locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.host.name"), description=L("cmd.game.host.description"))
    @game_option
    @app_commands.rename(player=L("cmd.param.player"))
    @app_commands.describe(player=L("cmd.game.host.player.description"))
    async def host(self, interaction: discord.Interaction, player: discord.User,
                   game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = game_id if game_id is not None else await clock_cmds.lobby_here(
                table, interaction, active=True)
            return await clock_cmds.new_host(table, interaction, gid, player, locale)

        await answer(interaction, work, game_id=game_id)

    @game.command(name=L("cmd.game.clock.name"), description=L("cmd.game.clock.description"))
    @game_option
    @app_commands.rename(hours=L("cmd.game.clock.hours.name"),
                         reminders=L("cmd.game.clock.reminders.name"),
                         timeouts=L("cmd.game.clock.timeouts.name"))
    @app_commands.describe(hours=L("cmd.game.clock.hours.description"),
                           reminders=L("cmd.game.clock.reminders.description"),
                           timeouts=L("cmd.game.clock.timeouts.description"))
    async def clock(self, interaction: discord.Interaction,
                    hours: app_commands.Range[int, 1, 336],
                    reminders: Optional[str] = None,
                    timeouts: Optional[app_commands.Range[int, 1, 10]] = None,
                    game_id: GameId = None) -> None:
        async def work(table, locale):
            gid = game_id if game_id is not None else await clock_cmds.lobby_here(
                table, interaction, active=True)
            return await clock_cmds.change_clock(table, interaction, gid, hours, reminders,
                                                 timeouts, locale)

        await answer(interaction, work, game_id=game_id)

    @app_commands.command(name=L("cmd.rules.name"), description=L("cmd.rules.description"))
    @app_commands.rename(game=L("cmd.rules.game.name"))
    @app_commands.describe(game=L("cmd.rules.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        locale = locale_of(interaction)
        key = f"{game}.rules"
        text = t(key, locale) if has(key) else t("reply.no_rules", locale, game=game_title(game, locale))
        for part in chunks(text):
            await send(interaction, m.OutMessage(part, ephemeral=True))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
