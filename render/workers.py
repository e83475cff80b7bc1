"""Render workers: a small process pool (a ``concurrent.futures.Executor``) for pictures.

Each worker is ``python -m render.worker FD`` (:mod:`render.worker`), a child process
joined to the caller by a socket pair.  A call is pickled in the calling thread and written straight to the least
busy worker holding fewer than ``depth`` calls (one drawing, one waiting in the socket,
so a worker never idles while the caller is busy; a view is at most about 10 KiB and
the socket holds 208 KiB, so that write does not wait); further calls wait in the
pool and are sent by a worker's reader thread as soon as that worker answers, those
submitted with :meth:`ProcessPool.submit_first` (a picture someone is waiting for)
before the others, but never more than ``FIRST_RUN`` of them in a row while others
wait: under overload the others (boards, DMs) are late, never starved.

Why not ``ProcessPoolExecutor`` (measured on the bot's pool of two spawned workers):
- it starts multiprocessing's resource tracker, one more Python process (12.7 MiB RSS)
  beside the workers;
- every call crosses two helper threads of the calling process (the queue manager and
  the queue feeder) and every answer a third hand-off, each waiting for the GIL while
  the event loop runs a click; here a call is one write by the caller and an answer
  one reader thread;
- a spawned child re-imports the caller's ``__main__`` script, so a script without a
  main guard runs again in every worker; here a worker imports only what it is sent.
  (Nor does a worker import ``asyncio``: 8 MiB of RSS it has no use for.)
"""
from __future__ import annotations

import itertools
import pickle
import socket
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import BrokenExecutor, Executor, Future, InvalidStateError
from pathlib import Path
from typing import Any, Callable

from render.worker import receive, send

__all__ = ["BrokenWorkers", "DEPTH", "ProcessPool"]

_ROOT = Path(__file__).resolve().parents[1]
_READY = 0                            # the id of the initializer's answer
FIRST_RUN = 2                         # first calls sent in a row while others wait
DEPTH = 2                             # calls a worker holds: one drawing, one in its socket


class BrokenWorkers(BrokenExecutor):
    """A render worker died: the pool answers no more calls."""


class _Worker:
    """One child process, its socket, its calls in flight and the thread reading answers."""

    def __init__(self, pool: "ProcessPool", initializer: Callable[[], Any] | None) -> None:
        mine, theirs = socket.socketpair()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "render.worker", str(theirs.fileno())],
            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, cwd=_ROOT)
        theirs.close()
        self.sock = mine
        self.calls: dict[int, Future] = {}        # sent, not answered (guarded by the pool)
        self._sending = threading.Lock()
        self._pool = pool
        if initializer is not None:
            self.send(_READY, pickle.dumps((initializer, (), {})))
        self._reader = threading.Thread(target=self._read, daemon=True,
                                        name=f"render-worker-{self.process.pid}")
        self._reader.start()

    def send(self, call_id: int, payload: bytes) -> None:
        with self._sending:
            send(self.sock, call_id, payload)

    def _read(self) -> None:
        with self.sock.makefile("rb") as stream:
            while (frame := receive(stream)) is not None:
                self._pool._answered(self, *frame)
        self._pool._lost(self)

    def close(self, wait: bool) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)   # the worker reads the end and exits
        except OSError:
            pass
        self.sock.close()
        if wait:
            self.process.wait()
            if self._reader is not threading.current_thread():
                self._reader.join()


class ProcessPool(Executor):
    """``workers`` child processes answering pickled calls (``initializer`` runs first
    in each).  A call cancelled while it waits in the pool is never sent.  A worker
    that dies breaks the pool: its calls and the waiting ones fail with
    :class:`BrokenWorkers` (a ``BrokenExecutor``, as ``ProcessPoolExecutor``'s).
    ``shutdown`` stops the workers at once (calls still in flight fail the same way)."""

    def __init__(self, workers: int, initializer: Callable[[], Any] | None = None,
                 depth: int = DEPTH) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count(_READY + 1)
        self._waiting: deque[tuple[int, bytes, Future]] = deque()
        self._first: deque[tuple[int, bytes, Future]] = deque()   # sent before _waiting
        self._run = 0                     # first calls sent in a row while others waited
        self._depth = depth
        self._broken = self._closed = False
        self.workers = [_Worker(self, initializer) for _ in range(workers)]

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers]

    def submit(self, fn: Callable, /, *args, **kwargs) -> Future:
        return self._submit(self._waiting, fn, args, kwargs)

    def submit_first(self, fn: Callable, /, *args, **kwargs) -> Future:
        """As :meth:`submit`, but sent before every call waiting from :meth:`submit`
        (in the order of these calls among themselves)."""
        return self._submit(self._first, fn, args, kwargs)

    def _submit(self, queue: deque, fn: Callable, args: tuple, kwargs: dict) -> Future:
        payload = pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL)
        future: Future = Future()
        with self._lock:
            if self._broken:
                raise BrokenWorkers("a render worker died")
            if self._closed:
                raise RuntimeError("cannot submit after shutdown")
            call_id = next(self._ids)
            worker = min(self.workers, key=lambda w: len(w.calls))
            if len(worker.calls) >= self._depth:
                queue.append((call_id, payload, future))
                return future
            future.set_running_or_notify_cancel()
            worker.calls[call_id] = future
        self._send(worker, call_id, payload)
        return future

    def _next_waiting(self) -> tuple[int, bytes, Future] | None:
        """The oldest waiting call not cancelled meanwhile, those submitted first before
        the others (up to ``FIRST_RUN`` in a row), now running (under the lock)."""
        first = self._run < FIRST_RUN or not self._waiting
        for queue in (self._first, self._waiting) if first else (self._waiting, self._first):
            while queue:
                call = queue.popleft()
                if call[2].set_running_or_notify_cancel():
                    self._run = self._run + 1 if queue is self._first and self._waiting else 0
                    return call
        return None

    def _send(self, worker: _Worker, call_id: int, payload: bytes) -> None:
        try:
            worker.send(call_id, payload)
        except OSError:                    # the worker is gone: its reader breaks the pool
            pass

    def _answered(self, worker: _Worker, call_id: int, payload: bytes) -> None:
        with self._lock:
            future = worker.calls.pop(call_id, None)
            after = self._next_waiting() if future is not None else None
            if after is not None:
                worker.calls[after[0]] = after[2]
        if after is not None:
            self._send(worker, after[0], after[1])
        if future is None:                 # the initializer's answer
            ok, value = pickle.loads(payload)
            if not ok:
                sys.stderr.write(f"render worker initializer failed: {value!r}\n")
            return
        try:
            ok, value = pickle.loads(payload)
        except Exception as err:
            ok, value = False, err
        future.set_result(value) if ok else future.set_exception(value)

    def _lost(self, worker: _Worker) -> None:
        """``worker``'s socket ended: unless the pool was shut down, it died."""
        with self._lock:
            if not self._closed:
                self._broken = True
            failed = [f for w in self.workers for f in w.calls.values()]
            failed += [f for _, _, f in (*self._first, *self._waiting)]
            for w in self.workers:
                w.calls.clear()
            self._first.clear()
            self._waiting.clear()
        for future in failed:
            try:
                future.set_exception(BrokenWorkers("a render worker died"))
            except InvalidStateError:      # a waiting call cancelled meanwhile
                pass

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            waiting = [*self._first, *self._waiting] if cancel_futures else []
            if cancel_futures:
                self._first.clear()
                self._waiting.clear()
        for _, _, future in waiting:
            future.cancel()
        for worker in self.workers:
            worker.close(wait)
