"""What one seat (or a spectator) may know of a Citadels game: the ONLY input of renderers.

Schema of ``view(state, seat)`` (all JSON; ids are data ids, translate with ``names()``;
district colour/cost/points come from ``DISTRICTS`` in ``engine.citadels.data``)::

    {
      "game": "citadels", "seat": int | None, "players": int, "finished": bool,
      "options": {"action_cards": bool, "great_wall": bool},
      "round": int,                      # 1-based
      "phase": "draft" | "call" | "over",
      "crown": int,                      # crown holder's seat
      "current_seat": int | None,        # who must act in the draft / whose turn it is
      "called_rank": int,                # 0 during the draft, then 1..8
      "current_character": str | None,   # character whose turn it is
      "draw_pile": int,                  # size of the draw pile
      "discard": [card_id, ...],         # face-up discard pile, oldest first
      "bank": int,                       # bank ledger (unlimited; may go below 0)
      "removed_face_up": [character_id, ...],
      "removed_face_down": int,          # how many characters lie face down
      "revealed": [{"character": id, "seat": int}, ...],   # in calling order
      "assassin_target": character_id | None, "assassin_saved": bool,
      "thief_target": character_id | None,
      "bishop_seat": int | None,         # who revealed a living Bishop this round
      "first_complete": int | None,      # seat that first reached 8 districts
      "wagons": [{"owner": int, "gold": int}, ...],       # Box-Office Wagons in play
      "seats": [                         # one per seat in seating order
        {"seat": int, "gold": int, "hand_size": int,
         "city": [district_id, ...],      # in build order; may contain "big_top"
         "big_tops": int, "characters": [revealed character ids this round],
         "is_crown": bool}
      ],
      "draft": {"seat": int, "step": "pick" | "discard", "pool_size": int} | None,
      "turn": {"seat", "character", "step1_done", "builds", "build_limit", "used": [..],
               "action_card": card_id | None} | None,
      "window": {"card": card_id} | None,   # a reaction window is open (never who is asked)
      "prompt": {"kind": "graveyard" | "wagon_cash", "seat": int, "card"?: id,
                 "gold"?: int} | None,
      "me": {                            # only for a seat (absent for spectators)
        "hand": [card_id, ...], "characters": [character_id, ...],
        "offers": [[character_id, ...], ...],   # sets handed to me in this draft
        "draft_pool": [character_id, ...],      # what I choose from now ([] if not drafting)
        "seen_face_down": [character_id, ...],  # face-down characters I have seen
        "peeks": [{"seat": int, "hand": [card_id, ...]}],  # Fortune Teller looks
        "drawn": [card_id, ...],          # cards I am choosing from (keep_card)
        "selected": [int, ...],           # hand indexes chosen for a deck swap
      },
      # only when finished:
      "result": Result.to_json(), "hands": [[card_id, ...] per seat],
      "characters": {character_id: seat}, "face_down": [character_id, ...],
    }
"""
from __future__ import annotations

from engine.core import State

from engine.citadels.data import BIG_TOP, CHARACTERS


def view(state: State, seat: int | None) -> dict:
    n = state["n"]
    turn, draft = state["turn"], state["draft"]
    finished = state["phase"] == "over"
    revealed = state["revealed"]
    current = turn["seat"] if turn else (draft["steps"][draft["i"]][0] if draft else None)
    out = {
        "game": "citadels", "seat": seat, "players": n, "finished": finished,
        "options": dict(state["opts"]), "round": state["round"], "phase": state["phase"],
        "crown": state["crown"], "current_seat": current, "called_rank": state["rank"],
        "current_character": turn["char"] if turn else None,
        "draw_pile": len(state["deck"]), "discard": list(state["discard"]),
        "bank": state["bank"], "removed_face_up": list(state["up"]),
        "removed_face_down": len(state["down"]),
        "revealed": [{"character": c, "seat": s} for c, s in revealed],
        "assassin_target": state["kill"], "assassin_saved": bool(state["kill"])
        and not state["killed"], "thief_target": state["rob"],
        "bishop_seat": state["bishop"], "first_complete": state["first8"],
        "wagons": [dict(w) for w in state["wagons"]],
        "seats": [_seat_info(state, s) for s in range(n)],
        "draft": None, "turn": None, "window": {"card": state["window"]["card"]} if state["window"] else None,
        "prompt": dict(state["prompt"]) if state["prompt"] else None,
    }
    if draft:
        step_seat, step = draft["steps"][draft["i"]]
        out["draft"] = {"seat": step_seat, "step": step, "pool_size": len(draft["pool"])}
    if turn:
        out["turn"] = {"seat": turn["seat"], "character": turn["char"],
                       "step1_done": turn["step1"], "builds": turn["builds"],
                       "build_limit": turn["limit"], "used": list(turn["used"]),
                       "action_card": turn["card"]}
    if seat is not None:
        out["me"] = _private(state, seat)
    if finished:
        out["result"] = state["result"]
        out["hands"] = [list(h) for h in state["hands"]]
        out["characters"] = dict(state["held"])
        out["face_down"] = list(state["down"])
    return out


def _seat_info(state: State, s: int) -> dict:
    city = state["cities"][s]
    return {"seat": s, "gold": state["gold"][s], "hand_size": len(state["hands"][s]),
            "city": list(city), "big_tops": city.count(BIG_TOP),
            "characters": [c for c, who in state["revealed"] if who == s],
            "is_crown": state["crown"] == s}


def _private(state: State, seat: int) -> dict:
    turn = state["turn"]
    sub = turn["sub"] if turn and turn["seat"] == seat else None
    mine = sorted((c for c, who in state["held"].items() if who == seat),
                  key=CHARACTERS.index)
    draft = state["draft"]
    drafting = draft is not None and draft["steps"][draft["i"]][0] == seat
    return {
        "hand": list(state["hands"][seat]), "characters": mine,
        "offers": [list(o) for o in state["offers"][seat]],
        "draft_pool": sorted(draft["pool"], key=CHARACTERS.index) if drafting else [],
        "seen_face_down": list(state["seen"][seat]),
        "peeks": [dict(p, hand=list(p["hand"])) for p in state["peeks"][seat]],
        "drawn": list(sub["drawn"]) if sub and "drawn" in sub else [],
        "selected": list(sub["selected"]) if sub and "selected" in sub else [],
    }
