"""Per-game slash commands built from a declarative table of moves.

A game's cog is a mapping ``{subcommand: Move(option-id prefix, param)}``:

    CITADELS = {"build": Move("build:", "district"), "end-turn": Move("end"), ...}
    group = move_group("citadels", CITADELS)

Each subcommand answers the user's open decision with an option whose id starts with
the prefix (``Move("end")`` without a param: exactly that option id).  Autocomplete
offers only the legal options of that kind; the engine validates whatever is typed.
Strings come from the catalog keys ``cmd.<game>[.<sub>[.<param>|.<choice>]].name|description``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import discord
from discord import app_commands

from bot.i18n import has
from bot.i18n.translator import L
from cogs.replies import answer, caller_of, locale_of, send

MAX_CHOICES = 25
GameId = Optional[app_commands.Range[int, 1]]    # the optional ``game`` option: a table id


def option_name(game: str, param: str) -> app_commands.locale_str | str:
    """A slash option's name, localised by ``cmd.<game>.param.<param>`` or
    ``cmd.param.<param>`` (else as written)."""
    for key in (f"cmd.{game}.param.{param}", f"cmd.param.{param}"):
        if has(key):
            return L(key)
    return param


def game_option(callback):
    """Shows a command's ``game_id`` parameter as the described ``game`` option (the
    table id; Czech ``stůl``)."""
    callback = app_commands.rename(game_id=L("cmd.option.game.name"))(callback)
    return app_commands.describe(game_id=L("cmd.option.game.description"))(callback)


@dataclass(frozen=True)
class Move:
    """One subcommand: option ids start with ``prefix``; ``param`` names the slash option
    (None: the option id is ``prefix`` itself); ``choices`` are fixed id suffixes offered
    as choices instead of autocomplete."""

    prefix: str
    param: str | None = None
    choices: tuple[str, ...] = ()


async def resolve_game(interaction: discord.Interaction, game_id: int | None,
                       user_id: int | None = None) -> int:
    """The table a command means: ``game_id``, or the game in this channel where the user
    (or ``user_id``, e.g. the player a command is about) sits."""
    resolved = await interaction.client.table.game_in_channel(
        caller_of(interaction), game_id, user_id)
    interaction.extras["game_id"] = resolved   # errors are then worded for this game
    return resolved


def pick_option(value: str, prefix: str, legal: list[tuple[str, str]]) -> str:
    """The option id meant by typed ``value``: an id, an id without its prefix, a label,
    or the one label's tag before a colon (a letter shown on a picture)."""
    ids = {oid for oid, _ in legal}
    for candidate in (value, prefix + value):
        if candidate in ids:
            return candidate
    folded = value.strip().casefold()
    for oid, label in legal:
        if label.casefold() == folded:
            return oid
    tagged = [oid for oid, label in legal if label.split(":", 1)[0].strip().casefold() == folded]
    if len(tagged) == 1:              # the tag a picture shows ("B" of "B: turned 90°, …")
        return tagged[0]
    return value if value.startswith(prefix) else prefix + value


async def play(interaction: discord.Interaction, game_id: int | None, prefix: str,
               value: str | None) -> None:
    """Answer the user's decision with the option ``value`` names (or ``prefix`` itself)."""
    async def work(table, locale):
        gid = await resolve_game(interaction, game_id)
        option = prefix
        if value is not None:
            _, legal = await table.choices(gid, caller_of(interaction), locale=locale, prefix=prefix)
            option = pick_option(value, prefix, legal)
        await table.act(gid, caller_of(interaction), option, None, locale=locale,
                        on_panel=lambda outcome: send(interaction, outcome.panel))
        return None        # answered as soon as the panel was ready (the board follows)

    await answer(interaction, work, game_id=game_id)


def legal_choices(prefix: str):
    """An autocomplete callback offering the user's legal options starting with ``prefix``."""
    async def autocomplete(interaction: discord.Interaction, current: str):
        table = interaction.client.table
        try:
            gid = await resolve_game(interaction, getattr(interaction.namespace, "game", None))
            _, legal = await table.choices(gid, caller_of(interaction),
                                           locale=locale_of(interaction), prefix=prefix)
        except Exception:  # noqa: BLE001 - autocomplete must answer, even with nothing
            return []
        needle = current.strip().casefold()
        hits = [(oid, label) for oid, label in legal
                if needle in label.casefold() or needle in oid.casefold()]
        return [app_commands.Choice(name=label[:100], value=oid) for oid, label in hits[:MAX_CHOICES]]
    return autocomplete


def _command(game: str, sub: str, move: Move) -> app_commands.Command:
    key = f"cmd.{game}.{sub}"
    if move.param is None:
        async def callback(interaction: discord.Interaction, game_id: GameId = None) -> None:
            await play(interaction, game_id, move.prefix, None)
    else:
        async def callback(interaction: discord.Interaction, value: str,
                           game_id: GameId = None) -> None:
            await play(interaction, game_id, move.prefix, value)
        callback = app_commands.rename(value=option_name(game, move.param))(callback)
        callback = app_commands.describe(value=L(f"{key}.{move.param}.description"))(callback)
        if move.choices:
            callback = app_commands.choices(value=[
                app_commands.Choice(name=L(f"{key}.{c}"), value=c) for c in move.choices])(callback)
    callback = game_option(callback)
    command = app_commands.Command(name=L(f"{key}.name"), description=L(f"{key}.description"),
                                   callback=callback)
    if move.param is not None and not move.choices:
        command.autocomplete("value")(legal_choices(move.prefix))
    return command


def move_group(game: str, moves: dict[str, Move]) -> app_commands.Group:
    """The ``/<game>`` command group with one subcommand per move."""
    group = app_commands.Group(name=L(f"cmd.{game}.name"), description=L(f"cmd.{game}.description"))
    for sub, move in moves.items():
        group.add_command(_command(game, sub, move))
    return group
