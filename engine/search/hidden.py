"""Shared pieces of the games' ``determinize``: the public state and resampling.

A game whose view does not spell out all of its public bookkeeping (the queue of steps
still to run, the open task …) gives the AI seat a *public state* next to its view:
``public_state(state, seat)`` is the state with every item that seat may not know
blanked or put in a canonical order (:func:`blank_picks`, sorted decks).  That is what
the public history tells a player at the table; the test that ``determinize`` keeps
the seat's view (for many samples with different hidden items) would catch a leak.
``determinize`` then refills the blanks at random (:func:`deal`, :func:`refill_picks`).
"""
from __future__ import annotations

import json
import random
from engine.core import Action, Game, State

HIDDEN = None  # a blanked secret answer


def copy_state(state: State) -> State:
    """A deep copy of a JSON state."""
    return json.loads(json.dumps(state))


def blank_picks(box: dict | None, seat: int) -> None:
    """Blank the secret answers of a simultaneous pick box (``engine.simultaneous``)
    except ``seat``'s own."""
    if box:
        box["picks"] = {k: (v if int(k) == seat else HIDDEN) for k, v in box["picks"].items()}


def refill_picks(game: Game, state: State, key: str, seat: int, rng: random.Random) -> None:
    """Give every blanked answer of ``state[key]`` a random legal one: the seat is asked
    again (its decision from the game) and answers at random until it is done."""
    box = state.get(key)
    if not box:
        return
    blank = sorted(int(k) for k, v in box["picks"].items() if v is HIDDEN)
    for s in blank:
        del box["picks"][str(s)]
        box["open"].append(s)
    box["open"].sort()
    for s in blank:
        while s in (state.get(key) or {}).get("open", ()):
            decision = game.decision_for(state, s)
            if decision is None:
                break
            options = [o.id for o in decision.options if o.id != "back"]
            game.apply(state, s, Action(decision.kind, rng.choice(options)))


def deal(rng: random.Random, pool: list, shapes: list[list]) -> list[list]:
    """Shuffle ``pool`` and cut it into lists as long as ``shapes``'s lists."""
    items = list(pool)
    rng.shuffle(items)
    out, i = [], 0
    for shape in shapes:
        out.append(items[i:i + len(shape)])
        i += len(shape)
    return out
