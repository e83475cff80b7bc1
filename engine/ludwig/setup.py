"""A new game (section 4; solo 10): stacks, room cards, favors, market, players, bonus cards."""
from __future__ import annotations

from engine import simultaneous as sim
from engine.core import State
from engine.rng import Rng

from . import data as D
from . import market

BONUS_RETURN = "bonus_return"   # the simultaneous pick box (engine.simultaneous)


def _draw_favors(state: State, count: int) -> None:
    """Reveal favors; of completed/uncompleted keep the first revealed (rulebook p. 18)."""
    pool = list(D.FAVORS)
    Rng(state).shuffle(pool)
    shown: list[str] = []
    while len(shown) < count and pool:
        fid = pool.pop()
        if fid in D.EXCLUSIVE_FAVORS and any(f in D.EXCLUSIVE_FAVORS for f in shown):
            continue
        shown.append(fid)
    state["favors"] = shown


def new_state(seats: int, opts: dict, seed: int) -> State:
    solo = seats == 1
    state: State = {
        "rng": Rng.seed_value(seed), "n": seats, "solo": solo, "opts": dict(opts),
        "round": 1, "turn_no": 0, "last_round": False, "finished": False, "result": None,
        "final": None, "boxed": [], "favors": [], "task": None, "turn": None,
        "pool": [], "order": [], "discarded_tiles": [], "peek": None, "drawn": None,
    }
    market.new_stacks(state, seats)
    market.new_deck(state, seats if not solo else 3, opts["room_cards"])
    if solo:
        state["deck"] = state["deck"][:D.DECK_SIZE[1]]
    rng = Rng(state)
    state["mb"] = 0 if solo else rng.randrange(seats)
    bonus = list(D.BONUS_CARDS)
    rng.shuffle(bonus)
    state["bonus_deck"] = bonus          # top = last
    state["players"] = [{
        "money": D.START_MONEY, "score": 0 if solo else (s - state["mb"]) % seats,
        "bonus": [], "dealt": [], "rooms": [{"tile": D.FOYER, "rot": 0, "x": 0, "y": 0,
                                            "side": "front"}],
        "down_done": 0, "completed": [],
    } for s in range(seats)]
    market.new_market(state, seats)
    if opts.get("foyer_back", "same_as_front") == "four_doors":
        state["foyer_choosing"] = [(state["mb"] + k) % seats for k in range(seats)]
    if not solo:
        if not opts["chosen_favors"]:
            _draw_favors(state, D.FAVORS_UP[seats])
        market.fill(state, state["market"])
        state["last_round"] = False if state["deck"] else True
    if solo:
        for p in state["players"]:
            p["bonus"] = [bonus.pop(), bonus.pop()]
    elif opts["chosen_bonus"]:
        state["picking"] = [(state["mb"] + k) % seats for k in range(seats)]
    else:
        for p in state["players"]:
            p["dealt"] = [bonus.pop() for _ in range(3)]
        sim.open_picks(state, BONUS_RETURN, range(seats))
    return state
