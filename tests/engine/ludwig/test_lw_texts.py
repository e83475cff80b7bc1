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
                                           (3, {"chosen_favors": True}), (4, {})])
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
