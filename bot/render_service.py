"""Rendering for the bot: off the event loop, cached per (game, seq, viewer).

The renderer only ever receives a view (what one seat or a spectator may know), so a
picture cannot leak what it never receives.

Pictures are drawn in worker processes (one per core, shared by every renderer of
this process, started on first use with Pillow, the render modules and the fonts
already imported; :mod:`render.workers` says why not ``ProcessPoolExecutor``), so
rendering runs beside the event loop instead of competing with it for the GIL, as
``asyncio.to_thread`` did.

A picture is left out (the message goes out without it) when it would wait longer than
``wait_ms`` for a worker (the pictures ahead of it times the workers' recent time per
picture), when ``queue`` pictures already wait or run, or when a render fails or a
worker dies: a picture never holds up a move for long, and the move is already saved.
The bound is on the expected wait rather than a fixed count because every click awaits
its pictures: with a fixed 16, 32 players clicking at once lost most pictures even when
the workers kept up (the loadtest's 10,185 of ~11,500).  ``processes=False`` renders
on a thread as before (for comparison in the loadtest).

A picture asked for again while it is being drawn (same table, seq, seat and language)
waits for that drawing instead of queueing a second one, so a caller may start a
picture early (e.g. the clicker's panel beside the board) and ask for it again later.

Pictures asked for inside ``with first():`` (the clicker's own panel, which the click
waits for) go to a worker before every other picture waiting for one (other clicks'
boards and DM panels).
"""
from __future__ import annotations

import asyncio
import atexit
import contextlib
import contextvars
import functools
import logging
import os
import threading
from collections import OrderedDict
from concurrent.futures import BrokenExecutor

from render.output import render_bytes, timed_render, warm_worker
from render.workers import DEPTH, ProcessPool

log = logging.getLogger(__name__)

__all__ = ["Renderer", "first", "render_bytes", "timed_render", "shared_pool",
           "shutdown_pool", "warm_worker"]

NICE_ENV = "RENDER_NICE"  # the render workers' niceness (default 0: the bot's priority)
DEFAULT_QUEUE = 256      # pictures waiting or running at most, whatever the estimate
DEFAULT_WAIT_MS = 500.0  # a picture expected to wait longer for a worker is left out
FIRST_ESTIMATE_MS = 25.0  # time per picture assumed until pictures were drawn


def worker_count() -> int:
    """Render workers per process: one per core this process may use, at most four."""
    return max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                      else os.cpu_count() or 1))


def worker_nice() -> int:
    """How much lower the render workers run than the bot (``RENDER_NICE``; 0 when unset
    or not a number)."""
    try:
        return max(0, int(os.environ.get(NICE_ENV, "0")))
    except ValueError:
        return 0


