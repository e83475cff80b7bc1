"""Every i18n key the Citadels engine can emit exists in bot/i18n/citadels.json (en + cs)."""
import json
import random
import re
import string
from pathlib import Path

from engine.ai import choose
from engine.citadels import GAME
from engine.citadels.scoring import breakdown

ROOT = Path(__file__).resolve().parents[3]
CATALOG = json.loads((ROOT / "bot/i18n/citadels.json").read_text("utf-8"))
COMMON = json.loads((ROOT / "bot/i18n/common.json").read_text("utf-8"))


def _emitted():
    """key -> set of param names, collected from many seeded games."""
    keys: dict[str, set] = {}

    def note(key, params):
        keys.setdefault(key, set()).update(params)

    for ac in (False, True):
        for n in range(2, 8):
            for seed in range(12):
                opts = GAME.parse_options({"action_cards": ac, "great_wall": seed % 2 == 0})
                state = GAME.setup(n, opts, seed)
                rnd = random.Random(seed)
                while GAME.result(state) is None:
                    pending = GAME.pending(state)
                    for d in pending:
                        note(f"citadels.decision.{d.kind}", d.params)
                        for o in d.options:
                            note(f"citadels.option.{o.label}", o.params)
                    d = pending[0]
                    for e in GAME.apply(state, d.seat, choose(GAME, state, d, rnd,
                                                               smart=seed % 3 != 0)):
                        note(f"citadels.event.{e.kind}", e.params)
    return keys


EMITTED = _emitted()


def _placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_emitted_key_exists_in_both_languages():
    missing = sorted(k for k in EMITTED if k not in CATALOG)
    assert not missing
    for key, entry in CATALOG.items():
        assert entry.get("en") and entry.get("cs"), key


def test_placeholders_are_params_the_engine_sends():
    for key, params in EMITTED.items():
        for lang in ("en", "cs"):
            assert _placeholders(CATALOG[key][lang]) <= params, (key, lang)


def test_languages_use_the_same_placeholders():
    for key, entry in CATALOG.items():
        assert _placeholders(entry["en"]) == _placeholders(entry["cs"]), key


def test_error_score_setting_and_rules_keys():
    source = "".join(p.read_text() for p in (ROOT / "engine/citadels").glob("*.py"))
    for key in set(re.findall(r'RuleError\("(\w+)"', source)):
        assert f"citadels.error.{key}" in CATALOG or f"error.{key}" in COMMON, key
    state = GAME.setup(2, {}, 1)
    for part in breakdown(state, 0):
        assert f"citadels.score.{part}" in CATALOG
    for name in GAME.options:
        assert f"citadels.setting.{name}" in CATALOG
    rules = CATALOG["citadels.rules"]
    assert len(rules["en"]) < 1800 and len(rules["cs"]) < 1800


def test_names_cover_every_shown_id():
    names = GAME.names()
    assert names["assassin"]["en"] == "Assassin" and names["assassin"]["cs"] == "Mordýř"
    assert names["assassin"]["cs_acc"] == names["assassin"]["cs_gen"] == "Mordýře"  # declined labels
    assert names["warlord"]["cs"] == "Žoldnéř"
    ids = {"great_wall", "big_top", "fristensky", "school_of_magic", "purple"}
    assert ids <= set(names)
    assert all(v["en"] and v["cs"] for v in names.values())
