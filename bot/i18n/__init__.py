"""Czech and English text for everything a player reads.

Catalogs are JSON files beside this module: ``common.json`` and one per game, each key
mapping to both languages: ``{"error.not_your_turn": {"en": "...", "cs": "..."}}``.
Numbers take plural forms and names take cases inside placeholders (see
``render.plural``): ``"{seat} draws {count:# card|# cards}"`` /
``"{seat} lízne {count:# kartu|# karty|# karet}"``; ``"Vzít postavu {character:acc}"``;
commands as ``{/game new}`` (a Discord command mention once the ids are known).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from render.plural import fill

LOCALES = ("en", "cs")
DEFAULT_LOCALE = "en"
_DIR = Path(__file__).parent


def norm_locale(locale: Any) -> str:
    """Map a Discord locale (``cs``, ``en-US``, discord.Locale ...) to ``cs`` or ``en``."""
    text = str(getattr(locale, "value", locale) or "").lower()
    return "cs" if text.startswith("cs") else "en"


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, str]]:
    """Every key of every catalog file, merged."""
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(_DIR.glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def has(key: str) -> bool:
    return key in catalog()


_COMMAND_IDS: dict[str, int] = {}


def set_command_ids(ids: dict[str, int]) -> None:
    """Remember the application-command ids (root name -> id) Discord gave at sync."""
    _COMMAND_IDS.clear()
    _COMMAND_IDS.update(ids)


def command_mention(path: str) -> str:
    """``game new`` -> ``</game new:ID>`` (Discord shows it clickable, in the reader's
    language), or ``/game new`` while the id is unknown (offline, before the first sync)."""
    command_id = _COMMAND_IDS.get(path.split()[0])
    return f"</{path}:{command_id}>" if command_id else f"/{path}"


def t(key: str, locale: str = DEFAULT_LOCALE, **params: Any) -> str:
    """The text for ``key`` in ``locale`` with ``params`` filled; the key itself if unknown."""
    entry = catalog().get(key)
    if entry is None:
        return key
    lang = norm_locale(locale)
    text = entry.get(lang) or entry.get(DEFAULT_LOCALE) or key
    return fill(text, lang, params, command_mention)


def first(keys: list[str], locale: str, **params: Any) -> str:
    """The text of the first key that exists (e.g. game-specific, then common)."""
    for key in keys:
        if key in catalog():
            return t(key, locale, **params)
    return keys[-1].rsplit(".", 1)[-1].replace("_", " ")
