"""The click benchmark runs offline and stays well inside the interaction deadline."""
from __future__ import annotations

import statistics

from bot.offline import click_latency_ms


async def test_click_latency_is_measured_end_to_end():
    samples = await click_latency_ms("citadels", 30)
    assert len(samples) == 30 and all(s > 0 for s in samples)
    assert statistics.median(samples) < 100       # the target; typically a few milliseconds
