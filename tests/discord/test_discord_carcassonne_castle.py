"""Carcassonne: The Castle played through Discord, offline: a human against the bot's AI
seat from one ``/game new`` (lobby "Add AI seat"), the whole game from "My hand" panels,
DM panels and /carcassonne_castle commands (place by the label on the board picture,
rotate by degrees, follower, no-follower, back), a board picture per turn, and nothing
hidden (supply order, face-down wall tiles) in any post, panel or picture input."""
from __future__ import annotations

import copy
import json
import random

import pytest

from bot.client import command_payload
from bot.compose import seat_names
from bot.i18n import norm_locale, t
from bot.text import option_label
from engine import registry
from engine.core import Action, Decision, RuleError
from harness import (
    ALICE, BOB, EVE, CommandDriver, OfflineDiscord, Sent, User, ViewLog, seed_tables,
    started_table,
)
from test_discord_commands import NAME, text_size, walk

GAME = registry.get("carcassonne_castle")
SLASH_FOR = {"at:": ("carcassonne_castle place", "space"),
             "rot:": ("carcassonne_castle rotate", "rotation"),
             "f:": ("carcassonne_castle follower", "part"),
             "none": ("carcassonne_castle no-follower", None),
             "score:": ("carcassonne_castle score", "feature")}
MOVE_NAMES = {"place", "rotate", "follower", "no-follower", "score", "back", "choose"}
VIEW_KEYS = {"game", "seat", "players", "finished", "result", "options", "board", "tiles",
             "followers", "keeps", "track", "seats", "active", "turn", "phase", "drawn",
             "supply", "discards", "placed", "legal", "chosen", "last", "scoring",
             "follower_options", "scored", "final", "asking", "discard_faces",
             "seat_names", "my_options"}


class CastleDriver(CommandDriver):
    """Plays the human seat, checking every panel, post and picture input on the way."""

    SLASH_FOR = SLASH_FOR

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User], log: ViewLog,
                 *, dm_users: set[int] = frozenset(), slash_every: int = 2) -> None:
        super().__init__(d, game_id, users, random.Random(9), dm_users=dm_users,
                         slash_every=slash_every)
        self.log = log
        self._views_seen = 0
        self._sent_seen = 0
        self.turns: set[int] = set()

    def check_panel(self, panel: Sent, decision: Decision, user: User, row) -> None:
        labels = panel.offered()
        assert list(labels) == [o.id for o in decision.options], decision
        locale = norm_locale(user.locale)
        for option in decision.options:
            assert labels[option.id] == option_label(GAME, option, locale, seat_names(row))[:100]

    def typed(self, option: str, prefix: str) -> str:
        """A space as its label on the picture ("D4"), a rotation as its degrees ("90")."""
        if prefix in ("at:", "rot:"):
            self.stats["typed_" + prefix[:-1]] += 1
            return option[len(prefix):]
        return option

    async def moved(self, before, after, decision: Decision, option: str) -> None:
        self.turns.add(before.state["turn"])
        self._check_nothing_hidden(after.state)

    def _check_nothing_hidden(self, state: dict) -> None:
        """Picture inputs hold no supply order and no face-down wall tile; no text sent
        names a wall tile that still lies face down on a tower or in the box."""
        for seat, view in self.log.views[self._views_seen:]:
            assert set(view) <= VIEW_KEYS, set(view) - VIEW_KEYS
            assert isinstance(view["supply"], int)
            for tower in view["track"]["towers"]:
                assert set(tower) == {"id", "spaces", "holds_tile"}
            assert seat is None or view["seat"] == seat
            if seat is not None and view["phase"] == "place" and view["active"] == seat:
                self.stats["placing_pictures"] += 1
                legal = {f"at:{spot['label']}" for spot in view["legal"]}
                assert legal == {o for o in view["my_options"] if o.startswith("at:")}
        self._views_seen = len(self.log.views)
        face_down = {n for n in state["towers"] if n is not None} | set(state["box"])
        held = {n for seat_tiles in state["held"] for n, *_ in seat_tiles}
        held |= {n for used in state["used"] for n in used}
        secret = face_down - held          # numbers nobody has seen taken
        names = {GAME.names()[f"wall{n}"][loc] for n in secret for loc in ("en", "cs")}
        for sent in self.d.fake.sent[self._sent_seen:]:
            lines = sent.content.splitlines()
            if sent.content.startswith("**"):
                lines = lines[1:]                   # the board header is bot/compose's
            texts = lines + list(sent.offered().values())
            for text in texts:
                assert not any(name in text for name in names), text
                assert "{" not in text and "carcassonne_castle." not in text, text
        self._sent_seen = len(self.d.fake.sent)


def boards(d: OfflineDiscord) -> list[Sent]:
    return [p for p in d.posts() if p.content.startswith("**")]


