"""Carcassonne: The Castle images from views of real AI games: every phase, both seats and
locales, sizes, Czech glyphs, nothing hidden in any picture input, the readability rule
measured on the text actually drawn, and a castle drawn from another data file."""
from __future__ import annotations

import copy
import inspect
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine.carcassonne_castle import GAME
from engine.carcassonne_castle.game import CarcassonneCastle
from engine.carcassonne_castle.geometry import load_data
from render import carcassonne_castle as cc
from render import carcassonne_castle_art as art
from render import carcassonne_castle_choice as choice
from render import kit
from render.bench import bench_render
from render.carcassonne_castle_board import layout
from render_helpers import check_size, png, snapshots

PHASES = ("place", "rotate", "follower", "order", "double", "extra")
_MOMENTS = {
    **{phase: (lambda p: lambda s: s["phase"] == p)(phase) for phase in PHASES},
    "scored": lambda s: bool(s["scored"]) and s["phase"] == "place",
    "keep": lambda s: any(k is not None for k in s["keep"]),
    "held": lambda s: sum(len(h) for h in s["held"]) >= 2,
    "discards": lambda s: bool(s["discards"]),
}
SEEDS = range(1, 21)            # AI games are played until every moment has been seen


@lru_cache(maxsize=None)
def played(seed: int) -> tuple[tuple[str, dict], ...]:
    state = GAME.setup(2, {}, seed)
    return tuple(snapshots(GAME, state, seed, _MOMENTS).items())


def _first_of_each_moment() -> list[tuple[str, dict]]:
    """(name, state): each moment from the first AI game it happened in (so a better AI
    that plays differently never leaves a moment out), and two games' ends."""
    found: dict[str, tuple[int, dict]] = {}
    ends = []
    for seed in SEEDS:
        for name, state in played(seed):
            if name == "end":
                ends.append((f"s{seed}-end", state))
            elif name not in found:
                found[name] = (seed, state)
        if len(found) == len(_MOMENTS) and len(ends) >= 2:
            break
    return [(f"s{seed}-{name}", state) for name, (seed, state) in found.items()] + ends[:2]


STATES = _first_of_each_moment()
IDS = [name for name, _ in STATES]


def _state(name: str) -> dict:
    return next(s for n, s in STATES if n.endswith("-" + name))


def test_snapshots_cover_every_phase_and_the_end():
    names = {n.split("-", 1)[1] for n in IDS}
    assert set(_MOMENTS) | {"end"} <= names, set(_MOMENTS) - names


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_table_and_private_images_have_sane_sizes(state, locale):
    check_size(cc.render_table(GAME.view(state, None), locale))
    for seat in (0, 1):
        check_size(cc.render_private(GAME.view(state, seat), locale))


def test_spectator_has_no_private_image():
    assert cc.render_private(GAME.view(STATES[0][1], None), "en") is None


def test_render_functions_take_only_a_view_and_a_locale():
    for fn in (cc.render_table, cc.render_private):
        assert list(inspect.signature(fn).parameters) == ["view", "locale"]


def test_images_are_compact_for_a_phone():
    for name, state in STATES:
        for img in (cc.render_table(GAME.view(state, None), "cs"),
                    cc.render_private(GAME.view(state, state["active"]), "cs")):
            assert img.width <= 700 and img.height <= 1.75 * img.width, (name, img.size)


def test_czech_and_english_differ_and_locale_variants_agree():
    view = GAME.view(_state("follower"), None)
    cs = png(cc.render_table(view, "cs"))
    assert cs != png(cc.render_table(view, "en"))
    assert cs == png(cc.render_table(view, "cs-CZ"))


# -- text: what is drawn, measured ------------------------------------------------------
class _Drawn:
    """(text, font px) of every text the kit recorded so far."""

    def __init__(self, records: list) -> None:
        self.records = records

    def __iter__(self):
        return iter([(r.text, r.size) for r in self.records])


