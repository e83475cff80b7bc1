"""Every game's ``determinize``: samples are consistent with the seat's knowledge.

Over seeded random games, at several moments and for every seat: the sampled state
shows that seat exactly the original view (JSON-equal), keeps its own decision and its
public state (so ``public_state`` blanks everything the samples vary: no leak), differs
from the original in hidden items over the samples, and plays on to the end.
"""
from __future__ import annotations

import json
import random

import pytest

from engine import registry
from engine.ai import choose
from engine.core import Action
from engine.search import honest, knowledge

CASES = [  # game, seat counts, option sets
    ("citadels", (2, 3, 4, 7), ({}, {"action_cards": True})),
    ("burgundy", (2, 4), ({}, {"estates": "advanced"})),
    ("schutz_burg", (2, 3, 4), ({}, {"winter": True})),
    ("ludwig", (1, 2, 4), ({}, {"chosen_bonus": True, "chosen_favors": True})),
    ("carcassonne_castle", (2,), ({}, {"late_pickup": True})),
]


def _json(value):
    return json.loads(json.dumps(value))


def _moments(game, seats: int, options: dict, seed: int, every: float = 0.12):
    """States along one seeded game played by the heuristic."""
    state = game.setup(seats, game.parse_options(options), seed)
    rnd = random.Random(seed)
    while game.result(state) is None:
        if rnd.random() < every:
            yield state
        decision = game.pending(state)[0]
        game.apply(state, decision.seat, choose(game, state, decision, rnd))


@pytest.mark.parametrize("game_id,counts,option_sets", CASES, ids=[c[0] for c in CASES])
def test_samples_keep_the_seats_knowledge(game_id, counts, option_sets):
    game = registry.get(game_id)
    assert honest(game)
    checked = differs = 0
    for i, seats in enumerate(counts):
        for options in option_sets:
            for k, state in enumerate(_moments(game, seats, options, seed=i * 7 + len(options))):
                if k % 3:
                    continue
                for seat in range(seats):
                    know = knowledge(game, state, seat)
                    sample = game.determinize(know, random.Random(k * 31 + seat))
                    assert _json(game.view(sample, seat)) == _json(game.view(state, seat))
                    again = knowledge(game, sample, seat)
                    assert _json(again) == _json(know), "public_state shows a hidden item"
                    differs += _json(sample) != _json(state)
                    checked += 1
                    _play_on(game, sample, seed=k)
    assert checked >= 20
    assert differs >= checked // 2, "samples should vary the hidden items"


def _play_on(game, state, seed: int, limit: int = 4000) -> None:
    rnd = random.Random(seed)
    for _ in range(limit):
        if game.result(state) is not None:
            return
        decision = game.pending(state)[0]
        game.apply(state, decision.seat, choose(game, state, decision, rnd))
    raise AssertionError("a sampled state did not play to the end")


def test_citadels_sample_deals_only_unseen_cards():
    """The other hands and the deck come from the cards the seat has not seen: its own
    hand and every city and discard stay where they are, and the card counts add up."""
    game = registry.get("citadels")
    for state in _moments(game, 4, {"action_cards": True}, seed=5, every=0.3):
        if game.decision_for(state, 1) is None:
            continue  # (another seat's cards drawn to choose from are in its turn's step)
        know = knowledge(game, state, 1)
        sample = game.determinize(know, random.Random(3))
        assert sample["hands"][1] == state["hands"][1]
        assert sample["cities"] == state["cities"] and sample["discard"] == state["discard"]
        cards = lambda s: sorted(c for h in s["hands"] for c in h) + sorted(s["deck"])  # noqa: E731
        assert sorted(cards(sample)) == sorted(cards(state))
        assert set(sample["held"]) | set(sample["down"]) | set(sample["up"]) <= \
            set(state["held"]) | set(state["down"]) | set(state["up"]) | \
            set((state["draft"] or {}).get("pool", []))


#: option sets with more hidden steps, for the many-seeds test
MORE_OPTIONS = {"burgundy": ({"estate_choice": "secret", "estates": "advanced"},) * 2}


def _random_moments(game, counts, option_sets, rng: random.Random, count: int):
    """``count`` states met along uniformly random games (random seat counts and options):
    random play reaches corners the heuristic avoids (winter cards between a pick and
    its reveal, Box-Office Wagons used twice, the Human Cannonball's second step)."""
    made = 0
    while made < count:
        seats = rng.choice(counts)
        state = game.setup(seats, game.parse_options(rng.choice(option_sets)), rng.getrandbits(31))
        every, step = rng.choice((0.03, 0.1)), 0
        while made < count and game.result(state) is None:
            if rng.random() < every or step == 1:  # (also right after a first secret pick)
                made += 1
                yield state, seats
            decision = rng.choice(game.pending(state))
            game.apply(state, decision.seat, Action(decision.kind, rng.choice(decision.options).id))
            step += 1


@pytest.mark.parametrize("game_id,counts,option_sets", CASES, ids=[c[0] for c in CASES])
def test_every_sample_of_many_seeds_keeps_the_seats_knowledge(game_id, counts, option_sets):
    """Many seeds, every seat, three samples each: the sampled state shows the seat the
    same view and the same knowledge (own decision with its options' parameters, public
    state), without exception."""
    game = registry.get(game_id)
    rng = random.Random(f"determinize:{game_id}")
    bad = []
    option_sets += MORE_OPTIONS.get(game_id, ())
    for state, seats in _random_moments(game, counts, option_sets, rng, count=150):
        for seat in range(seats):
            know = _json(knowledge(game, state, seat))
            view = _json(game.view(state, seat))
            for _ in range(3):
                sample = game.determinize(know, random.Random(rng.getrandbits(32)))
                if _json(game.view(sample, seat)) != view or \
                        _json(knowledge(game, sample, seat)) != know:
                    bad.append((seat, state.get("round"), know.get("my_decision")))
    assert not bad, f"{len(bad)} inconsistent samples, e.g. {bad[:2]}"


def test_schutz_burg_winter_card_between_the_picks_and_their_reveal():
    """All cards are chosen but not yet revealed while a winter card asks a seat: the
    others' blanked picks are drawn from their hands, not answered by asking the seat
    again (that answered the winter card instead and changed the seat's view)."""
    game = registry.get("schutz_burg")
    rng = random.Random(4)
    found = 0
    for state, seats in _random_moments(game, (2, 3, 4), ({"winter": True},), rng, count=1000):
        box = state.get("picks")
        if not box or box["open"] or not game.pending(state):
            continue
        for seat in range(seats):
            know = _json(knowledge(game, state, seat))
            for k in range(10):
                sample = game.determinize(know, random.Random(k))
                assert _json(game.view(sample, seat)) == _json(game.view(state, seat))
                assert _json(knowledge(game, sample, seat)) == know
                assert [(d.seat, d.kind) for d in game.pending(sample)] == \
                    [(d.seat, d.kind) for d in game.pending(state)]
                assert not sample["picks"]["open"]
                for s, pick in sample["picks"]["picks"].items():
                    assert len(pick) == len(box["picks"][s])
                    assert set(pick) <= set(sample["players"][int(s)]["hand"])
        found += 1
    assert found >= 3
