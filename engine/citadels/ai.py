"""A simple sensible Citadels AI: every option id of a decision, best first.

Takes gold when poor, builds the most expensive affordable district, uses the obvious
abilities (income after building, Merchant gold, Architect cards, kill/rob a random
strong character, destroy a cheap district of the leader), never takes ``back`` and never
starts a deck swap, so every turn moves toward ``end`` and every game ends.
"""
from __future__ import annotations

from engine.core import Decision, State

from engine.citadels import data
from engine.citadels.characters import colour_income

# value of each character when drafting (higher = pick first, discard last)
_CHAR_VALUE = {"assassin": 4, "thief": 3, "magician": 2, "king": 5, "bishop": 3,
               "merchant": 5, "architect": 6, "warlord": 5}
# turn options by prefix, lower = sooner; builds ranked by cost within "build"
_TURN_ORDER = {"ability:merchant_gold": 0, "ability:architect_draw": 1, "action:ringmaster": 2,
               "action:big_top": 3, "build": 4, "ability:income": 5, "ability:kill": 6,
               "ability:rob": 7, "ability:destroy": 8, "action:box_office_wagon": 9,
               "action:fortune_teller": 10, "action:human_cannonball": 11,
               "ability:laboratory": 12, "end": 20}
_SKIP = 99
_STRONG = ("king", "merchant", "architect", "warlord", "bishop")


def _cost(card: str) -> int:
    return data.DISTRICTS[card]["cost"] if card in data.DISTRICTS else 0


def _arg(option_id: str) -> str:
    return option_id.rsplit(":", 1)[-1]


def preference(state: State, decision: Decision, rnd) -> list[str]:
    """Option ids best first; ``back`` always last."""
    ids = [o.id for o in decision.options if o.id != "back"]
    rank = _RANKERS.get(decision.kind)
    if rank is not None:
        ids.sort(key=lambda i: rank(state, decision, i))
    return ids + ["back"] * (len(ids) < len(decision.options))


def _draft(state, decision, option):
    seat, char = decision.seat, _arg(option)
    value = _CHAR_VALUE[char] + rnd_bias(state, char)
    colour = data.INCOME_COLOUR[char]
    if colour:
        value += sum(1 for d in state["cities"][seat]
                     if data.DISTRICTS.get(d, {}).get("colour") == colour)
    return -value if decision.kind == "pick_character" else value


def rnd_bias(state: State, char: str) -> int:
    """A small deterministic variety so AIs do not all draft alike."""
    return (state["rng"] >> (data.RANK[char] * 3)) % 3


def _turn(state, decision, option):
    t = state["turn"]
    seat = t["seat"]
    if option.startswith("income:"):
        gold, hand = state["gold"][seat], state["hands"][seat]
        wants_cards = not hand or (gold >= 4 and len(hand) < 2)
        return 0 if (option == "income:cards") == wants_cards else 1
    if option.startswith("build:"):
        return _TURN_ORDER["build"] - _cost(_arg(option)) / 10
    if option == "ability:swap_hands":
        mine = len(state["hands"][seat])
        most = max(len(h) for s, h in enumerate(state["hands"]) if s != seat)
        return 6.5 if most >= mine + 2 else _SKIP
    if option == "ability:income" and not colour_income(state, seat, t["char"]):
        return _SKIP
    if option == "ability:smithy":
        return 12.5 if state["gold"][seat] >= 5 and len(state["hands"][seat]) < 2 else _SKIP
    if option == "ability:laboratory":
        city = state["cities"][seat]
        useless = any(c in city for c in state["hands"][seat])
        return _TURN_ORDER["ability:laboratory"] if useless else _SKIP
    return _TURN_ORDER.get(option, _SKIP)


def _character_target(state, decision, option):
    char = _arg(option)
    return (0 if char in _STRONG else 1) + rnd_bias(state, char) / 10


def _richest_hand(state, decision, option):
    return -len(state["hands"][int(_arg(option))])


def _destroy(state, decision, option):
    _, target, district = option.split(":")
    leader = len(state["cities"][int(target)])
    return max(0, _cost(district) - 1) - leader


def _keep_best(state, decision, option):
    card, seat = _arg(option), decision.seat
    duplicate = card in state["cities"][seat]
    return (duplicate, -_cost(card))


def _lab_discard(state, decision, option):
    card = _arg(option)
    return (card not in state["cities"][decision.seat], _cost(card))


def _prefer(first: str):
    return lambda state, decision, option: 0 if option.startswith(first) else 1


def _cash(state, decision, option):
    worth = state["prompt"]["gold"] >= 2
    return 0 if (option == "cash") == worth else 1


_RANKERS = {
    "pick_character": _draft, "discard_character": _draft, "turn": _turn,
    "kill_target": _character_target, "rob_target": _character_target,
    "swap_hands_target": _richest_hand, "fortune_target": _richest_hand,
    "destroy_target": _destroy, "keep_card": _keep_best, "fortune_card": _keep_best,
    "laboratory_card": _lab_discard,
    "cannonball_build": lambda state, decision, option: -_cost(_arg(option)),
    "swap_deck_cards": lambda state, decision, option: option != "done",  # one card, done
    "reaction_window": _prefer("play:"), "graveyard": _prefer("take"), "wagon_cash": _cash,
}
