"""A full Citadels state consistent with one seat's view (for honest AI search).

Known from the view: everything public plus the seat's own hand, characters, offers,
seen face-down cards and peeks.  Sampled: the other hands and the draw pile (from the
cards this seat has not seen), the characters of the others, the face-down characters
and the draft pool (from the characters this seat cannot place).  The seat's own open
decision, when the caller adds it as ``view["my_decision"]`` (``{"kind", "options",
"params"}``), fills the seat's own follow-up step (e.g. which district the Human
Cannonball removes, from the options' parameters) and tells which Box-Office Wagons the
seat has used this turn (a wagon it may not use again is missing from its options).
"""
from __future__ import annotations

import math
import random
from collections import Counter

from engine.core import State
from engine.citadels import data
from engine.citadels.rounds import _script
from engine.citadels.scoring import breakdown


def determinize(view: dict, rng: random.Random) -> State:
    seat, n, me = view["seat"], view["players"], view["me"]
    opts = dict(view["options"])
    seats = view["seats"]
    state: State = {
        "rng": rng.getrandbits(63), "n": n, "opts": opts, "round": view["round"],
        "phase": view["phase"], "crown": view["crown"], "bank": view["bank"],
        "gold": [s["gold"] for s in seats], "cities": [list(s["city"]) for s in seats],
        "haunted": {}, "wagons": [dict(w) for w in view["wagons"]],
        "discard": list(view["discard"]), "first8": view["first_complete"], "result": None,
        "wagon_seq": max((w.get("id", 0) for w in view["wagons"]), default=0),
        "up": list(view["removed_face_up"]), "rank": view["called_rank"],
        "revealed": [[r["character"], r["seat"]] for r in view["revealed"]],
        "kill": view["assassin_target"], "rob": view["thief_target"],
        "killed": bool(view["assassin_target"]) and not view["assassin_saved"],
        "bishop": view["bishop_seat"], "acrobat": False, "prompt": view["prompt"] and dict(view["prompt"]),
        "seen": [[] for _ in range(n)], "offers": [[] for _ in range(n)],
        "peeks": [[] for _ in range(n)],
    }
    state["seen"][seat] = list(me["seen_face_down"])
    state["offers"][seat] = [list(o) for o in me["offers"]]
    state["peeks"][seat] = [dict(p, hand=list(p["hand"])) for p in me["peeks"]]
    for s, city in enumerate(state["cities"]):
        if "haunted_city" in city:  # taken as built in an earlier round
            state["haunted"][str(s)] = 0
    _cards(view, state, rng)
    _characters(view, state, rng)
    _turn(view, state)
    return state


def _cards(view: dict, state: State, rng: random.Random) -> None:
    """Own hand as known, peeked hands as seen, the rest dealt from the unseen cards."""
    seat, me = view["seat"], view["me"]
    unseen = Counter(data.deck(state["opts"]["great_wall"], state["opts"]["action_cards"]))
    unseen -= Counter(view["discard"])
    for s in view["seats"]:
        unseen -= Counter(c for c in s["city"])
    unseen -= Counter(me["hand"]) + Counter(me["drawn"])
    unseen -= Counter({data.WAGON: len(view["wagons"])})  # wagons in play
    window = view["window"]
    pool = list(unseen.elements())
    rng.shuffle(pool)
    hands = [[] for _ in view["seats"]]
    hands[seat] = list(me["hand"])
    if window and not _asked(view):  # someone else holds the reaction card
        other = rng.choice([s for s in range(view["players"]) if s != seat])
        if window["card"] in pool and view["seats"][other]["hand_size"] > 0:
            pool.remove(window["card"])
            hands[other].append(window["card"])
    for peek in me["peeks"]:  # a hand this seat has looked at keeps what it saw
        s = peek["seat"]
        for card in peek["hand"]:
            if card in pool and len(hands[s]) < view["seats"][s]["hand_size"]:
                pool.remove(card)
                hands[s].append(card)
    for s, info in enumerate(view["seats"]):
        while s != seat and len(hands[s]) < info["hand_size"]:
            hands[s].append(pool.pop())
    state["hands"] = hands
    state["deck"] = pool[:view["draw_pile"]]
    state["window"] = None
    if window:
        eligible = seat if _asked(view) else next(
            (s for s in range(view["players"]) if window["card"] in hands[s] and s != seat), seat)
        state["window"] = {"open": [eligible], "picks": {}, "card": window["card"],
                           "eligible": eligible}


def _asked(view: dict) -> bool:
    """Is this seat the one asked in the open reaction window?"""
    mine = view.get("my_decision")
    if mine is not None:
        return mine["kind"] == "reaction_window"
    return view["window"] is not None and view["window"]["card"] in view["me"]["hand"]


