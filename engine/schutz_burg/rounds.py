"""The round frame: start (round coin), the secret card pick, the reveal and resolution
order, and the end of the round."""
from __future__ import annotations

from functools import lru_cache

from engine import simultaneous as sim
from engine.core import Decision, Event, Option, RuleError, State

from . import data as D
from .state import new_round, seats_from, sort_cards
from .tasks import BACK, push, step

PICKS = "picks"


@step("round_start")
def round_start(state: State, _step: list, events: list[Event]) -> None:
    """Next round: the start player takes the round coin; then courtship, pick, reveal."""
    state["round"] += 1
    state["rs"] = new_round(state["n"])
    start = state["start"]
    events.append(Event("round_started", {"round": state["round"], "seat": start}))
    if state["track"] > 0:
        state["track"] -= 1
        state["players"][start]["taler"] += 1
        events.append(Event("round_coin", {"seat": start, "amount": 1}))
    steps: list[list] = []
    maiden = state["maiden"]
    if maiden is not None and state["round"] > maiden["drawn"]:
        steps.append(["courtship"])
    steps.append(["pick"])
    if state["winter"] and state["deck"] and state["round"] in D.WINTER_ROUNDS:
        steps.append(["winter_draw"])
    steps.append(["reveal"])
    push(state, *steps)


# -- the secret pick ---------------------------------------------------------------
def picks_needed(state: State, seat: int) -> int:
    """How many cards ``seat`` lays face down this round (0: an empty hand sits out)."""
    return _picks(state["n"], len(state["players"][seat]["hand"]))


def _picks(n: int, hand_size: int) -> int:
    return min(D.PICKS[n], hand_size)


@step("pick")
def open_pick(state: State, _step: list, events: list[Event]) -> None:
    seats = [s for s in range(state["n"]) if picks_needed(state, s)]
    sim.open_picks(state, PICKS, seats)
    state["draft"] = {}
    events.append(Event("choose_cards", {"round": state["round"]}))


def pick_waiting(state: State) -> list[int]:
    return sim.waiting(state, PICKS)


#: one shared (immutable) option per card
_CARD_OPTIONS = {c: Option(f"card:{c}", "card", {"card": c}) for c in D.CARD_INDEX}


def pick_options(state: State, seat: int) -> list[Option]:
    """Legal cards for ``seat``'s next face-down choice (``back`` undoes a first card)."""
    player = state["players"][seat]
    return _pick_options(player["hand"], state["draft"].get(str(seat), []),
                         bool(player["played"]))


def _pick_options(hand, draft, master_ok: bool) -> list[Option]:
    opts = [_CARD_OPTIONS[c] for c in hand if c not in draft and (master_ok or c != D.MASTER)]
    if draft:
        opts.append(BACK)
    return opts


def pick_params(state: State, seat: int) -> dict:
    return _pick_params(state["round"], state["draft"].get(str(seat), []),
                        len(state["players"][seat]["hand"]), state["n"])


def _pick_params(round_: int, draft, hand_size: int, n: int) -> dict:
    return {"round": round_, "number": len(draft) + 1, "of": _picks(n, hand_size)}


def pick_decision(state: State, seat: int) -> Decision:
    """``seat``'s secret ``pick_card`` decision (:func:`pick_options`, :func:`pick_params`),
    made once per hand, choices so far and round: another seat's pick leaves it as it is."""
    player = state["players"][seat]
    draft = state["draft"].get(str(seat))
    return _pick_decision(seat, tuple(player["hand"]), tuple(draft) if draft else (),
                          bool(player["played"]), state["round"], state["n"])


@lru_cache(maxsize=4096)  # a pick round asks again for the seats still choosing: recent keys
def _pick_decision(seat: int, hand: tuple[str, ...], draft: tuple[str, ...], master_ok: bool,
                   round_: int, n: int) -> Decision:
    opts = tuple(_pick_options(hand, draft, master_ok))
    default = next(o.id for o in opts if o.id != "back")
    return Decision(seat, "pick_card", opts, secret=True, default=default,
                    params=_pick_params(round_, draft, len(hand), n))


def act_pick(state: State, seat: int, option: str, events: list[Event]) -> None:
    draft = state["draft"]
    key = str(seat)
    if option == "back":
        draft.pop(key, None)
        return
    chosen = draft.get(key, []) + [option.split(":", 1)[1]]
    if len(chosen) < picks_needed(state, seat):
        draft[key] = chosen
        return
    draft.pop(key, None)
    sim.record(state, PICKS, seat, chosen)
    events.append(Event("card_chosen", {"seat": seat}))


def check_pick(state: State, seat: int, option: str) -> None:
    """RuleError naming why ``option`` is not a legal face-down choice for ``seat``."""
    if any(o.id == option for o in pick_options(state, seat)):
        return
    card = option.split(":", 1)[-1]
    player = state["players"][seat]
    if card in state["draft"].get(str(seat), []):
        raise RuleError("card_already_chosen", card=card)
    if card == D.MASTER and card in player["hand"] and not player["played"]:
        raise RuleError("master_builder_locked")
    if card in D.CARD_INDEX:
        raise RuleError("card_not_in_hand", card=card)
    raise RuleError("illegal_option", option=option)


# -- reveal and resolution order ---------------------------------------------------
@step("reveal")
def reveal(state: State, _step: list, events: list[Event]) -> None:
    """Turn all chosen cards face up and queue stocking, resolution, production, end."""
    chosen = sim.reveal(state, PICKS)
    rs = state["rs"]
    order = seats_from(state, state["start"])
    for seat in order:
        cards = sort_cards(chosen.get(seat, []))
        player = state["players"][seat]
        for card in cards:
            player["hand"].remove(card)
            player["played"].append(card)
            events.append(Event("card_revealed", {"seat": seat, "card": card}))
        rs["cards"][seat] = cards
    steps = [["stock", s, c] for s in order for c in rs["cards"][s] if c in D.WORKERS]
    steps += resolution_steps(state, order)
    steps.append(["round_end"])
    push(state, *steps)


def resolution_steps(state: State, order: list[int]) -> list[list]:
    """Cards by rank, ties from the start player clockwise; production after the last Trader;
    a seat's two Workers (2 players) become one step where the owner picks the order."""
    rs = state["rs"]
    entries = sorted((D.RANK[c], i, D.CARD_INDEX[c], s, c)
                     for i, s in enumerate(order) for c in rs["cards"][s])
    steps: list[list] = []
    paired: set[int] = set()
    for _rank, _i, _ci, seat, card in entries:
        if card in D.WORKERS:
            mine = [c for c in rs["cards"][seat] if c in D.WORKERS]
            if len(mine) > 1:
                if seat not in paired:
                    paired.add(seat)
                    steps.append(["worker_pair", seat, mine])
                continue
        steps.append(["resolve", seat, card])
    traders = [i for i, st in enumerate(steps) if st[0] == "resolve" and st[2] == "trader"]
    if traders:
        steps.insert(traders[-1] + 1, ["production"])
    return steps


@step("round_end")
def round_end(state: State, _step: list, events: list[Event]) -> None:
    events.append(Event("round_ended", {"round": state["round"]}))
    state["rs"]["workers"] = {}
    if state["early_end"] or state["round"] >= state["rounds"]:
        push(state, ["final"])
    else:
        state["start"] = (state["start"] + 1) % state["n"]
        push(state, ["round_start"])
