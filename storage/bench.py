"""Commit latency of the move path: how long one ``append_move`` takes."""
from __future__ import annotations

import asyncio
import os
import time

from storage.games import SeatRow, open_database

__all__ = ["commit_times", "measure_commit_times"]


def _sample_state(seq: int) -> dict:
    """A state snapshot of roughly a real game's size (about 3 kB of JSON)."""
    return {
        "rng": 0x9E3779B97F4A7C15 ^ seq,
        "turn": seq,
        "players": [{"gold": seq % 7, "hand": [f"card{i}" for i in range(12)],
                     "city": [f"district{i}" for i in range(8)]} for _ in range(5)],
        "deck": [f"card{i}" for i in range(60)],
    }


async def measure_commit_times(path: str | os.PathLike, n: int = 500) -> list[float]:
    """Milliseconds per ``append_move`` for ``n`` moves on one new game in ``path``."""
    db = await open_database(path)
    try:
        game = await db.create_game("bench", engine_version=1, options={}, guild_id=None,
                                    channel_id=1, host_id=1, locale="en")
        await db.start_game(game, [SeatRow(0, 1, False, "bench")], _sample_state(0))
        times = []
        for seq in range(n):
            state = _sample_state(seq + 1)
            start = time.perf_counter()
            await db.append_move(game, expected_seq=seq, seat=0,
                                 action={"kind": "bench", "option": str(seq)}, state=state)
            times.append((time.perf_counter() - start) * 1000.0)
        return times
    finally:
        await db.close()


def commit_times(path: str | os.PathLike, n: int = 500) -> list[float]:
    """Synchronous wrapper of :func:`measure_commit_times` (not for a running loop)."""
    return asyncio.run(measure_commit_times(path, n))
