"""Phone readability: every picture of every game, measured from the text the kit drew.

Discord shows an image about 400 px wide inline on a phone and about 850 px wide
full-screen.  Text a player needs at a glance (drawn inside ``kit.glance()``) must be at
least 9 px tall inline, every other text at least 9 px full-screen, and a picture must
fit a phone screen's shape (``MAX_ASPECT``: height / width).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache

from engine import ai, registry
from render import kit, renderer

INLINE, FULL, MIN_PX = 400, 850, 9
MAX_ASPECT = 1.75         # height / width: 400 px wide inline -> at most 700 px tall, what a
                          # phone screen shows between Discord's own bars
SHOTS = 6                 # states looked at per game: evenly spread moves, and the end
NAMES = ("Řehoř Veselý", "Anna 🐉", "王小明", "Zoë Ødegård", "김민준 🎲", "محمد", "Jo")


@dataclass
class Picture:
    """One rendered picture and the text drawn into it."""
    where: str
    width: int
    height: int
    records: list = field(default_factory=list)

    def smallest(self, layer: str) -> kit.TextRecord | None:
        found = [r for r in self.records if r.layer == layer]
        return min(found, key=lambda r: r.size) if found else None

    def problems(self) -> list[str]:
        out = []
        glance = self.smallest("glance")
        if glance and glance.size * INLINE / self.width < MIN_PX:
            out.append(f"glance text {glance.size}px in {self.width}px wide is "
                       f"{glance.size * INLINE / self.width:.1f}px inline: {glance.text!r}")
        detail = min(self.records, key=lambda r: r.size, default=None)
        if detail and detail.size * FULL / self.width < MIN_PX:
            out.append(f"text {detail.size}px in {self.width}px wide is "
                       f"{detail.size * FULL / self.width:.1f}px full-screen: {detail.text!r}")
        if self.height > MAX_ASPECT * self.width:
            out.append(f"{self.width}x{self.height} is taller than {MAX_ASPECT} x its width")
        return [f"{self.where}: {p}" for p in out]


@lru_cache(maxsize=None)
def states(game_id: str, seats: int, seed: int = 7) -> list[dict]:
    """``SHOTS`` states of a seeded AI game: after evenly spread moves, and the end."""
    return [state for state, _ in shots(game_id, seats, seed) if state is not None][:SHOTS]


def variant(game_id: str) -> dict:
    """Every option of the game at a value other than its default (the variants)."""
    specs = registry.get(game_id).options
    return {name: next((c for c in spec.choices if c != spec.default), spec.default)
            for name, spec in specs.items()}


@lru_cache(maxsize=None)
def shots(game_id: str, seats: int, seed: int = 7,
          variants: bool = False) -> tuple[tuple[dict, int | None], ...]:
    """(state, seat) pairs of a seeded AI game (``variants``: every option changed):
    evenly spread moves and the end with ``seat`` None (every picture is looked at), then
    the first state of each decision kind with the seat that decides (the board and that
    seat's picture are looked at)."""
    game = registry.get(game_id)
    state = game.setup(seats, game.parse_options(variant(game_id) if variants else {}), seed)
    rnd = random.Random(seed)
    history, kinds = [], {}
    while game.result(state) is None and len(history) < 5000:
        history.append(_copy(state))
        decision = game.pending(state)[0]
        kinds.setdefault(decision.kind, (len(history) - 1, decision.seat))
        game.apply(state, decision.seat, ai.choose(game, state, decision, rnd))
    step = max(1, len(history) // SHOTS)
    spread = list(range(1, len(history), step))[:SHOTS - 1]
    out = [(history[i], None) for i in spread] + [(state, None)]
    out += [(history[i], seat) for i, seat in kinds.values() if i not in spread]
    return tuple(out)


def _copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


def views(game_id: str, state: dict, seats: int) -> list[tuple[str, dict]]:
    """(who, view) for the spectator and every seat, as the table service builds them."""
    game = registry.get(game_id)
    out = []
    for seat in [None, *range(seats)]:
        view = game.view(state, seat)
        view["seat_names"] = list(NAMES[:seats])
        if seat is not None:
            decision = game.decision_for(state, seat) if game.result(state) is None else None
            view["my_options"] = [o.id for o in decision.options] if decision else []
        out.append(("board" if seat is None else f"seat {seat}", view))
    return out


@lru_cache(maxsize=None)
def render_all(game_id: str, seats: int, locale: str = "cs",
               variants: bool = False) -> tuple[Picture, ...]:
    """Every picture of a seeded game at ``seats`` players, text recorded (once)."""
    module = renderer(game_id)
    pictures = []
    for i, (state, focus) in enumerate(shots(game_id, seats, variants=variants)):
        for who, view in views(game_id, state, seats):
            if focus is not None and who not in ("board", f"seat {focus}"):
                continue
            with kit.recording() as records:
                img = (module.render_table(view, locale) if who == "board"
                       else module.render_private(view, locale))
            if img is not None:
                pictures.append(Picture(f"{game_id} {seats}p shot {i} {who}", img.width,
                                        img.height, list(records)))
    return tuple(pictures)


@lru_cache(maxsize=None)
def cases() -> tuple[tuple[str, int], ...]:
    """(game id, player count) for every registered game and every count it allows."""
    return tuple((gid, n) for gid in registry.available()
                 for n in range(registry.get(gid).min_seats, registry.get(gid).max_seats + 1))
