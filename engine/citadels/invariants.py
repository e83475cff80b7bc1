"""Citadels' invariants (``Game.check_invariants``): every card of the game's deck is in
exactly one place, the gold ledger balances (ruling BANK-1: bank + players + wagons = 30),
every character card is in exactly one place, and counts stay within the rules' bounds."""
from __future__ import annotations

from collections import Counter

from engine.core import State
from engine.citadels import data

_CHARACTERS = Counter(data.CHARACTERS)


def card_places(state: State) -> Counter:
    """Every card somewhere in the game: draw and discard piles, hands, cities, cards
    drawn and waiting to be kept, a destroyed district the Graveyard may take, and the
    Box-Office Wagons in play."""
    found = Counter(state["deck"]) + Counter(state["discard"])
    for cards in (*state["hands"], *state["cities"]):
        found.update(cards)
    turn, prompt = state.get("turn"), state.get("prompt")
    if turn and turn["sub"] and turn["sub"]["kind"] == "keep_card":
        found.update(turn["sub"]["drawn"])
    if prompt and prompt["kind"] == "graveyard":
        found[prompt["card"]] += 1
    found[data.WAGON] += len(state["wagons"])
    return found


def character_places(state: State) -> Counter:
    """Character cards face up, face down, held by a seat, or still in the draft pool."""
    found = Counter(state.get("up", ())) + Counter(state.get("down", ()))
    found.update(list(state.get("held", {})))  # its keys (a mapping would add its values)
    if state.get("draft"):
        found.update(state["draft"]["pool"])
    return found


def _card_problems(state: State) -> list[str]:
    expected = Counter(data.deck(state["opts"]["great_wall"], state["opts"]["action_cards"]))
    found = card_places(state)
    out = [f"card {c}: {found[c]} in play, {expected[c]} in the game"
           for c in sorted(set(expected) | set(found)) if found[c] != expected[c]]
    for seat, city in enumerate(state["cities"]):
        doubles = [d for d, k in Counter(city).items() if k > 1 and d != data.BIG_TOP]
        if doubles:
            out.append(f"seat {seat} has {doubles} twice in the city")
        if any(d not in data.DISTRICTS and d != data.BIG_TOP for d in city):
            out.append(f"seat {seat} has a non-district in the city")
    return out


def _gold_problems(state: State) -> list[str]:
    out = []
    total = state["bank"] + sum(state["gold"]) + sum(w["gold"] for w in state["wagons"])
    if total != data.BANK_START:
        out.append(f"gold: {total} in play, {data.BANK_START} in the game")
    if min(state["gold"], default=0) < 0 or any(w["gold"] < 0 for w in state["wagons"]):
        out.append("a negative amount of gold")
    return out


def _character_problems(state: State) -> list[str]:
    if state.get("held") is None:
        return []
    out = []
    found = character_places(state)
    if found != _CHARACTERS:
        out.append(f"characters: {sorted(found.elements())}")
    n = state["n"]
    if any(not 0 <= seat < n for seat in state["held"].values()):
        out.append("a character held by no seat")
    if state["phase"] == "call":
        per_seat = data.REMOVAL[n]["characters_per_player"]
        counts = Counter(state["held"].values())
        if any(counts[s] != per_seat for s in range(n)):
            out.append(f"characters per seat {dict(counts)}, not {per_seat}")
    turn = state["turn"]
    if turn is not None:
        if state["held"].get(turn["char"]) != turn["seat"]:
            out.append(f"seat {turn['seat']} plays {turn['char']} it does not hold")
        if turn["builds"] > turn["limit"]:
            out.append(f"{turn['builds']} builds over the limit {turn['limit']}")
    return out


def _bounds_problems(state: State) -> list[str]:
    n, out = state["n"], []
    if not 0 <= state["crown"] < n:
        out.append(f"crown at seat {state['crown']}")
    if state["first8"] is not None and not 0 <= state["first8"] < n:
        out.append(f"first complete city at seat {state['first8']}")
    if not 0 <= state.get("rank", 0) <= len(data.CHARACTERS):
        out.append(f"rank {state['rank']} called")
    if any(not 0 <= w["owner"] < n for w in state["wagons"]):
        out.append("a wagon owned by no seat")
    if len({w["id"] for w in state["wagons"]}) != len(state["wagons"]):
        out.append("two wagons share an id")
    if (state["phase"] == "over") != (state["result"] is not None):
        out.append(f"phase {state['phase']} with result {state['result'] is not None}")
    return out


def problems(state: State) -> list[str]:
    """Every broken invariant of ``state``, one short sentence each."""
    return (_card_problems(state) + _gold_problems(state) + _character_problems(state)
            + _bounds_problems(state))
