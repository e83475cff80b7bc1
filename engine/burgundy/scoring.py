"""Phase-end income and final scoring with the tie-break (rules §6.4, §13).

Score parts (i18n ``burgundy.score.<part>``): VP gained in play by source, then the
end-game additions.  The tie-break option chooses the rulebook reading ("fewer_empty",
default) or the alternative one ("more_empty") for empty estate spaces; a remaining tie
goes to the player later in the final turn order.
"""
from __future__ import annotations

from engine.core import Event, Result
from engine.burgundy.board import play_order
from engine.burgundy.data import FINAL
from engine.burgundy.estate import count_category, empty_spaces
from engine.burgundy.knowledge import MINE_WORKERS, end_game_vp

PLAY_PARTS = ("animals", "regions", "bonus", "sales", "buildings")
END_PARTS = ("goods", "silverlings", "workers", "knowledge")
PARTS = PLAY_PARTS + END_PARTS
FEWER_EMPTY, MORE_EMPTY = "fewer_empty", "more_empty"
TIEBREAKS = (FEWER_EMPTY, MORE_EMPTY)


def phase_income(state: dict) -> list[Event]:
    """1 silverling per mine (and 1 worker per mine with knowledge 2) for everyone:
    events ``income`` or ``income_workers``."""
    events = []
    for seat, p in enumerate(state["players"]):
        mines = count_category(p, "mine")
        if not mines:
            continue
        p["silver"] += mines
        if MINE_WORKERS in p["know"]:
            p["workers"] += mines
            events.append(Event("income_workers", {"seat": seat, "silver": mines,
                                                   "workers": mines}))
        else:
            events.append(Event("income", {"seat": seat, "silver": mines}))
    return events


def breakdown(p: dict) -> dict[str, int]:
    """Every score part of one player at the end of the game."""
    parts = {part: p["parts"].get(part, 0) for part in PLAY_PARTS}
    parts["goods"] = FINAL["unsold_goods_tile"] * sum(p["goods"])
    parts["silverlings"] = FINAL["silverling"] * p["silver"]
    parts["workers"] = p["workers"] // FINAL["workers_per_vp"]
    parts["knowledge"] = sum(end_game_vp(p).values())
    return parts


def ranking(state: dict, totals: dict[int, int]) -> list[int]:
    """Seats best first: total VP, then empty spaces, then later in final turn order."""
    order = play_order(state["track"])
    sign = -1 if state["opts"].get("tiebreak", FEWER_EMPTY) == FEWER_EMPTY else 1
    return sorted(totals, reverse=True, key=lambda s: (
        totals[s], sign * empty_spaces(state["players"][s]), order.index(s)))


def finish(state: dict) -> list[Event]:
    """Final scoring; stores the result in ``state["final"]``."""
    parts = {s: breakdown(p) for s, p in enumerate(state["players"])}
    totals = {s: sum(v.values()) for s, v in parts.items()}
    ranked = ranking(state, totals)
    state["final"] = {"winners": ranked[:1], "ranking": ranked,
                      "scores": {str(s): totals[s] for s in totals},
                      "breakdown": {str(s): parts[s] for s in parts}}
    state["finished"] = True
    state["stack"] = []
    return [Event("game_end", {"seat": ranked[0], "vp": totals[ranked[0]]})]


def result(state: dict) -> Result | None:
    final = state.get("final")
    if final is None:
        return None
    return Result(tuple(final["winners"]), {int(s): v for s, v in final["scores"].items()},
                  {int(s): dict(v) for s, v in final["breakdown"].items()})
