"""Rendering speed: composition + encode of the table image against the encode floor.

``bench_render("citadels", views)`` renders every view's table image with a warm sprite
cache (as in a running bot).  Each repeat times composition and then the encode of that
same finished image back to back, so both figures see the same machine load:
``render_ms`` = composition + encode, ``encode_floor_ms`` = the encode alone.  The target
is ``render_to_encode_ratio <= 2``: composing costs no more than encoding.
"""
from __future__ import annotations

import statistics
import time

from render import kit, renderer


def _timed(module, view: dict, locale: str) -> tuple[float, float, int]:
    """(composition ms, encode ms, encoded bytes) of one table image."""
    start = time.perf_counter()
    image = module.render_table(view, locale)
    composed = time.perf_counter()
    data = kit.encode(image)
    done = time.perf_counter()
    return (composed - start) * 1000, (done - composed) * 1000, len(data)


def bench_render(game_id: str, views: list[dict], locale: str = "en",
                 repeats: int = 5) -> dict:
    """Medians over ``views`` x ``repeats`` renders (after one warm-up render per view)."""
    module = renderer(game_id)
    compose_ms, encode_ms, kib = [], [], []
    for view in views:
        _timed(module, view, locale)                      # warm-up: fills the sprite cache
        for _ in range(max(1, repeats)):
            compose, encode, size = _timed(module, view, locale)
            compose_ms.append(compose)
            encode_ms.append(encode)
            kib.append(size / 1024)
    render_p50 = statistics.median(c + e for c, e in zip(compose_ms, encode_ms))
    floor_p50 = statistics.median(encode_ms)
    return {
        "render_ms_p50": round(render_p50, 2),
        "compose_ms_p50": round(statistics.median(compose_ms), 2),
        "encode_floor_ms_p50": round(floor_p50, 2),
        "render_to_encode_ratio": round(render_p50 / floor_p50, 3),
        "image_kib_p50": round(statistics.median(kib), 1),
        "views": len(views),
    }
