"""Game setup: the basic game, and the advanced variant's estate and start-castle choice.

Advanced (option ``estates="advanced"``): every player is dealt a double-sided board
(rules §17 fallback pairing) and, in turn order and openly, picks a side
(``choose_estate``: ``side:<estate>``) and the castle space for the start castle
(``start_castle``: ``castle:<space>``, ``back``).  Then round 1 starts.
"""
from __future__ import annotations

from engine.core import Event, Option
from engine.burgundy.board import setup_state, start_round
from engine.burgundy.choices import BACK
from engine.burgundy.data import COLOUR_BACK, ESTATES
from engine.burgundy.frames import first, register

STANDARD, ADVANCED = "standard", "advanced"


def new_game(seats: int, options: dict, seed: int) -> dict:
    state = setup_state(seats, options, seed)
    if not state["setup_queue"]:
        start_round(state)
    return state


def _side_options(state: dict, frame: dict, p: dict) -> list[Option]:
    return [Option(f"side:{n}", "side", {"estate": n}) for n in p["board"]]


def _side_choose(state: dict, seat: int, frame: dict, option_id: str) -> list[Event]:
    state["players"][seat]["estate"] = int(option_id.split(":")[1])
    frame["k"] = "start_castle"
    return []


def _castle_options(state: dict, frame: dict, p: dict) -> list[Option]:
    return [Option(f"castle:{s}", "start_castle", {"space": s})
            for s in ESTATES[p["estate"]].castle_spaces] + [BACK]


def _castle_choose(state: dict, seat: int, frame: dict, option_id: str) -> list[Event]:
    if option_id == "back":
        frame["k"] = "choose_estate"
        return []
    p = state["players"][seat]
    space = int(option_id.split(":")[1])
    p["sp"][space] = state["supply"][COLOUR_BACK["castle"]].pop()
    events = [Event("estate_chosen", {"seat": seat, "estate": p["estate"], "space": space})]
    queue = state["setup_queue"]
    queue.pop(0)
    if queue:
        state["active"] = queue[0]
        frame["k"] = "choose_estate"
        return events
    state["stack"].pop()
    return events + start_round(state)


register("choose_estate", _side_options, _side_choose, first)
register("start_castle", _castle_options, _castle_choose, first)
