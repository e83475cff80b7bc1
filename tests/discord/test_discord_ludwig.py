"""Castles of Mad King Ludwig played through Discord, offline: a whole 4-seat game with an
AI seat and a player whose DMs are closed (the secret bonus-card return by DM and by the
fallback panel), /ludwig commands (buy, place by the letter on the castle picture, spot,
take-5000, reward, price, confirm), a board per turn, /ludwig castle, and a solo game
with pictures; nothing hidden in any channel post or board picture."""
from __future__ import annotations

import json
import random

from bot.client import command_payload
from bot.i18n import norm_locale, t
from engine import registry
from engine.core import Decision
from engine.ludwig import data as D
from harness import (
    ALICE, BOB, CYRIL, DANA, EVE, CommandDriver, OfflineDiscord, Sent, User, ViewLog, seed_tables,
    started_table,
)
from cogs.ludwig import MOVES

GAME = registry.get("ludwig")
# option-id prefix -> (/ludwig subcommand, its option) the driver types now and then
SLASH_FOR = {"buy:": ("ludwig buy", "room"), "pl:": ("ludwig place", "placement"),
             "spot:": ("ludwig spot", "spot"), "take": ("ludwig take-5000", None),
             "rw:": ("ludwig reward", "reward"), "move:": ("ludwig price", "room"),
             "confirm": ("ludwig confirm", None), "return:": ("ludwig return", "card")}
MOVE_NAMES = ("buy", "stairs", "hallway", "take-5000", "place", "spot", "price", "slot",
              "confirm", "reward", "type", "stack", "tile", "done", "keep", "return",
              "bonus-card", "favor", "back", "decline", "choose")
LOCAL_NAME = {"take": "take-5000", "bonus": "bonus-card"}        # MOVES key -> command
PRIVATE_KEYS = ("my_bonus", "dealt", "peek", "drawn", "placing", "prepared_mine")
# bonus-card names no other component shares: none may appear in the channel mid-game
_OTHER_NAMES = {n for i, names in GAME.names().items() if i not in D.BONUS_CARDS
                for n in names.values()}
CARD_NAMES = {n for c in D.BONUS_CARDS for n in GAME.names()[c].values()
              if not any(n in other for other in _OTHER_NAMES)}


def boards(d: OfflineDiscord) -> list[Sent]:
    """Board messages (the header starts in bold)."""
    return [p for p in d.posts() if p.content.startswith("**")]


class LudwigDriver(CommandDriver):
    """Plays a table like people do, checking panels, commands and every post on the way."""

    SLASH_FOR = SLASH_FOR

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User], log: ViewLog, *,
                 dm_users: set[int] = frozenset(), slash_every: int = 4) -> None:
        super().__init__(d, game_id, users, random.Random(7), dm_users=dm_users,
                         slash_every=slash_every)
        self.log = log
        self.markers: list = []
        self._views_seen = 0
        self._posts_seen = 0

    def check_panel(self, panel: Sent, decision: Decision, user: User, row) -> None:
        assert list(panel.offered()) == [o.id for o in decision.options], decision
        if decision.kind in ("place", "place_rot"):
            labels = panel.offered()
            for option in decision.options:
                if option.id.startswith("pl:"):           # the letter on the picture first
                    assert labels[option.id].startswith(option.params["letter"] + ":")
                    self.stats["letters_shown"] += 1

    def typed(self, option: str, prefix: str) -> str:
        if prefix != "pl:":
            return option
        self.stats["placed_by_letter"] += 1               # typed as the picture's letter
        return self._letters[option]

    async def type_command(self, user: User, decision: Decision, option: str,
                           prefix: str) -> None:
        self._letters = {o.id: o.params.get("letter") for o in decision.options}
        await super().type_command(user, decision, option, prefix)

    async def moved(self, before, after, decision: Decision, option: str) -> None:
        self._mark(before.state)
        if not after.state["finished"]:
            self._mark(after.state)
        self.stats["chose " + option.split(":")[0]] += 1
        self._check_nothing_hidden(after.state)

    def _mark(self, state: dict) -> None:
        marker = GAME.turn_marker(state)
        if not self.markers or self.markers[-1] != marker:
            self.markers.append(marker)

    def _check_nothing_hidden(self, state: dict) -> None:
        """Board pictures are drawn from spectator views without private parts or bonus
        cards; private pictures only from their own seat's view; no channel post names a
        bonus card before the end."""
        for seat, view in self.log.views[self._views_seen:]:
            if seat is None:
                assert view["seat"] is None and not any(view.get(k) for k in PRIVATE_KEYS)
                if not view["finished"]:
                    text = json.dumps(view)
                    assert not [c for c in D.BONUS_CARDS if c in text]
                self.stats["boards_checked"] += 1
            else:
                assert view["seat"] == seat
        self._views_seen = len(self.log.views)
        for post in self.d.posts()[self._posts_seen:]:
            if not state["finished"]:
                assert not [n for n in CARD_NAMES if n in post.content], post.content
        self._posts_seen = len(self.d.posts())


