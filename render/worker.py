"""One render worker process (``python -m render.worker FD``): answers pickled calls
read from the socket ``FD``, in order, until the caller closes it.

Kept to the standard library's smallest modules: a worker holds only what it is sent
(the render modules arrive with the first call that needs them), see
:mod:`render.workers` for the pool on the caller's side.
"""
from __future__ import annotations

import pickle
import signal
import socket
import struct
import sys
from typing import Any

__all__ = ["main", "receive", "send"]

HEADER = struct.Struct("!QQ")        # call id, payload length


def send(sock: socket.socket, call_id: int, payload: bytes) -> None:
    sock.sendall(HEADER.pack(call_id, len(payload)) + payload)


def receive(stream) -> tuple[int, bytes] | None:
    """One (id, payload) frame from a buffered reader; None at the end of the stream."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    call_id, size = HEADER.unpack(head)
    payload = stream.read(size)
    return None if len(payload) < size else (call_id, payload)


def answer(call_id: int, payload: bytes) -> bytes:
    """The pickled (ok, value) answer to one pickled (fn, args, kwargs) call."""
    try:
        fn, args, kwargs = pickle.loads(payload)
        out: tuple[bool, Any] = (True, fn(*args, **kwargs))
    except BaseException as err:  # the caller gets the exception, the worker goes on
        out = (False, err)
    try:
        return pickle.dumps(out, pickle.HIGHEST_PROTOCOL)
    except Exception as err:      # an unpicklable result or exception
        return pickle.dumps((False, RuntimeError(f"call {call_id}: {err!r}")))


def main(fd: int) -> None:
    """Answer calls in order until the caller closes the socket."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the caller decides when to stop
    sock = socket.socket(fileno=fd)
    stream = sock.makefile("rb")
    try:
        while (frame := receive(stream)) is not None:
            send(sock, frame[0], answer(*frame))
    except OSError:                                # the caller went away mid-answer
        pass


if __name__ == "__main__":
    main(int(sys.argv[1]))
