"""Localised slash commands: ``locale_str`` strings carry a catalog key, and the
Translator answers Discord's locales (``cs``) from the i18n catalogs at sync time.

    @app_commands.command(name=L("cmd.rules.name"), description=L("cmd.rules.description"))
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LOCALE, catalog, t

# Discord locale -> catalog language, for every language we have besides the default
DISCORD_LOCALES = {discord.Locale.czech: "cs"}


def L(key: str) -> app_commands.locale_str:
    """A command string whose default (English) text and translations come from ``key``."""
    return app_commands.locale_str(t(key, DEFAULT_LOCALE), key=key)


class CatalogTranslator(app_commands.Translator):
    """Translates ``L(key)`` strings into Czech; anything else stays as written."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        parameter = context.location is app_commands.TranslationContextLocation.parameter_name
        return translate(string, locale, parameter=parameter)


def translate(string: app_commands.locale_str, locale: discord.Locale, *,
              parameter: bool = False) -> str | None:
    """The catalog text of ``string``'s key in ``locale``, or None (Discord shows the default).
    An option name written plainly (``player``) is looked up as ``cmd.param.<name>``, so
    every game's options get the shared Czech names."""
    lang = DISCORD_LOCALES.get(locale)
    key = string.extras.get("key")
    if key is None and parameter:
        key = f"cmd.param.{string.message}"
    if lang is None or key is None:
        return None
    return catalog().get(key, {}).get(lang)
