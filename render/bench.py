"""Rendering speed: composition + encode of the table image against the encode floor.

``bench_render("citadels", views)`` renders every view's table image (warm sprite cache,
as in a running bot), times composition+encode and the encode alone of the same finished
image, and reports medians.  The target is ``render_to_encode_ratio <= 2``: composing
costs no more than encoding.
"""
from __future__ import annotations

import statistics

from render import kit, renderer


def bench_render(game_id: str, views: list[dict], locale: str = "en",
                 repeats: int = 5) -> dict:
    """Median timings over ``views`` (each rendered ``repeats`` times after a warm-up)."""
    module = renderer(game_id)
    render_ms, compose_ms, encode_ms, kib = [], [], [], []
    for view in views:
        image = module.render_table(view, locale)          # warm-up: fills sprite cache
        data = kit.encode(image)
        kib.append(len(data) / 1024)
        compose, _ = kit.measure(lambda: module.render_table(view, locale), repeats)
        encode, _ = kit.measure(lambda: kit.encode(image), repeats)
        full, _ = kit.measure(lambda: kit.encode(module.render_table(view, locale)), repeats)
        compose_ms.append(compose)
        encode_ms.append(encode)
        render_ms.append(full)
    render_p50 = statistics.median(render_ms)
    floor_p50 = statistics.median(encode_ms)
    return {
        "render_ms_p50": round(render_p50, 2),
        "compose_ms_p50": round(statistics.median(compose_ms), 2),
        "encode_floor_ms_p50": round(floor_p50, 2),
        "render_to_encode_ratio": round(render_p50 / floor_p50, 3),
        "image_kib_p50": round(statistics.median(kib), 1),
        "views": len(views),
    }
