"""Final scoring (section 9): depleted stacks, King's favors, bonus cards, money; winners.

``measures`` gives the numbers favors and bonus cards look at, per castle.
"""
from __future__ import annotations

from engine.core import Event, Result, State

from . import data as D
from .castle import castle_of

_ROOMS = frozenset(D.ROOM_IDS)


def measures(state: State, seat: int) -> dict:
    """Counts of one castle: by type, area by type, sizes, completed, external doors."""
    rooms = state["players"][seat]["rooms"]
    c = castle_of(rooms)
    count: dict[str, int] = {t: 0 for t in D.TYPES}
    area: dict[str, int] = {t: 0 for t in D.TYPES}
    sizes: dict[int, int] = {}
    for room in rooms:
        kind = D.type_of(room["tile"])
        count[kind] += 1
        area[kind] += D.size_of(room["tile"])
        if room["tile"] in _ROOMS:
            sizes[D.size_of(room["tile"])] = sizes.get(D.size_of(room["tile"]), 0) + 1
    completed = sum(1 for i in range(len(rooms)) if c.completed(i))
    external = sum(1 for i, _n in c.exits() if D.type_of(rooms[i]["tile"]) != "corridor")
    return {"count": count, "area": area, "sizes": sizes, "completed": completed,
            "uncompleted": len(rooms) - completed, "external": external,
            "hallways": sum(1 for r in rooms if r["tile"] == D.HALLWAY),
            "stairs": sum(1 for r in rooms if r["tile"] == D.STAIRS),
            "money": state["players"][seat]["money"],
            "castle_size": sum(D.size_of(r["tile"]) for r in rooms)}


def favor_measure(favor: str, m: dict) -> int:
    spec = D.FAVORS[favor]["measure"]
    kind = spec["kind"]
    if kind == "count_of_type":
        return m["count"][spec["type"]]
    if kind == "sum_size_of_type":
        return m["area"][spec["type"]]
    if kind == "count_sizes":
        return sum(m["sizes"].get(s, 0) for s in spec["sizes"])
    if kind == "count_completed":
        return m["completed"]
    if kind == "count_uncompleted":
        return m["uncompleted"]
    if kind == "count_external_doors":
        return m["external"]
    return m["money"]


def rank_points(values: list[int], players: int) -> list[int]:
    """Favor points per player (ties share the ranks' points, rounded down)."""
    ladder = D.FAVOR_POINTS[:players]
    order = sorted(range(len(values)), key=lambda s: -values[s])
    out = [0] * len(values)
    rank = 0
    i = 0
    while i < len(order):
        block = [s for s in order if values[s] == values[order[i]]]
        pts = sum(ladder[r] for r in range(rank, rank + len(block)) if r < len(ladder))
        for s in block:
            out[s] = pts // len(block) if values[s] > 0 else 0
        rank += len(block)
        i += len(block)
    return out


def bonus_points(card: str, m: dict) -> int:
    spec = D.BONUS_CARDS[card]["scoring"]
    kind, pts = spec["kind"], spec["points"]
    if kind == "per_room_of_type":
        return pts * m["count"][spec["type"]]
    if kind == "per_room_of_size":
        return pts * m["sizes"].get(spec["size"], 0)
    if kind == "per_room_of_sizes":
        return pts * sum(m["sizes"].get(s, 0) for s in spec["sizes"])
    if kind == "all_sizes":
        return pts if all(m["sizes"].get(s) for s in D.SIZES) else 0
    if kind == "all_types":
        return pts if all(m["count"][t] for t in D.TYPES) else 0
    if kind == "per_hallway":
        return pts * m["hallways"]
    if kind == "per_stairs":
        return pts * m["stairs"]
    if kind == "per_two_completed_rooms":
        return pts * (m["completed"] // 2)
    if kind == "per_money":
        return pts * (m["money"] // spec["per_amount"])
    return pts * (m["external"] // 2)


def depleted(state: State, seat: int) -> int:
    """2 points per own tile whose stack is empty (foyers never)."""
    total = 0
    for room in state["players"][seat]["rooms"]:
        stack = D.stack_of(room["tile"])
        if stack is None:
            continue
        empty = not state["supply"][stack] if stack in state["supply"] else not state["stacks"][stack]
        total += D.DEPLETED_POINTS if empty else 0
    return total


def finish(state: State) -> list[Event]:
    """Run the final scoring, store breakdown and result, end the game."""
    n = state["n"]
    ms = [measures(state, s) for s in range(n)]
    parts = [{"castle": p["score"]} for p in state["players"]]
    for s in range(n):
        parts[s]["depleted"] = depleted(state, s)
    favor_parts = [0] * n
    for favor in state["favors"]:
        for s, pts in enumerate(rank_points([favor_measure(favor, m) for m in ms], n)):
            favor_parts[s] += pts
    for s in range(n):
        parts[s]["favors"] = favor_parts[s]
        parts[s]["bonus_cards"] = sum(bonus_points(c, ms[s]) for c in state["players"][s]["bonus"])
        parts[s]["money"] = state["players"][s]["money"] // D.MONEY_PER_POINT
    totals = [sum(p.values()) for p in parts]
    for s in range(n):
        state["players"][s]["score"] = totals[s]
    best = max((totals[s], ms[s]["castle_size"], ms[s]["money"]) for s in range(n))
    winners = tuple(s for s in range(n) if (totals[s], ms[s]["castle_size"], ms[s]["money"]) == best)
    state["final"] = parts
    state["result"] = Result(winners, {s: totals[s] for s in range(n)},
                             {s: parts[s] for s in range(n)}).to_json()
    state["finished"] = True
    events = [Event("final_bonus", {"seat": (state["mb"] + k) % n,
                                    "cards": list(state["players"][(state["mb"] + k) % n]["bonus"])})
              for k in range(n)]
    events.append(Event("game_over", {"winner_seats": list(winners)}))
    if state["solo"]:
        state["rank"] = D.solo_rank(totals[0])
        events.append(Event("solo_rank", {"rank": state["rank"], "points": totals[0]}))
    return events


def result_of(state: State) -> Result | None:
    if not state["finished"]:
        return None
    r = state["result"]
    return Result(tuple(r["winners"]), {int(k): v for k, v in r["scores"].items()},
                  {int(k): v for k, v in r["breakdown"].items()})
