"""The shared render kit: fonts with Czech glyphs, text fitting, sprites, encoding, labels."""
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import kit

CZECH = "ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇ"
NOT_IN_FONT = "\U000f0000"   # a private-use code point: drawn as the .notdef box


def _glyph(fnt, ch):
    mask = fnt.getmask(ch)
    return mask.size, bytes(mask)


@pytest.mark.parametrize("bold", [False, True])
def test_vendored_font_has_every_czech_letter(bold):
    fnt = kit.font(20, bold)
    notdef = _glyph(fnt, NOT_IN_FONT)
    missing = [ch for ch in CZECH if _glyph(fnt, ch) == notdef]
    assert missing == []


def test_the_glyph_check_can_fail():
    # Pillow's built-in font lacks Czech letters: the same check must flag them.
    fnt = ImageFont.load_default(20)
    notdef = _glyph(fnt, NOT_IN_FONT)
    assert all(_glyph(fnt, ch) == notdef for ch in "ěřů")


def test_fonts_are_packaged_next_to_the_module_with_licence():
    names = {p.name for p in kit.FONT_DIR.iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"} <= names
    assert "Bitstream" in (kit.FONT_DIR / "LICENSE-DejaVu.txt").read_text()


def test_font_is_cached_per_size_and_weight():
    assert kit.font(17) is kit.font(17)
    assert kit.font(17) is not kit.font(18)
    assert kit.font(17) is not kit.font(17, True)


def test_ellipsize_fits_and_marks_the_cut():
    fnt = kit.font(16)
    text = "Čarodějná škola na náměstí"
    assert kit.ellipsize(text, fnt, 10_000) == text
    short = kit.ellipsize(text, fnt, 80)
    assert short.endswith("…") and fnt.getlength(short) <= 80
    assert text.startswith(short[:-1].rstrip())


def test_wrap_keeps_every_line_within_width_and_cuts_with_ellipsis():
    fnt = kit.font(14)
    text = "Přístav Obchodní kancelář Strašidelné město Dračí brána Univerzita"
    lines = kit.wrap(text, fnt, 120)
    assert len(lines) > 2
    assert all(fnt.getlength(line) <= 120 for line in lines)
    assert " ".join(lines) == text
    cut = kit.wrap(text, fnt, 120, max_lines=2)
    assert len(cut) == 2 and cut[-1].endswith("…")
    assert all(fnt.getlength(line) <= 120 for line in cut)


def test_sprite_cache_is_bounded_by_pixel_bytes_too():
    cache = kit.SpriteCache(maxsize=100, max_bytes=3 * 100 * 100 * 4)   # three 100x100 RGBA
    for n in range(10):
        cache.get(n, lambda: Image.new("RGBA", (100, 100)))
    assert len(cache) == 3 and cache.bytes == 3 * 100 * 100 * 4
    big = cache.get("big", lambda: Image.new("RGBA", (400, 400)))     # alone over the bound:
    assert len(cache) == 1 and cache.get("big", lambda: None) is big  # kept, the rest evicted
    cache.get("rgb", lambda: Image.new("RGB", (10, 10)))
    assert len(cache) == 1 and cache.bytes == 10 * 10 * 4      # Pillow keeps RGB in 4 bytes
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_text_masks_are_bounded_by_their_bytes_as_well_as_their_count():
    assert kit.TEXT_MASKS.max_bytes is not None and kit.TEXT_MASKS.maxsize == 8192
    fnt = kit.font(40)
    mask = fnt.getmask2("Long enough to count", "L")
    per_mask = mask[0].size[0] * mask[0].size[1]
    cache = kit.SpriteCache(maxsize=8192, max_bytes=3 * per_mask, size_of=kit._mask_bytes)
    for n in range(10):
        cache.get(n, lambda: mask)
    assert len(cache) == 3 and cache.bytes == 3 * per_mask


def test_sprite_cache_draws_once_and_evicts_least_recently_used():
    cache = kit.SpriteCache(maxsize=2)
    calls = []

    def make(tag):
        def factory():
            calls.append(tag)
            return Image.new("RGBA", (2, 2))
        return factory

    a = cache.get("a", make("a"))
    assert cache.get("a", make("a")) is a
    cache.get("b", make("b"))
    cache.get("a", make("a"))          # "a" is now the most recent
    cache.get("c", make("c"))          # evicts "b"
    cache.get("a", make("a"))
    cache.get("b", make("b"))
    assert calls == ["a", "b", "c", "b"]
    assert len(cache) == 2 and cache.hits == 3


def test_primitives_are_cached_rgba_sprites_of_the_asked_size():
    card = kit.card("Katedrála", size=(120, 80), band=kit.DISTRICT["blue"], cost=5)
    assert card.mode == "RGBA" and card.size == (120, 80)
    assert kit.card("Katedrála", size=(120, 80), band=kit.DISTRICT["blue"], cost=5) is card
    assert kit.coin(3, 30).size == (30, 30)
    assert kit.crown(24).height == 24
    assert kit.meeple(40, kit.player_colour(2)).size == (40, 40)
    assert kit.square_tile(64, (90, 140, 90), text="Hrad").size == (64, 64)
    hexagon = kit.hex_tile(30, (200, 160, 60))
    assert hexagon.height == 60
    assert hexagon.getpixel((hexagon.width // 2, 30))[3] == 255     # filled centre
    assert hexagon.getpixel((0, 0))[3] == 0                          # transparent corner


def test_badge_grows_with_its_text():
    assert kit.badge("Kolo 10").width > kit.badge("Kolo").width


def test_player_colours_are_distinct_for_seven_seats():
    assert len({kit.player_colour(s) for s in range(7)}) == 7
    assert kit.ACTIVE not in kit.PLAYER


def test_encode_is_a_png_of_the_same_size_with_flat_colours_kept():
    img = Image.new("RGB", (300, 200), kit.BG)
    kit.paste(img, kit.card("Hospoda", band=kit.DISTRICT["green"], cost=1), (10, 10))
    data = kit.encode(img)
    assert kit.FILENAME_EXT == "png" and data[:8] == b"\x89PNG\r\n\x1a\n"
    back = Image.open(io.BytesIO(data)).convert("RGB")
    assert back.size == img.size
    # quantization may move a colour by a unit or two, never visibly
    for xy, colour in (((150, 150), kit.BG), ((200, 20), kit.BG)):
        assert max(abs(a - b) for a, b in zip(back.getpixel(xy), colour)) <= 4
    assert back.getpixel((60, 60)) != back.getpixel((150, 150))     # card face vs table


def test_measure_reports_median_and_p99():
    median, p99 = kit.measure(lambda: sum(range(1000)), 15)
    assert 0 <= median <= p99


def test_t_name_localises_and_falls_back():
    names = {"castle": {"en": "Castle", "cs": "Hrad"}}
    assert kit.t_name(names, "castle", "cs") == "Hrad"
    assert kit.t_name(names, "castle", "cs-CZ") == "Hrad"
    assert kit.t_name(names, "castle", "en-GB") == "Castle"
    assert kit.t_name(names, "nothing", "cs") == "nothing"


def test_seat_name_uses_public_names_when_given():
    assert kit.seat_name({"seat_names": ["Řehoř", "Eva"]}, 0, "cs") == "Řehoř"
    assert kit.seat_name({}, 1, "cs") == "Hráč 2"
    assert kit.seat_name({}, 1, "en") == "Player 2"


@pytest.mark.parametrize("path", sorted(kit.LABEL_DIR.glob("*.json")), ids=lambda p: p.name)
def test_every_render_label_has_english_and_czech_with_the_same_placeholders(path: Path):
    catalog = json.loads(path.read_text("utf-8"))
    for key, entry in catalog.items():
        assert set(entry) == {"en", "cs"}, key
        assert entry["en"].strip() and entry["cs"].strip(), key
        fields = [set(re.findall(r"{(\w+)}", entry[loc])) for loc in ("en", "cs")]
        assert fields[0] == fields[1], key


def test_sprite_cache_is_safe_under_threads():
    from concurrent.futures import ThreadPoolExecutor

    cache = kit.SpriteCache(maxsize=8)

    def work(i):
        key = i % 20
        img = cache.get(key, lambda: Image.new("RGBA", (1, 1), (key, 0, 0, 255)))
        assert img.getpixel((0, 0))[0] == key
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(work, range(4000)))
    assert len(cache) <= 8


def test_card_sections_lay_cards_in_rows_frame_the_marked_ones_and_dash_empty_ones():
    img = Image.new("RGB", (400, 600), kit.BG)
    draw = ImageDraw.Draw(img)
    card = Image.new("RGBA", (100, 50), (200, 0, 0, 255))
    sections = [("empty", [], set()), ("three", [card] * 3, {2})]
    bottom = kit.card_sections(img, draw, sections, (10, 20), 220, (100, 50), frame=4, empty=64)
    assert kit.cards_per_row(220, 100) == 2
    assert kit.card_section_height(0, 2, 50) == 34 + 60 + 8          # one row by default
    assert kit.card_section_height(3, 2, 50) == 34 + 2 * 60 + 8
    assert bottom == 20 + (22 + 64 - 34) + (22 + 34 + 2 * 60 + 8 - 34)
    top = 20 + (22 + 64 - 34) + 22 + 4                               # the second grid
    assert img.getpixel((10 + 50, top + 25)) == (200, 0, 0)           # row 1, column 1
    assert img.getpixel((10 + 110 + 50, top + 25)) == (200, 0, 0)     # row 1, column 2
    assert img.getpixel((10 + 50, top + 60 + 25)) == (200, 0, 0)      # row 2, column 1
    assert img.getpixel((10 + 110 + 50, top + 60 + 25)) == kit.BG     # no fourth card
    assert img.getpixel((10 + 50, top + 60 - 2)) == kit.ACTIVE        # the third is framed
    assert img.getpixel((10 + 50, top - 2)) == kit.BG                 # the first is not
    dash = img.crop((10, 42, 40, 70))
    assert dash.getcolors(10000) != [(30 * 28, kit.BG)]               # "—" drawn when empty


def test_contrast_picks_dark_text_on_light_fills_and_light_text_on_dark_ones():
    assert kit.contrast((250, 250, 250)) != kit.contrast((20, 20, 20))
    assert kit.contrast((20, 20, 20)) == kit.TEXT


# -- phone layout helpers ---------------------------------------------------------------------
def test_draw_segments_keeps_within_width_and_colours_each_part():
    img = Image.new("RGB", (300, 40))
    d = ImageDraw.Draw(img)
    with kit.recording() as records:
        used = kit.draw_segments(d, (0, 5), [("▶ Řehoř", (255, 0, 0), True),
                                              (" is choosing a district card", (0, 0, 255), False)],
                                 20, 200)
    assert used <= 200 and records[-1].text.endswith("…")
    colours = {c for _, c in img.getcolors(10_000)}
    assert any(r > 200 and g < 60 for r, g, b in colours)       # the name in its colour
    assert any(b > 200 and r < 60 for r, g, b in colours)


def test_draw_chips_wraps_whole_chips_into_rows():
    d = ImageDraw.Draw(Image.new("RGB", (400, 200)))
    chips = [[(f"Player {i}", (255, 255, 255), True), (" 12", (200, 200, 200), True)]
             for i in range(5)]
    with kit.recording() as records:
        height = kit.draw_chips(d, (0, 0), chips, 20, 300)
    chip_w = kit.text_width("Player 0 12", kit.font(20, True))      # ~130 px, gap 20
    assert 2 * chip_w + 20 <= 300 < 3 * chip_w + 40                  # two chips a row
    assert height == 3 * int(20 * 1.3)
    assert [r.text for r in records if r.text.startswith("Player")] == \
        [f"Player {i}" for i in range(5)]                           # none cut
    assert kit.draw_chips(d, (0, 0), [], 20, 300) == 0


def test_glance_layer_nests_and_defaults_to_detail():
    d = ImageDraw.Draw(Image.new("RGB", (100, 100)))
    with kit.recording() as records:
        kit.draw_text(d, (0, 0), "a", 10)
        with kit.glance():
            kit.draw_text(d, (0, 0), "b", 10)
            kit.draw_text(d, (0, 0), "c", 10, layer="detail")
        kit.draw_text(d, (0, 0), "d", 10, layer="glance")
    assert [(r.text, r.layer) for r in records] == [
        ("a", "detail"), ("b", "glance"), ("c", "detail"), ("d", "glance")]


def test_text_sprite_is_cached_and_anchored():
    img = Image.new("RGBA", (200, 60))
    w = kit.text_sprite(img, (190, 30), "Řehoř 🐉", 20, anchor="rm")
    again = kit.text_sprite(img, (190, 30), "Řehoř 🐉", 20, anchor="rm")
    box = img.getbbox()
    assert w == again and box and 190 - w - 2 <= box[0] and box[2] <= 191


def _hexes(size: int, aa_text: bool) -> Image.Image:
    """An RGBA sprite of opaque hexagons on transparency (with anti-aliased text drawn
    onto the transparent part when ``aa_text``)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    for x in range(0, size, 30):
        draw.regular_polygon((x + 15, size // 2, 14), 6, fill=(120, 200, 80, 255),
                             outline=(20, 20, 24, 255))
    if aa_text:
        draw.text((2, 2), "Čaroděj", font=kit.font(14), fill=kit.GOLD)
    return img


def test_cut_out_masks_only_large_sprites_whose_pixels_are_opaque_or_transparent():
    flat = kit.cut_out(_hexes(120, aa_text=False))
    assert flat.getchannel("A").convert("1", dither=Image.Dither.NONE).tobytes() == \
        getattr(flat, kit._CUT_OUT).tobytes()
    assert not hasattr(kit.cut_out(_hexes(120, aa_text=True)), kit._CUT_OUT)    # soft edges
    assert not hasattr(kit.cut_out(_hexes(30, aa_text=False)), kit._CUT_OUT)    # too small
    assert not hasattr(flat.copy(), kit._CUT_OUT)          # a copy drawn on never reuses it


@pytest.mark.parametrize("canvas_mode", ["RGB", "RGBA"])
def test_a_cut_out_sprite_pastes_the_same_pixels_as_its_alpha_would(canvas_mode):
    sprite = _hexes(150, aa_text=False)
    want = Image.new(canvas_mode, (200, 180), (48, 54, 64) + ((90,) if canvas_mode == "RGBA" else ()))
    got = want.copy()
    want.paste(sprite, (13, 7), sprite)                    # Pillow's own alpha paste
    kit.paste(got, kit.cut_out(sprite.copy()), (13, 7))
    assert ImageChops.difference(want, got).getbbox() is None


def test_cached_sprites_are_cut_out_and_their_masks_count_in_the_bytes():
    img = kit.sprite(("test-cut-out", 1), lambda: _hexes(100, aa_text=False))
    assert hasattr(img, kit._CUT_OUT)
    assert kit.sprite(("test-cut-out", 1), lambda: None) is img
    assert kit._pixel_bytes(img) == 100 * 100 * 4 + 100 * 100       # RGBA + the 1-bit mask
    assert kit._pixel_bytes(_hexes(100, aa_text=False)) == 100 * 100 * 4
