"""Every picture of every registered game, at every player count, reads on a phone.

Seeded AI games are rendered at evenly spread moments (board and every private picture,
Czech and English); the text the kit recorded is measured against the picture's width.
A new game is covered as soon as it is in ``engine.registry``.
"""
import re

import pytest
from PIL import Image, ImageDraw

from engine import registry
from phone import MAX_ASPECT, Picture, cases, render_all
from render import kit, renderer

CITADELS_7P_ASPECT = 1.35     # the fullest board: 7 cities; inline 400 px wide -> at most 540 px tall


MAX_SEATS = [(gid, registry.get(gid).max_seats) for gid in sorted(registry.available())]


@pytest.mark.parametrize("game_id,seats,locale", [(g, n, "cs") for g, n in cases()]
                         + [(g, n, "en") for g, n in MAX_SEATS])
def test_every_picture_reads_on_a_phone(game_id, seats, locale):
    """Czech (the longer texts) at every count, English at the most players."""
    pictures = render_all(game_id, seats, locale)
    assert pictures
    assert [p for pic in pictures for p in pic.problems()] == []


@pytest.mark.parametrize("game_id,seats", [
    (gid, n) for gid in sorted(registry.available())
    for n in sorted({registry.get(gid).min_seats, registry.get(gid).max_seats})])
def test_every_variant_reads_on_a_phone(game_id, seats):
    """Every option at a non-default value (Citadels' action cards, advanced Burgundy
    estates chosen in secret, winter in Im Schutz der Burg, ...)."""
    pictures = render_all(game_id, seats, "cs", variants=True)
    assert pictures
    assert [p for pic in pictures for p in pic.problems()] == []


@pytest.mark.parametrize("game_id", sorted(registry.available()))
def test_each_game_marks_what_is_read_at_a_glance(game_id):
    """Without ``kit.glance()`` the inline rule would measure nothing: every board says
    at a glance whose turn it is (or who won)."""
    game = registry.get(game_id)
    boards = [p for p in render_all(game_id, game.max_seats, "en") if p.where.endswith("board")]
    assert boards and all(p.smallest("glance") for p in boards), game_id


DEVELOPER_WORDS = re.compile(r"uncertain|confidence|reconstruct|\bsources?\b|\btodo\b|debug|nejist|"
                             r"zdroj|rekonstru|\{\w+\}|\b[a-z]+(\.[a-z_]+)+\b", re.I)


@pytest.mark.parametrize("game_id", sorted(registry.available()))
def test_no_text_meant_for_developers_in_a_picture(game_id):
    """No notes about data sources, no raw label keys or unfilled placeholders."""
    game = registry.get(game_id)
    texts = {r.text for locale in ("cs", "en") for p in render_all(game_id, game.max_seats, locale)
             for r in p.records}
    assert texts and [t for t in texts if DEVELOPER_WORDS.search(t)] == []


def test_developer_words_are_caught():
    assert all(DEVELOPER_WORDS.search(t) for t in (
        "board layout from uncertain sources", "rozložení desky z nejistých zdrojů",
        "status.turn", "Score: {n}", "reconstructed data"))
    assert not DEVELOPER_WORDS.search("Kolo 4 z 12 · Výběr karet: vybráno 2/4")


def test_every_game_and_count_is_covered():
    covered = {gid for gid, _ in cases()}
    assert covered == set(registry.available())
    for gid in covered:
        game = registry.get(gid)
        assert {n for g, n in cases() if g == gid} == set(range(game.min_seats, game.max_seats + 1))


def test_a_full_citadels_board_fits_a_phone_screen():
    boards = [p for p in render_all("citadels", 7, "cs") if p.where.endswith("board")]
    assert boards and max(p.height / p.width for p in boards) <= CITADELS_7P_ASPECT
    assert CITADELS_7P_ASPECT < MAX_ASPECT


def _picture(width: int, height: int, draw) -> Picture:
    img = Image.new("RGB", (width, height))
    with kit.recording() as records:
        draw(ImageDraw.Draw(img))
    return Picture("toy", width, height, list(records))


def test_the_check_flags_small_text_in_each_layer_and_a_tall_picture():
    def small_glance(d):
        with kit.glance():
            kit.draw_text(d, (0, 0), "Your turn", 20)
    assert "glance text 20px" in " ".join(_picture(1000, 600, small_glance).problems())
    assert _picture(800, 600, small_glance).problems() == []           # 20 * 400 / 800 = 10
    tiny = _picture(1000, 600, lambda d: kit.draw_text(d, (0, 0), "detail", 10))
    assert "text 10px" in " ".join(tiny.problems())
    tall = _picture(400, 800, lambda d: kit.draw_text(d, (0, 0), "x", 12))
    assert "taller" in " ".join(tall.problems())


def test_recording_counts_cached_sprites_and_bare_imagedraw_text():
    kit.badge("cached", size=11)                 # in the cache before the recording
    img = Image.new("RGB", (100, 100))
    with kit.recording() as records:
        kit.paste(img, kit.badge("cached", size=11), (0, 0))
        ImageDraw.Draw(img).text((0, 50), "bare", font=kit.font(12))
    assert ("cached", 11) in [(r.text, r.size) for r in records]
    assert [(r.text, r.fallback) for r in records if r.text == "bare"] == [("bare", False)]
    with kit.recording() as again:
        pass
    assert again == []


def test_glance_rule_helpers_match_the_check():
    assert kit.glance_px(400) == 9 and kit.glance_px(800) == 18 and kit.glance_px(1280) == 29
    assert kit.detail_px(850) == 9 and kit.detail_px(1280) == 14


@pytest.mark.parametrize("game_id", sorted(registry.available()))
def test_each_game_has_its_own_renderer(game_id):
    assert renderer(game_id).__name__ == f"render.{game_id}"


def test_the_generic_fallback_reads_on_a_phone():
    from render import generic
    from phone import states, views
    state = states("citadels", 7)[-1]
    view = dict(views("citadels", state, 7)[0][1])
    with kit.recording() as records:
        img = generic.render_table(view, "cs")
    pic = Picture("generic", img.width, img.height, list(records))
    assert pic.problems() == [] and pic.smallest("glance")