@pytest.fixture
def drawn_text():
    """The texts drawn while the test renders (sprites are drawn afresh meanwhile)."""
    with kit.recording() as records:
        yield _Drawn(records)


def _records(render, view) -> tuple:
    with kit.recording() as records:
        img = render(view, "cs")
    return img, list(records)


@pytest.mark.parametrize("name", ["place", "rotate", "follower", "order", "double", "extra",
                                  "end"])
def test_readability_rule_on_every_text_drawn(name):
    """Inline on a phone (400 px) the glance text is >= 9 px, full-screen (850 px) all
    text is; and what a player needs at a glance is drawn in the glance layer."""
    state = _state(name)
    for view, render in ((GAME.view(state, None), cc.render_table),
                         (GAME.view(state, state["active"]), cc.render_private)):
        img, records = _records(render, view)
        assert records
        assert min(r.size for r in records) * 850 / img.width >= 9
        glance = [r for r in records if r.layer == "glance"]
        assert glance and min(r.size for r in glance) * 400 / img.width >= 9
        shown = {r.text for r in glance}
        assert {kit.seat_name(view, s, "cs") for s in (0, 1)} <= shown
        assert {str(info["score"]) for info in view["seats"]} <= shown
        assert any(t.startswith(("▶", "Konec hry")) for t in shown)
        if view["seat"] is not None and view["phase"] == "place" and not view["finished"]:
            assert {spot["label"] for spot in view["legal"]} <= shown


def test_private_place_labels_every_legal_space_with_its_rotations(drawn_text):
    state = _state("place")
    view = GAME.view(state, state["active"])
    cc.render_private(view, "en")
    labels = {t for t, _ in drawn_text}
    assert {spot["label"] for spot in view["legal"]} <= labels
    assert all(spot["rotations"] for spot in view["legal"])
    # the arrows at a space follow its rotations: fewer rotations, another picture
    fewer = copy.deepcopy(view)
    spot = next(s for s in fewer["legal"] if len(s["rotations"]) > 1) if any(
        len(s["rotations"]) > 1 for s in fewer["legal"]) else None
    if spot is not None:
        spot["rotations"] = spot["rotations"][:1]
        assert png(cc.render_private(fewer, "en")) != png(cc.render_private(view, "en"))


def test_private_rotate_previews_each_allowed_rotation(drawn_text):
    state = _state("rotate")
    view = GAME.view(state, state["active"])
    cc.render_private(view, "cs")
    texts = [t for t, _ in drawn_text]
    for degrees in view["chosen"]["rotations"]:
        assert f"{degrees}°" in texts
    assert len(choice._rotate_previews(view)) == len(view["chosen"]["rotations"])


def test_private_follower_lists_every_part_by_name_and_no_follower(drawn_text):
    state = _state("follower")
    view = GAME.view(state, state["active"])
    cc.render_private(view, "en")
    texts = [t for t, _ in drawn_text]
    lines = choice._follower_lines(view, "en")
    assert len(lines) == len(view["follower_options"]) >= 1
    for line, opt in zip(lines, view["follower_options"]):
        assert GAME.names()[opt["part"]]["en"] in line
        assert any(t.startswith(line[:20]) for t in texts)
    assert kit.label("carcassonne_castle", "no_follower", "en") in texts


def test_private_order_numbers_the_features_to_score(drawn_text):
    state = _state("order")
    view = GAME.view(state, state["active"])
    cc.render_private(view, "cs")
    texts = [t for t, _ in drawn_text]
    assert len(view["scoring"]) >= 2
    for i in range(1, len(view["scoring"]) + 1):
        assert texts.count(str(i)) >= 2                     # on the board and in the list


def test_the_opponent_sees_whom_the_table_waits_for(drawn_text):
    state = _state("place")
    other = 1 - state["active"]
    view = GAME.view(state, other)
    cc.render_private(view, "en")
    name = kit.seat_name(view, state["active"], "en")
    assert kit.label("carcassonne_castle", "waiting", "en", name=name) in [t for t, _ in drawn_text]


