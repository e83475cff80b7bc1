"""Seeded playouts for 2-7 players, both variants: ending, conservation, privacy, JSON."""
import copy
import json
import random
from collections import Counter

import pytest

from engine.core import Action

from engine.ai import choose
from engine.citadels import GAME
from engine.citadels.data import CHARACTERS, WAGON, deck

LEAK = "LEAK"
PRIVATE_EVENTS = {"card_drawn", "card_kept", "you_chose", "saw_face_down", "card_taken",
                  "hand_received"}


def card_zones(state) -> Counter:
    """Every district/action card wherever it is now."""
    zones = Counter(state["deck"]) + Counter(state["discard"])
    for hand in state["hands"]:
        zones.update(hand)
    for city in state["cities"]:
        zones.update(city)
    zones[WAGON] += len(state["wagons"])
    turn = state["turn"]
    if turn and turn["sub"] and "drawn" in turn["sub"]:
        zones.update(turn["sub"]["drawn"])
    if state["prompt"] and state["prompt"]["kind"] == "graveyard":
        zones[state["prompt"]["card"]] += 1
    return zones


def hide_from(state, seat):
    """A copy in which everything ``seat`` may not know is replaced by LEAK markers."""
    other = copy.deepcopy(state)
    for s, hand in enumerate(other["hands"]):
        if s != seat:
            other["hands"][s] = [LEAK] * len(hand)
    other["deck"] = [LEAK] * len(other["deck"])
    revealed = {c for c, _ in other["revealed"]}
    known = set(other["seen"][seat]) if seat is not None else set()
    other["held"] = {(c if w == seat or c in revealed else f"{LEAK}{i}"): w
                     for i, (c, w) in enumerate(other["held"].items())}
    other["down"] = [c if c in known else LEAK for c in other["down"]]
    draft = other["draft"]
    if draft and draft["steps"][draft["i"]][0] != seat:
        draft["pool"] = [LEAK] * len(draft["pool"])
    turn = other["turn"]
    if turn and turn["seat"] != seat and turn["sub"] and "drawn" in turn["sub"]:
        turn["sub"]["drawn"] = [LEAK] * len(turn["sub"]["drawn"])
    if other["window"]:
        other["window"]["picks"] = {k: (v if k == str(seat) else LEAK)
                                    for k, v in other["window"]["picks"].items()}
    for s in range(other["n"]):
        if s != seat:
            other["seen"][s] = [LEAK] * len(other["seen"][s])
            other["offers"][s] = [[LEAK] * len(o) for o in other["offers"][s]]
            other["peeks"][s] = [{"seat": p["seat"], "hand": [LEAK] * len(p["hand"])}
                                 for p in other["peeks"][s]]
    return other


def check_privacy(state, seat):
    if state["phase"] == "over":
        return
    assert GAME.view(hide_from(state, seat), seat) == GAME.view(state, seat)


def play(n, seed, action_cards, great_wall, smart, checks=True):
    options = GAME.parse_options({"action_cards": action_cards, "great_wall": great_wall})
    state = GAME.setup(n, options, seed)
    full = Counter(deck(great_wall, action_cards))
    rnd = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        pending = GAME.pending(state)
        assert pending, "no decision but no result"
        assert len({d.seat for d in pending}) == len(pending)
        decision = pending[rnd.randrange(len(pending))]
        action = choose(GAME, state, decision, rnd, smart=smart)
        events = GAME.apply(state, decision.seat, action)
        steps += 1
        assert steps < 5000
        if checks:
            assert state["bank"] + sum(state["gold"]) + sum(w["gold"] for w in state["wagons"]) == 30
            assert card_zones(state) == full
            for event in events:
                if event.kind in PRIVATE_EVENTS:
                    assert event.visible_to is not None
            if steps % 9 == 0:
                check_privacy(state, rnd.randrange(n))
                check_privacy(state, None)
    return state, steps


@pytest.mark.parametrize("action_cards", [False, True])
@pytest.mark.parametrize("n", range(2, 8))
def test_seeded_playouts(n, action_cards):
    for seed in range(18):
        state, _ = play(n, seed, action_cards, great_wall=seed % 3 == 0, smart=seed % 2 == 0)
        result = GAME.result(state)
        assert state["first8"] is not None
        assert any(len(city) >= 8 for city in state["cities"])
        assert set(result.scores) == set(range(n))
        best = max(result.scores.values())
        assert all(result.scores[w] == best for w in result.winners)
        view = GAME.view(state, None)
        assert view["finished"] and view["result"] == state["result"]
        assert state["bank"] + sum(state["gold"]) == 30 and state["wagons"] == []


