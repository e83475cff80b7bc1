"""The ``secrets`` probe: the secret-changing method over random states.

For a random state and a seat, ``determinize`` (fed only what the seat may know,
``engine.search.knowledge``) gives another full state that differs only in what the seat
may not know: other hands, decks, face-down stacks, others' secret picks.  Everything the
seat receives must then be the same in both states: its own view (its panel and panel
picture), the spectator view (the channel board and its picture), its own decision
(options, labels, params), who else is asked what (the channel's waiting line), the turn
label and marker, and the error (or acceptance) of every option it might try, its own,
other seats', and mangled ones.  A sample that changes the seat's own open decision
(option ids) is no secret-only change and is counted, not compared; one that moves a
public step (who else is asked what) is counted too.
"""
from __future__ import annotations

import json
import random
from typing import Any

from engine import registry
from engine.core import Action, Decision, Game, RuleError, State
from engine.search import honest, knowledge

from bot.soak.figures import Figure
from bot.soak.states import random_setup

__all__ = ["probe", "secrets_game"]

CHANNELS = ("own_view", "spectator_view", "own_decision", "turn", "errors")


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


def _decision(d: Decision | None) -> Any:
    """What the seat's panel shows of its decision (the timeout ``default`` is not shown:
    it is only taken when the clock runs out)."""
    if d is None:
        return None
    return _json([d.kind, d.secret, d.anonymous, dict(d.params),
                  [[o.id, o.label, dict(o.params)] for o in d.options]])


def _own_ids(game: Game, state: State, seat: int) -> list[str] | None:
    decision = game.decision_for(state, seat)
    return None if decision is None else [o.id for o in decision.options]


def _asked(d: Decision) -> Any:
    """What the channel's waiting line says of another seat's decision: a secret one
    names the seat only, an open one also asks its question."""
    return [d.seat] if d.secret else _json([d.seat, d.kind, dict(d.params)])


def _answer(game: Game, state: State, seat: int, action: Action) -> Any:
    """What ``seat`` is told when trying ``action`` (on a copy): the error or "ok"."""
    try:
        game.apply(_json(state), seat, action)
    except RuleError as err:
        return [err.key, _json(err.params)]
    return "ok"


def _tries(state: State, decisions: list[Decision], seat: int, rng: random.Random) -> list[Action]:
    mine = [d for d in decisions if d.seat == seat]
    pool = [Action(d.kind, o.id) for d in decisions for o in d.options]
    picks = rng.sample(pool, min(4, len(pool)))
    for d in mine:
        opt = rng.choice(d.options).id
        picks += [Action(d.kind, opt + "x"), Action(d.kind, opt.rsplit(":", 1)[0] + ":0")]
    return picks


def _received(game: Game, state: State, seat: int, tries: list[Action]) -> dict:
    """Everything ``seat`` receives from ``state``, by channel."""
    pending = game.pending(state)
    return {
        "own_view": _json(game.view(state, seat)),
        "spectator_view": _json(game.view(state, None)),
        "own_decision": _decision(game.decision_for(state, seat)),
        "others_asked": sorted((_asked(d) for d in pending if d.seat != seat and not d.anonymous),
                               key=json.dumps),
        "turn": _json([game.turn_label(state), game.turn_marker(state),
                       game.result(state) is None]),
        "errors": [_answer(game, state, seat, a) for a in tries],
    }


def _states(game: Game, count: int, rng: random.Random):
    """``count`` states met along random games (random seat counts, options, depths)."""
    made = 0
    while made < count:
        state, seats = random_setup(game, rng)
        every = rng.choice((0.02, 0.05, 0.15))
        while made < count and game.result(state) is None:
            if rng.random() < every:
                made += 1
                yield state, seats
            d = rng.choice(game.pending(state))
            game.apply(state, d.seat, Action(d.kind, rng.choice(d.options).id))


def secrets_game(game_id: str, count: int, seed: int = 1) -> dict:
    """The figure for ``count`` random states of ``game_id`` (every seat of each)."""
    game = registry.get(game_id)
    rng = random.Random(f"secrets:{game_id}:{seed}")
    fig = Figure(game=game_id, states=0, seat_checks=0, secrets_changed=0,
                 samples_public_step_differs=0, samples_own_decision_differs=0,
                 determinize=honest(game),
                 **{f"leaks_{c}": 0 for c in CHANNELS})
    for state, seats in _states(game, count, rng):
        fig["states"] += 1
        decisions = game.pending(state)
        for seat in range(seats):
            if not fig["determinize"]:
                break
            know = knowledge(game, state, seat)
            sample = game.determinize(know, random.Random(rng.random()))
            if _json(sample) == _json(state):
                continue
            if _own_ids(game, sample, seat) != (know.get("my_decision") or {}).get("options"):
                # the sample changed what the seat knows (its own open decision): no valid
                # secret-only change, so nothing to compare (a gap of the game's determinize)
                fig["samples_own_decision_differs"] += 1
                continue
            fig["secrets_changed"] += 1
            tries = _tries(state, decisions, seat, rng)
            here, there = _received(game, state, seat, tries), _received(game, sample, seat, tries)
            fig["seat_checks"] += 1
            if here["others_asked"] != there["others_asked"]:
                # the sample moved a public step (e.g. Citadels' determinize puts another
                # seat's drawn cards back into its turn): not a change of secrets only
                fig["samples_public_step_differs"] += 1
            for channel in CHANNELS:
                if here[channel] != there[channel]:
                    fig.fail(f"leaks_{channel}", f"seat {seat}: {json.dumps(here[channel])[:120]}"
                                                 f" vs {json.dumps(there[channel])[:120]}")
    return fig.done([f"leaks_{c}" for c in CHANNELS], extra=not fig["determinize"])


def probe(games: list[str], count: int, size: str):
    for game_id in games:
        yield secrets_game(game_id, count)
