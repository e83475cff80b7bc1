"""The ``access`` probe: every command that names a table and every button of a running
table, for every game, tried from another server (by a user who manages it), another
channel, a DM, as a spectator and as another seat.  Nothing may change; from elsewhere
the answer must be exactly that of an unknown table id (a table out of reach is not
even confirmed to exist).  Generic over ``registry.available()`` and the command tree."""
from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from discord import app_commands

from bot.offline import CHANNEL_ID, GUILD_ID, MANAGE_GUILD, MEMBER_PERMISSIONS, User

from bot.soak.figures import Figure
from bot.soak.tables import offline_bot, start_table, users_for

__all__ = ["probe"]

MALLORY = User(7_107, "Mallory", "en-US", MEMBER_PERMISSIONS | MANAGE_GUILD)
EVE = User(7_105, "Eve", "cs-CZ")
PLACES: dict[str, dict[str, Any]] = {
    "other server": {"guild_id": GUILD_ID + 1, "channel_id": CHANNEL_ID + 100},
    "other channel": {"channel_id": CHANNEL_ID + 1},
    "DM": {"dm": True},
}
UNKNOWN_ID = 987_654


def table_commands(tree: app_commands.CommandTree) -> dict[str, list]:
    """Every leaf command with a ``game`` (table id) option: path -> its other parameters."""
    out = {}
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            params = {p.display_name: p for p in command.parameters}
            if "game" in params and params["game"].type.name == "integer":
                out[command.qualified_name] = [p for n, p in params.items() if n != "game"]
    return out


def fill(params: list, other_user: int) -> dict[str, Any]:
    """Values for the required parameters: a choice, a number, a user, another player."""
    out: dict[str, Any] = {}
    for p in params:
        if not p.required:
            continue
        kind = p.type.name
        if p.choices:
            out[p.display_name] = p.choices[0].value
        elif kind in ("integer", "number"):
            out[p.display_name] = p.min_value if p.min_value is not None else 24
        elif kind == "boolean":
            out[p.display_name] = False
        else:
            out[p.display_name] = str(other_user)
    return out


async def _snapshot(d, gid: int) -> tuple:
    row = await d.table.db.load_game(gid)
    seats = tuple((s.seat, s.user_id, s.is_ai, s.name) for s in row.seats)
    return (row.status, row.seq, seats, row.host_id, len(d.posts()),
            sum(s.kind == "dm" for s in d.fake.sent), len(await d.table.db.moves(gid)))


def _buttons(message) -> list[tuple[str, list[str] | None]]:
    out = []
    for c in message.components:
        values = [c["options"][0]["value"]] if c.get("type") == 3 and c.get("options") else None
        out.append((c["custom_id"], values))
    return out


async def _probe_game(game_id: str, with_commands: bool) -> dict:
    fig = Figure(game=game_id, commands=0, buttons=0, tries=0, changed=0,
                 differs_from_unknown=0, not_ephemeral=0, harness_problems=0)
    fail = fig.fail

    with tempfile.TemporaryDirectory() as tmp:
        async with offline_bot(Path(tmp) / "access.sqlite") as d:
            users = users_for(game_id)
            player = await start_table(d, game_id, users, seed=5)
            await player.step()
            gid = player.game_id
            mover, _ = await player.next_turn()
            panel = await player.open_panel(mover)
            other = next(u for u in users if u.id != mover.id)
            lobby_id, lobby = await d.open_lobby(users[0], game_id, users[1:2])
            commands = table_commands(d.bot.tree) if with_commands else {}
            fig["commands"] = len(commands)
            for table, checked in ((gid, player.latest_board()), (lobby_id, lobby)):
                before = await _snapshot(d, table)
                for path, params in commands.items():
                    options = fill(params, other.id)
                    for place, where in PLACES.items():
                        ex = await d.slash(MALLORY, path, game=table, **where, **options)
                        unknown = await d.slash(MALLORY, path, game=UNKNOWN_ID, **where, **options)
                        fig["tries"] += 1
                        if ex.last.content != unknown.last.content or ex.last.files:
                            fail("differs_from_unknown", f"/{path} from {place}: {ex.last.content[:80]}")
                        if not ex.last.ephemeral:
                            fail("not_ephemeral", f"/{path} from {place}")
                    ex = await d.slash(EVE, path, game=table, **options)   # a spectator here
                    fig["tries"] += 1
                    if await _snapshot(d, table) != before:
                        fail("changed", f"/{path} by a spectator")
                        before = await _snapshot(d, table)
                if table == gid:
                    clicks = [(player.latest_board(), b) for b in _buttons(player.latest_board())]
                    clicks += [(panel, b) for b in _buttons(panel)]
                else:
                    clicks = [(lobby, b) for b in _buttons(lobby)]
                fig["buttons"] += len(clicks)
                for message, (cid, values) in clicks:
                    tries = [(MALLORY, where) for where in PLACES.values()]
                    if table == gid:   # anyone in the channel may join or leave a lobby
                        tries.append((EVE, {}))
                    if message is panel:
                        tries.append((other, {}))                         # another seat
                    for user, where in tries:
                        ex = await d.click(user, message, cid, values, **where)
                        fig["tries"] += 1
                        if not ex.last.ephemeral and ex.last.kind != "edit":
                            fail("not_ephemeral", f"{cid} by {user.name} {where}")
                        if await _snapshot(d, table) != before:
                            fail("changed", f"{cid} by {user.name} {where}")
                            before = await _snapshot(d, table)
            for problem in d.problems:
                fail("harness_problems", problem)
    return fig.done(("changed", "differs_from_unknown", "not_ephemeral", "harness_problems"))


def probe(games: list[str], budget: int, size: str):
    """Every button of every game; every command against a table of the first game, or
    (``budget`` >= 1, the full size) against a table of every game."""
    for n, game_id in enumerate(games):
        yield asyncio.run(_probe_game(game_id, with_commands=n == 0 or budget >= 1))
