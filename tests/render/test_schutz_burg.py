"""Im Schutz der Burg images from views of real AI games: sizes, locales, the secret pick."""
from __future__ import annotations

import copy
import inspect
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from engine.core import Action
from engine.schutz_burg import GAME
from engine.schutz_burg import data as D
from engine.schutz_burg.tasks import OPTIONS
from render import kit, schutz_burg
from render.bench import bench_render
from render_helpers import check_size, png, snapshots

GAMES = [(2, 21, False), (2, 25, True), (3, 23, False), (3, 20, True), (4, 25, False),
         (4, 26, True)]

# snapshot name -> "take the first state where this holds"
_MOMENTS = {
    "pick_open": lambda s: "picks" in s and not s["picks"]["picks"] and not s["draft"],
    "pick_some": lambda s: "picks" in s and bool(s["picks"]["picks"]),
    "pick_draft": lambda s: "picks" in s and bool(s["draft"]),
    "workers": lambda s: bool(s["rs"]["workers"]) and s["task"] is not None,
    "late": lambda s: s["round"] >= s["rounds"] - 1 and s["task"] is not None,
    "inn": lambda s: s["inn"] is not None and s["inn"]["keeper"] is not None,
    "maiden": lambda s: s["maiden"] is not None and bool(s["maiden"]["items"]),
    "granary": lambda s: bool(s["granary"]),
    "maiden_share": lambda s: bool(s.get("maiden_items")),
    "removed": lambda s: any(p["removed"] for p in s["players"]),
}


@lru_cache(maxsize=None)
def played(seats: int, seed: int, winter: bool) -> tuple[tuple[str, dict], ...]:
    """(moment, state) snapshots of one AI game, the end included."""
    state = GAME.setup(seats, GAME.parse_options({"winter": winter}), seed)
    return tuple(snapshots(GAME, state, seed, _MOMENTS).items())


STATES = [(f"{n}p{'w' if w else 's'}-{name}", state)
          for n, seed, w in GAMES for name, state in played(n, seed, w)]
IDS = [name for name, _ in STATES]


def _state(name: str) -> dict:
    return next(s for n, s in STATES if n.endswith(name))


def test_snapshots_cover_picks_reveals_winter_and_every_player_count():
    names = {n.split("-", 1)[1] for n in IDS}
    assert set(_MOMENTS) | {"end"} <= names, set(_MOMENTS) - names
    assert {s["n"] for _, s in STATES} == {2, 3, 4}


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_table_image_has_a_sane_size(state, locale):
    check_size(schutz_burg.render_table(GAME.view(state, None), locale))


@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_private_image_for_every_seat(state):
    for seat in range(state["n"]):
        check_size(schutz_burg.render_private(GAME.view(state, seat), "cs"))


def test_spectator_has_no_private_image():
    assert schutz_burg.render_private(GAME.view(STATES[0][1], None), "en") is None


def test_render_functions_take_only_a_view_and_a_locale():
    for fn in (schutz_burg.render_table, schutz_burg.render_private):
        assert list(inspect.signature(fn).parameters) == ["view", "locale"]


def test_czech_and_english_images_differ_and_locale_variants_agree():
    for name in ("pick_some", "end"):
        view = GAME.view(_state(name), None)
        cs = png(schutz_burg.render_table(view, "cs"))
        assert cs != png(schutz_burg.render_table(view, "en"))
        assert cs == png(schutz_burg.render_table(view, "cs-CZ"))
        private = GAME.view(_state(name), 0)
        assert (png(schutz_burg.render_private(private, "cs"))
                != png(schutz_burg.render_private(private, "en")))


# -- the secret pick --------------------------------------------------------------------
def _pick_as(state: dict, seat: int, card: str) -> dict:
    """A copy of ``state`` where ``seat`` lays ``card`` face down (and, with two players,
    its first other legal card)."""
    out = copy.deepcopy(state)
    while True:
        decision = next(d for d in GAME.pending(out) if d.seat == seat)
        GAME.apply(out, seat, Action(decision.kind, card))
        if str(seat) not in out["draft"]:
            return out
        card = next(o.id for o in next(d for d in GAME.pending(out) if d.seat == seat).options
                    if o.id.startswith("card:"))


