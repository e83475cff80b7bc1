"""Test-side helpers on top of ``bot.offline``: fixtures and a Citadels table driver.

The driver plays like people do: it finds who must act, presses "My hand" on the newest
board message (or uses the panel it already has, or its DM), then clicks the option the
engine's AI would choose -- or types the matching /citadels command.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.offline import (  # noqa: F401 - re-exported for the tests
    CHANNEL_ID, MANAGE_GUILD, MEMBER_PERMISSIONS, Exchange, FakeDiscord, OfflineDiscord, Sent,
    User, block_sockets,
)
from engine import ai, registry
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
    ex = await d.slash(host, "game new", game="citadels", **options)
    lobby = ex.last
    game_id = int(lobby.custom_ids()[0].split(":")[1])
    for guest in guests:
        await d.click(guest, lobby, f"l1:{game_id}:join")
    for _ in range(ai_seats):
        await d.click(host, lobby, f"l1:{game_id}:ai")
    return game_id, lobby


def option_of(custom_id: str) -> str:
    return custom_id.split(":", 3)[3]


@dataclass
class Driver:
    """Plays one table to the end through buttons, selects and slash commands."""

    d: OfflineDiscord
    game_id: int
    users: dict[int, User]
    rnd: random.Random = field(default_factory=lambda: random.Random(7))
    slash_every: int = 3            # every n-th eligible move goes through a slash command
    use_dm_for: set[int] = field(default_factory=set)
    panels: dict[int, Sent] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=lambda: {
        "clicks": 0, "selects": 0, "slash": 0, "panel_opens": 0, "dm_clicks": 0, "autocomplete": 0})
    _eligible: int = 0

    async def row(self):
        return await self.d.table.db.load_game(self.game_id)

    async def next_turn(self) -> tuple[User, Decision] | None:
        """The first human who must decide now, with the decision (None: game over)."""
        row = await self.row()
        if row.status != "active":
            return None
        game = registry.get(row.type)
        humans = {s.seat: self.users[s.user_id] for s in row.seats if not s.is_ai}
        for decision in game.pending(row.state):
            if decision.seat in humans:
                return humans[decision.seat], decision
        raise AssertionError(f"no human to move at seq {row.seq}: {game.pending(row.state)}")

    def latest_board(self) -> Sent:
        boards = [p for p in self.d.posts() if f"p1:{self.game_id}" in p.custom_ids()]
        assert boards, "no board message with a 'My hand' button"
        return self.d.fake.messages[boards[-1].message_id]

    async def open_panel(self, user: User) -> Sent:
        ex = await self.d.click(user, self.latest_board(), f"p1:{self.game_id}")
        self.stats["panel_opens"] += 1
        panel = ex.last
        assert panel.ephemeral, panel.content
        return panel

    def _current(self, panel: Sent | None, seq: int) -> bool:
        return panel is not None and any(
            cid.startswith((f"c1:{self.game_id}:{seq}:", f"s1:{self.game_id}:{seq}:"))
            for cid in panel.custom_ids())

    def dm_panel(self, user: User, seq: int) -> Sent | None:
        dms = self.d.dms(user.id)
        return dms[-1] if dms and self._current(dms[-1], seq) else None

    async def step(self) -> bool:
        """Make one human move; False once the game is over."""
        turn = await self.next_turn()
        if turn is None:
            return False
        user, decision = turn
        row = await self.row()
        game = registry.get(row.type)
        option = ai.choose(game, row.state, decision, self.rnd).option
        slash = next((v for k, v in SLASH_FOR.items() if option.startswith(k)), None)
        if slash is not None:
            self._eligible += 1
            if self._eligible % self.slash_every == 0:
                await self._slash(user, option, *slash)
                return True
        panel = self.dm_panel(user, row.seq) if user.id in self.use_dm_for else None
        if panel is not None:
            self.stats["dm_clicks"] += 1
        else:
            panel = self.panels.get(user.id)
            if not self._current(panel, row.seq):
                panel = await self.open_panel(user)
        ex = await self._choose(user, panel, option)
        reply = ex.last
        assert reply.ephemeral, reply.content
        self.panels[user.id] = reply
        return True

    async def _choose(self, user: User, panel: Sent, option: str) -> Exchange:
        for c in panel.components:
            cid = c["custom_id"]
            if cid.startswith("c1:") and option_of(cid) == option:
                self.stats["clicks"] += 1
                return await self.d.click(user, panel, cid)
            if cid.startswith("s1:") and option in [o["value"] for o in c["options"]]:
                self.stats["selects"] += 1
                return await self.d.click(user, panel, cid, values=[option])
        raise AssertionError(f"option {option} is not offered on the panel: {panel.custom_ids()}")

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

    async def play_to_end(self, max_moves: int = 3000) -> int:
        moves = 0
        while await self.step():
            moves += 1
            assert moves < max_moves, "the game did not end"
        return moves
