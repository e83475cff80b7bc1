"""Castles of Mad King Ludwig images from views of real AI games: every decision for 1-4
seats and both variants, sizes, Czech, readability measured, placement letters matching
the decision, and nothing hidden in a spectator's picture."""
from __future__ import annotations

import copy
import inspect
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from engine.ludwig import GAME
from engine.ludwig import data as D
from render import kit, ludwig, ludwig_art, ludwig_place
from render.bench import bench_render
from render_helpers import all_keys, check_size, png, snapshots

GAMES = [(1, 2, {}), (2, 3, {}), (3, 4, {}), (4, 1, {}), (4, 7, {}),
         (2, 5, {"chosen_bonus": True, "chosen_favors": True}),
         (3, 6, {"chosen_bonus": True})]
KINDS = ("bonus_return", "bonus_pick", "favor_pick", "price", "price_to", "turn",
         "extra_turn", "place", "place_spot", "place_rot", "reward", "corridor", "wild",
         "sleep_stack", "sleep_pick", "utility")


def _kind_now(state: dict) -> str | None:
    """The open decision's kind (placement kinds and extra turns told apart)."""
    task = state["task"]
    if state.get("bonus_return"):
        return "bonus_return"
    if task is None or state["finished"]:
        return None
    if task["type"] in ("place", "turn"):
        return GAME.pending(state)[0].kind
    return task["type"]


def _moment(kind: str):
    return lambda s: _kind_now(s) == kind


MOMENTS = {kind: _moment(kind) for kind in KINDS}
MOMENTS["late"] = lambda s: s["last_round"] and s["task"] is not None


class Pricing:
    """The AI, except that a Master Builder first moves a room now and then (the AI
    keeps the prices), so that the pricing pictures come up."""

    def __init__(self, game) -> None:
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def ai_preference(self, state, decision, rnd):
        if decision.kind == "price" and rnd.random() < 0.3:
            moves = [o.id for o in decision.options if o.id.startswith("move:")]
            if moves:
                return [rnd.choice(moves)]
        if decision.kind == "price_to":
            return [rnd.choice([o.id for o in decision.options])]
        return self.game.ai_preference(state, decision, rnd)


@lru_cache(maxsize=None)
def played(seats: int, seed: int, options: str) -> tuple[tuple[str, dict], ...]:
    state = GAME.setup(seats, GAME.parse_options(json.loads(options)), seed)
    return tuple(snapshots(Pricing(GAME), state, seed, MOMENTS).items())


STATES = [(f"{n}p{seed}{'v' if opts else ''}-{name}", state)
          for n, seed, opts in GAMES for name, state in played(n, seed, json.dumps(opts))]
IDS = [name for name, _ in STATES]


def _acting(state: dict) -> list[int]:
    return sorted({d.seat for d in GAME.pending(state)})


def test_snapshots_cover_every_decision_and_player_count():
    names = {n.split("-", 1)[1] for n in IDS}
    assert set(KINDS) | {"end", "late"} <= names, set(KINDS) - names
    assert {s["n"] for _, s in STATES} == {1, 2, 3, 4}


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_table_image_has_a_sane_size(state, locale):
    img = ludwig.render_table(GAME.view(state, None), locale)
    check_size(img)
    assert img.height <= 1500


@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_private_and_castle_images_for_every_seat(state):
    for seat in range(state["n"]):
        view = GAME.view(state, seat)
        img = ludwig.render_private(view, "cs")
        check_size(img)
        assert img.height <= 2000
        check_size(ludwig.render_castle(GAME.view(state, None), seat, "en"))


def test_spectator_has_no_private_image():
    assert ludwig.render_private(GAME.view(STATES[0][1], None), "en") is None


def test_render_functions_take_only_a_view_a_locale_and_the_seat_shown():
    for fn in (ludwig.render_table, ludwig.render_private):
        assert list(inspect.signature(fn).parameters) == ["view", "locale"]
    assert list(inspect.signature(ludwig.render_castle).parameters) == ["view", "seat", "locale"]


def test_czech_and_english_differ_and_czech_names_render():
    for name in ("turn", "end"):
        state = next(s for n, s in STATES if n.endswith("-" + name))
        view = GAME.view(state, None)
        cs = png(ludwig.render_table(view, "cs"))
        assert cs != png(ludwig.render_table(view, "en"))
        assert cs == png(ludwig.render_table(view, "cs-CZ"))
        named = dict(view, seat_names=["Řehoř Žluťoučký"] * state["n"])
        assert png(ludwig.render_table(named, "cs")) != cs


