"""render.workers: a call submitted with ``submit_first`` goes before the calls that
were waiting already (the picture a clicker waits for before other pictures)."""
import time

from render.workers import ProcessPool


def test_a_call_submitted_first_runs_before_the_waiting_ones():
    workers = ProcessPool(1, depth=1)
    try:
        busy = workers.submit(time.sleep, 0.3)                       # the worker is busy
        later = [workers.submit(time.perf_counter_ns) for _ in range(3)]
        first = [workers.submit_first(time.perf_counter_ns) for _ in range(2)]
        assert busy.result(timeout=30) is None
        ran = [f.result(timeout=30) for f in first + later]
        assert ran == sorted(ran), "first-submitted calls in their order, then the others"
    finally:
        workers.shutdown()


def test_waiting_first_calls_fail_like_the_others_when_the_pool_stops():
    workers = ProcessPool(1, depth=1)
    busy = workers.submit(time.sleep, 0.3)
    first = workers.submit_first(time.perf_counter_ns)
    workers.shutdown(wait=True, cancel_futures=True)
    assert first.cancelled()
    assert busy.done()


async def test_a_picture_asked_for_first_overtakes_the_pictures_waiting_for_a_worker():
    import asyncio
    import contextlib

    from bot.render_service import Renderer, first
    from tests.render.test_render_service_pool import spectator_view

    renderer, view, done = Renderer(wait_ms=1e9), spectator_view(), []

    async def ask(seq: int, urgent: bool) -> None:
        with first() if urgent else contextlib.nullcontext():
            picture = asyncio.ensure_future(renderer.table("citadels", view, "en", 77, seq))
        assert await picture is not None
        done.append(seq)

    await asyncio.gather(*(ask(seq, False) for seq in range(12)), ask(99, True))
    assert renderer.drawn == 13 and renderer.dropped == 0
    assert done.index(99) <= 6, done          # asked last; in order it would end last


def test_the_workers_run_at_the_niceness_render_nice_asks_for(monkeypatch):
    import functools
    import os

    from bot.render_service import worker_nice
    from render.output import warm_worker

    monkeypatch.setenv("RENDER_NICE", "5")
    assert worker_nice() == 5
    workers = ProcessPool(1, initializer=functools.partial(warm_worker, worker_nice()))
    try:
        assert workers.submit(os.nice, 0).result(timeout=60) == os.nice(0) + 5
    finally:
        workers.shutdown()
    monkeypatch.setenv("RENDER_NICE", "fast")
    assert worker_nice() == 0


async def test_a_picture_asked_for_first_is_not_left_out_for_the_queue_behind_it():
    """It waits only for the pictures the workers already hold (and other first ones),
    so a queue long enough to leave out the others' pictures does not leave out it."""
    import asyncio

    from bot.render_service import Renderer, first
    from tests.render.test_render_service_pool import spectator_view

    renderer, view = Renderer(wait_ms=100.0), spectator_view()   # ~25 ms a picture
    others = [asyncio.ensure_future(renderer.table("citadels", view, "en", 78, seq))
              for seq in range(12)]
    with first():
        mine = asyncio.ensure_future(renderer.table("citadels", view, "en", 78, 99))
    results = await asyncio.gather(*others)
    assert await mine is not None
    assert results.count(None) == renderer.dropped > 0, "the others' queue was too long"


def test_first_calls_never_starve_the_others():
    """While calls submitted first keep coming, a waiting call still goes after at most
    FIRST_RUN of them in a row."""
    from render.workers import FIRST_RUN

    workers = ProcessPool(1, depth=1)
    try:
        busy = workers.submit(time.sleep, 0.3)
        other = workers.submit(time.perf_counter_ns)
        first = [workers.submit_first(time.perf_counter_ns) for _ in range(FIRST_RUN + 3)]
        assert busy.result(timeout=30) is None
        ran = sorted([(f.result(timeout=30), "first") for f in first]
                     + [(other.result(timeout=30), "other")])
        assert [kind for _, kind in ran].index("other") == FIRST_RUN
    finally:
        workers.shutdown()
