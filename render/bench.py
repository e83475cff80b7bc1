"""Rendering speed: composition + encode of the table image against the encode floor.

``bench_render("citadels", views)`` renders every view's table image with a warm sprite
cache (as in a running bot).  Each repeat times composition and then the encode of that
same finished image back to back, so both figures see the same machine load:
``render_ms`` = composition + encode, ``encode_floor_ms`` = the encode alone.  The target
is ``render_to_encode_ratio <= 2``: composing costs no more than encoding.
"""
from __future__ import annotations

import math
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


# -- the bot's mix: many tables of every game, table and private pictures ----------------
def mixed_views(count: int, seed: int = 1, max_moves: int = 40,
                private: float | None = None) -> list[tuple[str, str, dict, str]]:
    """``count`` (game, which, view, locale) as the loadtest's render workers get them:
    each a fresh table of a random game (2-4 seats) after 0..``max_moves`` random legal
    moves, its table view or the view of the seat that moved last, English or Czech;
    ``private``: the share of private pictures (None: every third, as before; the
    loadtest's clicks draw about 80% private ones: the clicker's panel and the DMs)."""
    import random

    from engine import registry
    from engine.core import Action

    rnd = random.Random(seed)
    games = registry.available()
    out = []
    for i in range(count):
        game = registry.get(games[i % len(games)])
        seats = rnd.randint(max(2, game.min_seats), min(4, game.max_seats))
        state = game.setup(seats, game.parse_options({}), rnd.randrange(2**32))
        last = 0
        for _ in range(rnd.randint(0, max_moves)):
            pending = game.pending(state)
            if not pending or game.result(state) is not None:
                break
            decision = rnd.choice(pending)
            game.apply(state, decision.seat, Action(decision.kind, rnd.choice(decision.options).id))
            last = decision.seat
        mine = i % 3 == 2 if private is None else rnd.random() < private
        which = "private" if mine else "table"
        view = game.view(state, None if which == "table" else last)
        view["seat_names"] = [f"Player {s + 1}" for s in range(seats)]
        out.append((game.id, which, view, "cs" if rnd.random() < 0.5 else "en"))
    return out


def bench_mix(pictures: list[tuple[str, str, dict, str]],
              warm: list[tuple[str, str, dict, str]] = ()) -> dict:
    """CPU ms per picture over ``pictures`` in their order (one worker's sprite cache
    sees every game in turn, as in the bot), split into the view's pickle round trip,
    composition and encode.  ``warm`` (other tables) is drawn first, unmeasured, as a
    running worker has drawn other pictures before: every measured picture is a state
    never drawn before, as in the bot."""
    import pickle

    rows: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    for measured, batch in ((False, warm), (True, pictures)):
        for game_id, which, view, locale in batch:
            module = renderer(game_id)
            fn = module.render_table if which == "table" else module.render_private
            start = time.process_time()
            view = pickle.loads(pickle.dumps(view))
            sent = time.process_time()
            image = fn(view, locale)
            composed = time.process_time()
            if image is None:
                continue
            kit.encode(image)
            done = time.process_time()
            if measured:
                rows.setdefault((game_id, which), []).append(
                    (sent - start, composed - sent, done - composed))
    out: dict = {}
    for (game_id, which), times in sorted(rows.items()):
        out[f"{game_id}.{which}"] = {
            "ms": round(1000 * sum(map(sum, times)) / len(times), 2),
            "pickle_ms": round(1000 * sum(t[0] for t in times) / len(times), 2),
            "compose_ms": round(1000 * sum(t[1] for t in times) / len(times), 2),
            "encode_ms": round(1000 * sum(t[2] for t in times) / len(times), 2),
            "pictures": len(times)}
    every = [t for times in rows.values() for t in times]
    total = sum(map(sum, every))
    out["all"] = {"ms": round(1000 * total / len(every), 2),
                  "pictures_per_cpu_s": round(len(every) / total, 1), "pictures": len(every)}
    return out


def workers_memory(pictures: list[tuple[str, str, dict, str]], at_once: int = 8) -> dict:
    """Draw ``pictures`` through the bot's :class:`Renderer` (its render workers, ``at_once``
    asked together as concurrent clicks would), then each worker's memory in MiB: RSS
    (what the loadtest adds up), USS (its own pages) and PSS (shared pages divided)."""
    import asyncio

    import psutil

    from bot.render_service import Renderer, shared_pool

    async def draw() -> Renderer:
        renderer = Renderer(wait_ms=float("inf"))
        for start in range(0, len(pictures), at_once):
            await asyncio.gather(*(
                renderer.table(game_id, view, locale, start + i, 0) if which == "table" else
                renderer.private(game_id, view, locale, start + i, 0, view.get("seat") or 0)
                for i, (game_id, which, view, locale) in enumerate(pictures[start:start + at_once])))
        return renderer
    renderer = asyncio.run(draw())
    out: dict = {"pictures_drawn": renderer.drawn, "left_out": renderer.dropped}
    for n, pid in enumerate(shared_pool().pids()):
        info = psutil.Process(pid).memory_full_info()
        out[f"worker{n}"] = {k: round(getattr(info, k) / 2**20, 1) for k in ("rss", "uss", "pss")}
    out["workers_rss_mib"] = round(sum(v["rss"] for k, v in out.items() if k.startswith("worker")), 1)
    return out


