"""Castles of Mad King Ludwig: ``GAME`` is the rules object (see ``game.py``)."""
from .game import GAME, Ludwig

__all__ = ["GAME", "Ludwig"]
