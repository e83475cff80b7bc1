"""The reliability suite: ``python -m bot soak [--size small|full] [--game G] [--probe P]``.

Each probe is bounded and yields one JSON-able figure per game (or per run) with a
``failures`` count that must be 0.  ``small`` runs inside ``make test``
(tests/service/test_soak.py); ``full`` gives the figures of the reliability note.
Games plug in by the engine contract alone (``engine.registry.available()``); the only
per-game code is a game's optional ``Game.check_invariants``.
"""
from __future__ import annotations

import importlib
from typing import Callable, Iterator

from engine import registry

__all__ = ["PROBES", "SIZES", "run"]

#: probe -> (module, size -> budget); budgets are per game unless the probe says otherwise
SIZES: dict[str, dict[str, int]] = {
    "fuzz": {"small": 4_000, "full": 1_000_000},      # actions per game
    "clicks": {"small": 100, "full": 100},            # concurrent identical clicks
    "access": {"small": 0, "full": 1},                # 1: every command on every game
    "secrets": {"small": 40, "full": 10_000},         # random states per game
    "kill": {"small": 2, "full": 100},                # kill -9 per game (small: 1st game)
    "discord": {"small": 40, "full": 5_000},          # human moves per table (small: 1st game)
}
PROBES: dict[str, str] = {name: f"bot.soak.{name}" for name in SIZES}
PROBES["discord"] = "bot.soak.outage"   # Discord failing (not to shadow the discord package)


def run(size: str = "small", games: list[str] | None = None,
        probes: list[str] | None = None) -> Iterator[dict]:
    """Run the chosen probes (all by default) over the chosen games; yield figures."""
    games = list(games or registry.available())
    for name in probes or list(PROBES):
        probe: Callable[[list[str], int, str], Iterator[dict]] = \
            importlib.import_module(PROBES[name]).probe
        for figure in probe(games, SIZES[name][size], size):
            yield {"probe": name, "size": size, **figure}
