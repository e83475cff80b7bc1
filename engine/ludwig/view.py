"""What a seat may see (``view(state, seat)``); renderers and messages use only this.

COORDINATES: every point is a pair of integers in HALF grid units ("doubled castle
coordinates": 1 grid unit = 5 ft = 2; x right, y down; the foyer's box is [0,6]x[0,6]).
Each castle has its own coordinates.  Circles: centre and radius in the same units.

View (JSON; seats are ints)::

    game "ludwig", seat (int | None), players (seat count, the core contract),
    finished (bool), solo (bool),
    result (Result.to_json(), only when finished), rank (solo title id, when finished)
    round, master_builder (seat), last_round (bool), turn_seat (seat | None),
    extra_turn (bool: the current turn is a food extra turn)
    market [{index, price, tile | None, coins}]      usable slots, cheapest first
    supply {stairs: n, hallway: n}                  pieces left (price corridor_price)
    corridor_price, pass_income
    stacks {"100": n, ..., "600": n}                tiles left per room stack (ids hidden)
    deck (room cards left), discard [sizes]         (face-up discard pile, oldest first)
    prepared (count of tiles lying on the deck), prepared_mine [tile ids I laid there, next first]
    bonus_deck (cards left)
    favors [favor ids]                              revealed King's favors
    seats [{seat, score, money, bonus_cards (count), down_completed (count),
              castle [room ...], castle_box [x0, y0, x1, y1] (doubled, all rooms)}]
      room = {index, tile, name (= tile id, for names()), type, size, floor
              ("ground" | "downstairs" | "both" for stairs), side (hallway floor /
              foyer side / None), rot (degrees clockwise: 0/90/180/270),
              x, y (cell offset, grid units), box [x0, y0, x1, y1] (doubled),
              outline [[x, y], ...] (doubled polygon, clockwise; [] for circles),
              circle [cx, cy, r] | None (doubled),
              doors [{x1, y1, x2, y2 (doubled unit segment), facing N/E/S/W,
                      floor, state "connected" | "blocked" | "open"}],
              fence [[x1, y1, x2, y2], ...] (doubled unit segments),
              completed (bool), points (base points printed on the tile)}
    my_bonus [card ids] | None                      the viewer's own cards (None: spectator)
    dealt [card ids] | None                         setup: my 3 cards to return one of
    setup_pick None | {chosen [seats], waiting [seats], mine (card id, viewer only)}
    picking [seats] | None                          chosen-bonus variant: who still picks
    foyer_choosing [seats] | None                   option foyer_back=four_doors: who still
                                                    picks the foyer side (setup, public)
    peek [tile ids] | None                          sleeping reward: the stack I look at (me only)
    drawn [card ids] | None                         utility reward: the cards I drew (me only)
    pool [{kind, tile}]                             rewards of the current turn still open
    deciding None | {seat, kind}                    the open sequential decision
    placing None | {tile, spots [...], options [...]}   only in the placing seat's own view:
        options [{id, rot (degrees), x, y, side, points, anchor [x, y], box [x0,y0,x1,y1],
                  outline [[x, y]...] | [], circle | None, spot (n),
                  letter ("A".. for the placements offered now, same as the option's
                  ``letter`` param; None for the others),
                  doors [{x1, y1, x2, y2, facing, floor}]}]
                  every legal placement of the tile (doubled coordinates; ``id`` is the
                  option id when offered in the current decision)
        spots [{id "spot:<n>", n, anchor [x, y] (door midpoint), count}]
        mode "direct" | "spot" | "rotation", spot (n | None)
    final None | [{castle, depleted, favors, bonus_cards, money}] per seat
    bonus_all [[card ids] per seat]                 only when finished

Decision kinds and option ids (labels: ``ludwig.option.<label>``)::

    bonus_return (secret, simultaneous)  return:<card>         return one of 3 dealt
    bonus_pick   (secret, variant)       pick:<card>           take cards one by one (2)
    favor_pick   (variant, MB)           favor:<favor>
    foyer_side   (option foyer_back)     side:front, side:four_doors   (setup, each seat)
    price        (Master Builder)        move:<i> (pick the tile in market index i), confirm
    price_to                             to:<j> (swap it with index j), back
    turn | extra_turn                    buy:<i>, stairs, hallway, take (default take)
    place                                pl:<rot>:<x>:<y>[:g|:d], back   (<= 24 placements)
    place_spot                           spot:<n>, back                  (more placements)
    place_rot                            pl:<rot>:<x>:<y>[:g|:d], back   (within spot n)
         rot = quarter turns clockwise 0-3; x, y = cell offset (grid units, may be negative);
         :g / :d = hallway on the ground / downstairs side
    reward                               rw:<i> (which open reward of the pool next)
    corridor                             stairs, hallway, decline   (free piece, then place)
    wild                                 type:<room type>, decline  (2nd/4th.. downstairs)
    sleep_stack                          stack:<size>, decline
    sleep_pick   (secret)                tile:<tile id>, done       (up to 2, first = next)
    utility      (secret)                keep:<card>
"""
from __future__ import annotations

