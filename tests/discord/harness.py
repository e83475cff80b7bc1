"""Test-side helpers on top of ``bot.offline``: users, lobby set-up, a renderer that
remembers its views, and drivers.

The drivers play like people do: they find who must act, press "My hand" on the newest
board message (or use the panel they already have, or their DM), then click the option
the engine's AI would choose -- or type the matching slash command.
"""
from __future__ import annotations

from collections import Counter

from bot.offline import (  # noqa: F401 - re-exported for the tests
    CHANNEL_ID, MANAGE_GUILD, MEMBER_PERMISSIONS, Exchange, FakeDiscord, OfflineDiscord, Sent,
    TablePlayer, User, block_sockets,
)
from bot.render_service import Renderer
from engine.core import Decision

ALICE = User(101, "Alice", "cs")
BOB = User(102, "Bob", "en-US")
CYRIL = User(103, "Cyril", "en-GB")
DANA = User(104, "Dana", "cs")
EVE = User(105, "Eve", "en-US")      # never sits down
PLAYERS = (ALICE, BOB, CYRIL, DANA)

# option-id prefix -> (slash command, option name) of the /citadels commands
SLASH_FOR = {"income:": ("citadels take", "what"), "build:": ("citadels build", "district"),
             "end": ("citadels end-turn", None)}


async def new_table(d: OfflineDiscord, host: User, guests: tuple[User, ...] = (), *,
                    ai_seats: int = 0, **options) -> tuple[int, Sent]:
    """/game new citadels, guests join, AI seats added; returns (game id, lobby message)."""
    return await d.open_lobby(host, "citadels", guests, ai_seats=ai_seats, **options)


async def started_table(d: OfflineDiscord, game: str, host: User, guests: tuple[User, ...], *,
                        ai_seats: int = 0, **options) -> int:
    """/game new game:<game>, guests join, AI seats, Start; returns the game id."""
    game_id, lobby = await d.open_lobby(host, game, guests, ai_seats=ai_seats, **options)
    await d.click(host, d.fake.messages[lobby.message_id], f"l1:{game_id}:start")
    return game_id


def seed_tables(monkeypatch, value: int) -> None:
    """Every table started from now on shuffles with ``value`` (reproducible games)."""
    monkeypatch.setattr("bot.table.secrets.randbits", lambda bits: value)


class ViewLog(Renderer):
    """The real renderer, remembering the view each picture was drawn from.

    ``enabled=False`` still asks the service for every picture's view (it builds none
    for a renderer that is off) and records it, but draws nothing: the tests check the
    views without paying for the pictures."""

    def __init__(self, *, enabled: bool) -> None:
        super().__init__(enabled=True)
        self.draw = enabled
        self.views: list[tuple[int | None, dict]] = []    # (seat, view); None: a board

    @property
    def tables(self) -> list[dict]:
        return [view for seat, view in self.views if seat is None]

    @property
    def privates(self) -> list[tuple[int, dict]]:
        return [(seat, view) for seat, view in self.views if seat is not None]

    async def table(self, game_id, view, locale, table_id, seq):
        self.views.append((None, view))
        return await super().table(game_id, view, locale, table_id, seq) if self.draw else None

    async def private(self, game_id, view, locale, table_id, seq, seat):
        self.views.append((seat, view))
        return (await super().private(game_id, view, locale, table_id, seq, seat)
                if self.draw else None)


