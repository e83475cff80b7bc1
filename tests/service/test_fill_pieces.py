"""render.plural.fill from templates parsed once says exactly what the plain
``WordFormatter`` says: for every template of every catalog in both languages, with
numbers of every plural category, names with cases, plain strings and missing params,
and for odd templates (positional, attribute, nested and malformed fields)."""
from __future__ import annotations

import itertools
import string

import pytest

from bot.i18n import LOCALES, catalog, command_mention
from render.plural import CASES, Name, _Lenient, fill, plural

VALUES = (0, 1, 2, 3, 5, 21, 1.5, 1000, True, "4", "x", Name("Mordýř", {"acc": "Mordýře"}),
          Name("Zed"), -2)


class PlainFormatter(string.Formatter):
    """render.plural's WordFormatter as it was before templates were parsed once."""

    def __init__(self, lang, command) -> None:
        super().__init__()
        self.lang, self.command = lang, command

    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key.startswith("/"):
            return self.command(key[1:])
        return super().get_value(key, args, kwargs)

    def format_field(self, value, format_spec):
        if "|" in format_spec:
            return plural(self.lang, value, format_spec)
        if format_spec in CASES:
            return format(value, format_spec) if isinstance(value, Name) else str(value)
        return super().format_field(value, format_spec)


def plain_fill(template, lang, params, command=command_mention) -> str:
    """``fill`` as it was: a new formatter per call."""
    try:
        return PlainFormatter(lang, command).vformat(template, (), _Lenient(params))
    except (ValueError, IndexError, AttributeError, KeyError, TypeError):
        return template


def placeholders(template: str) -> list[str]:
    try:
        return [name for _, name, _, _ in string.Formatter().parse(template) if name]
    except ValueError:
        return []


def test_every_catalog_template_fills_as_the_plain_formatter_does():
    checked = 0
    values = itertools.cycle(VALUES)
    for key, entry in catalog().items():
        for lang in LOCALES:
            template = entry.get(lang)
            if not template:
                continue
            names = placeholders(template)
            for _ in range(3 if names else 1):
                params = {name: next(values) for name in names}
                assert fill(template, lang, params, command_mention) \
                    == plain_fill(template, lang, params), (key, lang, params)
                checked += 1
            some = dict(list(params.items())[1:])   # one left out: stays as written
            assert fill(template, lang, some, command_mention) \
                == plain_fill(template, lang, some), (key, lang)
    assert checked > 1000


@pytest.mark.parametrize("template", [
    "{0} and {}", "{a.b}", "{a[0]}", "{a!r}", "{a:{b}}", "}{", "{", "{{x}} {x}", "a }} b",
    "{/game new} then {/stats}", "{n:,} {n:>5} {n:05d}", "{n:# a|# b} {m:acc} {m:gen}",
    "{n:# karta|# karty|# karet}", "{n:x|y|z|w}", "{missing:# a|# b}", "{n:bad spec}", "",
    "{ a }", "{a b}", "{n:#}", "{name:ins}"])
@pytest.mark.parametrize("lang", LOCALES)
def test_odd_templates_fill_as_the_plain_formatter_does(template, lang):
    for n, m in itertools.product((1, 2, 5, 2.5, "x"), (Name("Mordýř", {"acc": "Mordýře"}), 7)):
        params = {"n": n, "m": m, "a": [1], "b": "x", "x": 1, "name": m}
        assert fill(template, lang, params) == plain_fill(template, lang, params,
                                                          lambda path: "/" + path)
