"""Every catalog entry exists in English and Czech with the same placeholders."""
import json
import string
from pathlib import Path

import pytest

from bot.i18n import catalog, norm_locale, t

CATALOGS = sorted((Path(__file__).parents[2] / "bot" / "i18n").glob("*.json"))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.name)
def test_every_key_has_en_and_cs_with_same_placeholders(path):
    entries = json.loads(path.read_text(encoding="utf-8"))
    assert entries, f"{path.name} is empty"
    for key, entry in entries.items():
        assert set(entry) >= {"en", "cs"}, f"{path.name}:{key} lacks a language"
        assert entry["en"].strip() and entry["cs"].strip(), f"{path.name}:{key} is blank"
        assert placeholders(entry["en"]) == placeholders(entry["cs"]), f"{path.name}:{key} placeholders differ"


def test_no_key_is_defined_twice_across_catalogs():
    seen: dict[str, str] = {}
    for path in CATALOGS:
        for key in json.loads(path.read_text(encoding="utf-8")):
            assert key not in seen, f"{key} in both {seen[key]} and {path.name}"
            seen[key] = path.name


def test_locale_mapping_and_fallback():
    assert norm_locale("cs") == "cs" and norm_locale("en-US") == "en" and norm_locale(None) == "en"
    assert t("error.table_full", "cs", max=4) == "Stůl je plný (počet míst: 4)."
    assert t("no.such.key", "cs") == "no.such.key"
    assert catalog()["game.citadels"]["cs"] == "Citadela"


# -- numbers and names -----------------------------------------------------------------
import re

from render.plural import Name, categories, fill, short_categories, specs

LABELS = sorted((Path(__file__).parents[2] / "render" / "labels").glob("*.json"))
HACK = re.compile(r"\w\((s|es|y|a|i|e|ů|ek|ky|ové|ou|ého|é)\)|\b(karta|karty|karet|card|cards)/\w",
                  re.IGNORECASE)


def every_text(paths=None):
    for path in paths or CATALOGS + LABELS:
        for key, entry in json.loads(path.read_text(encoding="utf-8")).items():
            for lang in ("en", "cs"):
                if isinstance(entry.get(lang), str):
                    yield f"{path.parent.name}/{path.name}:{key}:{lang}", lang, entry[lang]


@pytest.mark.parametrize("path", CATALOGS + LABELS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_plural_or_gender_hacks_in_any_catalog(path):
    """No "card(s)", "karet/karty", "vybral(a)": the forms are given or the text phrased around."""
    hacks = [(where, text) for where, _, text in every_text([path]) if HACK.search(text)]
    assert not hacks, hacks


def test_every_plural_spec_gives_the_forms_of_its_language():
    for where, lang, text in every_text():
        for name, spec in specs(text):
            forms = spec.split("|")
            assert len(forms) in {len(categories(lang)), len(short_categories(lang))}, (where, spec)


@pytest.mark.parametrize("n, cs, en", [(0, "0 karet", "0 cards"), (1, "1 karta", "1 card"),
                                       (2, "2 karty", "2 cards"), (4, "4 karty", "4 cards"),
                                       (5, "5 karet", "5 cards"), (21, "21 karet", "21 cards")])
def test_plural_forms_follow_cldr(n, cs, en):
    assert fill("{n:# karta|# karty|# karet}", "cs", {"n": n}) == cs
    assert fill("{n:# card|# cards}", "en", {"n": n}) == en
    assert fill("{n:# karta|# karty|# karty|# karet}", "cs", {"n": 1.5}) == "1.5 karty"  # many


def test_catalog_sentences_take_the_plural_form():
    assert t("citadels.event.cards_drawn", "cs", seat="Eva", count=1) == "Eva si líže 1 kartu."
    assert t("citadels.event.cards_drawn", "cs", seat="Eva", count=3) == "Eva si líže 3 karty."
    assert t("citadels.event.cards_drawn", "cs", seat="Eva", count=5) == "Eva si líže 5 karet."
    assert t("citadels.event.cards_drawn", "en", seat="Eve", count=1) == "Eve draws 1 card."
    assert t("citadels.event.cards_drawn", "en", seat="Eve", count=2) == "Eve draws 2 cards."
    assert t("schutz_burg.event.winter_paid", "cs", seat="Eva", winter_card="Mor",
             amount=2) == "Mor: Eva platí 2 tolary."


def test_a_name_placeholder_can_ask_for_a_case():
    killer = Name("Mordýř", {"acc": "Mordýře"})
    assert fill("Vzít postavu {character:acc}", "cs", {"character": killer}) == "Vzít postavu Mordýře"
    assert fill("{character} je tu", "cs", {"character": killer}) == "Mordýř je tu"
    assert fill("{character:gen}", "cs", {"character": killer}) == "Mordýř"   # no form: nominative
    assert fill("{character:acc}", "cs", {"character": "plain"}) == "plain"
