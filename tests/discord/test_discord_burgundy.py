"""The Castles of Burgundy played through Discord, offline: whole games from "My hand"
panels, DM panels, selects and /burgundy commands (die, take, place, space by the label
on the estate picture, sell, workers, end-turn), a board per turn (also when the same
player plays twice in a row), worker costs in the labels, /burgundy estate, and nothing
face down in any post or picture."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

from bot.client import command_payload
from bot.i18n import norm_locale, t
from bot.text import option_label
from bot.compose import seat_names
from engine import ai, registry
from engine.core import Action, Decision, RuleError
from harness import (
    ALICE, BOB, CYRIL, DANA, EVE, CommandDriver, OfflineDiscord, Sent, User, ViewLog, seed_tables,
    started_table,
)
from test_discord_commands import NAME, text_size, walk

GAME = registry.get("burgundy")
# option-id prefix -> (/burgundy subcommand, its option) the driver uses now and then
SLASH_FOR = {"die:": ("burgundy die", "die"), "take:": ("burgundy take", "tile"),
             "place:": ("burgundy place", "tile"), "space:": ("burgundy space", "space"),
             "sell:": ("burgundy sell", "goods"), "workers": ("burgundy workers", None),
             "end": ("burgundy end-turn", None)}
SUB_PARAM = {"burgundy sell": "goods", "burgundy die": "die"}
MOVE_NAMES = ("die", "take", "place", "space", "sell", "workers", "buy", "discard", "ship",
              "goods", "back", "decline", "end-turn", "choose")
COST_WORDS = {"en": "workers: {}", "cs": "dělníci: {}"}
RAW_TEXT = re.compile(r"\bT\d{3}\b|\bburgundy\.\w|\{\w+\}|\bgoods_\d\b")
HIDDEN_KEYS = ("supply", "stacks", "box")


def face_down(state: dict) -> set[str]:
    """Tile ids still in the face-down supplies."""
    return {tile for pile in state["supply"].values() for tile in pile}


class BurgundyDriver(CommandDriver):
    """Plays a table like people do, checking every panel, command and post on the way."""

    SLASH_FOR = SLASH_FOR

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User], log: ViewLog, *,
                 dm_users: set[int] = frozenset(), slash_every: int = 4) -> None:
        super().__init__(d, game_id, users, random.Random(5), dm_users=dm_users,
                         slash_every=slash_every)
        self.log = log
        self.markers: list = []
        self._views_seen = 0
        self._sent_seen = 0

    def check_panel(self, panel: Sent, decision: Decision, user: User, row) -> None:
        self._check_labels(panel, decision, norm_locale(user.locale), row)
        if any(c["custom_id"].startswith("s1:") for c in panel.components):
            self.stats["selects"] += 1

    async def moved(self, before, after, decision: Decision, option: str) -> None:
        self._mark(before.state)
        self.stats["chose " + option.split(":")[0]] += 1
        if not after.state["finished"]:
            self._mark(after.state)
        self._check_nothing_hidden(after.state)

    def typed(self, option: str, prefix: str) -> str:
        if prefix != "space:":
            return option
        self.stats["space_by_label"] += 1          # typed as the label on the estate picture
        return option.split(":", 1)[1]

    def _mark(self, state: dict) -> None:
        """Remember each new turn a human plays (AI turns pass inside a human's move)."""
        marker = GAME.turn_marker(state)
        if not self.markers or self.markers[-1] != marker:
            self.markers.append(marker)

    def _check_labels(self, panel: Sent, decision: Decision, locale: str, row) -> None:
        """The panel offers exactly the decision's options, worker costs in the labels."""
        labels = panel.offered()
        assert list(labels) == [o.id for o in decision.options], decision
        for option in decision.options:
            label = labels[option.id]
            assert label == option_label(GAME, option, locale, seat_names(row))[:100]
            cost = option.params.get("cost", 0)
            if cost:
                assert COST_WORDS[locale].format(cost) in label, label
                self.stats["costs_shown"] += 1

    def _check_nothing_hidden(self, state: dict) -> None:
        """No face-down tile in any picture drawn or any text sent since the last move
        (once the game is over, the views reveal the tiles never drawn)."""
        hidden = face_down(state)
        for _seat, view in self.log.views[self._views_seen:]:
            if view["finished"]:
                assert set(view["revealed"]["unused_tiles"]) == hidden
                continue
            assert not set(HIDDEN_KEYS) & set(view), sorted(view)
            assert not hidden & set(view["tiles"]), hidden & set(view["tiles"])
            assert not hidden & set(re.findall(r"T\d{3}", json.dumps(view)))
        self._views_seen = len(self.log.views)
        for sent in self.d.fake.sent[self._sent_seen:]:
            texts = [sent.content] + [c.get("label") or "" for c in sent.components]
            texts += [o["label"] for c in sent.components for o in c.get("options", [])]
            for text in texts:
                assert not RAW_TEXT.search(text), text
        self._sent_seen = len(self.d.fake.sent)


def boards(d: OfflineDiscord) -> list[Sent]:
    """Board messages (the header starts in bold); lobby and DM fallbacks do not."""
    return [p for p in d.posts() if p.content.startswith("**")]


def same_player_twice(d: OfflineDiscord, users: tuple[User, ...]) -> int:
    """How often two boards in a row ask the same player to move (a new turn each)."""
    asked = []
    for board in boards(d):
        asked.append(next((u.id for u in users if f"<@{u.id}>" in board.content), None))
    return sum(1 for a, b in zip(asked, asked[1:]) if a is not None and a == b)


async def test_two_players_play_a_whole_game(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 12)
    async with OfflineDiscord.open(tmp_path / "bg.sqlite", images=True) as d:
        log = ViewLog(enabled=True)
        d.table.renderer = log
        game_id = await started_table(d, "burgundy", ALICE, (BOB,))
        users = {u.id: u for u in (ALICE, BOB)}
        driver = BurgundyDriver(d, game_id, users, log, dm_users={BOB.id})
        await driver.play_to_end()
        row = await driver.row()
        stats = driver.stats

        assert row.status == "finished" and GAME.result(row.state) is not None
        assert len(driver.markers) == 5 * 5 * 2                 # phases x rounds x players
        posted = boards(d)
        assert len(posted) == len(driver.markers) + 1            # one per turn, and the end
        assert all(p.files for p in posted)                      # each with the board picture
        assert same_player_twice(d, (ALICE, BOB)) >= 1
        assert stats["panel_clicks"] > 50 and stats["dm_clicks"] > 10
        for command in ("burgundy die", "burgundy take", "burgundy place", "burgundy space"):
            assert stats[command] >= 1, (command, stats)
        assert stats["space_by_label"] >= 1 and stats["autocomplete"] >= 4
        assert stats["costs_shown"] >= 20
        assert stats["turn"] and stats["die_action"] and stats["space"]
        assert stats["chose buy_black"] and stats["chose sell"] and stats["chose workers"]
        assert stats["ship"] and stats["castle"] and stats["market"]    # tile follow-ups
        assert all(seat is None or view["seat"] == seat for seat, view in log.views)
        assert all(view["seat"] is None for seat, view in log.views if seat is None)
        placing = [view for seat, view in log.views
                   if seat is not None and view["decision"] == "space" and view["active"] == seat]
        assert placing and all(any(o.startswith("space:") for o in v["my_options"])
                               for v in placing)            # the picture circles these spaces

        estate = await d.slash(ALICE, "burgundy estate", player=str(BOB.id), game=game_id)
        assert estate.last.ephemeral and estate.last.files
        assert estate.last.files[0][1].startswith(b"\x89PNG")
    final = d.posts()[-1]
    assert "🏁" in final.content and final.custom_ids() == []
    assert d.problems == []


async def test_four_seats_advanced_estates_one_ai_and_closed_dms(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 8)
    humans = (DANA, ALICE, BOB)
    async with OfflineDiscord.open(tmp_path / "bg.sqlite", images=False) as d:
        d.fake.closed_dms.add(BOB.id)
        log = ViewLog(enabled=False)
        d.table.renderer = log
        game_id = await started_table(d, "burgundy", DANA, (ALICE, BOB), ai_seats=1,
                                      estates="advanced")
        driver = BurgundyDriver(d, game_id, {u.id: u for u in humans}, log,
                                dm_users={ALICE.id}, slash_every=5)
        await driver.play_to_end()
        row = await driver.row()
        stats = driver.stats
        assert row.status == "finished" and row.state["opts"]["estates"] == "advanced"
        assert stats["choose_estate"] == stats["start_castle"] == 3     # the AI chose its own
        assert {p["estate"] for p in row.state["players"]} - {1}        # not all on board 1
        assert len(boards(d)) == len(driver.markers) + 1
        assert stats["selects"] >= 1 and stats["costs_shown"] >= 50
        assert stats["dm_clicks"] > 10 and stats["slash"] >= 10
        assert d.fake.dm_attempts[BOB.id] == 1 and d.dms(BOB.id) == []
        fallback = t("panel.dm_fallback", "cs", mention=f"<@{BOB.id}>",
                     button=t("burgundy.board.my_panel", "cs"))
        assert [p.content for p in d.posts()].count(fallback) == 1
    assert d.problems == []


async def test_estate_command_shows_any_players_estate_privately(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 3)
    async with OfflineDiscord.open(tmp_path / "bg.sqlite", images=False) as d:
        game_id = await started_table(d, "burgundy", CYRIL, (DANA,), ai_seats=1)
        row = await d.table.db.load_game(game_id)
        ai_name = next(s.name for s in row.seats if s.is_ai)

        ex = await d.slash(CYRIL, "burgundy estate", player=str(DANA.id))
        assert ex.last.ephemeral and len(ex.last.files) == 1
        name, data = ex.last.files[0]
        assert data.startswith(b"\x89PNG") and "estate" in name
        assert ex.last.content == t("cmd.burgundy.estate.title", "en", player="Dana", id=game_id)

        ex = await d.slash(DANA, "burgundy estate", player=str(EVE.id))          # not playing
        assert ex.last.ephemeral and not ex.last.files
        assert ex.last.content == t("cmd.burgundy.estate.not_playing", "cs", player=f"<@{EVE.id}>")

        ex = await d.slash(EVE, "burgundy estate", player=str(CYRIL.id), game=game_id)
        assert ex.last.ephemeral and ex.last.files                 # onlookers may look too
        ex = await d.slash(EVE, "burgundy estate", player=str(CYRIL.id))
        assert ex.last.content == t("error.no_game_in_channel", "en")

        ai_seat = next(s.seat for s in row.seats if s.is_ai)       # an AI seat has no user:
        offered = await d.autocomplete(CYRIL, "burgundy estate", "seat")   # reached by seat
        assert {c["value"] for c in offered} == set(range(1, len(row.seats) + 1))
        assert any(ai_name in c["name"] and c["value"] == ai_seat + 1 for c in offered)
        ex = await d.slash(CYRIL, "burgundy estate", seat=ai_seat + 1)
        assert ex.last.ephemeral and ex.last.files[0][1].startswith(b"\x89PNG")
        assert ex.last.content == t("cmd.burgundy.estate.title", "en", player=ai_name, id=game_id)
        ex = await d.slash(CYRIL, "burgundy estate", seat=9)
        assert not ex.last.files and ex.last.content == t("cmd.burgundy.estate.not_playing",
                                                          "en", player="#9")
        ex = await d.slash(DANA, "burgundy estate")                # no option: one's own
        assert ex.last.content == t("cmd.burgundy.estate.title", "cs", player="Dana", id=game_id)

        ex = await d.slash(EVE, "burgundy estates", game=game_id)  # every estate at once
        assert ex.last.ephemeral and len(ex.last.files) == 1
        assert ex.last.files[0][1].startswith(b"\x89PNG")
        assert ex.last.content == t("cmd.burgundy.estates.title", "en", id=game_id)
    assert d.problems == []


async def test_burgundy_commands_are_within_discord_limits_and_czech(offline):
    payload = await command_payload(offline.bot)
    root = next(c for c in payload if c["name"] == "burgundy")
    assert root["name_localizations"]["cs"] == "hrady_burgundska" and text_size(root) <= 8000
    for command in walk(root):
        for name in (command["name"], command["name_localizations"]["cs"]):
            assert NAME.match(name) and name == name.lower()
        for text in (command["description"], command["description_localizations"]["cs"]):
            assert 1 <= len(text) <= 100
        for option in command.get("options", []):
            assert NAME.match(option["name"]) and 1 <= len(option["description"]) <= 100
            assert option["description_localizations"]["cs"]
    subs = {o["name"]: o for o in root["options"]}
    assert set(subs) == {*MOVE_NAMES, "estate", "estates"}
    assert subs["space"]["options"][0]["autocomplete"] is True
    estate = {o["name"]: o for o in subs["estate"]["options"]}
    assert estate["player"]["type"] == 6                             # a Discord user
    assert estate["seat"]["type"] == 4 and estate["seat"]["autocomplete"] is True   # AI seats


async def test_commands_take_typed_labels_and_refuse_bad_input(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 4)
    async with OfflineDiscord.open(tmp_path / "bg.sqlite", images=False) as d:
        game_id = await started_table(d, "burgundy", BOB, (ALICE,))
        driver = BurgundyDriver(d, game_id, {u.id: u for u in (ALICE, BOB)}, ViewLog(enabled=False))
        user, decision = await driver.next_turn()
        row = await driver.row()
        locale = norm_locale(user.locale)
        dice = await d.autocomplete(user, "burgundy die", "die")
        assert [c["value"] for c in dice] == [o.id for o in decision.options
                                              if o.id.startswith("die:")]
        assert await d.autocomplete(user, "burgundy space", "space") == []
        other = ALICE if user is BOB else BOB
        assert await d.autocomplete(other, "burgundy die", "die") == []

        for command, option, key in (("burgundy end-turn", "end", "dice_left"),
                                     ("burgundy sell", "sell:7", "illegal_option"),
                                     ("burgundy die", "die:5", "illegal_option")):
            with pytest.raises(RuleError) as refused:          # what the engine itself says
                GAME.apply(copy.deepcopy(row.state), decision.seat, Action(decision.kind, option))
            assert refused.value.key == key
            typed = {SUB_PARAM[command]: option.split(":")[1]} if ":" in option else {}
            ex = await d.slash(user, command, **typed)
            assert ex.last.ephemeral and (await driver.row()).seq == row.seq, command
            assert ex.last.content == d.table.error_message(refused.value, locale, row)
        ex = await d.slash(other, "burgundy die", die="die:0")
        assert ex.last.content == t("error.nothing_to_decide", norm_locale(other.locale))

        ex = await d.slash(user, "burgundy die", die=dice[0]["name"])        # typed as its label
        assert (await driver.row()).seq == row.seq + 1
        die = int(dice[0]["value"].split(":")[1]) + 1
        assert ex.last.ephemeral and t("burgundy.decision.die_action", locale, die=die,
                                       value=dice[0]["name"].split()[-1]) in ex.last.content
        ex = await d.slash(user, "burgundy back")
        assert (await driver.row()).seq == row.seq + 2
    assert d.problems == []


def test_place_label_shows_its_worker_cost():
    state, rnd = GAME.setup(2, {}, 5), random.Random(1)
    while not state["finished"]:
        decision = GAME.pending(state)[0]
        dear = [o for o in decision.options
                if o.id.startswith("place:") and o.params.get("cost")]
        if dear:
            label = option_label(GAME, dear[0], "en", ["A", "B"])
            assert COST_WORDS["en"].format(dear[0].params["cost"]) in label, label
            return
        GAME.apply(state, decision.seat, ai.choose(GAME, state, decision, rnd))
    raise AssertionError("no costly placement came up")
