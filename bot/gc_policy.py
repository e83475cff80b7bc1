"""The garbage collector's settings for the processes that serve tables.

CPython runs a collection of its youngest generation every 700 new container objects by
default.  A click allocates thousands (views, events, decoded JSON) and the process
holds many long-lived ones (kept game rows, view counts for the undo rule, the engines'
option caches), so with the default a click spends about a tenth of its CPU in
collections that find almost no garbage.  Measured with ``python -m bot loadtest
--tables 10000 --seconds 20`` on copies of one database, same machine, back to back:
504 clicks per CPU-second with the default, 555 with :data:`THRESHOLDS`, p99 184 -> 124
ms.  Cycles are still collected, only less often (the oldest generation about every
100 million allocations, and by CPython's own rule only when it has grown by a quarter).
"""
from __future__ import annotations

import gc

__all__ = ["THRESHOLDS", "tune"]

#: (youngest, middle, oldest) thresholds; CPython's default is (700, 10, 10)
THRESHOLDS = (50_000, 20, 100)


def tune() -> None:
    """Use :data:`THRESHOLDS` in this process (the bot, its render and AI workers)."""
    gc.set_threshold(*THRESHOLDS)
