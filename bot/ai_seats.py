"""AI seats at a table: the level each plays, and deciding without blocking the bot.

Every AI seat decides from its knowledge only (``engine.search.knowledge``: its view
and its own open decision), at its level (``storage.ai_levels``; seats handed to the AI
later play at the table's level; ``easy`` when none was chosen).  ``easy`` is answered
at once; ``normal`` and ``hard`` search in a worker process (``ProcessPoolExecutor``,
one worker: the machine has two cores), so the event loop and the other tables go on
meanwhile.  Nothing is stored before the answer arrives, so a restart mid-thought loses
nothing: the seat simply decides again.  The seed comes from the table, the move number
and the seat, never from the state, so hidden information cannot change a decision.

Games without ``determinize`` keep their heuristic on the whole state until they get one.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
import zlib
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot import gc_policy
from engine import ai, registry
from engine.core import Action, Decision, Game
from engine.search import BUDGETS, LEVELS, Budget, decide, honest, knowledge
from storage import Database, GameRow
from storage.ai_levels import TABLE, AiLevels

log = logging.getLogger(__name__)

DEFAULT_LEVEL = "easy"

__all__ = ["AiSeats", "DEFAULT_LEVEL", "LEVELS"]


def _decide_job(game_id: str, view: dict, level: str, seed: int, budget: Budget | None) -> str:
    """Runs in the worker process."""
    return decide(registry.get(game_id), view, level, seed, budget)


class AiSeats:
    """Levels and decisions of a table service's AI seats.

    ``processes=False`` searches on a thread instead (tests on a busy machine);
    ``budgets`` overrides the per-level search budgets (tests use small ones)."""

    def __init__(self, db: Database, *, processes: bool = True,
                 budgets: dict[str, Budget] | None = None) -> None:
        self.levels = AiLevels(db)
        self.processes = processes
        self.budgets = dict(BUDGETS if budgets is None else budgets)
        self._pool: ProcessPoolExecutor | None = None

    async def set_level(self, game_id: int, name: str, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(level)
        await self.levels.set(game_id, name, level)

    async def level_of(self, row: GameRow, seat: int) -> str:
        """The seat's level, else the table's, else ``easy``."""
        levels = await self.levels.of_table(row.id)
        name = next((s.name for s in row.seats if s.seat == seat), None)
        return levels.get(name) or levels.get(TABLE) or DEFAULT_LEVEL

    async def choose(self, game: Game, row: GameRow, decision: Decision) -> Action:
        """The AI seat's answer to ``decision`` (searching off the event loop if needed)."""
        seat = decision.seat
        seed = zlib.crc32(f"{row.id}:{row.seq}:{seat}".encode())
        if not honest(game):
            return ai.choose(game, row.state, decision, random.Random(seed))
        level = await self.level_of(row, seat)
        view = knowledge(game, row.state, seat)
        if level == "easy" or len(decision.options) == 1:
            return Action(decision.kind, decide(game, view, "easy", seed))
        option = await self._search(game.id, view, level, seed)
        return Action(decision.kind, option)

    async def _search(self, game_id: str, view: dict, level: str, seed: int) -> str:
        budget = self.budgets.get(level)
        loop = asyncio.get_running_loop()
        if not self.processes:
            return await asyncio.to_thread(_decide_job, game_id, view, level, seed, budget)
        try:
            return await loop.run_in_executor(self._executor(), _decide_job, game_id, view,
                                              level, seed, budget)
        except BrokenProcessPool:  # the worker died: a new one next time, easy now
            log.exception("AI worker process died")
            self._pool = None
            return decide(registry.get(game_id), view, "easy", seed)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=gc_policy.tune)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
