"""Discord sharding: which gateway shards this process runs.

Discord requires sharding from 2,500 servers on.  Castellan always runs discord.py's
``AutoShardedBot``: without settings it asks Discord for the recommended shard count and
runs them all in this one process; with ``SHARD_COUNT`` and ``SHARD_IDS`` (e.g. ``8`` and
``0,1,2,3``) a process runs only those shards, so several processes (on one PostgreSQL
database, ``DATABASE_URL``) share the bot.  Interactions of a server arrive at its shard;
DMs at shard 0.  Any process may still reach any table (the storage serialises moves of a
table and lets exactly one process claim a deadline).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping

__all__ = ["Sharding", "ShardingError", "sharding_from_env"]


class ShardingError(ValueError):
    """The shard settings cannot work; ``str()`` is one sentence for the bot's owner."""


@dataclass(frozen=True)
class Sharding:
    shard_count: int | None = None        # None: Discord's recommendation
    shard_ids: tuple[int, ...] | None = None  # None: every shard of ``shard_count``

    def bot_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``commands.AutoShardedBot``."""
        out: dict[str, Any] = {}
        if self.shard_count is not None:
            out["shard_count"] = self.shard_count
        if self.shard_ids is not None:
            out["shard_ids"] = list(self.shard_ids)
        return out

    def describe(self) -> str:
        if self.shard_count is None:
            return "all shards (count recommended by Discord)"
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count)
        return f"shards {','.join(map(str, ids))} of {self.shard_count}"


def sharding_from_env(env: Mapping[str, str] | None = None) -> Sharding:
    """``SHARD_COUNT`` (a positive integer) and ``SHARD_IDS`` (comma-separated ids below
    it); both empty: one process runs every shard."""
    env = os.environ if env is None else env
    count_text = (env.get("SHARD_COUNT") or "").strip()
    ids_text = (env.get("SHARD_IDS") or "").strip()
    if not count_text:
        if ids_text:
            raise ShardingError("SHARD_IDS needs SHARD_COUNT (the total number of shards "
                                "across all processes).")
        return Sharding()
    if not count_text.isdigit() or int(count_text) < 1:
        raise ShardingError(f"SHARD_COUNT must be a positive whole number, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return Sharding(count, None)
    parts = [p.strip() for p in ids_text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise ShardingError(f"SHARD_IDS must be comma-separated shard numbers, not {ids_text!r}.")
    ids = tuple(sorted({int(p) for p in parts}))
    if ids[-1] >= count:
        raise ShardingError(f"SHARD_IDS may only name shards 0 to {count - 1} "
                            f"(SHARD_COUNT is {count}).")
    return Sharding(count, ids)
