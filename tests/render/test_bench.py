"""The render bench returns every figure (the speed targets are reported by `python -m bot bench`)."""
import pytest

from engine.citadels import GAME
from render.bench import bench_render
from render_games import played


def test_citadels_render_stays_within_twice_the_encode_floor():
    views = [GAME.view(s, None) for seats in (2, 4, 7) for s in played(seats, 40 + seats, True)[1]]
    figures = bench_render("citadels", views, "cs", repeats=5)
    print(figures)
    assert set(figures) >= {"render_ms_p50", "encode_floor_ms_p50", "render_to_encode_ratio",
                            "image_kib_p50"}
    assert figures["render_ms_p50"] > figures["encode_floor_ms_p50"] > 0
    assert figures["render_to_encode_ratio"] > 0  # the <= 2 target is reported by `bench`, not asserted
    assert figures["image_kib_p50"] < 2048


def test_the_mix_can_be_mostly_private_and_drawn_through_the_workers():
    from render.bench import mixed_views, workers_memory
    views = mixed_views(20, seed=3, max_moves=2, private=0.8)
    assert 10 <= sum(which == "private" for _, which, _, _ in views) < 20
    figures = workers_memory(views[:6], at_once=3)
    assert figures["pictures_drawn"] == 6 and figures["left_out"] == 0
    workers = [v for k, v in figures.items() if k.startswith("worker") and isinstance(v, dict)]
    assert workers and all(w["rss"] >= w["pss"] >= w["uss"] > 0 for w in workers)
    assert figures["workers_rss_mib"] == round(sum(w["rss"] for w in workers), 1)


def test_psnr_is_infinite_for_identical_pictures_and_exact_for_a_known_difference():
    import math

    from PIL import Image

    from render.bench import psnr
    old = Image.new("RGB", (30, 20), (100, 100, 100))
    assert psnr(old, old.copy()) == math.inf
    new = Image.new("RGB", (30, 20), (101, 100, 100))    # every pixel off by 1 in one channel
    assert psnr(old, new) == pytest.approx(10 * math.log10(255 ** 2 * 3))


def test_compare_mix_finds_saved_pictures_identical_and_tells_a_changed_one(tmp_path):
    from PIL import Image

    from render.bench import compare_mix, mixed_views, save_mix
    views = mixed_views(6, seed=5, max_moves=3, private=0.5)
    assert save_mix(views, tmp_path) == 6
    assert compare_mix(views, tmp_path)["identical"] == 6
    first = sorted(tmp_path.iterdir())[0]
    img = Image.open(first).convert("RGB")
    img.putpixel((0, 0), (255, 0, 255))
    img.save(first)
    figures = compare_mix(views, tmp_path)
    assert figures["identical"] == 5 and figures["differ"] == 1
    assert figures["worst"] == [first.name] and figures["psnr_min_db"] > 45