def test_every_czech_label_has_glyphs_in_the_font():
    catalog = json.loads((Path(cc.__file__).parent / "labels" / "carcassonne_castle.json")
                         .read_text("utf-8"))
    fnt = kit.font(16, True)

    def glyph(ch: str) -> bytes:
        img = Image.new("L", (40, 40))
        ImageDraw.Draw(img).text((5, 5), ch, font=fnt, fill=255)
        return img.tobytes()

    missing = glyph("\U0010fffd")
    chars = {ch for entry in catalog.values() for text in entry.values() for ch in text
             if not ch.isspace() and ch not in "{}"}
    assert "ř" in chars and "ž" in chars
    for ch in chars:
        assert glyph(ch) != missing, ch


def test_seat_names_from_the_view_are_drawn():
    view = GAME.view(_state("keep"), None)
    named = dict(view, seat_names=["Řehoř Žluťoučký", "Anička Dvořáková"])
    assert png(cc.render_table(named, "cs")) != png(cc.render_table(view, "cs"))


def test_every_label_exists_in_both_languages_and_every_used_key_is_defined():
    catalog = json.loads((Path(cc.__file__).parent / "labels" / "carcassonne_castle.json")
                         .read_text("utf-8"))
    assert all(set(entry) == {"en", "cs"} and all(entry.values()) for entry in catalog.values())
    used = set()
    for module in (cc, choice):
        used |= set(re.findall(r'_t\(\s*"([a-z_.]+)"', Path(module.__file__).read_text("utf-8")))
    used |= {f"status.{p}" for p in PHASES} | {f"your.{p}" for p in PHASES}
    used |= {f"kind.{k}" for k in ("path", "tower", "house", "court")}
    used |= {f"score.{k}" for k in ("path", "tower", "house", "court", "wall_tiles", "keep")}
    assert used <= set(catalog), used - set(catalog)


# -- hidden information -----------------------------------------------------------------
def _hide_differently(state: dict) -> dict:
    """A copy whose hidden parts differ: another supply order, other face-down wall tiles
    on the towers, other tiles in the box."""
    other = copy.deepcopy(state)
    other["supply"] = list(reversed(other["supply"]))
    pool = [n for n in other["box"]] + [n for n in other["towers"] if n is not None]
    pool = pool[::-1]
    other["towers"] = [pool.pop() if n is not None else None for n in other["towers"]]
    other["box"] = pool
    return other


@pytest.mark.parametrize("state", [s for n, s in STATES if not n.endswith("end")],
                         ids=[n for n in IDS if not n.endswith("end")])
def test_hidden_information_never_reaches_a_picture(state):
    other = _hide_differently(state)
    assert other["supply"] != state["supply"] or len(state["supply"]) < 2
    for viewer in (None, 0, 1):
        a, b = GAME.view(state, viewer), GAME.view(other, viewer)
        assert a == b                                     # the renderers' only input
    assert png(cc.render_table(GAME.view(other, None), "en")) == \
        png(cc.render_table(GAME.view(state, None), "en"))
    seat = state["active"]
    assert png(cc.render_private(GAME.view(other, seat), "en")) == \
        png(cc.render_private(GAME.view(state, seat), "en"))


def test_the_finished_picture_shows_no_wall_tile_left_in_the_box_or_on_a_tower():
    state = _state("end")
    view = GAME.view(state, None)
    held = {n for info in view["seats"] for n in info["wall_tiles"] + info["used"]}
    text = json.dumps(view)
    assert '"box"' not in text and '"supply": [' not in text
    assert not any(t["holds_tile"] for t in view["track"]["towers"])
    shown = {n for info in view["seats"] for n in info["wall_tiles"]}
    assert shown <= held


