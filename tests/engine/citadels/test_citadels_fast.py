"""The faster Citadels path (pending memo, shared options, ability candidates) plays
exactly like the slow one: seeded lockstep games and plain re-derivations of the options."""
import pytest

from engine.citadels import GAME, characters, data, turn
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
    seat = t["seat"]
    plain = [] if not t["step1"] or t["builds"] >= t["limit"] else [
        d for d in dict.fromkeys(state["hands"][seat])
        if d in data.DISTRICTS and turn.cost(d) <= state["gold"][seat]
        and d not in state["cities"][seat]]
    assert turn.buildable(state, t) == plain
    assert builds == [Option("build:" + d, "build", {"district": d, "cost": turn.cost(d)})
                      for d in plain]
    abilities = [o.id for o in decision.options if o.id.startswith("ability:")]
    assert abilities == ["ability:" + name for name, (ok, _) in turn.ABILITIES.items()
                         if ok(state, t)]
    targets = [(s, d, characters.destroy_price(city, d))
               for s, city in enumerate(state["cities"]) for d in city
               if characters.destroy_refusal(state, seat, s, d) is None]
    assert characters.destroy_targets(state, seat) == targets
    assert characters._can_destroy(state, seat) == bool(targets)
    city = state["cities"][seat]
    for char in ("king", "bishop", "merchant", "warlord"):
        colour = data.INCOME_COLOUR[char]
        assert characters.colour_income(state, seat, char) == sum(
            1 for d in city if data.DISTRICTS.get(d, {}).get("colour") == colour) \
            + ("school_of_magic" in city)


def test_every_ability_check_refuses_a_used_ability():
    """``turn_decision`` skips an ability named in ``used`` without asking its check: sound
    only while every check itself says no then."""
    state = GAME.setup(4, {"action_cards": True}, 3)
    for seat in range(4):
        state["cities"][seat] = ["laboratory", "smithy", "manor"]
        state["hands"][seat] = ["temple", "tavern"]
        state["gold"][seat] = 9
    state["deck"] = ["market"] * 5
    for char in data.CHARACTERS:
        for name, (ok, _) in turn.ABILITIES.items():
            t = {"seat": 0, "char": char, "step1": True, "builds": 0, "limit": 1,
                 "used": [name], "card": None, "wagons": [], "sub": None}
            assert not ok(state, t), (char, name)


def test_shared_options_and_params_are_equal_to_fresh_ones():
    """Options and params shared between decisions equal what a fresh build would say."""
    state = GAME.setup(4, {}, 5)
    draft = GAME.pending(state)[0]
    ranked = sorted(state["draft"]["pool"], key=data.RANK.__getitem__)
    assert draft.options == tuple(Option("pick:" + c, "pick", {"character": c}) for c in ranked)
    assert draft.params == {"round": 1}
    assert characters.SUBS["kill_target"][0](state, {}) == [
        Option("target:" + c, "target_character", {"character": c})
        for c in data.CHARACTERS if c != "assassin"]
    hand = state["hands"][0]
    t = {"seat": 0, "char": "magician", "sub": {"kind": "swap_deck_cards", "selected": [1]}}
    assert characters.SUBS["swap_deck_cards"][0](state, t)[:len(hand)] == [
        Option(f"card:{i}", "toggle_card", {"card": c, "selected": i == 1})
        for i, c in enumerate(hand)]


@pytest.mark.parametrize("seats,action_cards", [(4, False), (4, True), (2, True), (7, False)])
def test_fast_path_plays_like_the_slow_path(seats, action_cards):
    for seed in range(4):
        assert lockstep(GAME, seats, seed, {"action_cards": action_cards},
                        check=reference_check) > 50
