"""Player-facing text of Burgundy: labels show worker costs and which die, events leave
out zero amounts, Czech keeps tile names in the nominative, errors fit the open decision."""
import json
import random
import re

import pytest

from bot.text import event_text, option_label, question
from engine.ai import choose
from engine.core import Action, RuleError
from engine.burgundy import GAME
from engine.burgundy.actions import sell, take_workers
from engine.burgundy.errors import VERBS
from engine.burgundy.knowledge import MINE_WORKERS, SALE_WORKER, WORKERS_SILVER
from engine.burgundy.scoring import phase_income
from render import burgundy as render
from burgundy_helpers import (
    act, cover, decision, learn, me, new, on_depot, player, set_dice, store,
)

NAMES = ["Ann", "Bob", "Cyd", "Dan"]
CS = GAME.names()


def label_of(state, option_id, locale="en"):
    return option_label(GAME, decision(state).option(option_id), locale, NAMES)


def test_turn_question_shows_the_white_die_and_not_your_turn_twice():
    state = new(3)
    d = decision(state)
    assert d.kind == "turn" and d.params["white"] == GAME.view(state, None)["white_die"] >= 1
    for locale, start in (("en", "Your turn"), ("cs", "Jsi na tahu")):
        text = question(GAME, d, locale, NAMES)
        assert str(d.params["white"]) in text and not text.startswith(start), text


def test_die_options_say_which_die():
    state = new(3)
    set_dice(state, 3, 3)
    assert [label_of(state, f"die:{i}") for i in (0, 1)] == ["Die 1: 3", "Die 2: 3"]
    assert label_of(state, "die:1", "cs") == "Kostka 2: 3"
    act(state, "die:1")
    assert question(GAME, decision(state), "en", NAMES).startswith("Die 2 showing 3")


@pytest.mark.parametrize("covered, die, label, cost_text", [
    ((), 2, "place_cost", "workers: 1"),                 # spaces 12 and 26 (die 3)
    ((20,), 6, "place_costs", "workers: 1–3"),            # + 27 (die 1) and 14 (die 2)
    ((20,), 2, "place", None),                            # space 14 is free
])
def test_place_label_shows_the_worker_cost(covered, die, label, cost_text):
    state = new(3)
    seat = me(state)
    for space in covered:
        cover(state, seat, space, "ship")
    bank = store(state, seat, "bank")
    player(state)["workers"] = 5
    set_dice(state, die, die)
    act(state, "die:0")
    option = decision(state).option(f"place:{bank}")
    assert option.label == label
    en, cs = label_of(state, f"place:{bank}"), label_of(state, f"place:{bank}", "cs")
    if cost_text:
        assert cost_text in en and cost_text.replace("workers", "dělníci") in cs
    else:
        assert "workers" not in en and "dělníci" not in cs
    assert cs.endswith(": " + CS[bank]["cs"])                    # nominative after a colon


def test_czech_tile_names_follow_a_colon():
    state = new(3)
    seat = me(state)
    bank = on_depot(state, 3, "bank")
    set_dice(state, 3, 3)
    act(state, "die:0")
    assert label_of(state, f"take:3:{bank}", "cs") == "Vzít ze zásobní oblasti 3: Banka"
    events = act(state, f"take:3:{bank}", "die:1", f"place:{bank}")
    assert question(GAME, decision(state), "cs", NAMES) == "Kam umístíš destičku: Banka?"
    events += act(state, "space:12")
    texts = [event_text(GAME, e, "cs", NAMES) for e in events]
    assert texts[:2] == [f"{NAMES[seat]} si bere ze zásobní oblasti 3: Banka.",
                         f"{NAMES[seat]} umisťuje na pole 12: Banka."]


