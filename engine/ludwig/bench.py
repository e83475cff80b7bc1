"""Speed of the Ludwig engine: ``python -m engine.ludwig.bench [games]``.

Prints the median CPU time of a whole random 4-seat game, the p99 engine time per action
(pending + apply, the AI's choice excluded) over AI games, and the time to generate every
legal placement of each tile on 20-room castles (cold caches).
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from engine.ai import playout
from engine.timing import engine_action_ms, percentile as _pct

from . import GAME
from . import data as D
from .castle import castle_of
from .placement import legal


def game_ms(games: int, smart: bool) -> list[float]:
    out = []
    for seed in range(games):
        t0 = time.thread_time()
        playout(GAME, 4, seed, smart=smart)
        out.append((time.thread_time() - t0) * 1000)
    return out


def action_ms(games: int) -> list[float]:
    """Engine CPU ms per action over ``games`` AI games at 4 seats."""
    return engine_action_ms(GAME, 4, {}, games)


def big_castle(seed: int, size: int = 20) -> list[dict]:
    rnd = random.Random(seed)
    rooms = [{"tile": D.FOYER, "rot": 0, "x": 0, "y": 0, "side": "front"}]
    tiles = list(D.ROOM_IDS) + [D.HALLWAY, D.STAIRS] * 6
    while len(rooms) <= size:
        tile = rnd.choice(tiles)
        cands = legal(castle_of(rooms), tile)
        if cands:
            rot, x, y, side = rnd.choice(cands)[:4]
            rooms.append({"tile": tile, "rot": rot, "x": x, "y": y, "side": side})
    return rooms


def generation_ms(castles: int) -> list[float]:
    """Cold legal-placement generation (castle index rebuilt) per tile on 20-room castles."""
    out = []
    for seed in range(castles):
        rooms = big_castle(seed)
        for tile in list(D.ROOM_IDS)[::5] + [D.HALLWAY, D.STAIRS]:
            copy = [dict(r, x=r["x"] + 1000 + seed) for r in rooms]   # a fresh cache key
            t0 = time.thread_time()
            legal(castle_of(copy), tile)
            out.append((time.thread_time() - t0) * 1000)
            copy[0]["x"] += 1
    return out


def main(games: int = 100) -> None:
    random_ms, smart_ms = game_ms(games, False), game_ms(games // 2 or 1, True)
    acts = action_ms(games // 4 or 1)
    gen = generation_ms(10)
    print(f"4 seats: whole random game median {statistics.median(random_ms):.1f} ms "
          f"(p95 {_pct(random_ms, 0.95):.1f}); AI game median {statistics.median(smart_ms):.1f} ms")
    print(f"engine per action (AI games): median {statistics.median(acts) * 1000:.0f} us, "
          f"p99 {_pct(acts, 0.99) * 1000:.0f} us, max {max(acts):.2f} ms")
    print(f"legal placements on 20-room castles, cold: median {statistics.median(gen):.2f} ms, "
          f"p99 {_pct(gen, 0.99):.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
