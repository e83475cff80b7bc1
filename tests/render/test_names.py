"""Any player name renders: emoji, CJK and other scripts never become .notdef boxes.

DejaVu lacks them; ``render.kit`` falls back glyph by glyph to the Noto fonts of the
``manimgx-fonts`` packages (a dependency in ``pyproject.toml``)."""
import pytest
from PIL import Image, ImageDraw

from engine import registry
from phone import NAMES, render_all
from render import kit

NOT_IN_ANY_FONT = "\U000f0000"          # private use: every face draws its .notdef
SAMPLES = ["🐉", "🎲", "👍", "❤", "王", "小", "明", "김", "민", "준", "東", "京", "ア", "Ж",
           "Ω", "ß", "Ř", "ů", "ح", "ש", "ก", "अ", "♛", "⚒", "❄"]


def _ink(text: str, bold: bool = False) -> bytes:
    img = Image.new("L", (80, 60))
    kit.draw_string(ImageDraw.Draw(img), (10, 10), text, 30, 255, bold=bold)
    return img.tobytes()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("ch", SAMPLES)
def test_each_sample_glyph_is_drawn_not_a_box(ch, bold):
    assert kit.missing_glyphs(ch) == []
    drawn = _ink(ch, bold)
    assert any(drawn), "something is drawn"
    assert drawn != _ink(NOT_IN_ANY_FONT, bold), "not the .notdef box"


def test_dejavu_alone_would_draw_boxes():
    """The check can fail: DejaVu itself has no glyph for these."""
    fnt = kit.font(24)

    def mask(ch):
        m = fnt.getmask(ch)
        return m.size, bytes(m)
    assert all(mask(ch) == mask(NOT_IN_ANY_FONT) for ch in "🐉王김")
    assert kit.missing_glyphs(NOT_IN_ANY_FONT) == [NOT_IN_ANY_FONT]


def test_fallback_fonts_come_from_the_packaged_noto_fonts():
    names = [p.name for p in kit.fallback_fonts()]
    assert any(n.startswith("NotoEmoji") for n in names)
    assert any(n.startswith("NotoSansCJK") for n in names)


def test_mixed_text_keeps_its_width_and_anchor():
    text = "Anna 🐉 王小明"
    fnt = kit.font(20)
    width = kit.text_width(text, fnt)
    img = Image.new("L", (400, 60))
    kit.draw_string(ImageDraw.Draw(img), (390, 30), text, 20, 255, anchor="rm")
    box = img.getbbox()
    assert box and 390 - width - 3 <= box[0] and box[2] <= 391
    assert kit.ellipsize(text, fnt, width) == text
    short = kit.ellipsize(text, fnt, width - 10)
    assert short.endswith("…") and kit.text_width(short, fnt) <= width - 10


def test_invisible_joiners_and_selectors_are_dropped():
    assert _ink("❤\ufe0f") == _ink("❤")
    assert kit.missing_glyphs("👍🏽\u200d") == []


@pytest.mark.parametrize("game_id", sorted(registry.available()))
def test_every_game_draws_names_in_any_script_with_the_fallback(game_id):
    game = registry.get(game_id)
    pictures = render_all(game_id, game.max_seats, "en")
    records = [r for pic in pictures for r in pic.records]
    seated = NAMES[:game.max_seats]
    shown = {name for name in seated for r in records if name in r.text}
    assert shown, "player names are drawn"
    bad = [r.text for r in records if kit.missing_glyphs(r.text)]
    assert bad == []
    bare = [r.text for r in records if not r.fallback and not r.text.isascii()]
    assert bare == [], "names drawn past the kit, without the fallback fonts"


def test_right_to_left_names_are_shaped_as_one_run():
    """Arabic letters join and read right to left (libraqm) when Pillow has it; the
    words of one name stay together so their order is right."""
    from PIL import ImageFont, features
    assert kit._runs("Anna محمد علي!") == [(0, False, "Anna "), (0, True, "محمد علي"),
                                           (0, False, "!")]
    if not features.check("raqm"):
        pytest.skip("Pillow without libraqm: letters are drawn unjoined")
    basic = ImageFont.truetype(str(kit.FONT_DIR / "DejaVuSans.ttf"), 30,
                               layout_engine=ImageFont.Layout.BASIC)
    img = Image.new("L", (200, 60))
    ImageDraw.Draw(img).text((10, 10), "محمد", font=basic, fill=255)
    joined = Image.new("L", (200, 60))
    kit.draw_string(ImageDraw.Draw(joined), (10, 10), "محمد", 30, 255)
    assert joined.tobytes() != img.tobytes()
