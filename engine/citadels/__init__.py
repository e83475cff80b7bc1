"""Citadels (Czech Mindok first edition, 2-7 players) with the action-card variant.

``GAME`` implements the engine contract (``engine.core.Game``): options ``action_cards``
and ``great_wall`` (bools, default False); ``names()`` for characters, districts, action
cards and colours; ``ai_preference`` for AI seats.  The view schema is documented in
``engine.citadels.view``; card data lives in ``data/citadels.json`` (``engine.citadels.data``).

Modules: data, cards (piles, gold, cities), rounds (setup, removal, drafts, round end),
calling (ranks, reveal, reaction windows), turn (turn decision and follow-ups), income
(Step 1, draw-and-keep, Box-Office Wagon), characters, purple, actions, scoring, view, ai.
"""
from engine.citadels.game import Citadels

GAME = Citadels()

__all__ = ["GAME", "Citadels"]
