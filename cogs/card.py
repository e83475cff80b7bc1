"""``/card game:<game> name:<card>``: what a card, character, district, tile or building
does, with its picture, shown only to the asker; autocomplete offers the game's names in
the user's language.  Works for every game whose engine implements ``Game.card_info``.
"""
from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages as m
from bot.i18n import t
from bot.i18n.translator import L
from bot.text import card_matches, card_text, game_title
from cogs.replies import answer, locale_of
from engine import registry
from engine.core import RuleError

MAX_CHOICES = 25


def lookup_games() -> list[str]:
    """The installed games that describe their cards (``Game.card_ids`` not empty)."""
    return [gid for gid in registry.available() if registry.get(gid).card_ids()]


def encoded(game_id: str, card: dict, locale: str) -> tuple[bytes, str]:
    """(image bytes, extension) of the card picture: Pillow work, run it off the loop."""
    from render import card as card_picture, kit   # Pillow only where images are made

    return kit.encode(card_picture.render_card(game_id, card, locale)), kit.FILENAME_EXT


def card_message(game_id: str, card: dict, locale: str) -> str:
    lines = [t("card.title", locale, name=card["name"], kind=card["kind"])]
    if card["text"]:
        lines.append(card["text"])
    return "\n".join(lines)


async def card_names(interaction: discord.Interaction, current: str):
    """Autocomplete: the chosen game's card names matching what is typed."""
    game_id = getattr(interaction.namespace, "game", None)
    if game_id not in lookup_games():
        return []
    locale = locale_of(interaction)
    hits = card_matches(registry.get(game_id), current, locale)
    return [app_commands.Choice(name=name[:100], value=cid) for cid, name in hits[:MAX_CHOICES]]


class CardCog(commands.Cog):
    """``/card``: look anything up."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("cmd.card.name"), description=L("cmd.card.description"))
    @app_commands.rename(game=L("cmd.card.game.name"), item=L("cmd.card.item.name"))
    @app_commands.describe(game=L("cmd.card.game.description"),
                           item=L("cmd.card.item.description"))
    @app_commands.choices(game=[app_commands.Choice(name=L(f"game.{gid}"), value=gid)
                                for gid in lookup_games()])
    @app_commands.autocomplete(item=card_names)
    async def card(self, interaction: discord.Interaction, game: str, item: str) -> None:
        async def work(table, locale):
            found = registry.get(game)
            hits = card_matches(found, item, locale)
            if not hits:
                raise RuleError("unknown_card", name=item, game=game_title(game, locale))
            card = card_text(found, hits[0][0], locale)
            image, ext = await asyncio.to_thread(encoded, game, card, locale)
            return m.OutMessage(card_message(game, card, locale),
                                files=[(f"{game}-{card['id']}.{ext}", image)], ephemeral=True)

        await answer(interaction, work)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CardCog(bot))
