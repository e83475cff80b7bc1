"""Every playable game, by id.  Adding a game = one engine package + one line here."""
from __future__ import annotations

import importlib

from engine.core import Game, RuleError

# game id -> module that defines GAME
_MODULES = {
    "citadels": "engine.citadels",
    "burgundy": "engine.burgundy",
    "schutz_burg": "engine.schutz_burg",
    "ludwig": "engine.ludwig",
    "carcassonne_castle": "engine.carcassonne_castle",
}

_cache: dict[str, Game] = {}


def available() -> list[str]:
    """Ids of the games whose engine package is installed."""
    out = []
    for gid in _MODULES:
        try:
            get(gid)
        except (ImportError, AttributeError):
            continue
        out.append(gid)
    return out


def register(game: Game) -> None:
    """Make ``game`` available under its id (tests and plug-ins)."""
    _cache[game.id] = game


def get(game_id: str) -> Game:
    """The Game for ``game_id``; RuleError ``unknown_game`` if there is none."""
    if game_id in _cache:
        return _cache[game_id]
    if game_id not in _MODULES:
        raise RuleError("unknown_game", game=game_id)
    game = importlib.import_module(_MODULES[game_id]).GAME
    _cache[game_id] = game
    return game