# -- placements -------------------------------------------------------------------------
PLACING = [(n, s) for n, s in STATES if n.split("-", 1)[1] in ("place", "place_spot",
                                                               "place_rot")]


@pytest.mark.parametrize("state", [s for _, s in PLACING], ids=[n for n, _ in PLACING])
def test_letters_and_spots_on_the_picture_are_the_decisions_options(state):
    decision = GAME.pending(state)[0]
    placing = GAME.view(state, decision.seat)["placing"]
    ids = [o.id for o in decision.options if o.id != "back"]
    if decision.kind == "place_spot":
        assert ludwig_place.offered(placing) == []
        assert [s["id"] for s in placing["spots"]] == ids
    else:
        shown = ludwig_place.offered(placing)
        assert [o["id"] for _, o in shown] == ids
        for (letter, o), option in zip(shown, decision.options):
            assert (letter, o["points"]) == (option.params["letter"], option.params["points"])
    assert GAME.view(state, None)["placing"] is None            # only the placer sees them


@pytest.mark.parametrize("state", [s for _, s in PLACING], ids=[n for n, _ in PLACING])
def test_every_offered_placement_changes_the_picture(state):
    """Dropping any one offered option from the view changes the private image (its
    letter badge and key cell are drawn)."""
    decision = GAME.pending(state)[0]
    view = GAME.view(state, decision.seat)
    full = png(ludwig.render_private(view, "en"))
    fewer = copy.deepcopy(view)
    if decision.kind == "place_spot":
        fewer["placing"]["spots"].pop()
    else:
        last = ludwig_place.offered(view["placing"])[-1][1]
        fewer["placing"]["options"].remove(last)
    assert png(ludwig.render_private(fewer, "en")) != full


# -- hidden information -----------------------------------------------------------------
HIDDEN_VIEW_KEYS = ("my_bonus", "dealt", "peek", "drawn", "placing", "prepared_mine")


def _hidden_shuffled(state: dict) -> dict:
    """A copy where everything hidden from the table differs: stacks reordered, the
    room-card deck and bonus deck reversed, and every player's bonus cards swapped with
    cards from the bonus deck."""
    out = copy.deepcopy(state)
    for pile in out["stacks"].values():
        pile.reverse()
    out["deck"].reverse()
    deck = out["bonus_deck"]
    for p in out["players"]:
        for i in range(len(p["bonus"])):
            if deck:
                p["bonus"][i], deck[0] = deck[0], p["bonus"][i]
                deck.append(deck.pop(0))
    deck.reverse()
    return out


@pytest.mark.parametrize("state", [s for n, s in STATES if not s["finished"]],
                         ids=[n for n, s in STATES if not s["finished"]])
def test_spectator_picture_never_depends_on_hidden_cards_or_stacks(state):
    view = GAME.view(state, None)
    assert not any(view.get(k) for k in HIDDEN_VIEW_KEYS)
    text = json.dumps(view)
    for card in D.BONUS_CARDS:
        assert card not in text                                # no bonus card named
    other = GAME.view(_hidden_shuffled(state), None)
    assert other == view
    assert png(ludwig.render_table(view, "en")) == png(ludwig.render_table(other, "en"))


def test_final_table_reveals_scores_and_crowns_winners():
    state = next(s for n, s in STATES if n == "4p1-end")
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["winners"] and view["final"]
    plain = copy.deepcopy(view)
    plain["result"]["winners"] = []
    assert png(ludwig.render_table(view, "en")) != png(ludwig.render_table(plain, "en"))
    solo = next(s for n, s in STATES if n == "1p2-end")
    solo_view = GAME.view(solo, None)
    assert solo_view["rank"]
    records, _ = _recorded(lambda: ludwig.render_table(solo_view, "cs"))
    assert any(kit.t_name(ludwig.NAMES, solo_view["rank"], "cs") in r.text for r in records)


# -- readability ------------------------------------------------------------------------
def _recorded(render) -> tuple[list, object]:
    """(every text drawn by ``render()`` as kit.TextRecord, the image)."""
    with kit.recording() as records:
        img = render()
    return list(records), img


READ = [(n, s) for n, s in STATES if n.split("-", 1)[1] in
        ("turn", "place", "place_spot", "place_rot", "price", "bonus_return", "sleep_pick",
         "utility", "end")]


@pytest.mark.parametrize("state", [s for _, s in READ], ids=[n for n, _ in READ])
def test_every_text_is_readable_full_screen(state):
    seat = _acting(state)[0] if not state["finished"] else 0
    for render in (lambda: ludwig.render_table(GAME.view(state, None), "cs"),
                   lambda: ludwig.render_private(GAME.view(state, seat), "cs"),
                   lambda: ludwig.render_castle(GAME.view(state, None), seat, "en")):
        records, img = _recorded(render)
        smallest = min(records, key=lambda r: r.size)
        assert smallest.size * 850 / img.width >= 9, (smallest, img.width)
        assert all(r.fallback for r in records)              # every text drawn by the kit
        assert img.height <= ludwig.MAX_ASPECT * img.width