def test_king_is_never_face_up_and_crown_sees_face_down():
    for n in (4, 5):
        for seed in range(60):
            state = GAME.setup(n, {}, seed)
            assert "king" not in state["up"]
            assert state["seen"][state["crown"]][0] == state["down"][0]
            view = GAME.view(state, state["crown"])
            assert view["me"]["seen_face_down"] == [state["down"][0]]


def test_json_round_trip_continues_identically():
    for n, ac, seed in ((3, True, 5), (5, False, 6), (7, True, 7)):
        state = GAME.setup(n, GAME.parse_options({"action_cards": ac}), seed)
        rnd = random.Random(seed)
        for _ in range(60):
            decision = GAME.pending(state)[0]
            GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd, smart=False))
        clone = json.loads(json.dumps(state))
        assert clone == state
        rnd_a, rnd_b = random.Random(1), random.Random(1)
        for current, rnd_x in ((state, rnd_a), (clone, rnd_b)):
            while GAME.result(current) is None:
                decision = GAME.pending(current)[0]
                GAME.apply(current, decision.seat, choose(GAME, current, decision, rnd_x,
                                                          smart=False))
        assert json.dumps(clone, sort_keys=True) == json.dumps(state, sort_keys=True)


def test_every_decision_has_a_legal_default_and_short_ids():
    for n, ac in ((2, True), (4, True), (7, False)):
        state = GAME.setup(n, GAME.parse_options({"action_cards": ac}), n)
        rnd = random.Random(n)
        while GAME.result(state) is None:
            for decision in GAME.pending(state):
                ids = {o.id for o in decision.options}
                assert decision.default in ids
                assert all(len(i) <= 60 for i in ids)
            decision = GAME.pending(state)[0]
            GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd, smart=False))


def test_timeout_defaults_are_always_accepted():
    """Defaults never build, so such a game cannot end; they must still always apply."""
    state = GAME.setup(4, GAME.parse_options({"action_cards": True}), 11)
    seen = set()
    for _ in range(400):
        decision = GAME.pending(state)[0]
        seen.add((decision.kind, decision.default))
        GAME.apply(state, decision.seat, Action(decision.kind, decision.default))
    assert ("turn", "income:gold") in seen and ("turn", "end") in seen
    assert all(len(city) == 0 for city in state["cities"])


def test_timeout_after_drawing_keeps_the_first_drawn_card():
    from citadels_helpers import act, table
    state, _ = table(4, {"king": 0, "warlord": 1}, hands={0: []}, deck=["temple", "castle"])
    act(state, "income:cards")
    decision = GAME.pending(state)[0]
    assert decision.kind == "keep_card" and decision.default == "keep:castle"
    act(state, decision.default)
    assert state["hands"][0] == ["castle"] and state["discard"] == ["temple"]


def test_characters_of_others_stay_hidden_until_revealed():
    state = GAME.setup(5, {}, 4)
    while state["phase"] == "draft":
        decision = GAME.pending(state)[0]
        GAME.apply(state, decision.seat, choose(GAME, state, decision, random.Random(0)))
    for seat in range(5):
        mine = GAME.view(state, seat)["me"]["characters"]
        assert mine == [c for c in CHARACTERS if state["held"].get(c) == seat]


def test_ai_ranks_every_option_and_ends_games():
    for n in range(2, 8):
        state = GAME.setup(n, GAME.parse_options({"action_cards": n % 2 == 0}), 40 + n)
        rnd = random.Random(n)
        steps = 0
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            ranked = GAME.ai_preference(state, decision, rnd)
            ids = [o.id for o in decision.options]
            assert sorted(ranked) == sorted(ids)
            assert "back" not in ranked or ranked[-1] == "back"
            GAME.apply(state, decision.seat, Action(decision.kind, ranked[0]))
            steps += 1
            assert steps < 3000
        assert any(len(city) >= 8 for city in state["cities"])


def test_ai_beats_random_players():
    wins = 0
    for seed in range(60):
        state = GAME.setup(4, GAME.parse_options({}), seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            decision = GAME.pending(state)[0]
            smart = decision.seat == seed % 4
            GAME.apply(state, decision.seat, choose(GAME, state, decision, rnd, smart=smart))
        wins += (seed % 4) in GAME.result(state).winners
    assert wins > 60 * 0.4  # a random seat would win about a quarter of the games
