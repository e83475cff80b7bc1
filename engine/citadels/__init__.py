"""Citadels (Czech Mindok first edition, 2-7 players, optional action cards and Great Wall)."""
from engine.citadels.game import Citadels

GAME = Citadels()

__all__ = ["GAME", "Citadels"]
