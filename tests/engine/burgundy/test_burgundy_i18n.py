"""Every i18n key the engine can emit exists in English and Czech."""
import ast
import json
import random
from pathlib import Path

from engine.core import Action
from engine.ai import choose
from engine.burgundy import GAME
from engine.burgundy.frames import HANDLERS
from engine.burgundy.scoring import PARTS

ROOT = Path(__file__).resolve().parents[3]
CATALOG = {}
for path in (ROOT / "bot" / "i18n").glob("*.json"):
    CATALOG.update(json.loads(path.read_text(encoding="utf-8")))
SOURCES = sorted((ROOT / "engine" / "burgundy").glob("*.py")) + [ROOT / "engine" / "core.py"]


def has(*keys):
    for key in keys:
        entry = CATALOG.get(key)
        if entry:
            assert entry.get("en") and entry.get("cs"), key
            return True
    return False


def literals(call_name, arg_index):
    """String literals passed as argument ``arg_index`` of calls to ``call_name``."""
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == call_name
                    and len(node.args) > arg_index
                    and isinstance(node.args[arg_index], ast.Constant)):
                found.add(node.args[arg_index].value)
    return found


def option_labels():
    """Labels of the ``Option(id, label, ...)`` and ``make_option(id, label, ...)`` calls
    written in the engine source (a conditional label counts with both of its constants)."""
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call)
                    and getattr(node.func, "id", None) in ("Option", "make_option")
                    and len(node.args) > 1):
                label = node.args[1]
                for part in (label.body, label.orelse) if isinstance(label, ast.IfExp) else (label,):
                    if isinstance(part, ast.Constant):
                        found.add(part.value)
    return found


def played_keys():
    kinds, labels, events = set(), set(), set()
    for players in (2, 3, 4):
        for estates in ({"estates": "standard"}, {"estates": "advanced"},
                        {"estates": "advanced", "estate_choice": "secret"}):
            for seed in range(4):
                state = GAME.setup(players, estates, seed)
                rnd = random.Random(seed)
                while GAME.result(state) is None:
                    d = GAME.pending(state)[0]
                    kinds.add(d.kind)
                    labels.update(o.label for o in d.options)
                    action = (choose(GAME, state, d, rnd) if rnd.random() < 0.7
                              else Action(d.kind, rnd.choice(d.options).id))
                    events.update(e.kind for e in GAME.apply(state, d.seat, action))
    return kinds, labels, events


def test_every_emitted_key_exists():
    kinds, labels, events = played_keys()
    kinds |= set(HANDLERS) | {"turn"}
    static = option_labels()
    assert {"take", "take_cost", "space_cost", "buy_black", "start_castle"} <= static
    labels |= static
    events |= literals("Event", 0) | literals("make_event", 0)
    missing = [f"decision.{k}" for k in kinds if not has(f"burgundy.decision.{k}")]
    missing += [f"option.{k}" for k in labels if not has(f"burgundy.option.{k}", f"option.{k}")]
    missing += [f"event.{k}" for k in events if not has(f"burgundy.event.{k}")]
    missing += [f"error.{k}" for k in literals("RuleError", 0)
                if not has(f"burgundy.error.{k}", f"error.{k}")]
    missing += [f"score.{k}" for k in PARTS if not has(f"burgundy.score.{k}")]
    missing += [f"setting.{k}" for k in GAME.options if not has(f"burgundy.setting.{k}")]
    assert has("burgundy.rules")
    assert not missing, missing


def test_catalog_is_complete_and_short_enough():
    ours = json.loads((ROOT / "bot" / "i18n" / "burgundy.json").read_text(encoding="utf-8"))
    for key, entry in ours.items():
        assert key.startswith("burgundy.") and set(entry) == {"en", "cs"} and all(entry.values())
    assert all(len(text) < 1800 for text in ours["burgundy.rules"].values())


def test_names_cover_every_shown_id():
    names = GAME.names()
    for entry in names.values():
        assert entry["en"] and entry["cs"]
    from engine.burgundy.data import TILES
    for tile in TILES.values():
        assert tile.id in names and tile.kind in names
    for key in ("goods_1", "goods_6", "bonus_mine_large", "bonus_city_small"):
        assert key in names
    assert names["goods_1"]["cs"] == "Tyrkysové zboží (1)"