from engine import simultaneous as sim
from engine.core import State

from . import data as D
from .build import castle
from .castle import door_floor
from .decisions import MAX_DIRECT, letter, place_id, spots
from .placement import legal
from .preview import door_anchor, preview_points
from .setup import BONUS_RETURN
from .shapes import get, unkey


def _segment(elem: int) -> list[int]:
    x, y, kind = unkey(elem)
    ends = ((x, y, x + 1, y), (x, y, x, y + 1), (x, y, x + 1, y + 1), (x + 1, y, x, y + 1))[kind]
    return [2 * v for v in ends]


def _room(c, i: int) -> dict:
    room, o = c.rooms[i], c.orients[i]
    ox, oy = room["x"], room["y"]
    spec = D.TILES[room["tile"]]
    states = c.door_states(i)
    doors = [{"x1": x1 + 2 * ox, "y1": y1 + 2 * oy, "x2": x2 + 2 * ox, "y2": y2 + 2 * oy,
              "facing": d.facing, "floor": door_floor(room["tile"], d.floor, room.get("side")),
              "state": st}
             for (x1, y1, x2, y2), d, st in zip(o.door_segments, o.doors, states)]
    return {
        "index": i, "tile": room["tile"], "name": room["tile"], "type": spec["type"],
        "size": spec["size"], "floor": spec["floor"] if room["tile"] != D.HALLWAY else room["side"],
        "side": room.get("side"), "rot": room["rot"] * 90, "x": ox, "y": oy,
        "box": [2 * ox, 2 * oy, 2 * (ox + o.w), 2 * (oy + o.h)],
        "outline": [[x + 2 * ox, y + 2 * oy] for x, y in o.outline],
        "circle": [o.circle[0] + 2 * ox, o.circle[1] + 2 * oy, o.circle[2]] if o.circle else None,
        "doors": doors,
        "fence": [[a + 2 * ox, b + 2 * oy, cc + 2 * ox, d + 2 * oy]
                  for a, b, cc, d in (_segment(e) for e in o.fence)],
        "completed": c.completed(i), "points": spec.get("points", 0),
    }


def _player(state: State, seat: int) -> dict:
    p = state["players"][seat]
    c = castle(state, seat)
    x0, y0, x1, y1 = c.box
    return {"seat": seat, "score": p["score"], "money": p["money"], "bonus_cards": len(p["bonus"]),
            "down_completed": p["down_done"],
            "castle": [_room(c, i) for i in range(len(c.rooms))],
            "castle_box": [2 * x0, 2 * y0, 2 * (x1 + 1), 2 * (y1 + 1)]}


