"""Whole-game properties: playouts end, everything is conserved, picks stay secret, option
ids are valid, JSON round-trips continue identically, and every i18n key exists."""
import json
import random
import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import choose
from engine.core import Action, RuleError
from engine.schutz_burg import GAME
from sb_helpers import assert_conserved

ROOT = Path(__file__).resolve().parents[3]
CATALOG = json.loads((ROOT / "bot" / "i18n" / "schutz_burg.json").read_text("utf-8"))
OPTION_ID = re.compile(r"^[A-Za-z0-9_.:+-]{1,60}$")


def _step(state, rnd, smart=True):
    decision = GAME.pending(state)[0]
    action = (choose(GAME, state, decision, rnd) if smart
              else Action(decision.kind, rnd.choice(decision.options).id))
    return decision, action, GAME.apply(state, decision.seat, action)


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 4), st.booleans(), st.integers(0, 10**6), st.booleans())
def test_playout_ends_conserves_and_hides_picks(n, winter, seed, smart):
    state = GAME.setup(n, {"winter": winter}, seed)
    rnd = random.Random(seed)
    for _ in range(5000):
        if GAME.result(state) is not None:
            break
        pending = GAME.pending(state)
        assert pending
        assert len({d.seat for d in pending}) == len(pending)  # one decision per seat
        for d in pending:
            assert all(OPTION_ID.match(o.id) for o in d.options)
            assert d.default in [o.id for o in d.options]
        decision = pending[0]
        if decision.kind == "pick_card":
            others = [v for v in [None, *range(n)] if v != decision.seat]
            before = {v: GAME.view(state, v) for v in others}
        decision, _action, _events = _step(state, rnd, smart)
        if decision.kind == "pick_card":
            for v, old in before.items():
                new = GAME.view(state, v)
                if new["pick"] and new["pick"]["waiting"] and new["round"] == old["round"]:
                    old.pop("pick"), new.pop("pick")
                    assert new == old  # another seat learns nothing but "has chosen"
        assert_conserved(state)
    result = GAME.result(state)
    assert result is not None and GAME.pending(state) == []
    assert set(result.scores) == set(range(n))
    final_view = GAME.view(state, None)
    assert final_view["finished"] and final_view["result"] == result.to_json()


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 4), st.booleans(), st.integers(0, 10**6), st.integers(1, 120))
def test_json_round_trip_continues_identically(n, winter, seed, cut):
    state = GAME.setup(n, {"winter": winter}, seed)
    rnd = random.Random(seed)
    for _ in range(cut):
        if GAME.result(state) is not None:
            break
        _step(state, rnd)
    clone = json.loads(json.dumps(state))
    assert clone == state
    rnd_a, rnd_b = random.Random(seed + 1), random.Random(seed + 1)
    log_a, log_b = [], []
    while GAME.result(state) is None:
        log_a.append(_step(state, rnd_a)[1])
    while GAME.result(clone) is None:
        log_b.append(_step(clone, rnd_b)[1])
    assert log_a == log_b
    assert json.dumps(state, sort_keys=True) == json.dumps(clone, sort_keys=True)


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _check_key(key, params, missing):
    entry = CATALOG.get(key)
    if entry is None:
        missing.add(key)
        return
    for lang in ("en", "cs"):
        assert entry.get(lang), (key, lang)
        assert _fields(entry[lang]) <= set(params), (key, lang, params)


def test_every_emitted_key_exists_with_en_and_cs():
    missing: set[str] = set()
    for n in (2, 3, 4):
        for winter in (False, True):
            for seed in range(8):
                state = GAME.setup(n, {"winter": winter}, seed)
                rnd = random.Random(seed)
                while GAME.result(state) is None:
                    for d in GAME.pending(state):
                        _check_key(f"schutz_burg.decision.{d.kind}", d.params, missing)
                        for o in d.options:
                            _check_key(f"schutz_burg.option.{o.label}", o.params, missing)
                    _d, _a, events = _step(state, rnd, smart=seed % 2 == 0)
                    for e in events:
                        _check_key(f"schutz_burg.event.{e.kind}", e.params, missing)
                for part in GAME.result(state).breakdown[0]:
                    _check_key(f"schutz_burg.score.{part}", {}, missing)
    assert not missing


def test_every_key_in_the_source_exists():
    source = "\n".join(p.read_text("utf-8") for p in (ROOT / "engine" / "schutz_burg").glob("*.py"))
    keys = {f"schutz_burg.event.{k}" for k in re.findall(r'Event\("(\w+)"', source)}
    keys |= {f"schutz_burg.option.{k}" for k in re.findall(r'Option\([^,]+, "(\w+)"', source)}
    keys |= {f"schutz_burg.error.{k}" for k in re.findall(r'RuleError\("(\w+)"', source)}
    keys |= {f"schutz_burg.decision.{k}" for k in re.findall(r'@options\("(\w+)"\)', source)}
    keys |= {f"schutz_burg.setting.{k}" for k in GAME.options}
    keys |= {"schutz_burg.decision.pick_card", "schutz_burg.rules"}
    assert len(keys) > 60
    assert sorted(k for k in keys if k not in CATALOG) == []
    for key, entry in CATALOG.items():
        assert key.startswith("schutz_burg.") and entry["en"] and entry["cs"], key
    assert len(CATALOG["schutz_burg.rules"]["en"]) < 1800
    assert len(CATALOG["schutz_burg.rules"]["cs"]) < 1800


def test_names_cover_every_shown_id():
    names = GAME.names()
    state = GAME.setup(4, {"winter": True}, 3)
    view = GAME.view(state, 0)
    shown = set(view["hand"]) | {b["id"] for b in view["buildings"]} | {b["type"] for b in view["buildings"]}
    shown |= {s["id"] for s in view["trade_spots"]} | set(view["supply"]) | set(state["deck"])
    shown |= {"supply", "innkeeper", "taler", "defense_tower"}
    for key in shown:
        assert names[key]["en"] and names[key]["cs"], key


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 4), st.booleans(), st.integers(0, 10**6))
def test_bad_input_is_refused_and_changes_nothing(n, winter, seed):
    state = GAME.setup(n, {"winter": winter}, seed)
    rnd = random.Random(seed)
    while GAME.result(state) is None:
        pending = GAME.pending(state)
        decision = pending[0]
        waiting = {d.seat for d in pending}
        idle = [s for s in range(n) if s not in waiting]
        bad = [(decision.seat, Action(decision.kind, "bogus:option")),
               (decision.seat, Action("no_such_kind", decision.options[0].id)),
               (99, Action(decision.kind, decision.options[0].id))]
        if idle:
            bad.append((idle[0], Action(decision.kind, decision.options[0].id)))
        snapshot = json.dumps(state, sort_keys=True)
        for seat, action in bad:
            with pytest.raises(RuleError) as err:
                GAME.apply(state, seat, action)
            assert f"schutz_burg.error.{err.value.key}" in CATALOG
            assert json.dumps(state, sort_keys=True) == snapshot
        _step(state, rnd)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, 0, Action("pick_card", "card:messenger"))
    assert err.value.key == "game_over"
