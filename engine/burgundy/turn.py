"""A player's turn (rules §6.3, §8): the turn menu, die actions, spaces and discards.

Decisions: ``turn`` (``die:<i>``, ``buy_black:<tile>``, ``buy:<depot>:<tile>``, ``end``),
``die_action`` (``take:<depot>:<tile>``, ``place:<tile>``, ``sell:<goods>``, ``workers``,
``back``), ``space`` (``space:<id>``, ``back``) and ``discard`` (``discard:<tile>``,
``back``).  Worker costs are shown in each option's ``cost`` param and paid on commit.
"""
from __future__ import annotations

from engine.core import Event, Option, make_option
from engine.burgundy.actions import can_buy, discard_stored, place_tile
from engine.burgundy.choices import BACK, WORKERS, Opt, action_options, space_options
from engine.burgundy.data import DEPOTS, TILES
from engine.burgundy.effects import resolve_effect
from engine.burgundy.flow import next_turn
from engine.burgundy.frames import (
    close_parent, do_action, finish_take, first, parent_die, register, start_take,
)
from engine.burgundy.knowledge import BUY_ANY_DEPOT

END = Option("end", "end")


# -- the turn menu ----------------------------------------------------------------------
#: ``[die index][value]`` -> its ``die:<i>`` option
_DIE = tuple(tuple(Option(f"die:{i}", "die", {"die": i + 1, "value": v}) for v in range(7))
             for i in (0, 1))


def turn_options(state: dict, p: dict) -> list[Opt]:
    dice, used = p["dice"], p["used"]
    out = []
    if not used[0]:
        out.append(_DIE[0][dice[0]])
    if not used[1]:
        out.append(_DIE[1][dice[1]])
    if can_buy(state, p):
        out += [_BUY_BLACK.get(t) or _buy(0, t) for t in state["black"]]
        if BUY_ANY_DEPOT in p["know"]:
            out += [_BUY.get((d, t)) or _buy(d, t)
                    for d in DEPOTS for t in state["depots"][d - 1] if t is not None]
    if used[0] and used[1]:
        out.append(END)
    return out


#: purchase options, made once: ``buy_black`` per tile, ``buy`` per (depot, tile)
_BUY_BLACK: dict[str, Option] = {}
_BUY: dict[tuple[int, str], Option] = {}


def _buy(depot: int, tile: str) -> Option:
    if not depot:
        opt = _BUY_BLACK[tile] = Option(f"buy_black:{tile}", "buy_black", {"tile": tile})
    else:
        opt = _BUY[depot, tile] = Option(f"buy:{depot}:{tile}", "buy",
                                         {"tile": tile, "depot": depot})
    return opt


def turn_choose(state: dict, seat: int, frame, option: Opt) -> list[Event]:
    verb = option.label
    if verb == "die":
        state["stack"].append({"die": option.params["die"] - 1, "k": "die_action"})  # as push()
        return []
    if verb == "buy_black":
        return start_take(state, seat, option.params["tile"], 0, buy=True)
    if verb == "buy":
        return start_take(state, seat, option.params["tile"], option.params["depot"], buy=True)
    return next_turn(state)


# -- die actions ------------------------------------------------------------------------
def die_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    options = action_options(state, p, p["dice"][frame["die"]])
    if "auto" not in frame:
        options.append(BACK)
    return options


# -- choosing the space -----------------------------------------------------------------
def _space_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    return space_options(p, frame["tile"], parent_die(state, p)) + [BACK]


def _space_choose(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    """Put the tile on the chosen space, paying the space's worker cost (its param,
    worked out from the parent's die when the option was offered)."""
    if option is BACK:
        state["stack"].pop()
        return []
    p = state["players"][seat]
    tile, space = frame["tile"], option.params["space"]
    state["stack"].pop()
    close_parent(state, p, option.params["cost"])
    return place_tile(state, seat, tile, space) + resolve_effect(state, seat, tile, space)


# -- full storage -----------------------------------------------------------------------
def _discard_options(state: dict, frame: dict, p: dict) -> list[Opt]:
    """``discard:<stored tile>`` for each stored tile, made afresh: an option names the
    new tile too, and the (stored, new) pairs of random play hardly repeat (a kept
    table of them missed 85% of the time, which cost twice a plain making)."""
    new = frame["tile"]
    out = [make_option(_DISCARD_IDS[t], "discard", {"tile": t, "new": new}) for t in p["store"]]
    out.append(BACK)
    return out


#: tile -> its ``discard:<tile>`` option id (made once, not formatted per option)
_DISCARD_IDS = {t: f"discard:{t}" for t in TILES}


def _discard_choose(state: dict, seat: int, frame: dict, option: Opt) -> list[Event]:
    state["stack"].pop()
    if option is BACK:
        return []
    events = discard_stored(state, seat, option.params["tile"])
    return events + finish_take(state, seat, frame["tile"], frame["depot"], frame["cost"],
                                frame["buy"])


register("die_action", die_options, do_action, lambda options: WORKERS.id)  # always offered
register("space", _space_options, _space_choose, first)
register("discard", _discard_options, _discard_choose, first)
