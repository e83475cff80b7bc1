"""Game setup, character removal and the drafts (standard, 2, 3 and 7 players), round end.

A round's draft is a script of steps ``[seat, "pick" | "discard"]`` over a passed pool
of character cards.  Whatever is left in the pool after the script goes face down; the
7th player's step first adds the initial face-down card to his pool.
"""
from __future__ import annotations

from functools import lru_cache

from engine.core import Decision, Event, Option, RuleError, Rng, State

from engine.citadels import data
from engine.citadels.cards import ONLY, draw, gain
from engine.citadels.scoring import score

KING = "king"


def setup(seats: int, options: dict, seed: int) -> State:
    """A new game: shuffled deck, 2 gold and 4 cards each, crown at seat 0, draft open."""
    state: State = {
        "rng": Rng.seed_value(seed), "n": seats, "opts": dict(options),
        "round": 0, "phase": "draft", "crown": 0, "bank": data.BANK_START,
        "gold": [0] * seats, "hands": [[] for _ in range(seats)],
        "cities": [[] for _ in range(seats)], "haunted": {}, "wagons": [],
        "deck": data.deck(options["great_wall"], options["action_cards"]), "discard": [],
        "first8": None, "result": None, "wagon_seq": 0,
    }
    Rng(state).shuffle(state["deck"])
    for seat in range(seats):
        gain(state, seat, data.START_GOLD)
        state["hands"][seat] = draw(state, data.START_HAND, [])
    start_round(state, [])
    return state


def _reset_round(state: State) -> None:
    """Empty per-round fields, set one by one (in the order a new state first gets them)."""
    seats = range(state["n"])
    state["up"], state["down"], state["held"] = [], [], {}
    state["seen"], state["offers"] = [[] for _ in seats], [[] for _ in seats]
    state["peeks"], state["rank"], state["revealed"] = [[] for _ in seats], 0, []
    state["kill"], state["killed"], state["rob"], state["bishop"] = None, False, None, None
    state["acrobat"], state["turn"], state["prompt"], state["window"] = False, None, None, None


def start_round(state: State, events: list[Event], order: list[str] | None = None) -> None:
    """A new round: remove characters from ``order`` (top card first; shuffled if None)
    and open the draft.

    Face-up removal first (a King turned up is replaced and shuffled back), then one
    face-down card that only the crown holder sees.
    """
    _reset_round(state)
    state["round"] += 1
    state["phase"] = "draft"
    if order is None:  # the shuffled cards, top card last
        stack = list(data.CHARACTERS)
        Rng(state).shuffle(stack)
    else:
        stack = order[::-1]  # pop() takes the top card
    n, crown = state["n"], state["crown"]
    rule = data.REMOVAL[n]
    king_aside = False
    while len(state["up"]) < rule["face_up"]:
        card = stack.pop()
        if card == KING:
            king_aside = True
        else:
            state["up"].append(card)
    if king_aside:
        stack.append(KING)
        Rng(state).shuffle(stack)
    for _ in range(rule["face_down_initial"]):
        card = stack.pop()
        state["down"].append(card)
        _saw(state, crown, card)
    order_seats = [(crown + i) % n for i in range(n)]
    state["draft"] = {"pool": stack, "steps": _script(rule["draft"], order_seats), "i": 0}
    events.append(Event("round_started", {"round": state["round"], "seat": crown}))
    for card in state["up"]:
        events.append(Event("removed_face_up", {"character": card}))
    events.append(Event("removed_face_down", {"count": len(state["down"])}))
    events.append(Event("saw_face_down", {"character": state["down"][0]},
                        ONLY[crown]))
    _offer(state)


def _saw(state: State, seat: int, card: str) -> None:
    """``seat`` has seen face-down ``card`` (once, even if the 7th player puts it back)."""
    if card not in state["seen"][seat]:
        state["seen"][seat].append(card)


def _script(kind: str, order: list[int]) -> list[list]:
    if kind == "two_player":
        a, b = order
        return [[a, "pick"], [b, "pick"], [b, "discard"], [a, "pick"], [a, "discard"],
                [b, "pick"]]
    if kind == "three_player":
        return [[s, "pick"] for s in order + order]
    if kind == "seven_player":
        return [[s, "pick"] for s in order[:-1]] + [[order[-1], "pick_with_down"]]
    return [[s, "pick"] for s in order]