def _name(index: int, game_id: str, which: str) -> str:
    return f"{index:04d}-{game_id}.{which}.png"


def save_mix(pictures: list[tuple[str, str, dict, str]], folder) -> int:
    """Write each picture of ``pictures`` encoded as the bot sends it into ``folder``
    (``NNNN-game.which.png``); returns how many were written."""
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for index, (game_id, which, view, locale) in enumerate(pictures):
        module = renderer(game_id)
        image = (module.render_table if which == "table" else module.render_private)(view, locale)
        if image is not None:
            (folder / _name(index, game_id, which)).write_bytes(kit.encode(image))
            written += 1
    return written


def psnr(old, new) -> float:
    """Peak signal-to-noise ratio in dB of RGB image ``new`` against ``old`` (same size;
    ``math.inf`` when identical)."""
    from PIL import ImageChops

    diff = ImageChops.difference(old.convert("RGB"), new.convert("RGB"))
    squares = sum(count * (i % 256) ** 2 for i, count in enumerate(diff.histogram()))
    if not squares:
        return math.inf
    return 10 * math.log10(255 ** 2 * 3 * old.width * old.height / squares)


def compare_mix(pictures: list[tuple[str, str, dict, str]], folder) -> dict:
    """Each picture of ``pictures`` drawn now against the one saved in ``folder`` by
    :func:`save_mix` (at older code): how many have identical pixels, the PSNR of the
    others (min and median, dB), and those of another size (not comparable)."""
    import io
    from pathlib import Path

    from PIL import Image

    identical, scores, resized, missing = 0, [], [], 0
    for index, (game_id, which, view, locale) in enumerate(pictures):
        module = renderer(game_id)
        image = (module.render_table if which == "table" else module.render_private)(view, locale)
        path = Path(folder) / _name(index, game_id, which)
        if image is None or not path.exists():
            missing += image is not None or path.exists()
            continue
        old = Image.open(path)
        new = Image.open(io.BytesIO(kit.encode(image)))
        if old.size != new.size:
            resized.append(path.name)
            continue
        score = psnr(old, new)
        identical += score == math.inf
        if score != math.inf:
            scores.append((score, path.name))
    scores.sort()
    return {"identical": identical, "differ": len(scores),
            "psnr_min_db": round(scores[0][0], 2) if scores else None,
            "psnr_median_db": round(statistics.median(s for s, _ in scores), 2) if scores else None,
            "worst": [name for _, name in scores[:3]],
            "other_size": resized, "missing": missing}


def main(argv: list[str] | None = None) -> None:
    """``python -m render.bench [--pictures N] [--seed S] [--moves M] [--private P]
    [--workers | --save DIR | --against DIR]``: CPU ms per picture of the mix (after half
    as many other pictures warmed the caches), as JSON lines; ``--workers``: the render
    workers' memory after drawing the mix; ``--save``/``--against``: the mix's pictures
    saved, or compared with saved ones (identical pixels or PSNR)."""
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m render.bench")
    parser.add_argument("--pictures", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=40,
                        help="at most this many random moves into each table (the loadtest's "
                             "tables are mostly within their first few)")
    parser.add_argument("--private", type=float, default=None,
                        help="share of private pictures (default: every third; the "
                             "loadtest draws about 0.8)")
    parser.add_argument("--workers", action="store_true",
                        help="draw through the bot's render workers and print their memory")
    parser.add_argument("--save", metavar="DIR",
                        help="write the mix's encoded pictures into DIR (no timing)")
    parser.add_argument("--against", metavar="DIR",
                        help="compare the mix drawn now with the pictures saved in DIR by "
                             "--save at older code: identical pixels, else PSNR")
    args = parser.parse_args(argv)
    views = mixed_views(args.pictures, args.seed, args.moves, args.private)
    if args.save:
        print(json.dumps({"saved": save_mix(views, args.save), "folder": args.save}))
        return
    if args.against:
        print(json.dumps(compare_mix(views, args.against)))
        return
    if args.workers:
        print(json.dumps(workers_memory(views)))
        return
    figures = bench_mix(views, warm=mixed_views(args.pictures // 2, args.seed + 1000,
                                                args.moves, args.private))
    for name, row in figures.items():
        print(json.dumps({"picture": name, **row}))


if __name__ == "__main__":
    main()
