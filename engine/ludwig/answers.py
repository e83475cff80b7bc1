"""Applying a (validated) answer to the open task, then moving the game on."""
from __future__ import annotations

from engine import simultaneous as sim
from engine.core import Event, State
from engine.rng import Rng

from . import data as D
from . import flow
from .build import castle, pay, place, reward
from .decisions import offered_placement, parse_place, placement_options
from .setup import BONUS_RETURN


def _bonus_return(state: State, seat: int, option: str, events: list[Event]) -> None:
    card = option.split(":", 1)[1]
    sim.record(state, BONUS_RETURN, seat, card)
    events.append(Event("bonus_chosen", {"seat": seat}))
    if sim.complete(state, BONUS_RETURN):
        picks = sim.reveal(state, BONUS_RETURN)
        n = state["n"]
        for k in range(n):
            s = (state["mb"] + k) % n
            p = state["players"][s]
            p["bonus"] = [c for c in p["dealt"] if c != picks[s]]
            p["dealt"] = []
            state["bonus_deck"].insert(0, picks[s])
        events.append(Event("bonus_returned", {}))
        flow.after_setup(state, events)


def _turn(state: State, seat: int, option: str, events: list[Event]) -> None:
    player = state["players"][seat]
    if option == "take":
        player["money"] += D.PASS_INCOME
        events.append(Event("took_money", {"seat": seat, "money": D.PASS_INCOME}))
        _after_turn_action(state, events)
        return
    if option.startswith("buy:"):
        i = int(option[4:])
        tile = state["market"][i]["tile"]
        state["task"] = {"type": "place", "seat": seat, "tile": tile, "slot": i, "free": False}
    else:
        state["task"] = {"type": "place", "seat": seat, "tile": option, "slot": None,
                         "free": False}


def _place(state: State, seat: int, option: str, events: list[Event]) -> None:
    task = state["task"]
    if option == "back":
        if task.get("spot") is not None and placement_options(state, task)[0] == "place_rot":
            task["spot"] = None
        elif task["free"]:
            state["task"] = {"type": "corridor", "seat": seat}
        else:
            state["task"] = {"type": "turn", "seat": seat}
        return
    if option.startswith("spot:"):
        task["spot"] = int(option[5:])
        return
    rot, x, y, side = parse_place(option)
    tile, player = task["tile"], state["players"][seat]
    before = castle(state, seat)
    if task["free"]:
        state["supply"][tile] -= 1
        state["turn"]["corridor_used"] = True
        events.append(Event("free_corridor", {"seat": seat, "tile": tile}))
    elif task["slot"] is not None:
        slot = state["market"][task["slot"]]
        if slot["coins"]:
            player["money"] += slot["coins"]
            events.append(Event("took_coins", {"seat": seat, "money": slot["coins"]}))
        pay(state, seat, slot["price"], events, tile)
        slot["tile"], slot["coins"] = None, 0
    else:
        state["supply"][tile] -= 1
        pay(state, seat, D.CORRIDOR_PRICE, events, tile)
    state["task"] = None
    place(state, seat, tile, rot, x, y, side, events, offered_placement(before, tile, option))
    _after_turn_action(state, events)


def _after_turn_action(state: State, events: list[Event]) -> None:
    """Open the next reward of the pool, or end the turn."""
    seat = state["turn"]["seat"]
    pool = state["pool"]
    if not pool:
        flow.end_turn(state, events)
    elif len(pool) == 1:
        _open_reward(state, seat, 0, events)
    else:
        state["task"] = {"type": "reward", "seat": seat}


def _open_reward(state: State, seat: int, i: int, events: list[Event]) -> None:
    """Open pool entry ``i``; one that can no longer be had (the turn's free corridor
    piece was already taken, the bonus deck ran dry) is lost and the pool moves on."""
    entry = state["pool"].pop(i)
    kind, room = entry["kind"], entry["room"]
    if kind == "corridor" and state["turn"]["corridor_used"]:
        events.append(Event("reward_corridor_lost", {"seat": seat}))
        _after_turn_action(state, events)
    elif kind == "utility" and not state["bonus_deck"]:
        events.append(Event("reward_utility_empty", {"seat": seat}))
        _after_turn_action(state, events)
    elif kind == "corridor":
        state["task"] = {"type": "corridor", "seat": seat}
    elif kind == "wild":
        state["task"] = {"type": "wild", "seat": seat, "room": room}
    elif kind == "sleeping":
        state["task"] = {"type": "sleep_stack", "seat": seat}
    else:
        _draw_utility(state)
        state["task"] = {"type": "utility", "seat": seat}


def _draw_utility(state: State) -> None:
    deck = state["bonus_deck"]
    state["drawn"] = [deck.pop() for _ in range(min(2, len(deck)))]


def _reward(state: State, seat: int, option: str, events: list[Event]) -> None:
    _open_reward(state, seat, int(option[3:]), events)


def _corridor(state: State, seat: int, option: str, events: list[Event]) -> None:
    if option == "decline":
        events.append(Event("declined", {"seat": seat}))
        _after_turn_action(state, events)
        return
    state["task"] = {"type": "place", "seat": seat, "tile": option, "slot": None, "free": True}


