"""Castles of Burgundy images from views of real AI games: every phase, sizes, locales, no leaks."""
import copy
import inspect

import pytest
from PIL import Image, ImageDraw

from engine.burgundy import GAME
from render import burgundy, burgundy_art as art, kit, renderer
from render.bench import bench_render
from burgundy_games import played
from render_helpers import all_keys, check_size, png

GAMES = [(2, 1, "standard", "open"), (3, 2, "advanced", "open"), (4, 3, "standard", "open"),
         (3, 5, "advanced", "secret"), (4, 7, "advanced", "open")]
HIDDEN_KEYS = {"stacks", "supply", "box", "revealed", "picks"}


def _states():
    for seats, seed, estates, choice in GAMES:
        for state in played(seats, seed, estates, choice)[1]:
            view = GAME.view(state, None)
            yield f"{seats}p-{estates}-{view['phase']}{view['round']}-{view['decision']}", state


STATES = list(_states())
IDS = [name for name, _ in STATES]
PLAYING = [(n, s) for n, s in STATES if not s["finished"]]


def _deciding(state) -> int:
    return GAME.pending(state)[0].seat


def test_snapshots_cover_every_phase_player_count_and_setup():
    views = [GAME.view(s, None) for _, s in STATES]
    assert {v["phase"] for v in views} == set("ABCDE")
    assert {v["players"] for v in views} == {2, 3, 4}
    decisions = {v["decision"] for v in views}
    assert {"turn", "space", "choose_estate", "start_castle", "secret_estate", None} <= decisions
    assert any(v["finished"] for v in views)


def test_the_registry_finds_the_module():
    assert renderer("burgundy") is burgundy


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_table_image_has_a_sane_size(state, locale):
    check_size(burgundy.render_table(GAME.view(state, None), locale))


@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_private_and_estate_images_for_every_seat(state):
    for seat in range(state["n"]):
        view = GAME.view(state, seat)
        check_size(burgundy.render_private(view, "cs"))
        check_size(burgundy.render_estate(GAME.view(state, None), seat, "en"))


def test_spectator_has_no_private_image():
    assert burgundy.render_private(GAME.view(STATES[0][1], None), "en") is None


def test_render_functions_take_only_a_view_and_a_locale():
    for fn in (burgundy.render_table, burgundy.render_private):
        assert list(inspect.signature(fn).parameters) == ["view", "locale"]
    assert list(inspect.signature(burgundy.render_estate).parameters) == ["view", "seat", "locale"]


def test_estate_of_a_missing_seat_is_refused():
    view = GAME.view(STATES[0][1], None)
    with pytest.raises(ValueError):
        burgundy.render_estate(view, view["players"], "en")


@pytest.mark.parametrize("state", [s for _, s in PLAYING], ids=[n for n, _ in PLAYING])
def test_views_passed_hold_no_hidden_goods_stacks_or_supplies(state):
    for seat in [None] + list(range(state["n"])):
        assert not all_keys(GAME.view(state, seat)) & HIDDEN_KEYS


def test_face_down_goods_stacks_do_not_reach_the_picture():
    _, state = next((n, s) for n, s in PLAYING if len(s["stacks"]) >= 2)
    view = GAME.view(state, None)
    swapped = copy.deepcopy(state)
    swapped["stacks"] = [[6] * len(stack) for stack in reversed(swapped["stacks"])]
    assert GAME.view(swapped, None) == view
    assert png(burgundy.render_table(GAME.view(swapped, None), "en")) == \
        png(burgundy.render_table(view, "en"))


@pytest.mark.parametrize("state", [s for _, s in PLAYING], ids=[n for n, _ in PLAYING])
def test_table_image_is_identical_from_every_seat_view(state):
    # Seat views add that seat's sold goods and secret pick; the table shows neither.
    spectator = png(burgundy.render_table(GAME.view(state, None), "cs"))
    for seat in range(state["n"]):
        assert png(burgundy.render_table(GAME.view(state, seat), "cs")) == spectator


def test_rendering_is_deterministic_and_localised():
    _, state = PLAYING[-1]
    view = GAME.view(state, None)
    assert png(burgundy.render_table(view, "cs")) == png(burgundy.render_table(view, "cs-CZ"))
    assert png(burgundy.render_table(view, "cs")) != png(burgundy.render_table(view, "en"))
    seat = _deciding(state)
    own = GAME.view(state, seat)
    assert png(burgundy.render_private(own, "cs")) != png(burgundy.render_private(own, "en"))


