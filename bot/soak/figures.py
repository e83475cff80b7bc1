"""A probe's figure: named counts, a few examples of what failed, the failure total."""
from __future__ import annotations

import time
from typing import Any, Iterable

__all__ = ["Figure"]


class Figure(dict):
    """A JSON-able dict of counts; :meth:`fail` counts and keeps up to five examples."""

    def __init__(self, **counts: Any) -> None:
        super().__init__(counts)
        self._started = time.perf_counter()
        self._examples: list[str] = []

    def fail(self, kind: str, text: str) -> None:
        self[kind] += 1
        if len(self._examples) < 5:
            self._examples.append(f"{kind}: {text}"[:300])

    def done(self, failures: Iterable[str], extra: int = 0) -> dict:
        """The figure with ``failures`` = the sum of those counts (+ ``extra``)."""
        out = dict(self)
        out["failures"] = sum(self[k] for k in failures) + extra
        out["seconds"] = round(time.perf_counter() - self._started, 1)
        if self._examples:
            out["examples"] = list(self._examples)
        return out
