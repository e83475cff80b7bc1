"""Test-side helpers on top of ``bot.offline``: users, lobby set-up and a Citadels driver.

The driver plays like people do: it finds who must act, presses "My hand" on the newest
board message (or uses the panel it already has, or its DM), then clicks the option the
engine's AI would choose -- or types the matching /citadels command.
"""
from __future__ import annotations

from bot.offline import (  # noqa: F401 - re-exported for the tests
    CHANNEL_ID, MANAGE_GUILD, MEMBER_PERMISSIONS, Exchange, FakeDiscord, OfflineDiscord, Sent,
    TablePlayer, User, block_sockets,
)

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
    ex = await d.slash(host, "game new", game="citadels", **options)
    lobby = ex.last
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    for guest in guests:
        await d.click(guest, lobby, f"l1:{game_id}:join")
    for _ in range(ai_seats):
        await d.click(host, lobby, f"l1:{game_id}:ai")
    return game_id, lobby


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

    def dm_panel(self, user: User, seq: int) -> Sent | None:
        dms = self.d.dms(user.id)
        return dms[-1] if dms and self.is_current(dms[-1], seq) else None

    async def step(self) -> bool:
        turn = await self.next_turn()
        if turn is None:
            return False
        user, decision = turn
        option = await self.wanted_option(decision)
        slash = next((v for k, v in SLASH_FOR.items() if option.startswith(k)), None)
        if slash is not None:
            self._eligible += 1
            if self._eligible % self.slash_every == 0:
                await self._slash(user, option, *slash)
                return True
        seq = (await self.row()).seq
        panel = self.dm_panel(user, seq) if user.id in self.use_dm_for else None
        if panel is not None:
            self.stats["dm_clicks"] += 1
        else:
            panel = await self.panel_for(user)
        self.stats["selects" if any(c.startswith("s1:") for c in panel.custom_ids()) else "clicks"] += 1
        ex = await self.choose(user, panel, option)
        assert ex.last.ephemeral, ex.last.content
        assert (await self.row()).seq > seq, f"{option} was refused: {ex.text}"
        return True

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

