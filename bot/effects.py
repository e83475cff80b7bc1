"""What a delivery attempt needs from the notifier: effect keys, nonces, deferrals and the
count of invalid requests.

The deliverer (``bot.delivery``) names every message it sends by a semantic *effect key*
(``board:<game>:<seq>``, ``panel:<game>:<seat>:<seq>`` ...).  The key travels to the
notifier in a context variable (:func:`keyed`), so notifiers that need no idempotency
(the offline transcript, test doubles) keep their two-argument ``post``/``dm``; the
Discord notifier turns it into a message nonce (:func:`nonce`) that Discord enforces:
a resend after a crash between "Discord accepted it" and "we recorded it" returns the
message already created instead of a second one.

A notifier raises :class:`Deferred` for a failure that will pass (rate limit, Discord
5xx, a timeout, missing permissions until an admin fixes them): the job stays open and
is tried again later.
"""
from __future__ import annotations

import contextlib
import contextvars
import hashlib
import time
from collections import deque
from typing import Iterator

__all__ = ["Deferred", "InvalidRequests", "current_key", "keyed", "nonce"]

_KEY: contextvars.ContextVar[str | None] = contextvars.ContextVar("effect_key", default=None)

NONCE_LENGTH = 25           # Discord: a nonce is an int or a string of at most 25 characters
WINDOW_S = 600.0            # Discord bans an IP after 10,000 invalid requests in 10 minutes
SOFT_LIMIT = 1_000          # the deliverer pauses long before that


class Deferred(Exception):
    """A delivery failure that will pass: try the job again after ``retry_after`` seconds
    (None: the deliverer's exponential backoff; ``long``: missing permissions, retried
    rarely so an absent admin does not make us spam Discord)."""

    def __init__(self, reason: str, retry_after: float | None = None, *, long: bool = False):
        super().__init__(reason)
        self.retry_after = retry_after
        self.long = long


@contextlib.contextmanager
def keyed(key: str) -> Iterator[None]:
    """Send the messages of this block as effect ``key``."""
    token = _KEY.set(key)
    try:
        yield
    finally:
        _KEY.reset(token)


def current_key() -> str | None:
    """The effect key of the message being sent (None outside the deliverer)."""
    return _KEY.get()


NONCE_PREFIX = "k"           # tells an effect's nonce from discord.py's random numeric one


def nonce(key: str) -> str:
    """A Discord nonce for effect ``key``: ``k`` + 24 characters of its BLAKE2 digest."""
    digest = hashlib.blake2b(key.encode(), digest_size=16).hexdigest()
    return (NONCE_PREFIX + digest)[:NONCE_LENGTH]


class InvalidRequests:
    """The bot's 401/403/429 answers in a sliding 10-minute window (Discord's ban rule)."""

    def __init__(self, clock=time.monotonic) -> None:
        self._clock = clock
        self._times: deque[float] = deque()
        self.total = 0

    def note(self) -> None:
        self._times.append(self._clock())
        self.total += 1

    def count(self) -> int:
        """Invalid requests in the last ten minutes."""
        limit = self._clock() - WINDOW_S
        while self._times and self._times[0] < limit:
            self._times.popleft()
        return len(self._times)

    def pause(self) -> float:
        """Seconds to hold deliveries back (0 while well under the line)."""
        if self.count() < SOFT_LIMIT:
            return 0.0
        return max(1.0, self._times[0] + WINDOW_S - self._clock())