def test_mid_game_table_leaves_estates_to_the_estate_pictures():
    _, state = next((n, s) for n, s in PLAYING if s["phase"] >= 2)
    view = GAME.view(state, None)
    before = png(burgundy.render_table(view, "en"))
    for seat in range(view["players"]):
        other = copy.deepcopy(view)
        spot = next(sp for sp in other["estates"][seat]["spaces"] if not sp["tile"])
        spot["tile"] = next(iter(other["tiles"]))
        # the table keeps to the board and the player rows; estates are on demand ...
        assert png(burgundy.render_table(other, "en")) == before
        # ... where every seat's estate shows the change
        assert png(burgundy.render_estates(other, "en")) != png(burgundy.render_estates(view, "en"))
        assert (png(burgundy.render_estate(other, seat, "en"))
                != png(burgundy.render_estate(view, seat, "en")))


def test_final_table_shows_every_estate():
    _, state = next((n, s) for n, s in STATES if s["finished"])
    view = GAME.view(state, None)
    before = png(burgundy.render_table(view, "en"))
    for seat in range(view["players"]):
        other = copy.deepcopy(view)
        spot = next((sp for sp in other["estates"][seat]["spaces"] if not sp["tile"]), None)
        if spot is None:
            continue
        spot["tile"] = next(iter(other["tiles"]))
        assert png(burgundy.render_table(other, "en")) != before


def test_placed_tiles_change_the_estate_picture():
    _, state = next((n, s) for n, s in PLAYING if s["phase"] >= 1)
    view = GAME.view(state, None)
    seat = 0
    before = png(burgundy.render_estate(view, seat, "en"))
    changed = copy.deepcopy(view)
    spot = next(sp for sp in changed["estates"][seat]["spaces"] if not sp["tile"])
    spot["tile"] = next(iter(changed["tiles"]))
    assert png(burgundy.render_estate(changed, seat, "en")) != before


def test_space_choice_brightens_the_empty_space_labels():
    _, state = next((n, s) for n, s in PLAYING if s["stack"] and s["stack"][-1]["k"] == "space")
    seat = _deciding(state)
    view = GAME.view(state, seat)
    choosing = png(burgundy.render_private(view, "en"))
    plain = dict(view, decision="turn")
    assert png(burgundy.render_private(plain, "en")) != choosing
    # the same estate seen by a spectator has no bright labels and no "your turn"
    assert png(burgundy.render_estate(GAME.view(state, None), seat, "en")) != choosing


def test_private_image_shows_the_depots_when_taking_from_the_board():
    _, state = next((n, s) for n, s in PLAYING if not s["stack"] and s["phase"] >= 1)
    seat = _deciding(state)
    idle = (seat + 1) % state["n"]
    changed = copy.deepcopy(state)
    depot = next(d for d in changed["depots"] if any(d))
    slot = next(i for i, t in enumerate(depot) if t)
    depot[slot] = next(t for d in changed["depots"] for t in d if t and t != depot[slot])
    for who, differs in ((seat, True), (idle, False)):
        before = png(burgundy.render_private(GAME.view(state, who), "en"))
        after = png(burgundy.render_private(GAME.view(changed, who), "en"))
        assert (before != after) is differs, who


def test_id_pills_differ_when_bright_and_every_space_has_a_centre():
    assert art.id_pill(7, 12, True).tobytes() != art.id_pill(7, 12, False).tobytes()
    view = GAME.view(STATES[0][1], None)
    spaces = view["estates"][0]["spaces"]
    centres = art.centres(view["estates"][0]["estate"], [s["id"] for s in spaces], 40)
    assert len(set(centres.values())) == 37
    w, h = art.estate_size(40)
    hw, hh = art.hex_size(40)
    for x, y in centres.values():
        assert hw // 2 <= x <= w - hw // 2 and hh // 2 <= y <= h - hh // 2


def test_estate_geometry_puts_the_data_neighbours_one_hex_apart():
    view = GAME.view(STATES[0][1], None)
    est = view["estates"][0]
    centres = art.centres(est["estate"], [s["id"] for s in est["spaces"]], 30)
    step = 30 * 3 ** 0.5
    for sid, (x0, y0) in centres.items():
        near = [other for other, (x, y) in centres.items()
                if other != sid and abs(((x - x0) ** 2 + (y - y0) ** 2) ** 0.5 - step) < 2]
        assert sorted(near) == sorted(burgundy.data.NEIGHBOURS[sid]), sid


def test_region_boundaries_follow_the_regions():
    view = GAME.view(STATES[0][1], None)
    est = view["estates"][0]
    lines = art.boundaries(est["estate"], est["spaces"], 40)
    merged = [dict(s, region="R1") for s in est["spaces"]]
    outline_only = art.boundaries(est["estate"], merged, 40)
    assert _ink(lines) > _ink(outline_only) > 0


