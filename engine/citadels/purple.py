"""Purple district abilities used in play: Laboratory, Smithy, Graveyard, Library/Observatory.

Keep, Great Wall and School of Magic act inside the Warlord and income rules
(``characters``); Haunted City, University and Dragon Gate act at scoring.
"""
from __future__ import annotations

from engine.core import Decision, Event, Option, State

from engine.citadels import data
from engine.citadels.calling import open_sub
from engine.citadels.cards import discard, draw, gain, owns, pay, tell_drawn

LAB, SMITHY = "laboratory", "smithy"


def step1_draw(state: State, seat: int) -> tuple[int, int]:
    """(cards drawn, cards kept) for Step 1 "draw cards" (Observatory, Library)."""
    drawn = data.ABILITY["observatory"]["draw"] if owns(state, seat, "observatory") \
        else data.RULES["step1_draw"]
    keep = data.RULES["step1_keep"] + owns(state, seat, "library")
    return drawn, keep


def _lab_available(state: State, t: dict) -> bool:
    seat = t["seat"]
    return owns(state, seat, LAB) and LAB not in t["used"] and bool(state["hands"][seat])


def _smithy_available(state: State, t: dict) -> bool:
    seat = t["seat"]
    return owns(state, seat, SMITHY) and SMITHY not in t["used"] \
        and state["gold"][seat] >= data.ABILITY[SMITHY]["pay"]


def _smithy(state: State, t: dict, events: list[Event]) -> None:
    seat, ability = t["seat"], data.ABILITY[SMITHY]
    pay(state, seat, ability["pay"])
    cards = draw(state, ability["draw"], events)
    state["hands"][seat].extend(cards)
    t["used"].append(SMITHY)
    events.append(Event("smithy_used", {"seat": seat, "gold": ability["pay"],
                                        "count": len(cards)}))
    tell_drawn(events, seat, cards)


def _lab_options(state: State, t: dict):
    return [Option("discard:" + c, "discard_card", {"card": c})
            for c in dict.fromkeys(state["hands"][t["seat"]])]


def _lab(state: State, t: dict, option: str, events: list[Event]) -> None:
    card, seat = option.split(":", 1)[1], t["seat"]
    state["hands"][seat].remove(card)
    discard(state, [card], seat, events)
    gain(state, seat, data.ABILITY[LAB]["gold"])
    t["used"].append(LAB)
    t["sub"] = None
    events.append(Event("laboratory_used", {"seat": seat, "gold": data.ABILITY[LAB]["gold"]}))


def graveyard_decision(state: State) -> Decision:
    prompt = state["prompt"]
    options = (Option("take", "graveyard_take", {"card": prompt["card"], "gold": prompt["gold"]}),
               Option("decline", "decline"))
    return Decision(prompt["seat"], "graveyard", options, default="decline",
                    params={"district": prompt["card"], "gold": prompt["gold"]})


def apply_graveyard(state: State, option: str, events: list[Event]) -> None:
    prompt = state["prompt"]
    state["prompt"] = None
    seat, card = prompt["seat"], prompt["card"]
    if option == "take":
        pay(state, seat, prompt["gold"])
        state["hands"][seat].append(card)
        events.append(Event("graveyard_taken", {"seat": seat, "district": card,
                                                "gold": prompt["gold"]}))
    else:
        discard(state, [card], prompt["target"], events)


ABILITIES = {
    "laboratory": (_lab_available, open_sub("laboratory_card")),
    "smithy": (_smithy_available, _smithy),
}

SUBS = {"laboratory_card": (_lab_options, _lab)}