async def test_four_seats_an_ai_and_closed_dms_play_a_whole_game(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 11)
    humans = (ALICE, BOB, CYRIL)
    async with OfflineDiscord.open(tmp_path / "lw.sqlite", images=False) as d:
        d.fake.closed_dms.add(BOB.id)
        log = ViewLog(enabled=False)
        d.table.renderer = log
        game_id = await started_table(d, "ludwig", ALICE, (BOB, CYRIL), ai_seats=1)
        driver = LudwigDriver(d, game_id, {u.id: u for u in humans}, log,
                              dm_users={CYRIL.id})
        await driver.play_to_end()
        row = await driver.row()
        stats = driver.stats
        assert row.status == "finished" and GAME.result(row.state) is not None
        assert row.state["n"] == 4 and any(s.is_ai for s in row.seats)
        assert len(boards(d)) == len(driver.markers) + 1           # one per turn, and the end
        assert stats["bonus_return"] == 3                          # the AI returned its own
        assert stats["place"] + stats["place_rot"] >= 20 and stats["letters_shown"] >= 40
        assert stats["placed_by_letter"] >= 1 and stats["autocomplete"] >= 5
        for command in ("ludwig buy", "ludwig place"):
            assert stats[command] >= 1, (command, stats)
        assert stats["dm_clicks"] >= 10 and stats["boards_checked"] > 20
        assert d.fake.dm_attempts[BOB.id] == 1 and d.dms(BOB.id) == []
        fallback = t("panel.dm_fallback", "cs", mention=f"<@{BOB.id}>",     # Alice's table
                     button=t("ludwig.board.my_panel", "cs"))
        assert [p.content for p in d.posts()].count(fallback) == 1

        shown = await d.slash(EVE, "ludwig castle", player=str(BOB.id), game=game_id)
        assert shown.last.ephemeral and shown.last.files
        name, data = shown.last.files[0]
        assert data.startswith(b"\x89PNG") and "castle" in name
        bob = row.seat_of(BOB.id)
        assert shown.last.content == t("cmd.ludwig.castle.title", "en",
                                       player=row.seats[bob].name, id=game_id)
    final = d.posts()[-1]
    assert "🏁" in final.content and final.custom_ids() == []
    assert d.problems == []


async def test_solo_game_with_pictures(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 5)
    async with OfflineDiscord.open(tmp_path / "solo.sqlite", images=True) as d:
        log = ViewLog(enabled=True)
        d.table.renderer = log
        game_id = await started_table(d, "ludwig", DANA, ())
        driver = LudwigDriver(d, game_id, {DANA.id: DANA}, log, slash_every=3)
        await driver.play_to_end()
        row = await driver.row()
        assert row.status == "finished" and row.state["solo"]
        posted = boards(d)
        assert len(posted) == len(driver.markers) + 1 and all(p.files for p in posted)
        assert all(p.files[0][1].startswith(b"\x89PNG") for p in posted)
        rank = GAME.view(row.state, None)["rank"]
        assert rank and GAME.names()[rank]["cs"]
        placing = [v for seat, v in log.views if seat is not None and v.get("placing")]
        assert placing and all(v["placing"]["tile"] for v in placing)
        assert driver.stats["ludwig place"] + driver.stats["ludwig buy"] >= 2
    assert d.problems == []


async def test_castle_command_for_players_onlookers_and_strangers(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 3)
    async with OfflineDiscord.open(tmp_path / "lw.sqlite", images=False) as d:
        game_id = await started_table(d, "ludwig", CYRIL, (DANA,), ai_seats=1)
        ex = await d.slash(CYRIL, "ludwig castle", player=str(DANA.id))
        assert ex.last.ephemeral and len(ex.last.files) == 1
        assert ex.last.content == t("cmd.ludwig.castle.title", "en", player="Dana", id=game_id)
        ex = await d.slash(DANA, "ludwig castle", player=str(EVE.id))          # not playing
        assert ex.last.ephemeral and not ex.last.files
        assert ex.last.content == t("cmd.ludwig.castle.not_playing", "cs",
                                    player=f"<@{EVE.id}>")
        ex = await d.slash(EVE, "ludwig castle", player=str(CYRIL.id))
        assert ex.last.content == t("error.no_game_in_channel", "en")
    assert d.problems == []


async def test_the_command_group_offers_the_moves_and_the_castle(offline):
    """Limits of every command are checked for all games in test_discord_commands; here:
    the group's Czech name, its moves, autocomplete where a value is typed, the castle's
    user option."""
    payload = await command_payload(offline.bot)
    root = next(c for c in payload if c["name"] == "ludwig")
    assert root["name_localizations"]["cs"] == "zamky_ludvika"
    subs = {o["name"]: o for o in root["options"]}
    assert set(subs) == {*MOVE_NAMES, "castle"}
    for sub, move in MOVES.items():
        options = subs[LOCAL_NAME.get(sub, sub)]["options"]
        assert options[0].get("autocomplete", False) is (move.param is not None)
    assert subs["castle"]["options"][0]["type"] == 6                 # a Discord user
    assert subs["castle"]["options"][0]["name_localizations"]["cs"] == "hráč"


async def test_a_typed_letter_places_the_room(tmp_path, monkeypatch):
    """/ludwig place placement:<letter> answers with the placement of that letter."""
    seed_tables(monkeypatch, 9)
    async with OfflineDiscord.open(tmp_path / "lw.sqlite", images=False) as d:
        game_id = await started_table(d, "ludwig", ALICE, (BOB,))
        driver = LudwigDriver(d, game_id, {u.id: u for u in (ALICE, BOB)},
                              ViewLog(enabled=False), slash_every=10_000)
        for _ in range(300):
            user, decision = await driver.next_turn()
            letters = {o.params["letter"]: o.id for o in decision.options
                       if o.id.startswith("pl:")}
            if len(letters) >= 2:
                break
            assert await driver.step()
        else:
            raise AssertionError("no placement with two letters came up")
        before = await driver.row()
        letter = sorted(letters)[-1]
        ex = await d.slash(user, "ludwig place", placement=letter.lower())
        after = await driver.row()
        assert after.seq == before.seq + 1, ex.text
        seat = decision.seat
        placed = after.state["players"][seat]["rooms"][-1]
        rot, x, y = (int(v) for v in letters[letter].split(":")[1:4])
        assert (placed["rot"], placed["x"], placed["y"]) == (rot, x, y)
        assert norm_locale(user.locale) in ("cs", "en")
    assert d.problems == []