@pytest.mark.parametrize("state", [s for _, s in READ], ids=[n for n, _ in READ])
def test_what_is_needed_at_a_glance_is_readable_on_a_phone(state):
    """Status, every player's score and the placement letters: >= 9 px at 400 px wide."""
    view = GAME.view(state, None)
    status = ludwig.status(view, "en")
    records, table = _recorded(lambda: ludwig.render_table(view, "en"))
    glance = [r for r in records if r.layer == "glance"]
    assert all(r.size * 400 / table.width >= 9 for r in glance), glance
    glanced = {r.text for r in glance}
    assert any(status.startswith(line.rstrip("…")) for line in glanced), status
    for info in ludwig.seats(view):
        assert str(info["score"]) in glanced
    if not state["finished"]:
        seat = _acting(state)[0]
        private = GAME.view(state, seat)
        records, img = _recorded(lambda: ludwig.render_private(private, "en"))
        glance = [r for r in records if r.layer == "glance"]
        assert glance and min(r.size for r in glance) * 400 / img.width >= 9
        texts = {r.text for r in glance}
        placing = private["placing"]
        if placing and placing["mode"] == "spot":
            assert {str(s["n"]) for s in placing["spots"]} <= texts
        elif placing:
            for letter, option in ludwig_place.offered(placing):
                assert f"{letter} {ludwig_place._signed(option['points'])}" in texts
                assert letter in texts                              # its key cell


def test_private_picture_is_narrower_than_the_table_and_both_stay_compact():
    heights = [ludwig.render_table(GAME.view(s, None), "en").height for _, s in STATES]
    assert max(heights) <= 1500 and ludwig.PRIVATE_WIDTH < ludwig.WIDTH


# -- catalog ----------------------------------------------------------------------------
def test_every_label_exists_in_both_languages_and_every_used_key_is_defined():
    folder = Path(ludwig.__file__).parent
    catalog = json.loads((folder / "labels" / "ludwig.json").read_text("utf-8"))
    assert all(set(entry) == {"en", "cs"} and all(entry.values()) for entry in catalog.values())
    used = set()
    for module in ("ludwig.py", "ludwig_place.py"):
        source = (folder / module).read_text("utf-8")
        used |= set(re.findall(r'_t\(\s*"([a-z_.]+)"', source))
    assert used and used <= set(catalog), used - set(catalog)
    for kind in KINDS:                       # every decision has a status and a "you" line
        base = {"price_to": "price", "place_spot": "place", "place_rot": "place"}.get(kind, kind)
        assert f"status.{base}" in catalog and f"you.{base}" in catalog, kind
    for card in D.BONUS_CARDS.values():
        assert f"card_points.{card['scoring']['kind']}" in catalog
    for type_ in ludwig.TYPES:
        assert type_ in ludwig_art.TYPE_COLOUR
    pool_kinds = {e["kind"] for _, s in STATES for e in s["pool"]}
    assert pool_kinds and pool_kinds <= {"wild", "corridor", "sleeping", "utility"}
    for kind in ("wild", "corridor", "sleeping", "utility"):   # rewards left to choose
        assert f"reward.{kind}" in catalog
    bonus_kinds = {t["bonus"]["kind"] for t in D.TILES.values() if t.get("bonus")}
    assert {f"bonus.{k}" for k in bonus_kinds} <= set(catalog)


def test_room_types_have_distinct_colours_and_every_tile_draws():
    assert len(set(ludwig_art.TYPE_COLOUR.values())) == len(ludwig_art.TYPE_COLOUR)
    for tile in D.TILES:
        for rot in range(4):
            shape = ludwig_art.candidate_shape(tile, rot, None)
            img = ludwig_art.shape_image(shape, (200, 200, 200), 10)
            assert img.getbbox() is not None


def test_render_speed_figures_are_reported():
    views = [GAME.view(s, None) for n, s in STATES if s["n"] == 4]
    figures = bench_render("ludwig", views, "cs", repeats=3)
    print(figures)
    assert figures["render_ms_p50"] > figures["encode_floor_ms_p50"] > 0
    # the ratio is reported, not asserted (a timed figure; and a cheaper encode raises it)
    assert figures["render_to_encode_ratio"] > 0
    assert figures["image_kib_p50"] < 2048