class Driver(TablePlayer):
    """A TablePlayer that also types /citadels commands and plays from DMs, counting both."""

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User], *,
                 slash_every: int = 3, use_dm_for: set[int] = frozenset()) -> None:
        super().__init__(d, game_id, users)
        self.slash_every = slash_every      # every n-th eligible move goes through a command
        self.use_dm_for = set(use_dm_for)   # these users answer from their DM panels
        self.stats = dict.fromkeys(("clicks", "selects", "slash", "panel_opens", "dm_clicks",
                                    "autocomplete"), 0)
        self._eligible = 0

    async def open_panel(self, user: User) -> Sent:
        self.stats["panel_opens"] += 1
        panel = await super().open_panel(user)
        assert panel.ephemeral, panel.content
        return panel

    async def move(self, user: User, decision: Decision) -> None:
        option = await self.wanted_option(decision)
        slash = next((v for k, v in SLASH_FOR.items() if option.startswith(k)), None)
        if slash is not None:
            self._eligible += 1
            if self._eligible % self.slash_every == 0:
                await self._slash(user, option, *slash)
                return
        seq = (await self.row()).seq
        panel = self.dm_panel(user, seq) if user.id in self.use_dm_for else None
        if panel is not None:
            self.stats["dm_clicks"] += 1
        else:
            panel = await self.panel_for(user)
        self.stats["selects" if any(c.startswith("s1:") for c in panel.custom_ids()) else "clicks"] += 1
        ex = await self.choose(user, panel, option)
        assert ex.last.kind == "edit" and ex.last.message_id == panel.message_id, ex.text
        assert (await self.row()).seq > seq, f"{option} was refused: {ex.text}"

    async def _slash(self, user: User, option: str, command: str, param: str | None) -> None:
        self.stats["slash"] += 1
        before = (await self.row()).seq
        if param is None:
            ex = await self.d.slash(user, command)
        elif command == "citadels take":
            ex = await self.d.slash(user, command, **{param: option.split(":", 1)[1]})
        else:
            choices = await self.d.autocomplete(user, command, param)
            self.stats["autocomplete"] += 1
            values = [c["value"] for c in choices]
            assert option in values, (option, values)
            assert all(v.startswith(option.split(":")[0]) for v in values), values
            ex = await self.d.slash(user, command, **{param: option})
        assert ex.last.ephemeral, ex.last.content
        assert (await self.row()).seq > before, f"{command} {option} was refused: {ex.text}"
        self.panels[user.id] = ex.last



class CommandDriver(TablePlayer):
    """Plays a table from "My hand" panels, DM panels (of ``dm_users``) and, every
    ``slash_every``-th move one of ``SLASH_FOR``'s commands can make, that slash command;
    checks each move went through and counts what it did in ``stats``. Subclasses check
    what they see in :meth:`check_panel` and :meth:`moved`."""

    SLASH_FOR: dict[str, tuple[str, str | None]] = {}   # option-id prefix -> (command, option)

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User], rnd, *,
                 dm_users: set[int] = frozenset(), slash_every: int = 5) -> None:
        super().__init__(d, game_id, users, rnd)
        self.dm_users = set(dm_users)
        self.slash_every = slash_every
        self.stats: Counter = Counter()
        self._eligible = 0

    async def move(self, user: User, decision: Decision) -> None:
        row = await self.row()
        option = await self.wanted_option(decision)
        prefix = next((k for k in self.SLASH_FOR if option.startswith(k)), None)
        self._eligible += prefix is not None
        if prefix is not None and self._eligible % self.slash_every == 0:
            await self.type_command(user, decision, option, prefix)
        else:
            panel = self.dm_panel(user, row.seq) if user.id in self.dm_users else None
            self.stats["dm_clicks" if panel else "panel_clicks"] += 1
            panel = panel or await self.panel_for(user)
            self.check_panel(panel, decision, user, row)
            ex = await self.choose(user, panel, option)
            assert ex.last.kind == "edit" and ex.last.message_id == panel.message_id, ex.text
        after = await self.row()
        assert after.seq > row.seq, f"{option} was refused"
        self.stats[decision.kind] += 1
        await self.moved(row, after, decision, option)

    async def type_command(self, user: User, decision: Decision, option: str,
                           prefix: str) -> None:
        """Types the command for ``option``; autocomplete must offer exactly the decision's
        options of that kind (in order, at most 25)."""
        command, param = self.SLASH_FOR[prefix]
        self.stats["slash"] += 1
        self.stats[command] += 1
        if param is None:
            ex = await self.d.slash(user, command)
        else:
            choices = await self.d.autocomplete(user, command, param)
            self.stats["autocomplete"] += 1
            assert [c["value"] for c in choices] == \
                [o.id for o in decision.options if o.id.startswith(prefix)][:25]
            ex = await self.d.slash(user, command, **{param: self.typed(option, prefix)})
        assert ex.last.ephemeral, ex.last.content
        self.panels[user.id] = ex.last

    def typed(self, option: str, prefix: str) -> str:
        """What the player types for ``option`` (its id, unless a subclass knows better)."""
        return option

    def check_panel(self, panel: Sent, decision: Decision, user: User, row) -> None:
        """Called with each panel before an option on it is clicked."""

    async def moved(self, before, after, decision: Decision, option: str) -> None:
        """Called after each accepted move with the table rows before and after it."""