async def test_a_human_plays_a_whole_game_against_the_ai_seat(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 21)
    async with OfflineDiscord.open(tmp_path / "cc.sqlite", images=True) as d:
        log = ViewLog(enabled=True)
        d.table.renderer = log
        game_id = await started_table(d, "carcassonne_castle", ALICE, (), ai_seats=1)
        row = await d.table.db.load_game(game_id)
        assert [s.is_ai for s in row.seats].count(True) == 1 and len(row.seats) == 2
        driver = CastleDriver(d, game_id, {ALICE.id: ALICE}, log, dm_users={ALICE.id})
        await driver.play_to_end()
        row = await driver.row()
        stats = driver.stats

        assert row.status == "finished" and GAME.result(row.state) is not None
        assert len(row.state["placements"]) + len(row.state["discards"]) == 60
        human = next(s.seat for s in row.seats if not s.is_ai)
        assert stats["place"] >= 25 and stats["rotate"] >= 25 and stats["follower"] >= 5
        assert stats["carcassonne_castle place"] >= 3 and stats["carcassonne_castle rotate"] >= 3
        assert stats["typed_at"] >= 3 and stats["typed_rot"] >= 3 and stats["autocomplete"] >= 6
        # the first question came by DM; against an AI seat the human stays pending, so
        # the next ones are answered from "My hand" panels and command replies
        assert stats["dm_clicks"] >= 1 and stats["panel_clicks"] >= 10
        assert stats["placing_pictures"] >= 10         # the private picture labels the spaces
        posted = boards(d)
        # one board per human turn (the AI's answering turn is told on it) and the end
        assert len(driver.turns) + 1 <= len(posted) <= len(driver.turns) + 3
        ai_name = next(s.name for s in row.seats if s.is_ai)
        ai_placed = [p for p in posted if ai_name in p.content]
        assert len(ai_placed) >= len(driver.turns) - 1
        assert all(p.files and p.files[0][1].startswith(b"\x89PNG") for p in posted)
        assert all(view["seat"] is None for view in log.tables)
        assert row.state["score"][human] == GAME.result(row.state).scores[human]
    final = d.posts()[-1]
    assert "🏁" in final.content and final.custom_ids() == []
    assert d.problems == []


async def test_back_and_commands_that_are_refused(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 4)
    async with OfflineDiscord.open(tmp_path / "cc.sqlite", images=False) as d:
        game_id = await started_table(d, "carcassonne_castle", BOB, (ALICE,))
        driver = CastleDriver(d, game_id, {u.id: u for u in (ALICE, BOB)}, ViewLog(enabled=False))
        user, decision = await driver.next_turn()
        assert decision.kind == "place"
        row = await driver.row()
        locale = norm_locale(user.locale)
        other = ALICE if user is BOB else BOB

        spaces = await d.autocomplete(user, "carcassonne_castle place", "space")
        assert [c["value"] for c in spaces] == [o.id for o in decision.options][:25]
        assert await d.autocomplete(other, "carcassonne_castle place", "space") == []
        ex = await d.slash(other, "carcassonne_castle place", space=spaces[0]["value"])
        assert ex.last.content == t("error.nothing_to_decide", norm_locale(other.locale))

        legal = {o.id for o in decision.options}
        wrong = next(f"at:{chr(65 + c)}{r}" for r in range(1, 11) for c in range(9)
                     if f"at:{chr(65 + c)}{r}" not in legal)
        with pytest.raises(RuleError) as refused:
            GAME.apply(copy.deepcopy(row.state), decision.seat, Action("place", wrong))
        ex = await d.slash(user, "carcassonne_castle place", space=wrong[3:])
        assert ex.last.ephemeral and (await driver.row()).seq == row.seq
        assert ex.last.content == d.table.error_message(refused.value, locale, row)

        spot = next(o for o in decision.options)
        ex = await d.slash(user, "carcassonne_castle place", space=spot.id[3:])   # typed "D4"
        assert (await driver.row()).seq == row.seq + 1
        rotations = await d.autocomplete(user, "carcassonne_castle rotate", "rotation")
        after = await driver.row()
        rotate = GAME.pending(after.state)[0]
        assert rotate.kind == "rotate"
        assert [c["value"] for c in rotations] == [o.id for o in rotate.options
                                                   if o.id.startswith("rot:")]
        ex = await d.slash(user, "carcassonne_castle back")
        again = await driver.row()
        assert again.seq == row.seq + 2 and GAME.pending(again.state)[0].kind == "place"
        assert again.state["chosen"] is None
        ex = await d.slash(user, "carcassonne_castle back")         # nothing to take back now
        assert (await driver.row()).seq == again.seq
        ex = await d.slash(EVE, "carcassonne_castle no-follower", game=game_id)
        assert (await driver.row()).seq == again.seq
    assert d.problems == []


async def test_the_command_group_fits_discord_and_offers_the_moves(offline):
    """Limits of every command are checked for all games in test_discord_commands; here:
    the group's names (game id, Czech), its moves, and autocomplete where a value is typed."""
    payload = await command_payload(offline.bot)
    root = next(c for c in payload if c["name"] == "carcassonne_castle")
    assert root["name_localizations"]["cs"] == "carcassonne_hrad" and text_size(root) <= 8000
    assert all(len(c["name"]) <= 32 and NAME.match(c["name_localizations"]["cs"])
               for c in walk(root))
    subs = {o["name"]: o for o in root["options"]}
    assert set(subs) == MOVE_NAMES
    for sub in ("place", "rotate", "follower", "score", "choose"):
        assert subs[sub]["options"][0]["autocomplete"] is True
    for sub in ("back", "no-follower"):                     # only the optional table number
        assert [o["name"] for o in subs[sub]["options"]] == ["game"]
    json.dumps(payload)
