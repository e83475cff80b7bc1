"""The Castles of Burgundy (Hrady Burgundska): rules engine.  ``GAME`` is the entry point."""
from engine.burgundy.game import GAME

__all__ = ["GAME"]