# -- drawing comes from the view ---------------------------------------------------------
def test_faces_turn_like_the_data_model():
    face = {"quarters": {"NW": "T", "NE": "H", "SE": "C", "SW": "C"}, "markets": {"SE": 1},
            "segments": [{"arms": ["N", "E"], "end": None, "fountain": True}]}
    turned = art.rotate_face(face, 1)
    assert turned["quarters"] == {"NE": "T", "SE": "H", "SW": "C", "NW": "C"}
    assert turned["markets"] == {"SW": 1}
    assert turned["segments"][0]["arms"] == ["E", "S"]
    assert art.rotate_face(face, 4) == art.rotate_face(face, 0)
    assert art.draw_face(face, 48).tobytes() != art.draw_face(turned, 48).tobytes()


def test_each_feature_kind_looks_different():
    kinds = {k: art.draw_face({"quarters": dict.fromkeys(art.QUARTERS, k)}, 48).tobytes()
             for k in "THC"}
    assert len(set(kinds.values())) == 3
    plain = {"quarters": dict.fromkeys(art.QUARTERS, "C")}
    variants = [dict(plain, markets={"NW": 1}),
                dict(plain, segments=[{"arms": ["N", "S"], "end": None, "fountain": False}]),
                dict(plain, segments=[{"arms": ["N", "S"], "end": None, "fountain": True}]),
                dict(plain, segments=[{"arms": ["N"], "end": "plaza", "fountain": False},
                                      {"arms": ["S"], "end": "plaza", "fountain": False}])]
    drawn = [art.draw_face(v, 48).tobytes() for v in [plain] + variants]
    assert len(set(drawn)) == len(drawn)


def test_another_data_file_draws_another_castle():
    """One start space fewer and a track of 80 spaces (towers beyond it dropped): the
    picture follows the view (no space, tower or tile is known to the renderer)."""
    data = copy.deepcopy(load_data())
    data["board"]["start_spaces"] = data["board"]["start_spaces"][:-1]
    track = data["scoring_track"]
    track["length"] = 80
    track["corner_towers"] = [t for t in track["corner_towers"] if max(t["spaces"]) < 80]
    game = CarcassonneCastle(data)
    state = game.setup(2, {}, 3)
    view = game.view(state, None)
    usual = GAME.view(GAME.setup(2, {}, 3), None)
    assert len(view["board"]["start_spaces"]) == len(usual["board"]["start_spaces"]) - 1
    assert view["track"]["length"] == 80
    castle = cc.castle_of(view)
    lay = layout(castle.mask, castle.track_length)
    ring = {lay.space_xy(i) for i in range(80)}
    assert len(ring) == 80                                  # every space has its own place
    check_size(cc.render_table(view, "en"))
    check_size(cc.render_private(game.view(state, state["active"]), "cs"))
    assert png(cc.render_table(view, "en")) != png(cc.render_table(usual, "en"))


def test_render_speed_figures_are_reported():
    views = [GAME.view(s, None) for _, s in STATES]
    figures = bench_render("carcassonne_castle", views, "cs", repeats=3)
    print(figures)
    assert figures["render_ms_p50"] > figures["encode_floor_ms_p50"] > 0
    assert figures["image_kib_p50"] < 2048


def test_every_empty_space_shows_its_name(drawn_text):
    view = GAME.view(_state("keep"), None)
    cc.render_table(view, "en")
    texts = {t for t, _ in drawn_text}
    placed = {tile["label"] for tile in view["tiles"]}
    board = view["board"]
    r0, c0 = board["origin"]
    names = {f"{chr(65 + c + c0)}{r + r0 + 1}" for r, row in enumerate(board["mask"])
             for c, ch in enumerate(row) if ch == "#"}
    assert placed < names and names <= texts
    assert len(names) == 76


def test_discards_last_scoring_and_wall_tile_questions_are_drawn():
    view = GAME.view(_state("discards"), None)
    assert view["discards"] and set(view["discard_faces"]) == set(view["discards"])
    plain = dict(view, discard_faces={})
    assert png(cc.render_table(view, "en")) != png(cc.render_table(plain, "en"))
    scored = GAME.view(_state("scored"), None)
    assert scored["scored"]
    assert png(cc.render_table(scored, "en")) != png(cc.render_table(dict(scored, scored=[]), "en"))
    state = _state("double")
    asking = GAME.view(state, state["active"])
    assert asking["asking"]["number"] in asking["seats"][state["active"]]["usable"]
    more = copy.deepcopy(asking)
    more["asking"]["points"] += 10
    assert png(cc.render_private(asking, "cs")) != png(cc.render_private(more, "cs"))