def test_workers_sales_and_income_leave_out_zero_parts():
    state = new(3)
    seat, p = me(state), player(state)
    p["goods"][2] = 2
    plain = take_workers(state, seat) + sell(state, seat, 2)
    cover(state, seat, 25, "mine")
    plain += [e for e in phase_income(state) if e.params["seat"] == seat]
    assert [e.kind for e in plain] == ["workers", "sell", "income"]
    assert all("workers" not in e.params or e.kind == "workers" for e in plain)
    assert all("silver" not in e.params for e in plain[:1])
    learn(state, seat, WORKERS_SILVER, SALE_WORKER, MINE_WORKERS)
    p["goods"][2] = 1
    more = take_workers(state, seat) + sell(state, seat, 2)
    more += [e for e in phase_income(state) if e.params["seat"] == seat]
    assert [e.kind for e in more] == ["workers_silver", "sell_worker", "income_workers"]
    for event in plain + more:
        for locale in ("en", "cs"):
            text = event_text(GAME, event, locale, NAMES)
            assert not re.search(r"\b0\b", text) and "{" not in text, text


def refused(state, seat, kind, option_id) -> RuleError:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, seat, Action(kind, option_id))
    assert json.dumps(state, sort_keys=True) == before
    return err.value


def test_errors_are_worded_for_the_open_decision():
    state = new(3)
    seat, p = me(state), player(state)
    assert refused(state, seat, "turn", "space:99").key == "illegal_option"
    assert refused(state, seat, "turn", "take:1:T001").key == "illegal_option"
    assert refused(state, seat, "turn", "die:5").key == "illegal_option"
    castle, bank = on_depot(state, 6, "castle"), store(state, seat, "bank")
    p["workers"] = 0
    set_dice(state, 3, 3)
    act(state, "die:0")
    err = refused(state, seat, "die_action", f"take:6:{castle}")
    assert (err.key, err.params) == ("not_enough_workers", {"need": 3, "workers": 0})
    assert refused(state, seat, "die_action", f"place:{castle}").key == "not_in_storage"
    assert refused(state, seat, "die_action", "space:12").key == "illegal_option"
    assert refused(state, seat, "die_action", "die:1").key == "illegal_option"
    act(state, f"place:{bank}")
    assert refused(state, seat, "space", "space:99").key == "illegal_space"
    assert refused(state, seat, "space", "end").key == "illegal_option"


def test_the_space_picture_names_the_tile_and_circles_the_legal_spaces():
    state = new(3)
    seat = me(state)
    bank = store(state, seat, "bank")
    set_dice(state, 3, 3)
    act(state, "die:0", f"place:{bank}")
    view = GAME.view(state, seat)
    assert view["decision_tile"] == bank and GAME.view(state, None)["decision_tile"] == bank
    view["my_options"] = [o.id for o in decision(state).options]
    assert render.legal_spaces(view) == [12, 26]
    assert render._status(view, "en", "you") == "Choose the space for Bank"
    assert render._status(view, "cs", "status") == "vybírá pole pro destičku: Banka"
    assert render.render_private(view, "cs").width == render.PRIVATE_WIDTH


def test_no_double_brackets_zeros_or_placeholders_in_whole_games():
    """...and every option offered is of a verb its decision kind knows (errors.VERBS)."""
    bad = re.compile(r"\)\s*\(|\{\w+\}|(?<![\d–])\b0\b(?!–)")
    for players, seed in ((2, 1), (4, 2)):
        state, rnd = GAME.setup(players, {"estates": "advanced"}, seed), random.Random(seed)
        while GAME.result(state) is None:
            d = GAME.pending(state)[0]
            assert {o.id.partition(":")[0] for o in d.options} <= set(VERBS[d.kind]), d
            for locale in ("en", "cs"):
                texts = [question(GAME, d, locale, NAMES)]
                texts += [option_label(GAME, o, locale, NAMES) for o in d.options]
                for text in texts:
                    assert not bad.search(text), text
            for event in GAME.apply(state, d.seat, choose(GAME, state, d, rnd)):
                for locale in ("en", "cs"):
                    text = event_text(GAME, event, locale, NAMES)
                    assert not bad.search(text), text
