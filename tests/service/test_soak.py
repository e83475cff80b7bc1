"""The reliability suite: the small soak passes (every figure 0 failures), and its
probes do catch what they claim to catch (a deliberately broken toy game)."""
import json

import pytest

from bot.__main__ import main
from bot.soak import PROBES, run
from bot.soak.fuzz import fuzz_game
from engine import registry
from engine.core import Action, Decision, Game, Option, RuleError


@pytest.fixture(scope="module")
def small_figures():
    return list(run("small"))


def test_small_soak_has_no_failures(small_figures):
    games = set(registry.available())
    for name in PROBES:
        figures = [f for f in small_figures if f["probe"] == name]
        assert figures, name
        for figure in figures:
            assert figure["failures"] == 0, figure
    fuzz = {f["game"]: f for f in small_figures if f["probe"] == "fuzz"}
    assert set(fuzz) == games
    kill = [f for f in small_figures if f["probe"] == "kill"]
    assert kill[0]["kills"] == 2 and kill[0]["acked_moves"] >= 2
    assert kill[0]["messages"] > 0 and kill[0]["jobs_open"] == 0
    outage = [f for f in small_figures if f["probe"] == "discord"]
    assert outage[0]["messages"] > 10 and outage[0]["deferred_attempts"] > 10
    assert outage[0]["nonce_resends"] >= 1 and outage[0]["invalid_requests_10min"] >= 1
    for figure in fuzz.values():
        assert figure["actions"] >= 4000 and figure["applied"] > 1000 and figure["refused"] > 1000
        assert figure["games_finished"] >= 1


class Leaky(Game):
    """A toy race to 30 that breaks the contract on purpose: it spends before checking
    (a change on refusal), crashes on an option ending ":999" and accepts "one…" garbage."""

    id = "leaky_toy"

    def setup(self, seats, options, seed):
        return {"n": 0, "spent": 0}

    def pending(self, state):
        if state["n"] >= 30:
            return []
        return [Decision(0, "step", (Option("one", "one"), Option("two", "two")))]

    def apply(self, state, seat, action):
        state["spent"] += 1
        if action.option.endswith(":999"):
            raise KeyError("boom")
        if seat != 0 or not action.option.startswith(("one", "two")):
            raise RuleError("illegal_option", option=action.option)
        state["spent"] = 0
        state["n"] += 2 if action.option == "two" else 1
        return []

    def view(self, state, seat):
        return dict(state)

    def result(self, state):
        return None if state["n"] < 30 else {"winners": (0,)}

    def check_invariants(self, state):
        return ["n past 30"] if state["n"] > 31 else []


def test_fuzz_counts_changes_and_crashes_of_a_broken_game():
    registry.register(Leaky())
    try:
        figure = fuzz_game("leaky_toy", 3000)
    finally:
        registry._cache.pop("leaky_toy", None)
    assert figure["changed_on_refusal"] > 100 and figure["failures"] > 100
    assert figure["crashes"] > 10 and figure["accepted_illegal"] > 10
    assert figure["examples"]


def test_soak_command_prints_json_figures(capsys):
    assert main(["soak", "--probe", "fuzz", "--game", "citadels"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [json.loads(line)["game"] for line in lines] == ["citadels"]


def test_secrets_catches_a_view_that_shows_hands(monkeypatch):
    from bot.soak.secrets import secrets_game

    game = registry.get("citadels")
    honest_view = type(game).view

    def leaky(self, state, seat):
        view = honest_view(self, state, seat)
        if seat is None:
            view["hands_for_everyone"] = state["hands"]
        return view

    monkeypatch.setattr(type(game), "view", leaky)
    figure = secrets_game("citadels", 20)
    assert figure["leaks_spectator_view"] > 10 and figure["leaks_own_view"] == 0
    assert figure["failures"] == figure["leaks_spectator_view"]


@pytest.mark.parametrize("game_id,spoil", [
    ("burgundy", lambda s: s["black"].append(s["black"][0] if s["black"] else "T001")),
    ("schutz_burg", lambda s: s.__setitem__("bank", s["bank"] + 1)),
    ("carcassonne_castle", lambda s: s["supply_f"].__setitem__(0, s["supply_f"][0] + 1)),
])
def test_game_invariant_hooks_hold_and_catch_a_spoiled_state(game_id, spoil):
    game = registry.get(game_id)
    state = game.setup(2, {}, 4)
    assert game.check_invariants(state) == []
    spoil(state)
    assert game.check_invariants(state)
