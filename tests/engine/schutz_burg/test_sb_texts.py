"""What players read: no zero amounts, Czech numerals that agree, distinguishable helper
spaces, and the build/pay questions, rendered through the bot's real text layer."""
import json
import random
import re
from pathlib import Path

import pytest

from bot.text import event_text, option_label, question
from engine.ai import choose
from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from sb_helpers import A, B, C, answer, decision, new_game, pick, play, set_res, set_taler, skip_to

NAMES = ["Anna", "Bořek", "Cyril", "Dana"]
CATALOG = json.loads((Path(__file__).resolve().parents[3] / "bot" / "i18n" / "schutz_burg.json")
                     .read_text("utf-8"))
#: Czech noun forms after 1 / 2-4 / 5+ (and 0)
CZECH_FORMS = {"tolar": ("tolar", "tolary", "tolarů"), "kámen": ("kámen", "kameny", "kamenů"),
               "bod": ("bod", "body", "bodů"), "budova": ("budova", "budovy", "budov")}
CZECH_NUMBERED = re.compile(r"\b(\d+) (%s)\b" % "|".join(
    sorted({form for forms in CZECH_FORMS.values() for form in forms}, key=len, reverse=True)))
ZERO = re.compile(r"(?<!\d)0×|\+0\b|: 0\b")
ENGLISH_ONE_PLURAL = re.compile(r"\b1 (stones|buildings|helpers|pieces|cards|bars|Talers)\b")


def texts(events, locale):
    return [event_text(GAME, e, locale, NAMES) for e in events]


def labels(state, locale):
    d = decision(state)
    return {o.id: option_label(GAME, o, locale, NAMES) for o in d.options}


def czech_form(n: int) -> int:
    return 0 if n == 1 else 1 if 2 <= n <= 4 else 2


def _bricklayer_builds_tavern():
    state = new_game(3, start=A)
    set_res(state, A, sand=4, clay=2, stone=2)
    set_taler(state, A, 12)
    pick(state, {A: ["bricklayer"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:tavern")
    return state, answer(state, "pay:4-0-2-2")


def test_bricklayer_build_reports_taler_only():
    _state, events = _bricklayer_builds_tavern()
    built = next(e for e in events if e.kind == "built_for_taler")
    assert "vp" not in built.params and built.params["taler"] == 8
    assert event_text(GAME, built, "en", NAMES) == "Anna builds the Tavern: +8 Taler."
    assert event_text(GAME, built, "cs", NAMES) == "Anna staví: Hostinec; dostává 8 tolarů."


def test_stonemason_build_reports_vp_only_and_asks_for_the_second_building():
    state = new_game(3, start=A)
    set_res(state, A, sand=4, wood=2, clay=4, stone=2)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    first = skip_to(state, "build", A)
    assert question(GAME, first, "en", NAMES) == \
        "Stonemason: build a building? (building 1 of at most 2)"
    assert labels(state, "en")["tpl:well"] == "Well (cost 10, +8 VP)"
    answer(state, "tpl:well")
    assert question(GAME, decision(state), "cs", NAMES) == "Jak zaplatíš? Stavba: Studna, cena 10"
    events = answer(state, "pay:2-2-1-0")
    assert texts([e for e in events if e.kind == "built"], "cs") == ["Anna staví: Studna, +8 VB."]
    assert question(GAME, decision(state), "cs", NAMES) == \
        "Kameník: postavíš budovu? (2. stavba, nejvýše 2)"


def test_build_labels_say_what_the_card_earns():
    state = new_game(3, start=A)
    set_res(state, A, sand=2, wood=2, clay=1)
    pick(state, {A: ["bricklayer"], B: ["worker_wood_silver"], C: ["messenger"]})
    skip_to(state, "build", A)
    assert labels(state, "en")["tpl:well"] == "Well (cost 10, 1 Taler per piece)"
    answer(state, "done")
    skip_to(state, "build", B)
    assert labels(state, "cs")["tpl:well"] == "Studna (cena 10, +4 VB: polovina z 8)"


def test_payment_labels_list_only_the_pieces_paid():
    state = new_game(3, start=A)
    set_res(state, A, sand=2, clay=1, silver=2)
    pick(state, {A: ["stonemason"], B: ["messenger"], C: ["messenger"]})
    skip_to(state, "build", A)
    answer(state, "tpl:well")
    assert labels(state, "en")["pay:2-2-1-0"] == "2× Sand, 2× Wood, 1× Clay (from silver: 2)"
    assert labels(state, "cs")["pay:2-2-1-0"] == "2× Písek, 2× Dřevo, 1× Hlína (ze stříbra: 2)"
    events = answer(state, "pay:2-2-1-0")
    assert texts([e for e in events if e.kind == "silver_exchanged"], "cs") == \
        ["Anna směňuje v kovárně 2× Stříbro za 2× Dřevo."]


def test_helper_spaces_of_one_building_read_differently():
    state, _events = _bricklayer_builds_tavern()
    got = labels(state, "en")
    assert got["space:tavern.1"] == "Tavern – 1 VP per helper (fee 12 Taler)"
    assert got["space:tavern.2"] == "Tavern – 1 VP per 2 helpers (fee 6 Taler)"
    cs = labels(state, "cs")
    assert cs["space:smithy.1"] == "Kovárna – 1 VB za stříbrný prut (školné 10)"
    assert len(set(cs.values())) == len(cs)


@pytest.mark.parametrize("role", sorted({s["role"] for s in D.SPACES.values()}))
def test_every_helper_space_role_has_a_label(role):
    entry = CATALOG[f"schutz_burg.option.space_{role}"]
    assert "{building}" in entry["en"] and "{fee}" in entry["cs"]


def test_masterbuilder_without_buildings_of_others_scores_no_zero():
    state = new_game(3, start=A)
    play(state, A, "messenger")
    events = pick(state, {A: [D.MASTER], B: ["messenger"], C: ["messenger"]})
    returned = [e for e in events if e.kind.startswith("master_builder")]
    assert [e.kind for e in returned] == ["master_builder_returned"]
    assert texts(returned, "en") == ["Anna takes all played cards back into hand "
                                     "(nobody else built this round)."]


@pytest.mark.parametrize("seats,winter", [(2, True), (3, False), (3, True), (4, True)])
def test_whole_games_read_without_zeros_or_wrong_numerals(seats, winter):
    seen: list[str] = []
    for seed in range(3):
        state = GAME.setup(seats, {"winter": winter}, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            for locale in ("en", "cs"):
                seen.append(question(GAME, d, locale, NAMES))
                seen += [option_label(GAME, o, locale, NAMES) for o in d.options]
            events = GAME.apply(state, d.seat, choose(GAME, state, d, rnd))
            seen += texts(events, "en") + texts(events, "cs")
    for text in seen:
        assert "{" not in text and not ZERO.search(text), text
        assert not ENGLISH_ONE_PLURAL.search(text), text
        for number, noun in CZECH_NUMBERED.findall(text):
            lemma = next(k for k, forms in CZECH_FORMS.items() if noun in forms)
            assert CZECH_FORMS[lemma][czech_form(int(number))] == noun, text
