"""Facts worked out from a mutable part of a state, kept while that part is unchanged.

The rules ask the same questions of the same estate many times between two placements
(every die menu, every space choice: see :func:`engine.burgundy.estate.layout`).  A :class:`ContentMemo` keeps the
answers per object: it holds the object (so its id cannot be reused by another) and a
copy of its content, and serves the answers only while the object still equals the copy
(one comparison in C, much cheaper than hashing the content).  Nothing is stored in the
state, so JSON round trips and hand-built test positions are never served stale facts.
"""
from __future__ import annotations

from typing import Any, Callable


class ContentMemo:
    """Answers per mutable object (a list), valid while its content equals a copy."""

    __slots__ = ("_entries", "_copy", "_limit")

    def __init__(self, copy: Callable[[Any], Any], limit: int = 64) -> None:
        self._entries: dict[int, tuple[Any, Any, Any]] = {}
        self._copy = copy
        self._limit = limit

    @property
    def entries(self) -> dict[int, tuple[Any, Any, Any]]:
        """``id(obj)`` -> (obj, its kept copy, answers), for a hot caller making the checks
        of :meth:`get` inline (one call less); the dict is cleared, never replaced."""
        return self._entries

    def get(self, obj: Any) -> Any:
        """The answers kept for ``obj`` as it is now, or None."""
        hit = self._entries.get(id(obj))
        if hit is not None and hit[0] is obj and hit[1] == obj:
            return hit[2]
        return None

    def put(self, obj: Any, answers: Any, copy: Any = None) -> Any:
        """Keep ``answers`` for ``obj`` as it is now (``copy``: a fresh copy of it, if the
        caller has one); returns ``answers``."""
        if len(self._entries) >= self._limit:
            self._entries.clear()
        self._entries[id(obj)] = (obj, self._copy(obj) if copy is None else copy, answers)
        return answers

    def entry(self, obj: Any) -> tuple[Any, Any, Any] | None:
        """(obj, its kept copy, answers) as stored, whether or not ``obj`` changed since."""
        hit = self._entries.get(id(obj))
        return hit if hit is not None and hit[0] is obj else None

    def forget(self, obj: Any) -> None:
        self._entries.pop(id(obj), None)