def _placing(state: State, seat: int | None) -> dict | None:
    task = state["task"]
    if not task or task["type"] != "place" or task["seat"] != seat:
        return None
    c = castle(state, seat)
    tile = task["tile"]
    cands = legal(c, tile)
    groups = spots(cands)
    spot_of = {id(cand): n for n, g in enumerate(groups, 1) for cand in g}
    options = []
    for cand in cands:
        rot, x, y, side = cand[:4]
        o = get(tile, rot)
        options.append({
            "id": place_id(rot, x, y, side), "rot": rot * 90, "x": x, "y": y, "side": side,
            "points": preview_points(c, tile, cand), "anchor": [2 * x + o.w, 2 * y + o.h],
            "box": [2 * x, 2 * y, 2 * (x + o.w), 2 * (y + o.h)],
            "outline": [[a + 2 * x, b + 2 * y] for a, b in o.outline],
            "circle": [o.circle[0] + 2 * x, o.circle[1] + 2 * y, o.circle[2]] if o.circle else None,
            "spot": spot_of[id(cand)], "letter": None,
            "doors": [{"x1": x1 + 2 * x, "y1": y1 + 2 * y, "x2": x2 + 2 * x, "y2": y2 + 2 * y,
                       "facing": d.facing, "floor": door_floor(tile, d.floor, side)}
                      for (x1, y1, x2, y2), d in zip(o.door_segments, o.doors)]})
    direct = len(cands) <= MAX_DIRECT
    offered = options if direct else [o for o in options if o["spot"] == task.get("spot")]
    for n, opt in enumerate(offered):
        opt["letter"] = letter(n)
    return {"tile": tile, "options": options,
            "spots": [{"id": f"spot:{n}", "n": n, "anchor": door_anchor(g[0][5]), "count": len(g)}
                      for n, g in enumerate(groups, 1)],
            "mode": "direct" if direct else ("rotation" if task.get("spot") else "spot"),
            "spot": None if direct else task.get("spot")}


def view(state: State, seat: int | None) -> dict:
    task, turn = state["task"], state["turn"]
    mine = state["players"][seat] if seat is not None else None
    out = {
        "game": "ludwig", "seat": seat, "players": state["n"], "finished": state["finished"],
        "solo": state["solo"], "round": state["round"], "master_builder": state["mb"],
        "last_round": state["last_round"], "turn_seat": turn["seat"] if turn else None,
        "extra_turn": bool(turn and turn["extra"]),
        "market": [{"index": i, "price": s["price"], "tile": s["tile"], "coins": s["coins"]}
                   for i, s in enumerate(state["market"])],
        "supply": dict(state["supply"]), "corridor_price": D.CORRIDOR_PRICE,
        "pass_income": D.PASS_INCOME,
        "stacks": {k: len(v) for k, v in state["stacks"].items()},
        "deck": len(state["deck"]), "discard": list(state["discard"]),
        "prepared": len(state["prepared"]),
        "prepared_mine": [e["tile"] for e in state["prepared"] if e["by"] == seat],
        "bonus_deck": len(state["bonus_deck"]), "favors": list(state["favors"]),
        "seats": [_player(state, s) for s in range(state["n"])],
        "my_bonus": list(mine["bonus"]) if mine else None,
        "dealt": list(mine["dealt"]) if mine and mine["dealt"] else None,
        "setup_pick": sim.public_view(state, BONUS_RETURN, seat),
        "picking": list(state["picking"]) if state.get("picking") else None,
        "foyer_choosing": list(state["foyer_choosing"]) if state.get("foyer_choosing") else None,
        "peek": None, "drawn": None,
        "pool": [{"kind": e["kind"], "tile": state["players"][turn["seat"]]["rooms"][e["room"]]["tile"]}
                 for e in state["pool"]] if turn else [],
        "deciding": {"seat": task["seat"], "kind": task["type"]} if task else None,
        "placing": _placing(state, seat),
        "final": [dict(p) for p in state["final"]] if state["final"] else None,
    }
    if task and task["seat"] == seat:
        if task["type"] == "sleep_pick":
            out["peek"] = sorted(state["peek"])
        elif task["type"] == "utility":
            out["drawn"] = list(state["drawn"])
    if state["finished"]:
        out["result"] = state["result"]
        out["bonus_all"] = [list(p["bonus"]) for p in state["players"]]
        if state["solo"]:
            out["rank"] = state.get("rank")
    return out
