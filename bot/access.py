"""Who may reach a table, and who may manage it.

Every request that names a table comes with a :class:`Caller`: the user, the server and
the channel it was made in (``guild_id`` None: a DM), and whether the user holds Manage
Server *there*.  The table service checks it against the table's own server and channel
before it reads or changes anything:

- in a server, a table is reached only from its own channel (so from its own server);
- in a DM, only by the players who hold a seat at it (and, for a table that was opened
  in a DM, from that DM), and only for their own seat;
- host and manager powers (abandon, replace someone else, start, AI seats) need the
  table's own channel: Manage Server is read where the command is typed, so it counts
  only when that is the table's server.

A table out of reach gets exactly the answer of an unknown id (``no_such_table``), so
nothing says that it exists.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage import GameRow


@dataclass(frozen=True, slots=True)
class Caller:
    """A user making a request, and where they make it (``guild_id`` None: a DM)."""

    user_id: int
    guild_id: int | None
    channel_id: int | None
    can_manage: bool = False   # Manage Server in ``guild_id`` (never in a DM)

    @classmethod
    def at_table(cls, row: "GameRow", user_id: int, *, can_manage: bool = False) -> "Caller":
        """``user_id`` in the table's own channel (simulate, tests, trusted callers)."""
        return cls(user_id, row.guild_id, row.channel_id, can_manage)


def in_home_channel(row: "GameRow", caller: Caller) -> bool:
    """The request comes from the channel (and so the server) the table plays in."""
    return row.guild_id == caller.guild_id and row.channel_id == caller.channel_id


def can_reach(row: "GameRow", caller: Caller) -> bool:
    """May ``caller`` see or act on this table at all?"""
    if in_home_channel(row, caller):
        return True
    return caller.guild_id is None and row.seat_of(caller.user_id) is not None


def can_manage(row: "GameRow", caller: Caller) -> bool:
    """Host or manager powers: the host, or Manage Server of the table's own server, and
    only from the table's own channel."""
    if not in_home_channel(row, caller):
        return False
    return caller.user_id == row.host_id or (caller.guild_id is not None and caller.can_manage)
