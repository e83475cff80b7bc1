"""What a grown castle takes from its parent equals what it would work out alone: the
bonus index (``points.bonus_index`` from ``bonuses_before``) and the rooms' owned
contact masks (``Castle.owned_contacts``, extended on the parent's grid)."""
import random

import pytest

from engine.ai import choose
from engine.ludwig import GAME
from engine.ludwig.build import castle
from engine.ludwig.castle import Castle
from engine.ludwig.points import bonus_index
from engine.ludwig.shapes import unkey


def _owned_by_contact(c) -> list[int]:
    """Per room, the grid bits of the elements ``Castle.contact`` gives it (the
    definition ``owned_contacts`` is held to)."""
    g = c.grid()
    owned = [0] * len(c.rooms)
    for e, j in c.contact.items():
        x, y, k = unkey(e)
        owned[j] |= 1 << (g.offset(x, y) + k)
    return owned


def _fresh(rooms) -> Castle:
    c = Castle()
    for room in rooms:
        c.add(room)
    return c


@pytest.mark.parametrize("seed", range(3))
def test_inherited_bonus_index_and_owned_contacts_equal_fresh_ones(seed):
    state = GAME.setup(4, {}, seed)
    rnd = random.Random(seed)
    inherited_bonuses = inherited_owned = 0
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        action = choose(GAME, state, decision, rnd, smart=False)
        parent = castle(state, decision.seat)
        GAME.apply(state, decision.seat, action)
        if not action.option.startswith("pl:"):
            continue
        c = castle(state, decision.seat)        # just grown
        if c.bonuses is None and c.bonuses_before is not None:
            inherited_bonuses += 1
            assert bonus_index(c) == bonus_index(_fresh(c.rooms))
            assert parent.bonuses == bonus_index(_fresh(parent.rooms))     # left as it was
        if c._owned is not None:
            inherited_owned += 1
            assert c.owned_contacts() == _owned_by_contact(c)
    assert inherited_bonuses >= 10 and inherited_owned >= 10
