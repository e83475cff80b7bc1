"""Undo: a player takes back their last move while it revealed nothing and nobody else
has acted since.

After each human move the table service calls :func:`remember`: if the engine says the
move is undoable (``Game.undoable``: no random draw, nothing private shown, nothing
hidden revealed) the state before it is kept as an undo point, else the game's points
are dropped.  :func:`undo` appends a move of kind ``undo`` (option: the seq taken back)
that restores that state, so the move log, the history and replays show it.
"""
from __future__ import annotations

import marshal
import weakref
from collections import Counter, OrderedDict
from typing import TYPE_CHECKING, Any

from bot import messages as m
from bot.i18n import t
from engine import registry
from engine.core import Event, Game
from storage import StaleMove
from storage.memory import Memory, state_hash

if TYPE_CHECKING:
    from bot.access import Caller
    from bot.table import TableService
    from storage import Database, GameRow

UNDO = "undo"  # the action kind of an undo move; its option is the seq taken back


def snapshot(state: dict) -> dict:
    """A deep copy of a state, taken before a move (``apply`` mutates in place).

    ``marshal`` copies JSON values exactly (states are JSON-pure: the engines' playout
    tests check the round trip) at a third of the cost of a JSON round trip."""
    return marshal.loads(marshal.dumps(state))


class SeenCache:
    """What an undo verdict kept of the state right after a stored move (per seat, how
    its view's named ids differ from the spectator's: ``Game.undo_verdict``'s counts,
    None for a seat it did not look at), so the next move's check builds no seat's view
    of its "before" state.

    Per repository object (weakly held: two databases never share entries, a closed one
    takes its entries with it), then per (game id, seq): a stored game's seq names one
    state (each move advances it by one).  The game type and the state's RNG value are
    kept too and must match, a cheap guard against anything else.  Bounded LRU; seats
    whose counts are equal share one Counter (most seats' are empty or their hand).  The
    default 16384 tables is more than the 10,000 live tables one process serves (a
    smaller cache churns before a table's next move)."""

    def __init__(self, size: int = 16384) -> None:
        self._size = size
        self._per_db: weakref.WeakKeyDictionary[Any, OrderedDict] = weakref.WeakKeyDictionary()

    def take(self, db: Any, game_id: int, seq: int, kind: str,
             state: dict) -> tuple[Counter | None, ...] | None:
        """The counts kept for that state, removed (the game moves on), or None."""
        entries = self._per_db.get(db)
        entry = entries.pop((game_id, seq), None) if entries is not None else None
        if entry is None or entry[0] != kind or entry[1] != state.get("rng"):
            return None
        return entry[2]

    def keep(self, db: Any, game_id: int, seq: int, kind: str, state: dict,
             seen: tuple[Counter | None, ...]) -> None:
        entries = self._per_db.get(db)
        if entries is None:
            entries = self._per_db[db] = OrderedDict()
        entries[(game_id, seq)] = (kind, state.get("rng"), _shared(seen))
        entries.move_to_end((game_id, seq))
        while len(entries) > self._size:
            entries.popitem(last=False)

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._per_db.values())


def _shared(seen: tuple[Counter | None, ...]) -> tuple[Counter | None, ...]:
    """The counts, each one equal to an earlier viewer's replaced by that one (compared
    as plain dicts, in C: ``Counter.__eq__`` is a Python loop, and counts made by
    ``engine.reveal.changed`` hold no zeros, so both equalities agree); None stays None."""
    distinct: list[Counter] = []
    out = []
    for counts in seen:
        same = None if counts is None else \
            next((d for d in distinct if dict.__eq__(d, counts)), None)
        if same is None and counts is not None:
            distinct.append(counts)
        out.append(counts if same is None else same)
    return tuple(out)


SEEN = SeenCache()


async def remember(db: "Database", game: Game, row: "GameRow", seat: int, before: dict,
                   events: list[Event]) -> bool:
    """Keep ``before`` as the undo point of the move just stored (``row.seq``), or drop
    the game's undo points if that move may not be taken back; True when kept (so the
    seat may take it back while nobody moves after it).  The views' counts of the new
    state are kept for the next move's check (:class:`SeenCache`)."""
    memory = Memory(db)
    ok = False
    if row.status == "active":
        known = SEEN.take(db, row.id, row.seq - 1, row.type, before)
        ok, seen = game.undo_verdict(before, row.state, events, known, seat)
        if seen is not None:
            SEEN.keep(db, row.id, row.seq, row.type, row.state, seen)
    if ok:
        await memory.push_undo(row.id, row.seq, seat, before, row.state)
    else:
        await memory.clear_undo(row.id)
    return ok


async def undo_point(db: "Database", row: "GameRow", seat: int) -> dict | None:
    """The undo point ``seat`` may take back now, or None: the latest point must be
    theirs, the state must still be the one right after it, and no other seat moved."""
    point = await Memory(db).top_undo(row.id)
    if point is None or point["seat"] != seat or row.status != "active":
        return None
    if row.seq != point["seq"] and state_hash(row.state) != point["after_hash"]:
        return None  # (at the point's own seq the state is the one right after it)
    if await db.seats_moved_since(row.id, point["seq"]) - {seat}:
        return None
    return point


async def can_undo(db: "Database", row: "GameRow", seat: int) -> bool:
    return await undo_point(db, row, seat) is not None


async def undo(table: "TableService", game_id: int, who: "Caller", *,
               locale: str | None = None, seq: int | None = None) -> m.OutMessage:
    """Take back ``who``'s last move: store the undo move, post the board anew (its news
    say who took a move back) and return the player's panel.  ``seq``: the game's seq the
    Undo button was shown at (an older button is stale)."""
    from bot.table import TableError

    async with table.lock(game_id):
        row = await table.active_row(game_id, who)
        seat = table.seat_for(row, who.user_id)
        if seq is not None and seq != row.seq:
            raise TableError("stale")
        point = await undo_point(table.db, row, seat)
        if point is None:
            raise TableError("nothing_to_undo")
        game = registry.get(row.type)
        event = Event(UNDO, {"seat": seat})
        try:   # the undo move and its announcement (a new board) in one transaction
            row.seq = await Memory(table.db).apply_undo(
                game_id, expected_seq=row.seq, seat=seat, point_seq=point["seq"],
                state=point["before"], events=[event.to_json()],
                also=table.job(row.id, table.turn_of(game, row), seat, new_board=True))
        except StaleMove:
            raise TableError("stale") from None
        row.state = point["before"]
        await table.announce(game, row)
    panel = await table.panel_for(row, seat, locale=locale)
    panel.text = t("reply.undone", locale or row.locale) + "\n" + panel.text
    return panel


async def panel_rows(db: "Database", row: "GameRow", seat: int, locale: str,
                     used: int, undoable: bool | None = None) -> list[m.Row]:
    """An Undo button for the seat's panel while it may take its last move back
    (``undoable``: whether it may, when the caller knows: e.g. its move was just
    remembered as undoable and nobody moved since)."""
    if used >= m.MAX_ROWS or row.status != "active":
        return []
    if not (await can_undo(db, row, seat) if undoable is None else undoable):
        return []
    return [(m.Button(f"u1:{row.id}:{row.seq}", t("panel.undo", locale), style="danger"),)]
