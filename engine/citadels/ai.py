"""A simple sensible Citadels AI: option ids in order of preference (placeholder)."""
from __future__ import annotations


def preference(state, decision, rnd) -> list[str]:
    return []