def _wild(state: State, seat: int, option: str, events: list[Event]) -> None:
    if option == "decline":
        events.append(Event("declined", {"seat": seat}))
        _after_turn_action(state, events)
        return
    kind = option.split(":", 1)[1]
    room = state["task"]["room"]
    events.append(Event("wild_chosen", {"seat": seat, "type": kind}))
    state["task"] = None
    if kind in ("corridor", "sleeping", "utility"):
        state["pool"].insert(0, {"kind": kind, "room": room})
        _open_reward(state, seat, 0, events)
        return
    reward(state, seat, kind, room, events)
    _after_turn_action(state, events)


def _sleep_stack(state: State, seat: int, option: str, events: list[Event]) -> None:
    if option == "decline":
        events.append(Event("declined", {"seat": seat}))
        _after_turn_action(state, events)
        return
    size = option.split(":", 1)[1]
    state["peek"] = list(state["stacks"][size])
    state["task"] = {"type": "sleep_pick", "seat": seat, "size": size, "chosen": []}
    events.append(Event("stack_viewed", {"seat": seat, "size": int(size)}))
    events.append(Event("stack_contents", {"seat": seat, "size": int(size),
                                           "tiles": sorted(state["peek"])},
                        frozenset({seat})))


def _sleep_pick(state: State, seat: int, option: str, events: list[Event]) -> None:
    task = state["task"]
    if option.startswith("tile:"):
        task["chosen"].append(option[5:])
        if len(task["chosen"]) < 2:
            return
    size, chosen = task["size"], task["chosen"]
    stack = [t for t in state["stacks"][size] if t not in chosen]
    Rng(state).shuffle(stack)
    state["stacks"][size] = stack
    state["peek"] = None
    if state["last_round"]:
        state["discarded_tiles"].extend(chosen)
        events.append(Event("tiles_discarded", {"seat": seat, "size": int(size),
                                                "count": len(chosen)}))
    else:
        state["prepared"][:0] = [{"tile": t, "by": seat} for t in chosen]
        events.append(Event("tiles_prepared", {"seat": seat, "size": int(size),
                                               "count": len(chosen)}))
    if chosen:
        events.append(Event("tiles_chosen", {"seat": seat, "tiles": list(chosen)},
                            frozenset({seat})))
    state["task"] = None
    _after_turn_action(state, events)


def _utility(state: State, seat: int, option: str, events: list[Event]) -> None:
    card = option.split(":", 1)[1]
    drawn = state["drawn"]
    state["players"][seat]["bonus"].append(card)
    for other in drawn:
        if other != card:
            state["bonus_deck"].insert(0, other)
    state["drawn"] = None
    events.append(Event("bonus_drawn", {"seat": seat, "count": len(drawn)}))
    events.append(Event("bonus_kept", {"seat": seat, "card": card}, frozenset({seat})))
    state["task"] = None
    _after_turn_action(state, events)


def _price(state: State, seat: int, option: str, events: list[Event]) -> None:
    task = state["task"]
    if option == "confirm":
        events.append(Event("prices_set", {"seat": seat,
                                           "market": {s["tile"]: s["price"] for s in state["market"]
                                                      if s["tile"]}}))
        state["task"] = None
        flow.after_pricing(state)
        return
    state["task"] = {"type": "price_to", "seat": seat, "from": int(option[5:]),
                     "moves": task["moves"]}


def _price_to(state: State, seat: int, option: str, events: list[Event]) -> None:
    task = state["task"]
    if option != "back":
        a, b = task["from"], int(option[3:])
        market = state["market"]
        for k in ("tile", "coins"):
            market[a][k], market[b][k] = market[b][k], market[a][k]
    state["task"] = {"type": "price", "seat": seat,
                     "moves": task["moves"] + (option != "back")}


def _favor_pick(state: State, seat: int, option: str, events: list[Event]) -> None:
    favor = option.split(":", 1)[1]
    state["favors"].append(favor)
    events.append(Event("favor_chosen", {"seat": seat, "favor": favor}))
    flow.setup_task(state)
    if state["task"] is None:
        flow.after_setup(state, events)


def _bonus_pick(state: State, seat: int, option: str, events: list[Event]) -> None:
    card = option.split(":", 1)[1]
    player = state["players"][seat]
    player["bonus"].append(card)
    state["bonus_deck"].remove(card)
    events.append(Event("bonus_chosen", {"seat": seat}))
    if len(player["bonus"]) >= 2:
        state["picking"].pop(0)
    flow.setup_task(state)
    if state["task"] is None:
        flow.after_setup(state, events)


def _foyer_side(state: State, seat: int, option: str, events: list[Event]) -> None:
    side = option.split(":", 1)[1]
    state["players"][seat]["rooms"][0]["side"] = side
    state["foyer_choosing"].pop(0)
    events.append(Event("foyer_side", {"seat": seat, "side": side}))
    flow.setup_task(state)
    if state["task"] is None:
        flow.after_setup(state, events)


HANDLERS = {
    "turn": _turn, "place": _place, "price": _price, "price_to": _price_to,
    "reward": _reward, "corridor": _corridor, "wild": _wild, "sleep_stack": _sleep_stack,
    "sleep_pick": _sleep_pick, "utility": _utility, "favor_pick": _favor_pick,
    "bonus_pick": _bonus_pick, "foyer_side": _foyer_side,
}


def answer(state: State, seat: int, option: str) -> list[Event]:
    events: list[Event] = []
    if sim.is_open(state, BONUS_RETURN):
        _bonus_return(state, seat, option, events)
    else:
        HANDLERS[state["task"]["type"]](state, seat, option, events)
    return events
