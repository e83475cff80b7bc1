"""What a seat may see (``view(state, seat)``); the renderer and messages use only this.

Schema (all JSON; seats are ints, resources ``{sand, wood, clay, stone, silver}``)::

    game "schutz_burg", seat (int | None), players (count), finished (bool),
    result (Result.to_json(), only when finished), winter (bool),
    round, rounds, start_seat, round_track (coins left), bank, smithy_silver,
    supply {kind: n}            general supply on the carts and the rider
    defense_tower {kind: n}
    trade_spots [{id, resource, yield, stock, helper (seat | None), placed_round}]
    buildings [{id, type, built (bool), builder (seat | None; None for market/smithy),
                cost, vp, spaces [{id, role, fee, helper (seat | None)}]}]
                market and smithy first, then the 23 templates in data order
    seats [{seat, taler, resources, vp, helpers (in personal supply), hand [cards],
            played [cards], removed [cards], round_cards [cards revealed this round]}]
            hands are public by deduction (played cards lie face up)
    hand [cards] | None         the viewer's own hand
    pick None | {chosen [seats], waiting [seats], mine [cards] (viewer only)}
                                who has chosen this round, never what
    worker_cards [{seat, card, resources}]   Worker cards in play and what still lies on them
    built_this_round [[seat, template]]
    winter_cards {deck (cards left), inn None | {keeper (seat | None), taler},
            granary None | [seats], maiden None | {first (bool), out [seats], paid [seats],
            items [kind | "taler"]}, maiden_items [items still to hand out]}
    deciding None | {seat, kind}             whose public decision is open
    final None | [{part: vp}] per seat       final scoring parts once scoring has run
    deck_order [cards]          only when finished (the winter deck was hidden)
"""
from __future__ import annotations

import functools

from engine import simultaneous as sim
from engine.core import State

from . import data as D
from .rounds import PICKS
from .state import is_built


def _buildings(state: State) -> list[dict]:
    out = []
    helpers, built = state["spaces"], state["built"]
    for building, kind, cost, vp, spaces in _building_rows(bool(state["winter"])):
        out.append({"id": building, "type": kind, "built": is_built(state, building),
                    "builder": built.get(building), "cost": cost, "vp": vp,
                    "spaces": [{"id": sp, "role": role, "fee": fee, "helper": helpers[sp]}
                               for sp, role, fee in spaces]})
    return out


@functools.lru_cache(maxsize=2)
def _building_rows(winter: bool) -> tuple:
    """Per building, market and smithy first, then the templates in data order: its id,
    type, cost, VP and spaces (id, role, fee): all but who built it and who helps there,
    fixed for the side in play (``winter``)."""
    rows = []
    for building in D.PREBUILT + D.TEMPLATES:
        prebuilt = building in D.PREBUILT
        cost, vp = (0, 0) if prebuilt else D.template_value(building, winter)
        rows.append((building, building if prebuilt else D.TEMPLATE_TYPE[building], cost, vp,
                     tuple((sp, D.SPACES[sp]["role"], D.SPACES[sp]["fee"])
                           for sp in D.SPACES_OF.get(building, ()))))
    return tuple(rows)


def _seats(state: State) -> list[dict]:
    return [{"seat": s, "taler": p["taler"], "resources": dict(p["res"]), "vp": p["vp"],
             "helpers": p["helpers"], "hand": list(p["hand"]), "played": list(p["played"]),
             "removed": list(p["removed"]), "round_cards": list(state["rs"]["cards"][s])}
            for s, p in enumerate(state["players"])]


def _pick(state: State, seat: int | None) -> dict | None:
    seen = sim.public_view(state, PICKS, seat)
    if seen is None:
        return None
    draft = state["draft"].get(str(seat)) if seat is not None else None
    if draft and "mine" not in seen:
        seen["mine"] = list(draft)
    return seen


def _winter(state: State) -> dict:
    maiden = state["maiden"]
    return {"deck": len(state["deck"]), "inn": dict(state["inn"]) if state["inn"] else None,
            "granary": list(state["granary"]) if state["granary"] is not None else None,
            "maiden": None if maiden is None else {
                "first": maiden["first"], "out": list(maiden["out"]),
                "paid": list(maiden["paid"]), "items": list(maiden["items"])},
            "maiden_items": list(state["maiden_items"])}


def view(state: State, seat: int | None) -> dict:
    task = state["task"]
    out = {
        "game": "schutz_burg", "seat": seat, "players": state["n"], "finished": state["finished"],
        "winter": state["winter"], "round": state["round"], "rounds": state["rounds"],
        "start_seat": state["start"], "round_track": state["track"], "bank": state["bank"],
        "smithy_silver": state["smithy"], "supply": dict(state["supply"]),
        "defense_tower": dict(state["tower"]),
        "trade_spots": [{"id": sp, "resource": D.SPOT_RES[sp], "yield": D.SPOT_YIELD[sp],
                         "stock": state["supply"][D.SPOT_RES[sp]],
                         "helper": occ[0] if occ else None, "placed_round": occ[1] if occ else None}
                        for sp, occ in state["spots"].items()],
        "buildings": _buildings(state),
        "seats": _seats(state),
        "hand": list(state["players"][seat]["hand"]) if seat is not None else None,
        "pick": _pick(state, seat),
        "worker_cards": [{"seat": int(k.split(":")[0]), "card": k.split(":")[1], "resources": dict(v)}
                         for k, v in state["rs"]["workers"].items()],
        "built_this_round": [list(b) for b in state["rs"]["built"]],
        "winter_cards": _winter(state),
        "deciding": {"seat": task["seat"], "kind": task["type"]} if task else None,
        "final": [dict(p) for p in state["final"]] if state["final"] else None,
    }
    if state["finished"]:
        out["result"] = state["result"]
        out["deck_order"] = list(state["deck"])
    return out
