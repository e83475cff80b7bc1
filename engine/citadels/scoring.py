"""Final scoring and tie-breaks (district points, then gold, then a shared win)."""
from __future__ import annotations

from engine.core import Result, State

from engine.citadels import data

FIVE = frozenset(data.COLOURS)
HAUNTED = "haunted_city"


def district_points(city: list[str]) -> int:
    return sum(data.DISTRICTS[d]["points"] for d in city if d in data.DISTRICTS)


def has_all_colours(state: State, seat: int) -> bool:
    """Five colours, the Haunted City standing in for one unless built in the final round."""
    city = state["cities"][seat]
    wild = HAUNTED in city and state["haunted"].get(str(seat)) != state["round"]
    colours = {data.DISTRICTS[d]["colour"] for d in city
               if d in data.DISTRICTS and not (wild and d == HAUNTED)}
    missing = len(FIVE - colours)
    return missing == 0 or (wild and missing == 1)


def breakdown(state: State, seat: int) -> dict[str, int]:
    city, rules = state["cities"][seat], data.SCORING
    complete = len(city) >= rules["completed_city_size"]
    parts = {
        "districts": district_points(city),
        "colours": rules["all_colours_bonus"]["points"] if has_all_colours(state, seat) else 0,
        "first_complete": rules["first_completed_bonus"] if state["first8"] == seat else 0,
        "complete": rules["other_completed_bonus"]
        if complete and state["first8"] != seat else 0,
        "action_cards": rules["variant_action_card_in_hand"]
        * sum(1 for c in state["hands"][seat] if c in data.ACTION_CARDS),
    }
    return parts


def score(state: State) -> Result:
    parts = {s: breakdown(state, s) for s in range(state["n"])}
    totals = {s: sum(p.values()) for s, p in parts.items()}
    best = max((totals[s], parts[s]["districts"], state["gold"][s]) for s in totals)
    winners = tuple(s for s in totals
                    if (totals[s], parts[s]["districts"], state["gold"][s]) == best)
    return Result(winners=winners, scores=totals, breakdown=parts)