def test_a_lapped_score_keeps_its_full_number_and_the_marker_its_space(drawn_text):
    view = copy.deepcopy(GAME.view(_state("place"), None))
    view["seats"][0]["score"] += 100
    cc.render_table(view, "en")
    assert str(view["seats"][0]["score"]) in {t for t, _ in drawn_text}
    castle = cc.castle_of(view)
    assert castle.markers[0] % castle.track_length == view["seats"][0]["score"] % 100


@pytest.mark.parametrize("length", [100, 80, 99, 60])
def test_the_track_ring_runs_clockwise_space_by_space(length):
    """Every track space has its own square on the ring, each next to the one before
    (0 at the bottom left, then up: clockwise), and the castle fits inside the ring."""
    from render.carcassonne_castle_board import RING
    mask = GAME.view(_state("place"), None)["board"]["mask"]
    lay = layout(mask, length)
    spots = [lay.space_xy(i) for i in range(length)]
    assert len(set(spots)) == length
    for (x1, y1), (x2, y2) in zip(spots, spots[1:]):
        assert abs(x1 - x2) + abs(y1 - y2) == RING
    assert spots[1][1] < spots[0][1]                          # upwards from the start
    assert RING <= lay.ox and lay.ox + lay.cols * lay.cell <= lay.width - RING
    assert RING <= lay.oy and lay.oy + lay.rows * lay.cell <= lay.height - RING


def test_a_long_follower_choice_wraps_instead_of_being_cut(drawn_text):
    state = _state("follower")
    view = copy.deepcopy(GAME.view(state, state["active"]))
    part = max((k for k in GAME.names() if k.startswith("court:")),
               key=lambda k: len(GAME.names()[k]["cs"]))
    view["follower_options"] = [{"option": f"f:{part}", "part": part, "kind": "court",
                                 "quarters": part.split(":")[1].split("-"), "arms": []}]
    img = cc.render_private(view, "cs")
    rows = choice._follower_rows(view, "cs")
    assert len(rows) == 1 and len(rows[0]) == 2 and not rows[0][-1].endswith("…")
    texts = [t for t, _ in drawn_text]
    assert all(line in texts for line in rows[0])
    assert " ".join(rows[0]) == choice._follower_lines(view, "cs")[0]
    assert img.height <= 1.75 * img.width


def test_a_long_name_shrinks_the_status_line_but_keeps_it_readable(drawn_text):
    view = dict(GAME.view(_state("place"), None),
                seat_names=["Řehoř Žluťoučký z Horní Dolní", "Bartoloměj Přemyslovec"])
    img = cc.render_table(view, "cs")
    status = [(t, px) for t, px in drawn_text if t.startswith("▶")]
    assert len(status) == 1 and not status[0][0].endswith("…")
    assert status[0][1] < cc.STATUS and status[0][1] * 400 / img.width >= 9


def test_an_extra_turn_offered_while_placing_and_turns_to_come_are_shown(drawn_text):
    state = _state("place")
    seat = state["active"]
    view = copy.deepcopy(GAME.view(state, seat))
    view["my_options"] = [f"at:{s['label']}" for s in view["legal"]] + ["extra:use"]
    view["asking"] = {"number": 1, "tile": "wall1", "feature": None}
    view["seats"][seat]["extra_turns"] = 1
    img = cc.render_private(view, "en")
    texts = [t for t, _ in drawn_text]
    name = cc.wall_tile_name(1, "en")
    assert kit.label("carcassonne_castle", "hint.extra_now", "en", n=1, name=name) in texts
    assert kit.label("carcassonne_castle", "extra_turns", "en", n=1) in texts
    assert img.height <= 1.75 * img.width