def _offer(state: State) -> None:
    """Prepare the current draft step: the 7th player takes the face-down card; note the offer."""
    draft = state["draft"]
    seat, kind = draft["steps"][draft["i"]]
    if kind == "pick_with_down":
        card = state["down"].pop(0)
        draft["pool"].append(card)
        _saw(state, seat, card)
        draft["steps"][draft["i"]][1] = "pick"
    if draft["i"] == 0 or draft["steps"][draft["i"] - 1][0] != seat:
        state["offers"][seat].append(sorted(draft["pool"], key=data.RANK.__getitem__))


#: one shared (immutable) draft option per character
_PICK = {c: Option("pick:" + c, "pick", {"character": c}) for c in data.RANK}
_DISCARD = {c: Option("discard:" + c, "discard_character", {"character": c}) for c in data.RANK}


def draft_decision(state: State) -> Decision:
    draft = state["draft"]
    seat, kind = draft["steps"][draft["i"]]
    options = _draft_options(kind == "pick", frozenset(draft["pool"]))
    default = options[state["rng"] % len(options)].id
    return Decision(seat, "pick_character" if kind == "pick" else "discard_character", options,
                    True, default, {"round": state["round"]})


@lru_cache(maxsize=None)
def _ranked(pool: frozenset[str]) -> tuple[str, ...]:
    """The characters of a draft pool in rank order."""
    return tuple(sorted(pool, key=data.RANK.__getitem__))


@lru_cache(maxsize=None)
def _draft_options(pick: bool, pool: frozenset[str]) -> tuple[Option, ...]:
    """The pick (or discard) options of a draft pool, in rank order."""
    shared = _PICK if pick else _DISCARD
    return tuple([shared[c] for c in _ranked(pool)])


def explain_draft(state: State, option: str) -> RuleError:
    """Why a refused draft answer is illegal: usually a character not offered to this seat."""
    card = option.partition(":")[2]
    if card in data.RANK and card not in state["draft"]["pool"]:
        return RuleError("not_offered", character=card)
    return RuleError("illegal_option", option=option)


def apply_draft(state: State, seat: int, option: str, events: list[Event]) -> bool:
    """Record one draft step; True when the draft is over and calling starts."""
    draft = state["draft"]
    verb, card = option.split(":", 1)
    draft["pool"].remove(card)
    if verb == "pick":
        state["held"][card] = seat
        events.append(Event("character_chosen", {"seat": seat}))
        events.append(Event("you_chose", {"character": card}, ONLY[seat]))
    else:
        state["down"].append(card)
        _saw(state, seat, card)
        events.append(Event("character_put_down", {"seat": seat}))
    draft["i"] += 1
    if draft["i"] < len(draft["steps"]):
        _offer(state)
        return False
    for card in draft["pool"]:
        state["down"].append(card)
        _saw(state, seat, card)
        events.append(Event("character_put_down", {"seat": seat}))
    state["draft"] = None
    state["phase"] = "call"
    return True


def end_round(state: State, events: list[Event]) -> None:
    """Crown to an assassinated King's holder (unless the Acrobat was played); next round or end."""
    heir = state["held"].get(KING)
    if state["kill"] == KING and state["killed"] and not state["acrobat"] and heir is not None:
        state["crown"] = heir
        events.append(Event("crown_heir", {"seat": heir}))
    if state["first8"] is not None:
        finish(state, events)
    else:
        start_round(state, events)


def finish(state: State, events: list[Event]) -> None:
    """Game over: wagons and their gold go back; the result is stored in the state."""
    for wagon in state["wagons"]:
        state["bank"] += wagon["gold"]
        state["discard"].append(data.WAGON)
    state["wagons"] = []
    state["phase"] = "over"
    state["turn"] = None
    result = score(state)
    state["result"] = result.to_json()
    events.append(Event("game_over", {"winners": list(result.winners)}))
