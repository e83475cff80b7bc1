"""Every key the engine can emit exists in the catalog, in both languages, and reads
right through the bot's real text layer (names, plurals, Czech cases)."""
import json
import random
from pathlib import Path

import pytest

from bot.text import event_text, option_label, question
from engine.ai import choose
from engine.carcassonne_castle import GAME
from engine.carcassonne_castle import flow

NAMES = ["Anna", "Bořek"]
CATALOG = json.loads((Path(__file__).resolve().parents[3] / "bot" / "i18n" / "carcassonne_castle.json")
                     .read_text("utf-8"))


def has(kind, name):
    return f"carcassonne_castle.{kind}.{name}" in CATALOG


@pytest.fixture(scope="module")
def emitted():
    """Decisions, option labels and events seen in playouts with the variants on and off."""
    seen = {"decision": {}, "option": {}, "event": {}}
    for seed in range(30):
        options = {"late_pickup": seed % 2 == 1, "keep_requires_own_placement": seed % 3 != 0}
        state = GAME.setup(2, options, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            seen["decision"].setdefault(decision.kind, decision)
            for option in decision.options:
                seen["option"].setdefault(option.label, option)
            for event in GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd,
                                                                   smart=seed % 2 == 0)):
                seen["event"].setdefault(event.kind, event)
    return seen


def test_every_emitted_key_exists(emitted):
    for kind, items in emitted.items():
        for name in items:
            assert has(kind, name) or name == "back", (kind, name)
    assert {"place", "rotate", "follower", "order", "double", "extra"} <= set(emitted["decision"])


def test_every_catalog_decision_option_event_is_emittable(emitted):
    """No dead keys: each decision/option/event key is emitted by some playout (or by a
    rare rule listed here)."""
    rare = {"event.court_tied", "event.keep_tied", "event.wall_tile_scored", "event.wall_tile_points",
            "event.tile_discarded", "event.feature_tied", "event.keep_moved", "event.extra_turn",
            "event.wall_tile_used", "option.skip_double", "option.keep_wall_tile",
            "option.use_extra_turn", "option.use_double", "option.score_feature",
            "decision.order", "decision.double", "decision.extra", "event.court_scored"}
    for key in CATALOG:
        _, kind, *rest = key.split(".")
        if kind in emitted and key.split(".", 1)[1] not in rare:
            assert rest[0] in emitted[kind], key


def test_settings_score_parts_and_errors_exist():
    for name in GAME.options:
        assert has("setting", name)
    for part in ("path", "tower", "house", "court", "wall_tiles", "keep"):
        assert has("score", part)
    source = (Path(flow.__file__)).read_text("utf-8")
    import re
    for key in set(re.findall(r'RuleError\("([a-z_]+)"', source)) - {"illegal_option"}:
        assert has("error", key), key


def test_texts_render_in_both_languages_without_leftover_braces(emitted):
    for locale in ("en", "cs"):
        for decision in emitted["decision"].values():
            assert "{" not in question(GAME, decision, locale, NAMES)
            for option in decision.options:
                assert "{" not in option_label(GAME, option, locale, NAMES)
        for event in emitted["event"].values():
            text = event_text(GAME, event, locale, NAMES)
            assert "{" not in text and "carcassonne_castle" not in text, text


def test_czech_reads_naturally():
    from engine.core import Event, Option
    drawn = Event("tile_drawn", {"seat": 0, "tile": "R16"})
    assert event_text(GAME, drawn, "cs", NAMES) == "Anna táhne kartičku (věž, dům, rovná cesta)."
    assert event_text(GAME, drawn, "en", NAMES) == "Anna draws tile (tower, house, straight path)."
    placed = Event("tile_placed", {"seat": 0, "tile": "R13", "spot": "D4", "rotation": 90})
    assert event_text(GAME, placed, "cs", NAMES) == \
        "Anna pokládá kartičku (dvůr, 2 trhy) na pole D4 (natočení 90°)."
    scored = Event("feature_scored", {"seat": 1, "points": 6, "total": 9, "kind": "path",
                                      "size": 3, "spot": "D4"})
    assert event_text(GAME, scored, "cs", NAMES) == "Bořek boduje cestu na poli D4 (3 kartičky): +6 (celkem 9)."
    assert event_text(GAME, scored, "en", NAMES) == "Bořek scores the path at D4 (3 tiles): +6 (total 9)."
    knight = Option("f:tower:NE-NW", "follower_knight", {"part": "tower:NW-NE", "where": "NW-NE"})
    assert option_label(GAME, knight, "cs", NAMES) == "Rytíř na věž (severní polovina)"
    assert option_label(GAME, knight, "en", NAMES) == "Knight on the tower (north half)"
    herald = Event("follower_placed", {"seat": 0, "role": "herald", "part": "path:N-S",
                                       "where": "N-S", "spot": "A8"})
    assert event_text(GAME, herald, "cs", NAMES) == \
        "Anna nasazuje figurku jako posla na cestu (sever–jih) na poli A8."
