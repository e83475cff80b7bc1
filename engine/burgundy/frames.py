"""The stack of pending sub-actions ("bonus actions inside an action").

``state["stack"]`` is a list of frames (plain dicts, ``"k"`` = decision kind); the top
frame is the open decision of ``state["active"]``; an empty stack means the turn menu.
A child frame (``space``, ``discard``) sits on its parent (``die_action``, ``castle``,
a building) and, when it commits, closes the parent too; ``back`` pops only the child.

Every handler module registers ``HANDLERS[kind] = Handler(options, choose, default)``:
``options(state, frame, player) -> [Opt]``, ``choose(state, seat, frame, option)
-> [Event]`` (``option``: the chosen one of the options offered, so already validated;
its params are trusted), ``default(options) -> id | None``.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from engine.core import Event
from engine.burgundy.actions import BUY_PRICE, STORAGE, sell, take_tile, take_workers
from engine.burgundy.choices import BACK, Opt


class Handler(NamedTuple):
    options: Callable[[dict, dict, dict], list[Opt]]
    choose: Callable[[dict, int, dict, Opt], list[Event]]
    default: Callable[[list[Opt]], str | None]


HANDLERS: dict[str, Handler] = {}


def first(options: list[Opt]) -> str | None:
    return options[0].id if options else None


def prefer(*ids: str) -> Callable[[list[Opt]], str | None]:
    """A default picking the first of ``ids`` that is offered, else the first option."""
    def pick(options: list[Opt]) -> str | None:
        for option_id in ids:
            for option in options:
                if option.id == option_id:
                    return option_id
        return first(options)
    return pick


def register(kind: str, options, choose, default=first) -> None:
    HANDLERS[kind] = Handler(options, choose, default)


def push(state: dict, kind: str, **fields) -> None:
    fields["k"] = kind
    state["stack"].append(fields)


def parent_die(state: dict, p: dict) -> int | None:
    """Die value of the frame under the top one if it is a die action, else None."""
    stack = state["stack"]
    if len(stack) >= 2 and stack[-2]["k"] == "die_action":
        return p["dice"][stack[-2]["die"]]
    return None


def close_parent(state: dict, p: dict, cost: int) -> None:
    """Pop the top frame; a die action spends its die and the workers paid."""
    frame = state["stack"].pop()
    if frame["k"] == "die_action":
        p["workers"] -= cost
        p["used"][frame["die"]] = True


def start_take(state: dict, seat: int, tile: str, depot: int, cost: int = 0,
               buy: bool = False) -> list[Event]:
    """Take ``tile`` into storage, first asking what to discard if storage is full."""
    p = state["players"][seat]
    if len(p["store"]) >= STORAGE:
        state["stack"].append(  # as push() makes it (a hot path: no keyword call)
            {"tile": tile, "depot": depot, "cost": cost, "buy": buy, "k": "discard"})
        return []
    return finish_take(state, seat, tile, depot, cost, buy)


def finish_take(state: dict, seat: int, tile: str, depot: int, cost: int,
                buy: bool) -> list[Event]:
    """Pay (workers and die, or 2 silverlings) and move the tile into storage."""
    p = state["players"][seat]
    if buy:
        p["silver"] -= BUY_PRICE
        state["bought"] = True
    else:
        close_parent(state, p, cost)
    kind = ("buy" if depot else "buy_black") if buy else "take"
    return take_tile(state, seat, tile, depot, kind)


#: an action option's label -> its verb (the option id's head; a label is one look-up)
_VERB = {"take": "take", "take_cost": "take", "place": "place", "place_cost": "place",
         "place_costs": "place", "sell": "sell", "sell_cost": "sell", "workers": "workers"}


def do_action(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    """The ``choose`` of the die, castle and building frames (``frame``, on top): carry
    out ``take``/``place``/``sell``/``workers``/``decline``, or ``back`` (only a die menu
    offers it).

    The option's ``cost`` param is the worker cost of the die used (0 without a die);
    ``place`` opens the space choice, ``take`` may open the discard choice; ``back`` leaves
    the frame for the turn menu; the others close the frame at once.
    """
    if option is BACK:
        state["stack"].pop()
        return []
    verb = _VERB.get(option.label)
    if verb == "take":
        params = option.params
        return start_take(state, seat, params["tile"], params["depot"], params["cost"])
    if verb == "place":
        state["stack"].append({"tile": option.params["tile"], "k": "space"})  # as push()
        return []
    p = state["players"][seat]
    if verb == "sell":
        close_parent(state, p, option.params["cost"])
        return sell(state, seat, int(option.id.partition(":")[2]))
    close_parent(state, p, 0)
    if verb == "workers":
        return take_workers(state, seat)
    return [Event("decline", {"seat": seat})]
