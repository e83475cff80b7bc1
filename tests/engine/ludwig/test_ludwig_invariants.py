"""Castles of Mad King Ludwig's ``Game.check_invariants``: silent over whole random games
(solo to 4 seats, every setup option), and loud for each kind of broken state (a room
tile lost or in two places, a stairs piece from nowhere, a bonus card doubled, negative
money, a seat out of range)."""
import pytest

from engine.ludwig import GAME
from tests.engine.invariant_play import play_checking, problems_after

OPTION_SETS = [{}, {"chosen_bonus": True, "chosen_favors": True},
               {"room_cards": "uniform", "foyer_back": "four_doors"}]


def play(seats, options, seed, stop=None):
    return play_checking(GAME, seats, options, seed, stop)


@pytest.mark.parametrize("seats", range(1, 5))
@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "chosen", "uniform_four_doors"])
def test_invariants_hold_in_random_games(seats, options):
    play(seats, options, seed=seats)


@pytest.fixture
def mid_game():
    """A 3-seat game some rounds in: rooms built, tiles in the market and stacks."""
    state = play(3, {}, 2, stop=150)
    assert any(len(p["rooms"]) > 1 for p in state["players"])
    return state


def _broken(state, change):
    return problems_after(GAME, state, change)


def test_a_lost_room_tile_is_noticed(mid_game):
    found = _broken(mid_game, lambda s: s["stacks"]["100"].pop())
    assert any("room tiles in play" in p for p in found)


def test_a_room_tile_in_two_places_is_noticed(mid_game):
    def copy_to_market(s):
        slot = next(x for x in s["market"] if x["tile"] is not None)
        s["stacks"]["150"].append(slot["tile"])
    assert any(p.startswith("room tiles in two places") for p in _broken(mid_game, copy_to_market))


def test_stairs_from_nowhere_are_noticed(mid_game):
    def add(s):
        s["supply"]["stairs"] += 1
    assert any(p.startswith("stairs:") for p in _broken(mid_game, add))


def test_a_doubled_bonus_card_is_noticed(mid_game):
    def double(s):
        s["players"][0]["bonus"].append(s["bonus_deck"][0])
    assert any(p.startswith("bonus cards") for p in _broken(mid_game, double))


def test_room_cards_are_counted(mid_game):
    found = _broken(mid_game, lambda s: s["discard"].append(100))
    assert any("room cards" in p for p in found)


def test_bounds_are_checked(mid_game):
    def broke(s):
        s["players"][1]["money"] = -1000
    assert "seat 1 has -1000 money" in _broken(mid_game, broke)
    assert any(p.startswith("master builder") for p in _broken(
        mid_game, lambda s: s.__setitem__("mb", 3)))
