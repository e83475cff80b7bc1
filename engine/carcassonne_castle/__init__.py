"""Carcassonne: The Castle: ``GAME`` is the rules object (see ``game.py``)."""
from .game import GAME, CarcassonneCastle

__all__ = ["GAME", "CarcassonneCastle"]
