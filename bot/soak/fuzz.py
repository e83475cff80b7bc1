"""The ``fuzz`` probe: random legal and illegal actions through the engine contract.

Garbage (bool, float, negative or absent seats; non-Action actions; non-string kinds
and options) and well-typed illegal answers (mutated option ids, another decision's
option, another seat) must raise RuleError and leave the state exactly as it was; legal
answers must apply; after every applied move the contract's and the game's invariants
hold.  Any other exception is a crash.
"""
from __future__ import annotations

import json
import marshal
import random
from typing import Any

from engine import registry
from engine.core import Action, Decision, RuleError

from bot.soak.figures import Figure
from bot.soak.invariants import contract_problems
from bot.soak.states import random_setup

__all__ = ["fuzz_game"]

JUNK: tuple[Any, ...] = (None, 0, 1, -1, 2.5, True, False, [], {}, ["a"], {"kind": "x"}, b"a",
                         "", " ", "x" * 300, "\u017e\u00e1k", "None", "0")
SEATS: tuple[Any, ...] = (True, False, -1, -7, 1.0, 0.0, None, "0", 99, 7, 6, 5, 4)
TAILS = ("x", ":", ":-1", ":999", ":None", ":1.5", "\n", ":0:0")


def _illegal(rng: random.Random, decisions: list[Decision]) -> tuple[Any, Any]:
    """A garbage or well-typed illegal (seat, action) for the pending ``decisions``."""
    d = rng.choice(decisions)
    opt = rng.choice(d.options).id
    roll = rng.random()
    if roll < 0.12:
        return rng.choice(SEATS), Action(d.kind, opt)
    if roll < 0.24:
        return d.seat, Action(rng.choice(JUNK), opt)
    if roll < 0.36:
        return d.seat, Action(d.kind, rng.choice(JUNK))
    if roll < 0.42:
        return d.seat, rng.choice((None, {}, {"kind": d.kind, "option": opt}, (d.kind, opt), opt))
    if roll < 0.62:
        return d.seat, Action(d.kind, opt + rng.choice(TAILS))
    if roll < 0.82:
        parts = opt.split(":")
        parts[rng.randrange(len(parts))] = rng.choice(("", "0", "-1", "999", "x", "None"))
        return d.seat, Action(d.kind, ":".join(parts))
    other = rng.choice(decisions)
    return rng.choice((d.seat, other.seat, d.seat + 1)), Action(
        rng.choice((d.kind, other.kind)), rng.choice(other.options).id)


def _legal(decisions: list[Decision], seat: Any, action: Any) -> bool:
    if type(seat) is not int or not isinstance(action, Action):
        return False
    return any(d.seat == seat and d.kind == action.kind and d.option(action.option) is not None
               for d in decisions)


def fuzz_game(game_id: str, actions: int, seed: int = 1, illegal_share: float = 0.6,
              max_moves: int = 2000) -> dict:
    """Send ``actions`` random actions to ``game_id``; the figure of what happened."""
    game = registry.get(game_id)
    rng = random.Random(f"fuzz:{game_id}:{seed}")
    fig = Figure(game=game_id, actions=0, applied=0, refused=0, games=0,
                 games_finished=0, crashes=0, changed_on_refusal=0, accepted_illegal=0,
                 refused_legal=0, invariant_failures=0)
    fail = fig.fail

    while fig["actions"] < actions:
        state, seats = random_setup(game, rng)
        fig["games"] += 1
        for move in range(max_moves):
            decisions = game.pending(state)
            if not decisions or fig["actions"] >= actions:
                break
            if rng.random() < illegal_share:
                seat, action = _illegal(rng, decisions)
            else:
                d = rng.choice(decisions)
                seat, action = d.seat, Action(d.kind, rng.choice(d.options).id)
            legal = _legal(decisions, seat, action)
            snapshot = marshal.dumps(state)
            fig["actions"] += 1
            try:
                game.apply(state, seat, action)
            except RuleError as err:
                fig["refused"] += 1
                if legal:
                    fail("refused_legal", f"{seat!r} {action!r}: {err.key}")
                if marshal.dumps(state) != snapshot and json.dumps(state, sort_keys=True) != \
                        json.dumps(marshal.loads(snapshot), sort_keys=True):
                    fail("changed_on_refusal", f"{seat!r} {action!r}: {err.key}")
                    state = marshal.loads(snapshot)
                continue
            except Exception as err:  # noqa: BLE001 - a crash is what the probe counts
                fail("crashes", f"{seat!r} {action!r}: {type(err).__name__}: {err}")
                state = marshal.loads(snapshot)
                continue
            if not legal:
                fail("accepted_illegal", f"{seat!r} {action!r}")
                state = marshal.loads(snapshot)
                continue
            fig["applied"] += 1
            problems = contract_problems(game, state, seats, views=move % 25 == 0)
            if problems:
                fail("invariant_failures", "; ".join(problems))
                break
        if game.result(state) is not None:
            fig["games_finished"] += 1
    return fig.done(("crashes", "changed_on_refusal", "accepted_illegal", "refused_legal",
                     "invariant_failures"))


def probe(games: list[str], budget: int, size: str):
    """The figure of :func:`fuzz_game` for each game."""
    for game_id in games:
        yield fuzz_game(game_id, budget)
