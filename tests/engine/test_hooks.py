"""``engine.core.Hook``: a game's optional parts (invariants, public state, determinize)
declared in one line each, imported on first use, called like the methods they replace."""
import json

import pytest

from engine import registry
from engine.core import Game, Hook


class Toy(Game):
    id = "toy"
    dump = Hook("json", "dumps")
    described = Hook("builtins", "repr", pass_game=True)
    missing = Hook("engine.no_such_module")


def test_a_hook_calls_its_module_function():
    assert Toy().dump({"a": 1}) == json.dumps({"a": 1})


def test_pass_game_gives_the_game_first():
    toy = Toy()
    assert toy.described() == repr(toy)


def test_the_import_waits_for_the_first_use():
    assert isinstance(Toy.missing, Hook) and Toy.missing.name == "missing"
    with pytest.raises(ModuleNotFoundError):
        Toy().missing()


@pytest.mark.parametrize("game_id", registry.available())
def test_every_game_declares_its_parts_next_to_it(game_id):
    """Relative hooks resolve inside the game's own package; every game checks its
    invariants (a new game holds them) and offers a determinize (search sees it)."""
    game = registry.get(game_id)
    package = type(game).__module__.rpartition(".")[0]
    for name in ("check_invariants", "public_state", "determinize"):
        hook = type(game).__dict__.get(name)
        if isinstance(hook, Hook):
            assert hook.function().__module__.startswith(package + ".")
    assert isinstance(type(game).__dict__["check_invariants"], Hook)
    assert game.check_invariants(game.setup(game.min_seats, {}, 1)) == []
    assert type(game).determinize is not Game.determinize
