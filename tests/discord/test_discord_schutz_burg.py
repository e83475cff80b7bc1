"""Im Schutz der Burg played through Discord, offline: the secret pick (who, never what),
the reveal board, every card's decisions from panels, DMs and /schutz_burg commands,
exact payments, a player with closed DMs, two cards each with 2 players, and winter."""
from __future__ import annotations

import copy
import random

import pytest

from bot.i18n import norm_locale, t
from bot.compose import seat_names
from bot.text import event_text
from engine import registry
from engine.core import Action, Decision, Event, RuleError
from engine.schutz_burg import data as D
from harness import (
    ALICE, BOB, CYRIL, DANA, CommandDriver, OfflineDiscord, Sent, User, ViewLog, seed_tables,
    started_table,
)

GAME = registry.get("schutz_burg")
CARD_NAMES = {name for card in D.CARDS for name in GAME.names()[card].values()}
# option-id prefix -> (/schutz_burg subcommand, its option) used by the driver now and then
SLASH_FOR = {"card:": ("schutz_burg pick", "card"), "tpl:": ("schutz_burg build", "building"),
             "pay:": ("schutz_burg pay", "payment"), "kind:": ("schutz_burg tower", "resource"),
             "spot:": ("schutz_burg trader", "spot"), "done": ("schutz_burg done", None)}


def offered(panel: Sent) -> list[str]:
    """Option ids a panel offers, in order (buttons and select values)."""
    return list(panel.offered())


def check_exact_payment(state: dict, decision: Decision, option_id: str) -> None:
    """``option_id`` pays the chosen template exactly, with enough kinds and silver to cover it."""
    vec = [int(x) for x in option_id[4:].split("-")]
    cost, _vp = D.template_value(state["task"]["template"], state["winter"])
    res, supply = state["players"][decision.seat]["res"], state["supply"]
    assert sum(D.POINTS[k] * n for k, n in zip(D.BUILD_KINDS, vec)) == cost, option_id
    assert sum(1 for n in vec if n) >= D.MIN_KINDS, option_id
    short = {k: max(0, n - res[k]) for k, n in zip(D.BUILD_KINDS, vec)}
    assert sum(short.values()) <= res["silver"], option_id
    assert all(short[k] <= supply[k] for k in short), option_id


def chosen_now(state: dict) -> dict[int, list[str]]:
    """Every seat's face-down cards this round (locked picks and 2-player drafts)."""
    out = {int(s): list(c) for s, c in (state.get("picks") or {}).get("picks", {}).items()}
    for s, cards in state["draft"].items():
        out.setdefault(int(s), []).extend(cards)
    return out


class SchutzDriver(CommandDriver):
    """Plays a table from "My hand" panels, DM panels and /schutz_burg commands, checking
    after every move what the channel was told."""

    SLASH_FOR = SLASH_FOR

    def __init__(self, d: OfflineDiscord, game_id: int, users: dict[int, User], *,
                 dm_users: set[int] = frozenset(), slash_every: int = 5) -> None:
        super().__init__(d, game_id, users, random.Random(3), dm_users=dm_users,
                         slash_every=slash_every)
        self.reveals: list[Sent] = []
        self._seen = len(d.posts())     # what the channel showed before the driver
        self._reveal: tuple[int, dict] | None = None

    def check_panel(self, panel: Sent, decision: Decision, user: User, row) -> None:
        assert offered(panel) == [o.id for o in decision.options], decision
        if decision.kind == "pay":
            self.stats["payments_checked"] += 1
            for oid in offered(panel):
                if oid != "back":
                    check_exact_payment(row.state, decision, oid)

    async def moved(self, before, after, decision: Decision, option: str) -> None:
        logged = await self.d.table.db.events_since(self.game_id, before.seq)
        events = [Event.from_json(e) for e in logged]
        self._check_posts(before, after, decision, option, events)

    def _check_posts(self, before, after, decision: Decision, option: str,
                     events: list[Event]) -> None:
        """While cards lie face down the channel names who chose, never what; once all
        are in (and any winter card is dealt with) the reveal board follows; a card that
        starts resolving gets a board, even when its owner was the one acting already."""
        posts = self.d.posts()[self._seen:]
        self._seen += len(posts)
        boards = [p for p in posts if p.content.startswith("**")]
        resolving = [e for e in events if e.kind == "card_resolves"]
        if resolving and after.status == "active":
            line = event_text(GAME, resolving[-1], after.locale, seat_names(after))
            assert boards and line in boards[-1].content, (line, [b.content for b in boards])
            self.stats["same_seat_next_card"] += resolving[-1].params["seat"] == decision.seat
        if decision.kind == "pick_card":
            waiting = (after.state.get("picks") or {}).get("open") or []
            same_round = after.state["round"] == before.state["round"]
            if same_round and decision.seat in waiting:
                assert boards == [], "a 2-player seat's first card is not news"
            elif same_round and waiting:
                assert chosen_now(after.state), "cards lie face down"
                assert boards == [], "a pick edits the status post, it posts nothing new"
                status = self.d.fake.messages[[p for p in self.d.posts()
                                               if p.content.startswith("**")][-1].message_id]
                chosen = t("board.chosen", after.locale, names="|").split("|")[0]
                line = next(x for x in status.content.splitlines() if x.startswith(chosen))
                assert seat_names(after)[decision.seat] in line, status.content
                assert not [n for n in CARD_NAMES if n in line], line
            else:
                chosen = chosen_now(before.state)
                chosen.setdefault(decision.seat, []).append(option.split(":", 1)[1])
                self._reveal = (before.state["round"], chosen)
        if self._reveal is not None:
            self._check_reveal(after, boards)

    def _check_reveal(self, after, boards: list[Sent]) -> None:
        """The first board after the reveal shows every face-down card turned up."""
        round_, chosen = self._reveal
        if after.state["round"] == round_ and not any(after.state["rs"]["cards"]):
            return                                  # winter decisions come first
        self._reveal = None
        names = seat_names(after)
        lines = [event_text(GAME, Event("card_revealed", {"seat": seat, "card": card}),
                            after.locale, names)
                 for seat, cards in chosen.items() for card in cards]
        board = boards[0].content
        if any(line not in board for line in lines):    # bot/table.py keeps only the last lines
            assert board.splitlines()[1] == "• …", board
            self.stats["reveals_cut"] += 1
        self.reveals.append(boards[0])