def _two_picks(state: dict) -> tuple[int, dict, dict]:
    """(seat, a, b): copies of ``state`` where ``seat`` chose different cards."""
    seat = state["picks"]["open"][0]
    decision = next(d for d in GAME.pending(state) if d.seat == seat)
    cards = [o.id for o in decision.options if o.id.startswith("card:")]
    return seat, _pick_as(state, seat, cards[0]), _pick_as(state, seat, cards[-1])


PICK_STATES = [(n, s) for n, s in STATES if ("pick_open" in n or "pick_some" in n)
               and len(s["picks"]["open"]) >= 2]         # one more pick, still no reveal


@pytest.mark.parametrize("state", [s for _, s in PICK_STATES], ids=[n for n, _ in PICK_STATES])
def test_a_pick_never_reaches_the_table_or_other_seats(state):
    seat, a, b = _two_picks(state)
    assert "picks" in a and "picks" in b                     # still before the reveal
    assert a["picks"]["picks"][str(seat)] != b["picks"]["picks"][str(seat)]
    for viewer in [None] + [s for s in range(state["n"]) if s != seat]:
        view_a, view_b = GAME.view(a, viewer), GAME.view(b, viewer)
        assert view_a == view_b                                # the renderer's input
        assert (png(schutz_burg.render_table(view_a, "en"))
                == png(schutz_burg.render_table(view_b, "en")))
        if viewer is not None:
            assert (png(schutz_burg.render_private(view_a, "en"))
                    == png(schutz_burg.render_private(view_b, "en")))
    # the chooser sees its own face-down card, the table does not
    mine_a, mine_b = GAME.view(a, seat), GAME.view(b, seat)
    assert (png(schutz_burg.render_private(mine_a, "en"))
            != png(schutz_burg.render_private(mine_b, "en")))
    assert (png(schutz_burg.render_table(mine_a, "en"))
            == png(schutz_burg.render_table(GAME.view(a, None), "en")))


@pytest.mark.parametrize("state", [s for _, s in PICK_STATES], ids=[n for n, _ in PICK_STATES])
def test_the_table_shows_who_has_chosen(state):
    view = GAME.view(state, None)
    status = {s: schutz_burg._status(view, s, "en") for s in range(state["n"])}
    for seat in range(state["n"]):
        chosen = str(seat) in state["picks"]["picks"]
        expected = kit.label("schutz_burg", "chosen" if chosen else "choosing", "en")
        assert status[seat] is not None and expected in status[seat][0]


def test_the_private_image_lists_the_pending_pick_only_for_its_owner():
    state = _state("pick_draft")
    seat = int(next(iter(state["draft"])))
    mine = schutz_burg._private_sections(GAME.view(state, seat), "en")[0]
    assert len(mine[1]) == len(state["draft"][str(seat)]) >= 1
    other = (seat + 1) % state["n"]
    titles = [t for t, _, _ in schutz_burg._private_sections(GAME.view(state, other), "en")]
    assert not any(t.startswith("Your face-down choice (") and "(1/" in t for t in titles)


def _drawn(render, view) -> list[kit.TextRecord]:
    with kit.recording() as records:
        render(view, "en")
    return records


def test_a_secret_pick_is_confirmed_to_the_picker_only():
    state = next(s for name, s in STATES if name.endswith("pick_some"))
    seat = int(next(iter(state["picks"]["picks"])))
    view = GAME.view(state, seat)
    picked = [schutz_burg._short(c, "en") for c in view["pick"]["mine"]]
    assert picked
    confirm = [r for r in _drawn(schutz_burg.render_private, view)
               if r.text.startswith("✓ Your choice:")]
    assert confirm and confirm[0].layer == "glance"
    texts = " ".join(r.text for r in _drawn(schutz_burg.render_private, view))
    assert all(name in texts for name in picked)
    for other in range(state["n"]):                  # nobody else is told the card
        if str(other) in state["picks"]["picks"] or other == seat:
            continue
        texts = [r.text for r in _drawn(schutz_burg.render_private, GAME.view(state, other))]
        assert not any("Your choice" in t for t in texts)
        assert any(t.startswith("▶ Choose a card face down") for t in texts)


def test_winter_removed_cards_are_explained_in_the_legend():
    removed = next(s for name, s in STATES if name.endswith("removed"))
    legend = kit.label("schutz_burg", "legend_removed", "en").upper()   # a section header
    assert legend in " ".join(r.text for r in _drawn(schutz_burg.render_table,
                                                     GAME.view(removed, None)))
    start = next(s for name, s in STATES if name.endswith("pick_open"))
    assert legend not in " ".join(r.text for r in _drawn(schutz_burg.render_table,
                                                         GAME.view(start, None)))


