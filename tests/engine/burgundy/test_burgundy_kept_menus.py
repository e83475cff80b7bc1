"""A menu kept under a child choice (a die's menu under its space or discard choice, the
turn menu under a die's menu) is served again after that child's ``back``, and it is
always the menu the rules build afresh."""
import random

from engine.burgundy import GAME
from engine.burgundy.choices import BACK
from engine.burgundy.game import Burgundy
from engine.core import Action


def _play(seed: int, seats: int = 4):
    """(decision served, decision built afresh, the move before was a ``back``) per move
    of a seeded random game."""
    fresh = Burgundy()  # its own memo: it builds every decision
    state = GAME.setup(seats, {}, seed)
    rnd = random.Random(seed)
    after_back = False
    while GAME.result(state) is None:
        served = GAME.pending(state)[0]
        fresh._memo = Burgundy._memo
        yield served, fresh.pending(state)[0], after_back
        option = rnd.choice(served.options)
        GAME.apply(state, served.seat, Action(served.kind, option.id))
        after_back = option is BACK


def test_menus_after_a_back_equal_fresh_ones():
    backs = 0
    for seed in range(6):
        for served, built, after_back in _play(seed, seats=2 + seed % 3):
            assert served == built
            backs += after_back
    assert backs > 50


def test_the_menu_under_a_child_is_served_as_the_same_object_after_back():
    """After die -> child -> back the die's menu object itself comes back (not rebuilt)."""
    served_again = 0
    for seed in range(4):
        history = []  # decisions served, in order
        for served, built, after_back in _play(seed):
            assert served == built
            if after_back and len(history) >= 2:
                served_again += served is history[-2]
            history.append(served)
    assert served_again > 30


def test_a_back_that_is_not_the_next_move_rebuilds_the_menu():
    """The kept menu is served only if the child's back is the very next move: a state
    changed by hand in between (here: the kept menu made stale on purpose) is rebuilt."""
    state = GAME.setup(2, {}, 3)
    rnd = random.Random(3)
    while True:
        decision = GAME.pending(state)[0]
        places = [o for o in decision.options if o.id.startswith("place:")]
        if decision.kind == "die_action" and places:
            break
        GAME.apply(state, decision.seat, Action(decision.kind, rnd.choice(decision.options).id))
    menu = decision
    GAME.apply(state, menu.seat, Action("die_action", places[0].id))
    child = GAME.pending(state)[0]
    assert child.kind == "space"
    GAME._below = (state, -5, menu, GAME._below[3])  # as if kept several moves ago
    GAME.apply(state, child.seat, Action("space", "back"))
    again = GAME.pending(state)[0]
    assert again == menu and again is not menu


def test_discard_options_name_the_stored_and_the_new_tile():
    """A full storage asks which stored tile goes: one option per stored tile, naming the
    new one too, and ``back``."""
    from engine.burgundy import turn

    p = {"store": ["T001", "T002", "T003"]}
    options = turn._discard_options({}, {"k": "discard", "tile": "T009"}, p)
    assert [o.id for o in options] == ["discard:T001", "discard:T002", "discard:T003", "back"]
    assert options[1].params == {"tile": "T002", "new": "T009"}