def _characters(view: dict, state: State, rng: random.Random) -> None:
    """Who holds which character, face-down cards and the draft pool."""
    seat, n, me = view["seat"], view["players"], view["me"]
    held = {c: seat for c in me["characters"]}
    held.update({r["character"]: r["seat"] for r in view["revealed"]})
    draft_view = view["draft"]
    rule = data.REMOVAL[n]
    steps, i = [], 0
    if draft_view is not None:
        order = [(view["crown"] + k) % n for k in range(n)]
        steps = _script(rule["draft"], order)
        per = Counter()
        pool_start = len(data.CHARACTERS) - len(view["removed_face_up"]) - rule["face_down_initial"]
        i = pool_start - draft_view["pool_size"]
        if rule["draft"] == "seven_player" and draft_view["seat"] == steps[-1][0]:
            i += 1  # the face-down card joined the pool
        for s, step in steps[:i]:
            if step != "discard":
                per[s] += 1
        wanted = {s: per[s] for s in range(n) if s != seat}
    else:
        wanted = {s: rule["characters_per_player"] for s in range(n) if s != seat}
    for s in wanted:
        wanted[s] -= sum(1 for c, who in held.items() if who == s)
    free = [c for c in data.CHARACTERS if c not in held and c not in view["removed_face_up"]]
    known_down = [c for c in me["seen_face_down"] if c not in held and c not in me["draft_pool"]]
    known_down = known_down[:view["removed_face_down"]]  # a 7th player took it up
    drafting = draft_view is not None and draft_view["seat"] == seat
    pool = list(me["draft_pool"]) if drafting else []
    free = [c for c in free if c not in known_down and c not in pool]
    rng.shuffle(free)
    for s, k in wanted.items():
        for _ in range(max(0, k)):
            if free:
                held[free.pop()] = s
    if draft_view is not None and not drafting:
        pool = [free.pop() for _ in range(min(draft_view["pool_size"], len(free)))]
    down = known_down + free
    rng.shuffle(down)
    down = down[:view["removed_face_down"]]
    state["held"], state["down"] = held, down
    state["draft"] = None
    if draft_view is not None:
        state["draft"] = {"pool": pool, "steps": [list(s) for s in steps], "i": i}
        state["draft"]["steps"][i][1] = draft_view["step"]


def _turn(view: dict, state: State) -> None:
    t = view["turn"]
    if t is None:
        state["turn"] = None
        return
    sub = None
    me = view["me"]
    if t["seat"] == view["seat"]:
        kind = (view.get("my_decision") or {}).get("kind")
        if me["drawn"]:
            sub = {"kind": kind or "keep_card", "drawn": list(me["drawn"]), "keep": 1,
                   "wagon": None}
        elif kind and kind not in ("turn", "reaction_window", "graveyard", "wagon_cash"):
            sub = {"kind": kind}
    state["turn"] = {"seat": t["seat"], "char": t["character"], "step1": t["step1_done"],
                     "builds": t["builds"], "limit": t["build_limit"], "used": list(t["used"]),
                     "card": t["action_card"], "wagons": _used_wagons(view, state), "sub": sub}
    if sub is not None and sub["kind"] in _SUB_FIELDS:
        _fill_sub(view, state, sub)


def _used_wagons(view: dict, state: State) -> list[int]:
    """Wagons the seat in turn has used this turn, as far as its own options tell: every
    wagon of an owner whose ``wagon:<owner>`` option is missing although it could pay.
    (Another seat's turn: unknown, and only that seat's options depend on it.)"""
    mine = view.get("my_decision") or {}
    seat = view["seat"]
    if view["turn"]["seat"] != seat or mine.get("kind") != "turn" or state["gold"][seat] < 1:
        return []
    return [w["id"] for w in state["wagons"]
            if w["owner"] != seat and f"wagon:{w['owner']}" not in mine["options"]]


#: follow-up steps whose fields the view does not show: candidates per kind
_SUB_FIELDS = {
    "swap_deck_cards": lambda v: [{"selected": list(v["me"]["selected"])}],
    "fortune_card": lambda v: [{"target": p["seat"]} for p in reversed(v["me"]["peeks"])],
    "cannonball_build": lambda v: [{"removed": p["removed"]} for p in
                                   (v.get("my_decision") or {}).get("params", {}).values()
                                   if "removed" in p][:1] or
    [{"removed": d} for d in dict.fromkeys(v["seats"][v["seat"]]["city"])],
}


def _fill_sub(view: dict, state: State, sub: dict) -> None:
    """The first candidate whose options are the seat's own (known) options."""
    from engine.citadels.turn import turn_decision
    wanted = (view.get("my_decision") or {}).get("options")
    candidates = _SUB_FIELDS[sub["kind"]](view)
    for fields in candidates:
        sub.update(fields)
        try:
            if wanted is None or [o.id for o in turn_decision(state).options] == wanted:
                return
        except (KeyError, ValueError):
            continue
    if candidates:
        sub.update(candidates[0])


#: search rollouts stop after this many actions (about two rounds of two seats) and
#: judge the position by the city's points plus what gold and cards can still build
HORIZON = 40
#: hard plays its rollouts to the end (``Budget.reach`` in ``engine.search``).  Where
#: hard and normal picked differently, hard's picks gained, per such decision,
#: +0.035 ± 0.019 (30 decisions) win share over normal's with rollouts cut at HORIZON,
#: +0.055 ± 0.029 (19) played to the end (judged by 20 paired full heuristic rollouts;
#: 2 seats, seeds 800-804 and 800-803: ``tests/engine/search_diagnose.py``)
#: Arena, hard vs normal at 2 seats: 18 of 20 games (seeds 800-819; 95% CI 70-97%),
#: where hard with the cut-off had won 10 of 17 on seeds 800-816.
MAX_REACH = math.inf
SCALE = 8.0  # a lead of SCALE points is most of a win (tanh(1) = 0.76)
GOLD, CARD = 0.6, 0.4  # points a gold coin and a card in hand are worth to the estimate


def ai_scores(state: State) -> list[float]:
    """Every seat's points if the game ended now plus a little for its gold and hand."""
    return [sum(breakdown(state, s).values()) + GOLD * state["gold"][s]
            + CARD * min(len(state["hands"][s]), 4) for s in range(state["n"])]
