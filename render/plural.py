"""Number- and case-aware text filling, shared by message catalogs (``bot/i18n``) and
picture labels (``render/kit``); pure Python plus Babel's CLDR plural rules.

Catalog convention (both languages, any placeholder):

* ``{n:card|cards}`` - the plural form of a word for the number ``n``: the forms follow
  the language's CLDR categories in order (English ``one|other``; Czech
  ``one|few|other`` = "karta|karty|karet", optionally ``one|few|many|other`` with the
  decimal form).  ``#`` in a form stands for the number: ``{n:# card|# cards}``.
* ``{character:acc}`` - a grammatical case of a name (``acc``, ``gen``, ``dat``, ``ins``,
  ``loc``): the value is a :class:`Name` carrying its case forms (from the game's
  ``names()`` data, e.g. ``{"cs": "Mordýř", "cs_acc": "Mordýře"}``); a name without
  that form shows its nominative.
* ``{/game new}`` - a slash command, as a Discord command mention when the bot knows
  the command's id (each client shows it in its own language), else ``/game new``.
"""
from __future__ import annotations

import string
from functools import lru_cache
from typing import Any, Callable, Mapping

from babel import Locale

CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")
OPTIONAL = ("zero", "two", "many")      # categories a catalog may leave to "other"
CASES = ("nom", "gen", "dat", "acc", "voc", "loc", "ins")


@lru_cache(maxsize=8)
def categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of ``lang`` in catalog order (``other`` last)."""
    tags = set(Locale.parse(lang).plural_form.tags) | {"other"}
    return tuple(c for c in CATEGORY_ORDER if c in tags)


def short_categories(lang: str) -> tuple[str, ...]:
    """The categories a catalog must give at least (the optional ones fall to ``other``)."""
    return tuple(c for c in categories(lang) if c not in OPTIONAL)


@lru_cache(maxsize=4096, typed=True)   # (typed: 1.0 is not 1 in Czech)
def category(lang: str, n: int | float) -> str:
    """``one``/``few``/``many``/``other`` … for the number ``n`` in ``lang`` (Babel/CLDR)."""
    return Locale.parse(lang).plural_form(abs(n))


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    try:
        return int(str(value))
    except ValueError:
        try:
            return float(str(value))
        except ValueError:
            return None


def plural(lang: str, n: Any, forms: list[str] | tuple[str, ...] | str) -> str:
    """The form of ``forms`` (``"a|b|c"`` or a list, in category order) for ``n``;
    ``#`` in the chosen form is replaced by ``n``."""
    forms = forms.split("|") if isinstance(forms, str) else list(forms)
    number = _number(n)
    cats = categories(lang)
    if len(forms) != len(cats):
        cats = short_categories(lang)
    by_cat = dict(zip(cats, forms))
    chosen = forms[-1] if number is None else by_cat.get(category(lang, number), forms[-1])
    return chosen.replace("#", str(n))


class Name(str):
    """A localised name that also knows its grammatical cases: ``Name("Mordýř",
    {"acc": "Mordýře"})``; ``format(name, "acc")`` gives the case form."""

    cases: Mapping[str, str]

    def __new__(cls, text: str, cases: Mapping[str, str] | None = None) -> "Name":
        obj = super().__new__(cls, text)
        obj.cases = dict(cases or {})
        return obj

    def __format__(self, spec: str) -> str:
        if spec in CASES:
            return self.cases.get(spec, str(self))
        return format(str(self), spec)


def localized_name(entry: Mapping[str, str] | None, lang: str, fallback: str) -> Name:
    """``entry`` (``{"en": .., "cs": .., "cs_acc": ..}``) as a :class:`Name` in ``lang``."""
    if not entry:
        return Name(fallback)
    text = entry.get(lang) or entry.get("en") or fallback
    prefix = lang + "_"
    return Name(text, {k[len(prefix):]: v for k, v in entry.items() if k.startswith(prefix)})


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def plain_command(path: str) -> str:
    """A command as plain text: ``game new`` -> ``/game new``."""
    return "/" + path


class WordFormatter(string.Formatter):
    """``str.format`` plus plural specs (``{n:karta|karty|karet}``), case specs
    (``{name:acc}``) and commands (``{/game new}``: ``command(path)`` says how, e.g. as a
    Discord command mention); unknown placeholders stay as written."""

    def __init__(self, lang: str, command: Callable[[str], str] = plain_command) -> None:
        super().__init__()
        self.lang = lang
        self.command = command

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if isinstance(key, str) and key.startswith("/"):
            return self.command(key[1:])
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        return _field(self.lang, value, format_spec)


def _field(lang: str, value: Any, spec: str) -> str:
    """One placeholder's text: a plural form, a case form, or ``format(value, spec)``."""
    if "|" in spec:
        return plural(lang, value, spec)
    if spec in CASES:
        return format(value, spec) if isinstance(value, Name) else str(value)
    return format(value, spec)


_FILL_ERRORS = (ValueError, IndexError, AttributeError, KeyError, TypeError)


def fill(template: str, lang: str, params: Mapping[str, Any],
         command: Callable[[str], str] = plain_command) -> str:
    """``template`` with ``params`` filled (plural, case and command aware); never raises.

    What :class:`WordFormatter` would make of it, from the template's pieces parsed once
    (:func:`_pieces`); a template with any other kind of field goes through it."""
    pieces = _pieces(template)
    if pieces is None:
        try:
            return WordFormatter(lang, command).vformat(template, (), _Lenient(params))
        except _FILL_ERRORS:
            return template
    out = []
    try:
        for literal, name, spec in pieces:
            out.append(literal)
            if name is None:
                continue
            if name[0] == "/":
                value = command(name[1:])
            else:
                value = params.get(name, _MISSING)
                if value is _MISSING:
                    value = "{" + name + "}"   # an unknown placeholder stays as written
            out.append(_field(lang, value, spec))
    except _FILL_ERRORS:
        return template
    return "".join(out)


_MISSING = object()


@lru_cache(maxsize=16384)
def _pieces(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """``template`` as ``(literal text, placeholder name or None, spec)`` pieces, when
    each placeholder is a plain name (or a ``/command``) with a spec holding no field and
    no conversion, as every catalog's are; None for any other (or a malformed) one."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        plain = name.isidentifier() if name[:1] != "/" else not ("." in name or "[" in name)
        if not plain or conversion or "{" in spec:
            return None
    return tuple((literal, name, spec or "") for literal, name, spec, _ in parsed)


def specs(template: str) -> list[tuple[str, str]]:
    """``[(placeholder, spec)]`` of every plural spec in ``template`` (for catalog tests)."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return []
    return [(name, spec) for _, name, spec, _ in parsed if name and spec and "|" in spec]