async def play(tmp_path, monkeypatch, host: User, guests: tuple[User, ...], *, value: int,
               images: bool = False, closed: tuple[User, ...] = (), dm_users=(), **options):
    """A whole game; returns (driver, final row, renderer log, offline bot (closed), events)."""
    seed_tables(monkeypatch, value)
    async with OfflineDiscord.open(tmp_path / "sb.sqlite", images=images) as d:
        d.fake.closed_dms.update(u.id for u in closed)
        log = ViewLog(enabled=images)
        d.table.renderer = log
        game_id = await started_table(d, "schutz_burg", host, guests, **options)
        users = {u.id: u for u in (host, *guests)}
        driver = SchutzDriver(d, game_id, users, dm_users={u.id for u in dm_users})
        await driver.play_to_end()
        row = await driver.row()
        events = await d.table.db.events_since(game_id, 0)
    assert d.problems == []
    return driver, row, log, d, events


def assert_spectator_pictures(log: ViewLog, players: int) -> None:
    """Board pictures come from the spectator view; private ones from their seat's view."""
    assert log.tables
    for view in log.tables:
        assert view["seat"] is None and view["hand"] is None
        assert view["pick"] is None or "mine" not in view["pick"]
        assert len(view["seat_names"]) == players
    assert all(view["seat"] == seat for seat, view in log.privates)


def pick_questions(d: OfflineDiscord, user: User) -> set[int]:
    """Rounds for which ``user`` was privately offered their hand (DM or panel reply)."""
    rounds = set()
    for sent in d.fake.sent:
        if sent.user_id != user.id or sent.kind == "post":
            continue
        if any(cid.split(":", 3)[-1].startswith("card:") for cid in sent.custom_ids()):
            for r in range(1, 16):
                marks = {t("schutz_burg.decision.pick_card", loc, number=1, of=n, round=r)
                         for loc in ("en", "cs") for n in (1, 2)}
                if any(mark in sent.content for mark in marks):
                    rounds.add(r)
    return rounds


async def test_four_players_one_with_closed_dms_play_a_whole_game(tmp_path, monkeypatch):
    driver, row, log, d, _ = await play(tmp_path, monkeypatch, ALICE, (BOB, CYRIL, DANA),
                                        value=11, images=True, closed=(BOB,),
                                        dm_users=(CYRIL, DANA))
    assert row.status == "finished" and GAME.result(row.state) is not None
    rounds = row.state["round"]
    stats = driver.stats
    assert stats["pick_card"] == 4 * rounds
    assert stats["dm_clicks"] > 5 and stats["panel_clicks"] > 20 and stats["slash"] >= 5
    assert stats["payments_checked"] >= 3 and stats["build"] >= 3
    assert all(stats[kind] for kind in ("trader", "tower_kind", "helper", "helper_source",
                                         "stock_choice"))
    assert len(driver.reveals) == rounds                  # every round: one reveal board
    assert all(r.files for r in driver.reveals)           # ... with the board picture
    assert_spectator_pictures(log, 4)
    # Bob: one refused DM, remembered; he played every pick from "My hand"
    assert d.fake.dm_attempts[BOB.id] == 1 and d.dms(BOB.id) == []
    fallback = t("panel.dm_fallback", "cs", mention=f"<@{BOB.id}>",
                 button=t("schutz_burg.board.my_panel", "cs"))
    assert [p.content for p in d.posts()].count(fallback) == 1
    # the others were handed their cards privately every round
    for user in (ALICE, CYRIL, DANA):
        assert pick_questions(d, user) == set(range(1, rounds + 1)), user.name
    final = d.posts()[-1]
    assert "🏁" in final.content and final.custom_ids() == []


