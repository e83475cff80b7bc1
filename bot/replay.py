"""Replays: a game rebuilt from its seed and its move log, step by step.

``states`` replays ``setup(seed)`` and every stored move (an ``undo`` move restores the
state before the move it took back), so any past position can be shown again and a
test can prove the log reproduces every stored snapshot.  ``/game replay`` pages through
a finished game with everything revealed: the board picture of each step, every seat's
own picture (hands, picks) and every event of its moves, private ones included (the
game is over, nothing is secret now).
"""
from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Iterator

from bot import messages as m
from bot.compose import seat_names, view_for
from bot.i18n import t
from bot.text import event_text, game_title
from bot.undo import UNDO
from engine import registry
from engine.core import Action, Event
from storage.memory import Memory

if TYPE_CHECKING:
    from bot.access import Caller
    from bot.table import TableService
    from storage import GameRow

STEP = 5        # moves per step of the viewer
MAX_FILES = 10  # attachments Discord takes on one message


def states(row: "GameRow", log: list[dict]) -> Iterator[tuple[int, dict]]:
    """``(seq, state)`` from the setup (seq 0) through every move of ``log``.  The same
    dict is mutated and yielded each time: copy it to keep it."""
    game = registry.get(row.type)
    if row.seed is None:
        raise ValueError(f"game {row.id} has no stored seed")
    state = game.setup(len(row.seats), row.options, row.seed)
    undone = {int(mv["action"]["option"]) for mv in log if mv["action"]["kind"] == UNDO}
    kept = {0: json.dumps(state)} if 1 in undone else {}
    yield 0, state
    for mv in log:
        if mv["action"]["kind"] == UNDO:
            state = json.loads(kept[int(mv["action"]["option"]) - 1])
        else:
            game.apply(state, mv["seat"], Action.from_json(mv["action"]))
        if mv["seq"] + 1 in undone:
            kept[mv["seq"]] = json.dumps(state)
        yield mv["seq"], state


def state_at(row: "GameRow", log: list[dict], seq: int) -> dict:
    for at, state in states(row, log):
        if at == seq:
            return state
    raise ValueError(f"no seq {seq} in game {row.id}")


def step_count(log: list[dict]) -> int:
    """Steps of the viewer: the start, then STEP moves each."""
    return 1 + (len(log) + STEP - 1) // STEP


def buttons(game_id: int, step: int, last: int, locale: str) -> list[m.Row]:
    targets = [("first", 0), ("prev", max(step - 1, 0)), ("next", min(step + 1, last)),
               ("last", last)]
    return [tuple(m.Button(f"r1:{game_id}:{target}:{verb}", t(f"replay.{verb}", locale),
                           disabled=target == step) for verb, target in targets)]


async def pictures(table: "TableService", game, shown: "GameRow", seq: int,
                   locale: str) -> list[tuple[str, bytes]]:
    """Everything revealed: the board, then every seat's own picture (its hand, picks)."""
    out = []
    board = await table.renderer.table(shown.type, view_for(game, shown, None), locale,
                                       shown.id, seq)
    if board:
        out.append((f"{shown.type}-{shown.id}-replay-{seq}.{board[1]}", board[0]))
    for seat in range(len(shown.seats)):
        image = await table.renderer.private(shown.type, view_for(game, shown, seat), locale,
                                             shown.id, seq, seat)
        if image:
            out.append((f"{shown.type}-{shown.id}-replay-{seq}-seat{seat}.{image[1]}", image[0]))
    return out[:MAX_FILES]


async def replay_page(table: "TableService", game_id: int, who: "Caller", step: int | None,
                      *, locale: str) -> m.OutMessage:
    """Step ``step`` (None: the start) of a finished game's replay."""
    from bot.table import TableError

    row = await table.reach_row(game_id, who)
    if row.status != "finished":
        raise TableError("replay_not_finished")
    if row.seed is None:
        raise TableError("replay_unavailable")
    log = await Memory(table.db).move_log(game_id)
    last = step_count(log) - 1
    step = min(max(step or 0, 0), last)
    upto = min(step * STEP, len(log))
    moves = log[max(upto - STEP, 0):upto] if step else []
    seq = moves[-1]["seq"] if moves else 0
    game = registry.get(row.type)
    shown = dataclasses.replace(row, state=state_at(row, log, seq),
                                status="finished" if step == last else "active")
    names = seat_names(row)
    lines = [t("replay.title", locale, game=game_title(row.type, locale), id=row.id,
               step=step + 1, steps=last + 1, moves=len(log))]
    for mv in moves:
        for data in mv["events"]:
            lines.append(f"`{mv['seq']}` {event_text(game, Event.from_json(data), locale, names)}")
    if not moves:
        lines.append(t("replay.start", locale))
    files = await pictures(table, game, shown, seq, locale)
    return m.OutMessage(m.clip("\n".join(lines), m.MAX_CONTENT), files=files,
                        rows=buttons(row.id, step, last, locale), ephemeral=True)
