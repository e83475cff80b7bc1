"""Speed figures for ``python -m bot bench [GAME]``: one JSON object per line.

Metrics (per game): playouts_per_s (random 4-seat games, where allowed, per second of
this thread's CPU time, untimed inside), engine_action_ms_p50/p99 (pending + random choice
+ apply of one action over random full games), playout_ms_p50 (one whole random game).
Engine figures are this thread's CPU time, so a busy machine does not inflate them, and
are taken under the garbage collector's settings of this process (``python -m bot
bench`` uses the serving processes' :mod:`bot.gc_policy`, as the AI workers that run the
search do; ``--default-gc`` keeps CPython's): the playouts line says which (``gc``).
render_ms_p50 / encode_floor_ms_p50 / render_to_encode_ratio / image_kib_p50 (table
image of spectator views), commit_ms_p99 (one move appended in SQLite), click_ms_p50
(one button click through the offline Discord harness, interaction in, replies out).
"""
from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Iterator

import gc

from engine import ai, registry
from engine.timing import percentile as pct
from engine.core import Game


def line(game: str, metric: str, value: float, unit: str, **extra) -> dict:
    return {"game": game, "metric": metric, "value": round(value, 4), "unit": unit, **extra}


def timed_playout(game: Game, seats: int, seed: int, *, smart: bool) -> tuple[float, list[float]]:
    """(whole-game ms, per-action ms) for one playout, in this thread's CPU time."""
    state = game.setup(seats, game.parse_options({}), seed)
    rnd = random.Random(seed)
    per_action = []
    clock = time.thread_time
    start = clock()
    while game.result(state) is None:
        t0 = clock()
        decision = game.pending(state)[0]
        action = ai.choose(game, state, decision, rnd, smart=smart)
        game.apply(state, decision.seat, action)
        per_action.append((clock() - t0) * 1000)
    return (clock() - start) * 1000, per_action


def playouts_per_s(game: Game, seats: int, games: int) -> float:
    """Whole random games (seeds 0..games-1) per second of this thread's CPU time."""
    start = time.thread_time()
    for seed in range(games):
        ai.playout(game, seats, seed, smart=False)
    spent = time.thread_time() - start
    return games / spent if spent else float("nan")


def bench_engine(game: Game, games: int) -> Iterator[dict]:
    seats = max(game.min_seats, min(4, game.max_seats))
    yield line(game.id, "playouts_per_s", playouts_per_s(game, seats, games), "games/s",
               seats=seats, games=games, policy="random", clock="thread_cpu",
               gc=list(gc.get_threshold()))
    whole, actions = [], []
    for seed in range(games):
        ms, per = timed_playout(game, seats, seed, smart=False)
        whole.append(ms)
        actions += per
    yield line(game.id, "engine_action_ms_p50", pct(actions, 0.5), "ms", actions=len(actions))
    yield line(game.id, "engine_action_ms_p99", pct(actions, 0.99), "ms")
    yield line(game.id, "playout_ms_p50", statistics.median(whole), "ms", seats=seats,
               games=games, policy="random")
    smart = [timed_playout(game, seats, seed, smart=True)[0] for seed in range(min(games, 50))]
    yield line(game.id, "playout_ai_ms_p50", statistics.median(smart), "ms", seats=seats,
               policy="ai_preference")
    if game.max_seats >= 5:
        five = [timed_playout(game, 5, seed, smart=False)[0] for seed in range(min(games, 100))]
        yield line(game.id, "playout_5p_ms_p50", statistics.median(five), "ms", seats=5)


def sample_views(game: Game, seats: int, every: int = 15, limit: int = 12) -> list[dict]:
    views: list[dict] = []
    step = [0]

    def grab(state):
        step[0] += 1
        if step[0] % every == 0 and len(views) < limit:
            views.append(game.view(state, None))

    state, _ = ai.playout(game, seats, 7, on_step=grab)
    views.append(game.view(state, None))
    return views


def bench_render(game: Game) -> Iterator[dict]:
    from render.bench import bench_render as measure

    figures = measure(game.id, sample_views(game, max(game.min_seats, min(4, game.max_seats))))
    for metric in ("render_ms_p50", "encode_floor_ms_p50", "render_to_encode_ratio", "image_kib_p50"):
        unit = {"render_to_encode_ratio": "ratio", "image_kib_p50": "KiB"}.get(metric, "ms")
        yield line(game.id, metric, figures[metric], unit)


def bench_commit(game_id: str) -> Iterator[dict]:
    from storage.bench import commit_times

    with tempfile.TemporaryDirectory() as tmp:
        times = commit_times(Path(tmp) / "bench.sqlite", n=500)
    yield line(game_id, "commit_ms_p50", pct(times, 0.5), "ms")
    yield line(game_id, "commit_ms_p99", pct(times, 0.99), "ms")


def bench_click(game_id: str) -> Iterator[dict]:
    try:
        from bot.offline import click_latency_ms
    except ImportError:
        return
    times = asyncio.run(click_latency_ms(game_id, n=30, images=True))
    if times:
        yield line(game_id, "click_ms_p50", pct(times, 0.5), "ms", clicks=len(times), images=True)
        yield line(game_id, "click_ms_p99", pct(times, 0.99), "ms", images=True)
    bare = asyncio.run(click_latency_ms(game_id, n=30, images=False))
    if bare:
        yield line(game_id, "click_no_images_ms_p50", pct(bare, 0.5), "ms", clicks=len(bare))


def run_bench(game_id: str | None = None, games: int = 200) -> Iterator[dict]:
    ids = [game_id] if game_id else registry.available()
    for gid in ids:
        game = registry.get(gid)
        yield from bench_engine(game, games)
        yield from bench_render(game)
        yield from bench_commit(gid)
        yield from bench_click(gid)
