"""The kit's speed-ups change no pixel a player sees: cached text masks draw exactly what
``ImageDraw.text`` draws, the sampled palette keeps a picture's colours, and cached
labels still honour a name's grammatical case."""
import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import kit, renderer
from render.bench import mixed_views
from render.plural import Name


def _drawn(mode: str, xy, text: str, size: int, anchor: str, *, cached: bool) -> Image.Image:
    img = Image.new(mode, (260, 60), (40, 50, 60) if mode == "RGB" else (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if cached:
        kit.draw_string(draw, xy, text, size, kit.GOLD, bold=True, anchor=anchor)
    else:
        draw.text(xy, text, font=kit.font(size, True), fill=kit.GOLD, anchor=anchor)
    return img


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize("xy,anchor", [((10, 10), "la"), ((130.5, 30), "mm"),
                                       ((250, 50.25), "rd"), ((7.75, 3.5), "ls")])
def test_cached_text_is_pixel_identical_to_imagedraw_text(mode, xy, anchor):
    text = "Kupec 12 · Čaroděj"
    want = _drawn(mode, xy, text, 17, anchor, cached=False)
    for _ in range(2):                       # first draw fills the cache, second reuses it
        got = _drawn(mode, xy, text, 17, anchor, cached=True)
        assert ImageChops.difference(got, want).getbbox() is None
    assert want.getbbox() is not None        # something was drawn at all


def test_cached_text_keeps_each_colour():
    one = _drawn("RGB", (10, 10), "Abc", 20, "la", cached=True)
    img = Image.new("RGB", (260, 60), (40, 50, 60))
    kit.draw_string(ImageDraw.Draw(img), (10, 10), "Abc", 20, kit.DISTRICT["blue"], bold=True)
    assert ImageChops.difference(one, img).getbbox() is not None
    assert kit.DISTRICT["blue"] in {c for _, c in img.getcolors(10_000)}


def _off(a: Image.Image, b: Image.Image, by: int) -> float:
    """Share of pixels where some channel differs by more than ``by``."""
    hist = ImageChops.difference(a, b).convert("L").histogram()   # L ~ weighted channels
    return sum(hist[by // 3 + 1:]) / (a.width * a.height)


@pytest.mark.parametrize("index", range(0, 40, 4))
def test_encode_keeps_real_pictures_close_to_what_was_composed(index):
    game_id, which, view, locale = mixed_views(40, 5)[index]
    module = renderer(game_id)
    img = (module.render_table if which == "table" else module.render_private)(view, locale)
    if img is None:
        pytest.skip("a spectator has no private picture")
    flat = img.convert("RGB")
    back = Image.open(io.BytesIO(kit.encode(img))).convert("RGB")
    assert back.size == flat.size
    assert len(back.getcolors(257) or ()) <= 256
    assert _off(flat, back, 24) < 0.001
    # the table's own colours stay what they are
    assert max(abs(a - b) for a, b in zip(back.getpixel((2, 2)), flat.getpixel((2, 2)))) <= 6


def test_a_small_spot_of_a_colour_found_nowhere_else_keeps_its_hue():
    img = Image.new("RGB", (600, 400), kit.BG)
    ImageDraw.Draw(img).rectangle((301, 201, 304, 204), fill=(230, 90, 70))   # 4x4 px
    back = Image.open(io.BytesIO(kit.encode(img))).convert("RGB")
    r, g, b = back.getpixel((302, 202))
    assert r > 150 and g < 140 and b < 130


def test_cached_labels_still_decline_a_name(monkeypatch):
    catalog = {"took": {"en": "{who} took it", "cs": "Vzal to {who:dat}"}}
    monkeypatch.setattr(kit, "_catalog", lambda game_id: catalog)
    kit._label.cache_clear()
    try:
        assert kit.label("t", "took", "cs", who="Mordýř") == "Vzal to Mordýř"
        declined = Name("Mordýř", {"dat": "Mordýři"})
        assert kit.label("t", "took", "cs", who=declined) == "Vzal to Mordýři"
        assert kit.label("t", "took", "en", who=declined) == "Mordýř took it"
    finally:
        kit._label.cache_clear()


def test_ludwig_downsample_averages_blocks_without_darkening_transparent_edges():
    from render import ludwig_art as art

    ss = art.SS
    big = Image.new("RGBA", (4 * ss, 2 * ss), (0, 0, 0, 0))
    ImageDraw.Draw(big).rectangle((0, 0, 2 * ss - 1, 2 * ss - 1), fill=(250, 236, 200, 255))
    ImageDraw.Draw(big).rectangle((2 * ss, 0, 2 * ss, 2 * ss - 1), fill=(250, 236, 200, 255))
    small = art.downsample(big)
    assert small.size == (4, 2)
    assert small.getpixel((0, 0)) == (250, 236, 200, 255)          # a full block: as drawn
    r, g, b, a = small.getpixel((2, 0))                               # a third of a block
    assert abs(a - 255 // ss) <= 1 and (r, g, b) == pytest.approx((250, 236, 200), abs=3)
    assert small.getpixel((3, 0))[3] == 0                             # nothing drawn: clear