def _ink(img: Image.Image) -> int:
    """Pixels drawn in a 1-bit mask."""
    assert img.mode == "1"
    return img.width * img.height - img.histogram()[0]


def test_secret_estate_choice_stays_with_its_owner():
    _, state = next((n, s) for n, s in STATES if "estate_picks" in s
                    and s["estate_picks"]["picks"])
    chooser = int(next(iter(state["estate_picks"]["picks"])))
    others = [seat for seat in range(state["n"]) if seat != chooser]
    own = GAME.view(state, chooser)
    assert own["estate_picks"]["mine"]
    img = png(burgundy.render_private(own, "en"))
    assert img != png(burgundy.render_private(dict(own, estate_picks={
        k: v for k, v in own["estate_picks"].items() if k != "mine"}), "en"))
    for seat in others:
        assert "mine" not in GAME.view(state, seat)["estate_picks"]


def test_end_image_marks_winners_and_scores():
    _, state = next((n, s) for n, s in STATES if s["finished"])
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["winners"]
    plain = copy.deepcopy(view)
    plain.pop("result")
    assert png(burgundy.render_table(view, "en")) != png(burgundy.render_table(plain, "en"))


def test_seat_names_from_the_view_are_drawn():
    _, state = PLAYING[3]
    view = GAME.view(state, None)
    named = dict(view, seat_names=["Řehoř Žluťoučký"] * view["players"])
    assert png(burgundy.render_table(named, "cs")) != png(burgundy.render_table(view, "cs"))


def test_central_board_fits_the_table_width():
    for _, state in STATES:
        view = GAME.view(state, None)
        canvas = Image.new("RGB", (burgundy.WIDTH, 1600), kit.BG)
        end = burgundy._central_board(canvas, ImageDraw.Draw(canvas), view, "cs", 72)
        assert end <= 72 + 800
        assert canvas.crop((burgundy.WIDTH - burgundy.MARGIN + 1, 0, burgundy.WIDTH, end)) \
            .getcolors() == [((burgundy.MARGIN - 1) * end, kit.BG)]


def test_every_tile_kind_and_status_is_labelled_in_both_locales():
    kinds = {t.kind if t.category != "knowledge" else "knowledge"
             for t in burgundy.data.TILES.values()}
    for locale in ("en", "cs"):
        for kind in kinds:
            assert kit.label("burgundy", f"hex.{kind}", locale) != f"hex.{kind}"
        for _, state in STATES:
            view = GAME.view(state, None)
            for prefix in ("status", "you"):
                text = burgundy._status(view, locale, prefix)
                assert not text.startswith(prefix + "."), text
        for part in ("animals", "regions", "bonus", "sales", "buildings", "goods",
                     "silverlings", "workers", "knowledge"):
            assert kit.label("burgundy", f"score.{part}", locale) != f"score.{part}"


def test_labels_exist_in_english_and_czech():
    import json
    catalog = json.loads((kit.LABEL_DIR / "burgundy.json").read_text(encoding="utf-8"))
    for key, entry in catalog.items():
        assert entry.get("en") and entry.get("cs"), key


def test_bench_reports_every_figure():
    views = [GAME.view(s, None) for _, s in STATES[::3]]
    figures = bench_render("burgundy", views, "cs", repeats=2)
    print(figures)                # the <= 2 ratio target is reported, not asserted
    assert figures["render_ms_p50"] > figures["encode_floor_ms_p50"] > 0
    assert figures["image_kib_p50"] < 2048


def test_boundaries_stamp_dark_exactly_where_the_mask_is_set():
    view = GAME.view(STATES[0][1], None)
    est = view["estates"][0]
    canvas = Image.new("RGB", (700, 600), kit.PANEL)
    art.draw_boundaries(canvas, est["estate"], est["spaces"], 40, (30, 20))
    mask = art.boundaries(est["estate"], est["spaces"], 40)
    want = Image.new("RGB", canvas.size, kit.PANEL)
    for y in range(mask.height):
        for x in range(0, mask.width, 3):
            if mask.getpixel((x, y)):
                want.putpixel((30 + x, 20 + y), art.DARK)
    sampled = [(x, y) for y in range(canvas.height) for x in range(30 % 3, canvas.width, 3)]
    assert all(canvas.getpixel(p) == want.getpixel(p) for p in sampled)
    assert {c for _, c in canvas.getcolors(10)} == {kit.PANEL, art.DARK}     # nothing else
