"""Im Schutz der Burg: ``GAME`` is the rules object (see ``game.py``)."""
from .game import GAME, SchutzBurg

__all__ = ["GAME", "SchutzBurg"]
