"""Calling ranks 1-8: reveal, robbery, crown, turn start/end, and the secret reaction windows.

Every rank is called; an unanswered call (removed, not chosen or assassinated) is one
identical public event.  In the action-card variant a reaction window (Frištenský after
an Assassin naming, Acrobat after an unanswered King call) opens only when a seat can
play the card, and asks only that seat, anonymously (``Decision.anonymous``): the others
see "waiting for possible reactions", the same whoever holds it, never who is asked.
"""
from __future__ import annotations

from engine import simultaneous as sim
from engine.core import Decision, Event, Option, State

from engine.citadels import data
from engine.citadels.cards import discard
from engine.citadels.rounds import KING, end_round

WINDOW = "window"
_RANKS = len(data.CHARACTERS)


def advance(state: State, events: list[Event]) -> None:
    """Call the next ranks until someone must decide (a turn, a window) or the round ends."""
    held = state["held"]
    while state["turn"] is None and not state["prompt"] and not state["window"]:
        rank = state["rank"] + 1
        if rank > _RANKS:
            end_round(state, events)
            return
        state["rank"] = rank
        char = data.CHARACTERS[rank - 1]
        seat = held.get(char)
        if seat is None or (state["kill"] == char and state["killed"]):
            events.append(Event("call_unanswered", {"character": char}))
            if char == KING and state["opts"]["action_cards"]:
                holder = next((s for s in range(state["n"])
                               if data.ACROBAT in state["hands"][s]), None)
                open_window(state, data.ACROBAT, holder)
            continue
        _reveal(state, char, seat, events)


def _reveal(state: State, char: str, seat: int, events: list[Event]) -> None:
    state["revealed"].append([char, seat])
    events.append(Event("character_revealed", {"character": char, "seat": seat}))
    if state["rob"] == char:
        thief = state["held"]["thief"]
        amount = state["gold"][seat]
        state["gold"][seat] = 0
        state["gold"][thief] += amount
        events.append(Event("robbed", {"seat": seat, "thief_seat": thief, "gold": amount}))
    if char == KING and state["crown"] != seat:
        state["crown"] = seat
        events.append(Event("crown_taken", {"seat": seat}))
    if char == "bishop":
        state["bishop"] = seat
    state["turn"] = {"seat": seat, "char": char, "step1": False, "builds": 0,
                     "limit": _LIMIT.get(char, _LIMIT["default"]), "used": [], "card": None,
                     "wagons": [], "sub": None}


_LIMIT = {"architect": data.RULES["build_limit"]["architect"],
          "default": data.RULES["build_limit"]["default"]}


def open_sub(kind: str, **fields):
    """An ability/card start that opens the follow-up decision ``kind`` (fresh fields each time)."""
    def start(state: State, t: dict, events: list[Event]) -> None:
        t["sub"] = {"kind": kind, **{k: (list(v) if isinstance(v, list) else v)
                                     for k, v in fields.items()}}

    def start_bare(state: State, t: dict, events: list[Event]) -> None:
        t["sub"] = {"kind": kind}
    return start if fields else start_bare


def end_turn(state: State, events: list[Event]) -> None:
    turn = state["turn"]
    events.append(Event("turn_ended", {"seat": turn["seat"], "character": turn["char"]}))
    state["turn"] = None


# -- reaction windows ---------------------------------------------------------------

def open_window(state: State, card: str, eligible: int | None) -> None:
    """Ask ``eligible`` secretly whether to play ``card``; nothing opens (the game goes
    straight on) when nobody may play it."""
    if eligible is None or card not in state["hands"][eligible]:
        return
    sim.open_picks(state, WINDOW, [eligible])
    state[WINDOW]["card"] = card
    state[WINDOW]["eligible"] = eligible


def window_decision(state: State, seat: int) -> Decision:
    box = state[WINDOW]
    options = [Option("pass", "pass")]
    if box["eligible"] == seat and box["card"] in state["hands"][seat]:
        options.append(Option("play:" + box["card"], "play_reaction", {"card": box["card"]}))
    return Decision(seat, "reaction_window", tuple(options), secret=True, default="pass",
                    params={"character": KING if box["card"] == data.ACROBAT else state["kill"]},
                    anonymous=True)


def apply_window(state: State, seat: int, option: str, events: list[Event]) -> None:
    """Record a secret answer; when all are in, resolve the played card (if any)."""
    card = state[WINDOW]["card"]
    sim.record(state, WINDOW, seat, option)
    if not sim.complete(state, WINDOW):
        return
    answers = sim.reveal(state, WINDOW)
    state[WINDOW] = None
    player = next((s for s, a in answers.items() if a != "pass"), None)
    if player is None:
        return
    state["hands"][player].remove(card)
    if card == data.FRISTENSKY:
        state["killed"] = False
        events.append(Event("fristensky_played", {"seat": player, "character": state["kill"]}))
    else:
        state["crown"] = player
        state["acrobat"] = True
        events.append(Event("acrobat_played", {"seat": player}))
    discard(state, [card], player, events)  # said after the card was played
