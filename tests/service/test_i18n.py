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