class _Pool:
    """The process pool shared by every :class:`Renderer` of this process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._executor: ProcessPool | None = None

    def get(self) -> ProcessPool:
        with self._lock:
            if self._executor is None:
                self._executor = ProcessPool(worker_count(), initializer=functools.partial(
                    warm_worker, worker_nice()))
            return self._executor

    def broken(self, executor: ProcessPool) -> None:
        """``executor`` lost a worker: the next render starts a new pool."""
        with self._lock:
            if self._executor is executor:
                self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


_POOL = _Pool()
atexit.register(_POOL.shutdown)
_FIRST = contextvars.ContextVar("castellan_render_first", default=False)


@contextlib.contextmanager
def first():
    """Pictures asked for inside this block, also by tasks started inside it, go to a
    worker before every other picture waiting for one."""
    token = _FIRST.set(True)
    try:
        yield
    finally:
        _FIRST.reset(token)


def shared_pool() -> ProcessPool:
    """The render workers of this process (started if needed)."""
    return _POOL.get()


def shutdown_pool() -> None:
    """Stop the render workers (a later render starts new ones)."""
    _POOL.shutdown()


class Renderer:
    """Turns views into encoded images; ``enabled=False`` skips images entirely."""

    def __init__(self, *, enabled: bool = True, cache_size: int = 64,
                 processes: bool = True, queue: int = DEFAULT_QUEUE,
                 wait_ms: float = DEFAULT_WAIT_MS) -> None:
        self.enabled = enabled
        self.processes = processes
        self._cache: OrderedDict[tuple, tuple[bytes, str]] = OrderedDict()
        self._drawing: dict[tuple, asyncio.Future] = {}   # key -> its picture, once drawn
        self._size = cache_size
        self._queue = queue
        self._wait_ms = wait_ms
        self._busy = 0
        self._busy_first = 0   # of those, asked for inside first()
        self._per_picture_ms = FIRST_ESTIMATE_MS   # moving average of the workers' time
        self.dropped = 0      # pictures left out: the wait would be too long
        self.drawn = 0        # pictures drawn (cache hits not counted)
        self.worker_ms = 0.0  # the time those took in the workers (wall clock there)
        self._lanes = worker_count() if processes else 1

    def expected_wait_ms(self, first: bool = False) -> float:
        """How long a picture asked for now (``first``: inside :func:`first`) would wait
        for a worker: one asked for first waits only behind the calls the workers hold
        (``DEPTH`` each) and other first ones, not behind the pool's queue."""
        ahead = self._busy
        if first:
            ahead = self._busy_first + min(self._busy - self._busy_first,
                                           DEPTH * self._lanes)
        return ahead * self._per_picture_ms / self._lanes

    async def table(self, game_id: str, view: dict, locale: str, table_id: int, seq: int):
        return await self._render(("table", game_id, table_id, seq, None, locale), game_id, view, locale, "table")

    async def private(self, game_id: str, view: dict, locale: str, table_id: int, seq: int, seat: int):
        return await self._render(("private", game_id, table_id, seq, seat, locale), game_id, view, locale, "private")

    async def _render(self, key: tuple, game_id: str, view: dict, locale: str, which: str):
        if not self.enabled:
            return None
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        drawing = self._drawing.get(key)
        if drawing is not None:          # asked again while being drawn: wait for that one
            return await asyncio.shield(drawing)
        shared = asyncio.get_running_loop().create_future()
        self._drawing[key] = shared
        out = None
        try:
            out = await self._render_new(key, game_id, view, locale, which)
            return out
        finally:
            del self._drawing[key]
            shared.set_result(out)

    async def _render_new(self, key: tuple, game_id: str, view: dict, locale: str, which: str):
        first = _FIRST.get()
        wait = self.expected_wait_ms(first)
        if self._busy >= self._queue or wait > self._wait_ms:
            self.dropped += 1
            log.warning("render queue too long (%d, ~%.0f ms); posting %s %s without an image",
                        self._busy, wait, game_id, which)
            return None
        self._busy += 1
        self._busy_first += first
        try:
            out, seconds = await self._draw(game_id, view, locale, which)
        except Exception:  # a picture must never block a move that is already saved
            log.exception("rendering %s %s failed; posting without an image", game_id, which)
            return None
        finally:
            self._busy -= 1
            self._busy_first -= first
        self._took(seconds * 1000)
        if out is not None:
            self._cache[key] = out
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return out

    def _took(self, ms: float) -> None:
        self.drawn += 1
        self.worker_ms += ms
        self._per_picture_ms += (ms - self._per_picture_ms) / 16

    async def _draw(self, game_id: str, view: dict, locale: str, which: str):
        """(picture or None, seconds the worker spent on it)."""
        if not self.processes:   # render_bytes as this module has it now (tests patch it)
            return await asyncio.to_thread(timed_render, game_id, view, locale, which,
                                           render_bytes)
        executor = shared_pool()
        submit = executor.submit_first if _FIRST.get() else executor.submit
        try:
            return await asyncio.wrap_future(submit(timed_render, game_id, view, locale, which))
        except BrokenExecutor:
            _POOL.broken(executor)
            raise

    def close(self) -> None:
        """Nothing of its own to release: the workers are shared (:func:`shutdown_pool`)."""
