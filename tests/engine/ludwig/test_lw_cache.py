"""The castle cache's two segments: a castle asked for once stays young and leaves soon;
one asked again by key (a reloaded state, a search's root) is kept, and so are the
castles grown from it, up to ``KEEP_DEPTH`` rooms on."""
import random

import engine.ludwig.castle as C
from engine.ai import choose
from engine.ludwig import GAME
from engine.ludwig.castle import castle_of

from lw_helpers import random_rooms


def test_a_castle_asked_again_by_key_is_kept_with_its_next_rooms():
    rooms = random_rooms(5, 8, ["pantry", "hallway", "stairs", "buttery"])
    assert len(rooms) >= 8
    C.clear_cache()
    built = castle_of(rooms[:4])
    assert not built.kept and built in C._YOUNG.values()
    again = castle_of([dict(r) for r in rooms[:4]])      # another list, same placements
    assert again is built and built.kept == C.KEEP_DEPTH and built in C._CACHE.values()
    grown, castles = [dict(r) for r in rooms[:4]], []
    for room in rooms[4:8]:
        grown.append(room)
        castles.append(castle_of(grown))
    assert [c.kept for c in castles] == [2, 1, 0, 0]
    assert [c in C._CACHE.values() for c in castles] == [True, True, True, False]
    assert castles[-1] in C._YOUNG.values()


def test_a_playouts_castles_stay_young_and_the_young_stay_few():
    C.clear_cache()
    state, rnd = GAME.setup(4, {}, 3), random.Random(3)
    while GAME.result(state) is None:
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd, smart=False))
        assert len(C._YOUNG) <= C._YOUNG_SIZE
    # the four seats share the foyer's castle: kept, but not the rooms after it
    assert [len(c.rooms) for c in C._CACHE.values()] == [1]
