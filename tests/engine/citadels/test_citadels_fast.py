"""The faster Citadels path (pending memo, shared options, ability candidates) plays
exactly like the slow one: seeded lockstep games and plain re-derivations of the options."""
import pytest

from engine.citadels import GAME, characters, turn
from engine.core import Option

from tests.engine.lockstep import lockstep


def reference_check(state):
    """The turn decision's builds and abilities, derived the plain way."""
    t = state["turn"]
    if state["phase"] != "call" or t is None or t["sub"] is not None \
            or state["prompt"] or state["window"]:
        return
    decision = turn.turn_decision(state)
    builds = [o for o in decision.options if o.id.startswith("build:")]
    assert builds == [Option("build:" + d, "build", {"district": d, "cost": turn.cost(d)})
                      for d in turn.buildable(state, t)]
    abilities = [o.id for o in decision.options if o.id.startswith("ability:")]
    assert abilities == ["ability:" + name for name, (ok, _) in turn.ABILITIES.items()
                         if ok(state, t)]
    seat = t["seat"]
    assert characters._can_destroy(state, seat) == bool(characters.destroy_targets(state, seat))


@pytest.mark.parametrize("seats,action_cards", [(4, False), (4, True), (2, True), (7, False)])
def test_fast_path_plays_like_the_slow_path(seats, action_cards):
    for seed in range(4):
        assert lockstep(GAME, seats, seed, {"action_cards": action_cards},
                        check=reference_check) > 50
