"""Finding a game's renderer, and the generic fallback for games without one."""
import pytest

from engine.citadels import GAME
from render import citadels, generic, renderer
from render_games import played


def test_a_game_with_a_module_gets_it():
    assert renderer("citadels") is citadels


@pytest.mark.parametrize("game_id", ["no_such_game", "kit", "bench", "../engine", "", "Citadels"])
def test_anything_else_gets_the_generic_renderer(game_id):
    assert renderer(game_id) is generic


def test_generic_renders_any_view_as_a_text_panel():
    view = {"game": "toy", "seat": None, "players": 3, "finished": True,
            "result": {"winners": [1], "scores": {"0": 4, "1": 9, "2": 1}, "breakdown": {}},
            "round": 5, "board": [[0, 1], [2]], "pile": ["a", "b"], "seat_names": ["Řehoř"],
            "estates": [{"seat": 0, "vp": 3, "tiles": [1, 2]}, {"seat": 1, "vp": 7}, {}]}
    img = generic.render_table(view, "cs")
    assert img.mode == "RGB" and 600 <= img.width <= 2400 and 600 <= img.height <= 2400
    assert generic.render_private(view, "cs") is None
    lines = generic._lines(view, "cs")
    assert ("Řehoř", "4") in lines
    assert ("Hráč 2", "9  ★ Vítěz") in lines
    assert ("round", "5") in lines and ("pile", "a, b") in lines
    assert ("board", "2 položky") in lines
    assert ("estates · Řehoř", "vp=3") in lines and ("estates · Hráč 3", "—") in lines


def test_generic_draws_a_real_citadels_view():
    state = played(4, 13, True)[1][-1]
    img = generic.render_table(GAME.view(state, None), "en")
    assert 600 <= img.height <= 2400
