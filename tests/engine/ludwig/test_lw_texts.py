"""Every question, option and event of whole games reads in both languages (bot text layer)."""
import json
import random
from pathlib import Path

import pytest

from bot.text import event_text, option_label, question
from engine.ai import choose
from engine.ludwig import GAME

NAMES = ["Anna", "Bořek", "Cyril", "Dana"]
CATALOG = json.loads((Path(__file__).resolve().parents[3] / "bot" / "i18n" / "ludwig.json")
                     .read_text("utf-8"))


@pytest.mark.parametrize("seats,options", [(1, {}), (2, {"chosen_bonus": True}),
                                           (3, {"chosen_favors": True}), (4, {}),
                                           (2, {"foyer_back": "four_doors"})])
def test_whole_games_have_every_text(seats, options):
    seen = []
    kinds = set()
    for seed in range(2):
        state = GAME.setup(seats, options, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            kinds.add(f"ludwig.decision.{d.kind}")
            for locale in ("en", "cs"):
                seen.append(question(GAME, d, locale, NAMES))
                seen += [option_label(GAME, o, locale, NAMES) for o in d.options]
            for o in d.options:
                if f"ludwig.option.{o.label}" not in CATALOG:
                    kinds.add(f"option.{o.label}")
            events = GAME.apply(state, d.seat, choose(GAME, state, d, rnd, smart=seed == 0))
            for e in events:
                kinds.add(f"ludwig.event.{e.kind}")
                seen += [event_text(GAME, e, loc, NAMES) for loc in ("en", "cs")]
    for key in kinds:
        assert key in CATALOG or key in ("option.back",), key
    for text in seen:
        assert "{" not in text and "ludwig." not in text, text


def test_every_name_has_both_languages():
    for tid, entry in GAME.names().items():
        assert entry["en"].strip() and entry["cs"].strip(), tid


def test_czech_money_uses_a_space_between_thousands():
    from engine.core import Event
    cs = event_text(GAME, Event("paid", {"seat": 0, "to_seat": 1, "money": 15000, "what": "kitchen"}),
                    "cs", NAMES)
    en = event_text(GAME, Event("paid", {"seat": 0, "to_seat": 1, "money": 15000, "what": "kitchen"}),
                    "en", NAMES)
    assert "15\u00a0000 M" in cs and "15,000 M" in en
    for key, entry in CATALOG.items():
        for name in ("money", "price", "coins"):
            assert "{" + name + "}" not in entry.get("cs", ""), key


def test_every_setting_has_its_short_label_and_values():
    for name, spec in GAME.options.items():
        assert f"ludwig.setting.{name}" in CATALOG
        if not isinstance(spec.default, bool):
            assert f"ludwig.setting.{name}.short" in CATALOG
            for value in spec.choices:
                assert f"ludwig.setting.{name}.{value}" in CATALOG, (name, value)
