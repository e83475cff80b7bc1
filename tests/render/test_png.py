"""``render.png`` writes valid PNG files that decode to exactly the palette image given,
with ISA-L or with the standard zlib, and ``kit.encode`` sends the same pixels as
Pillow's own PNG writer would."""
import io
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import kit, png


def _palette_image(size, colours: int) -> Image.Image:
    """A "P" image of ``size`` using ``colours`` palette entries in stripes and a circle."""
    rgb = Image.new("RGB", size, (30, 40, 50))
    draw = ImageDraw.Draw(rgb)
    for i in range(colours - 1):
        draw.rectangle((i * size[0] // colours, 0, (i + 1) * size[0] // colours, size[1] // 2),
                       fill=(i * 37 % 256, i * 91 % 256, 255 - i))
    draw.ellipse((0, 0, size[0] - 1, size[1] - 1), outline=(250, 196, 60))
    return rgb.quantize(colours, method=Image.Quantize.MEDIANCUT)


def _same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"),
                                                      b.convert("RGB")).getbbox() is None


@pytest.mark.parametrize("size,colours", [((1, 1), 1), ((1, 7), 2), ((333, 5), 16),
                                          ((640, 481), 200), ((97, 1003), 256)])
def test_png_bytes_decode_to_the_same_indexes_and_palette(size, colours):
    img = _palette_image(size, colours)
    data = png.png_bytes(img)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.format == "PNG" and back.mode == "P" and back.size == img.size
    assert back.tobytes() == img.tobytes()
    assert back.getpalette("RGB")[:3 * colours] == img.getpalette("RGB")[:3 * colours]


def test_the_zlib_fallback_makes_the_same_pixels(monkeypatch):
    img = _palette_image((300, 200), 64)
    fast = png.png_bytes(img)
    monkeypatch.setattr(png, "_deflater", zlib)       # the real standard zlib, not a stub
    plain = png.png_bytes(img)
    assert Image.open(io.BytesIO(plain)).tobytes() == Image.open(io.BytesIO(fast)).tobytes()


def test_isal_is_the_deflater_when_installed():
    pytest.importorskip("isal")
    assert png.DEFLATER.endswith("isal_zlib")


def test_only_palette_images_are_taken():
    with pytest.raises(ValueError, match="palette"):
        png.png_bytes(Image.new("RGB", (4, 4)))


def test_chunks_carry_correct_crcs():
    data = png.png_bytes(_palette_image((40, 30), 8))
    pos, kinds = 8, []
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        assert int.from_bytes(data[pos + 8 + length:pos + 12 + length], "big") == zlib.crc32(kind + body)
        kinds.append(kind)
        pos += 12 + length
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_encode_sends_the_pixels_pillow_would_have_written():
    img = Image.new("RGB", (500, 300), kit.BG)
    kit.panel(img, (10, 10, 300, 200))
    kit.draw_text(ImageDraw.Draw(img), (20, 20), "Hrad Čaroděj 12", 24, kit.GOLD, bold=True)
    kit.paste(img, kit.coin(7, 40), (320, 40))
    quantized = img.quantize(palette=kit._palette_of(img), dither=Image.Dither.NONE)
    pillow = io.BytesIO()
    quantized.save(pillow, "PNG", compress_level=1)
    assert _same_pixels(Image.open(io.BytesIO(kit.encode(img))), Image.open(pillow))