def test_revealed_round_cards_are_framed_on_the_table():
    state = _state("workers")
    view = GAME.view(state, None)
    assert any(info["round_cards"] for info in view["seats"])
    plain = copy.deepcopy(view)
    for info in plain["seats"]:
        info["round_cards"] = []
    assert (png(schutz_burg.render_table(view, "en"))
            != png(schutz_burg.render_table(plain, "en")))


# -- content ----------------------------------------------------------------------------
def test_end_image_marks_winners_and_score_parts():
    view = GAME.view(_state("4ps-end"), None)
    assert view["finished"] and view["result"]["winners"]
    plain = copy.deepcopy(view)
    plain["result"]["winners"] = []
    assert png(schutz_burg.render_table(view, "en")) != png(schutz_burg.render_table(plain, "en"))


def test_seat_names_from_the_view_are_drawn():
    view = GAME.view(_state("workers"), None)
    named = dict(view, seat_names=["Řehoř Žluťoučký"] * view["players"])
    assert png(schutz_burg.render_table(named, "cs")) != png(schutz_burg.render_table(view, "cs"))


def test_winter_cards_state_is_drawn():
    view = GAME.view(_state("maiden"), None)
    boxes = schutz_burg._winter_boxes(view, "cs")
    titles = [title for title, _ in boxes]
    assert kit.t_name(schutz_burg.NAMES, D.MAIDEN, "cs") in titles
    maiden_lines = dict(boxes)[kit.t_name(schutz_burg.NAMES, D.MAIDEN, "cs")]
    assert len(maiden_lines[1]) == len(view["winter_cards"]["maiden"]["items"])
    inn = GAME.view(_state("inn"), None)
    keeper = inn["winter_cards"]["inn"]["keeper"]
    lines = dict(schutz_burg._winter_boxes(inn, "en"))[kit.t_name(schutz_burg.NAMES, D.INN, "en")]
    assert lines[0] == kit.label("schutz_burg", "innkeeper", "en",
                                 player=kit.seat_name(inn, keeper, "en"))


def test_every_card_has_a_sprite_and_a_name_in_both_locales():
    for locale in ("en", "cs"):
        for card in D.CARDS:
            assert schutz_burg.card_sprite(card, locale).size == schutz_burg.HAND_CARD
            assert schutz_burg.card_sprite(card, locale, schutz_burg.MINI_CARD).size \
                == schutz_burg.MINI_CARD
            assert kit.t_name(schutz_burg.NAMES, card, locale) != card


def test_resource_icons_are_distinct():
    icons = [schutz_burg.res_icon(kind, 24).tobytes() for kind in D.RESOURCES]
    assert len(set(icons)) == len(D.RESOURCES)
    colours = list(schutz_burg.RES_COLOUR.values())
    assert len(set(colours)) == len(D.RESOURCES)


def test_every_label_exists_in_both_languages_and_every_used_key_is_defined():
    catalog = json.loads((Path(schutz_burg.__file__).parent / "labels" / "schutz_burg.json")
                         .read_text("utf-8"))
    assert all(set(entry) == {"en", "cs"} and all(entry.values()) for entry in catalog.values())
    source = Path(schutz_burg.__file__).read_text("utf-8")
    used = set(re.findall(r'_t\(\s*"([a-z_.]+)"', source))
    assert used and used <= set(catalog), used - set(catalog)
    for kind in OPTIONS:                                     # every open decision has a status
        assert f"doing.{kind}" in catalog, kind
    for building in D.PREBUILT + D.TEMPLATES:                # what each helper space scores
        if D.SPACES_OF.get(building):
            assert f"scores.{D.TEMPLATE_TYPE.get(building, building)}" in catalog, building
    for card in D.CARDS:
        assert ("effect.worker" if card in D.WORKERS else f"effect.{card}") in catalog


def test_render_speed_figures_are_reported():
    views = [GAME.view(s, None) for _, s in STATES if s["n"] == 4]
    figures = bench_render("schutz_burg", views, "cs", repeats=3)
    print(figures)
    assert figures["render_ms_p50"] > figures["encode_floor_ms_p50"] > 0
    assert figures["image_kib_p50"] < 2048
