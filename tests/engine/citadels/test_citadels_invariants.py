"""Citadels' ``Game.check_invariants``: silent over whole random games of every seat count
and option set, and loud for each kind of broken state (a card lost or doubled, gold
made from nothing, a character in two places, a seat out of range)."""
import pytest

from engine.citadels import GAME
from tests.engine.invariant_play import play_checking, problems_after

OPTION_SETS = [{}, {"action_cards": True}, {"action_cards": True, "great_wall": True}]


def play(seats, options, seed, stop=None):
    return play_checking(GAME, seats, options, seed, stop)


@pytest.mark.parametrize("seats", range(2, 8))
@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "action", "wall"])
def test_invariants_hold_in_random_games(seats, options):
    for seed in range(3):
        play(seats, options, seed)


@pytest.fixture
def mid_game():
    """A 4-seat action-card game during calling, with cards in hands and cities."""
    state = play(4, {"action_cards": True}, 5, stop=120)
    assert state["hands"][0] and any(state["cities"]) and state["held"]
    return state


def _broken(state, change):
    return problems_after(GAME, state, change)


def test_a_lost_card_is_noticed(mid_game):
    found = _broken(mid_game, lambda s: s["hands"][0].pop())
    assert any(p.startswith("card ") for p in found)


def test_a_doubled_card_is_noticed(mid_game):
    found = _broken(mid_game, lambda s: s["deck"].append(s["deck"][0]))
    assert any(p.startswith("card " + mid_game["deck"][0]) for p in found)


def test_a_district_twice_in_one_city_is_noticed(mid_game):
    def double(s):
        seat = next(i for i, c in enumerate(s["cities"]) if c)
        card = next(c for c in s["cities"][seat] if c != "big_top")
        s["cities"][seat].append(card)
        (s["deck"] if card in s["deck"] else s["discard"]).remove(card)
    found = _broken(mid_game, double)
    assert any("twice in the city" in p for p in found)


def test_gold_from_nowhere_is_noticed(mid_game):
    def mint(s):
        s["gold"][1] += 1
    assert any(p.startswith("gold:") for p in _broken(mid_game, mint))


def test_negative_gold_is_noticed(mid_game):
    def overdraw(s):
        s["bank"] += s["gold"][2] + 1
        s["gold"][2] = -1
    assert "a negative amount of gold" in _broken(mid_game, overdraw)


def test_a_character_in_two_places_is_noticed(mid_game):
    char = next(iter(mid_game["held"]))
    found = _broken(mid_game, lambda s: s["up"].append(char))
    assert any(p.startswith("characters:") for p in found)


def test_seats_out_of_range_are_noticed(mid_game):
    found = _broken(mid_game, lambda s: s.__setitem__("crown", 4))
    assert any(p.startswith("crown") for p in found)
    char = next(iter(mid_game["held"]))
    assert "a character held by no seat" in _broken(
        mid_game, lambda s: s["held"].__setitem__(char, 9))