async def test_two_players_choose_two_cards_each(tmp_path, monkeypatch):
    driver, row, log, d, _ = await play(tmp_path, monkeypatch, BOB, (ALICE,), value=5,
                                        closed=(ALICE,), dm_users=(BOB,))
    assert row.status == "finished"
    rounds = row.state["round"]
    assert driver.stats["pick_card"] == 2 * 2 * rounds              # two each
    assert driver.stats["worker_order"] and driver.stats["buy"]     # two Workers; Stonemason
    assert driver.stats["same_seat_next_card"] >= 3                 # still a new board each
    assert len(driver.reveals) == rounds
    assert_spectator_pictures(log, 2)
    assert pick_questions(d, BOB) == set(range(1, rounds + 1))
    second = t("schutz_burg.decision.pick_card", "cs", number=2, of=2, round=1)
    assert any(second in s.content for s in d.fake.sent if s.user_id == ALICE.id)


async def test_winter_game_with_an_ai_seat(tmp_path, monkeypatch):
    driver, row, log, d, events = await play(tmp_path, monkeypatch, DANA, (CYRIL,), value=7,
                                             ai_seats=1, winter=True, dm_users=(CYRIL,))
    assert row.status == "finished" and row.state["winter"] is True
    assert sum(driver.stats[k] for k in ("plague", "snowdrift", "wall_breach", "court")) >= 3
    drawn = {e["params"]["card"] for e in events if e["kind"] == "winter_card"}
    assert drawn and drawn <= set(D.WINTER)
    channel = "\n".join(p.content for p in d.posts())
    for card in drawn:
        assert GAME.names()[card][norm_locale(DANA.locale)] in channel
    assert len(driver.reveals) == row.state["round"]
    assert_spectator_pictures(log, 3)


async def test_commands_offer_legal_moves_and_refuse_bad_input(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 3)
    async with OfflineDiscord.open(tmp_path / "sb.sqlite", images=False) as d:
        game_id = await started_table(d, "schutz_burg", ALICE, (BOB,))
        driver = SchutzDriver(d, game_id, {ALICE.id: ALICE, BOB.id: BOB}, slash_every=10**6)
        user, decision = await driver.next_turn()
        cards = {o.id for o in decision.options if o.id.startswith("card:")}
        assert {c["value"] for c in await d.autocomplete(user, "schutz_burg pick", "card")} == cards
        assert await d.autocomplete(user, "schutz_burg build", "building") == []
        row = await driver.row()
        bogus = Action("pick_card", "card:master_builder")     # locked while all cards are in hand
        with pytest.raises(RuleError) as refused:
            GAME.apply(copy.deepcopy(row.state), decision.seat, bogus)
        ex = await d.slash(user, "schutz_burg pick", card="master_builder")
        assert ex.last.ephemeral and (await driver.row()).seq == row.seq
        locale = norm_locale(user.locale)
        assert ex.last.content == d.table.error_message(refused.value, locale, row)
        ex = await d.slash(user, "schutz_burg pay", payment="pay:9-9-9-9")     # not a pick
        assert ex.last.ephemeral and (await driver.row()).seq == row.seq
        illegal = RuleError("illegal_option", option="pay:9-9-9-9")
        assert ex.last.content == d.table.error_message(illegal, locale, row)
        label = GAME.names()["messenger"][locale]
        ex = await d.slash(user, "schutz_burg pick", card=label)         # typed by its name
        assert ex.last.ephemeral and (await driver.row()).seq == row.seq + 1
    assert d.problems == []


async def test_dm_pick_buttons_still_work_after_another_player_picked(tmp_path, monkeypatch):
    seed_tables(monkeypatch, 3)
    async with OfflineDiscord.open(tmp_path / "sb.sqlite", images=False) as d:
        game_id = await started_table(d, "schutz_burg", ALICE, (BOB, CYRIL))
        driver = SchutzDriver(d, game_id, {u.id: u for u in (ALICE, BOB, CYRIL)})
        dm = d.dms(CYRIL.id)[-1]
        panel = await driver.open_panel(BOB)
        await driver.choose(BOB, panel, offered(panel)[0])          # Bob picks first
        seq = (await driver.row()).seq
        ex = await driver.choose(CYRIL, dm, offered(dm)[0])         # then Cyril, from his DM
        assert (await driver.row()).seq == seq + 1, ex.text


async def test_the_reveal_board_names_every_card_even_when_the_round_resolves_itself(
        tmp_path, monkeypatch):
    seed_tables(monkeypatch, 3)
    async with OfflineDiscord.open(tmp_path / "sb.sqlite", images=False) as d:
        users = (ALICE, BOB, CYRIL, DANA)
        game_id = await started_table(d, "schutz_burg", ALICE, users[1:])
        driver = SchutzDriver(d, game_id, {u.id: u for u in users})
        for user in users:                                    # four Messengers
            await driver.choose(user, await driver.open_panel(user), "card:messenger")
        row = await driver.row()
        board = d.posts()[-1].content
        for seat in range(4):
            line = event_text(GAME, Event("card_revealed", {"seat": seat, "card": "messenger"}),
                              row.locale, seat_names(row))
            assert line in board
