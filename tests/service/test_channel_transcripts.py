"""Issue 10, the channel as players live it: whole games of every registered game at
2 and at the most players, through ``bot/simulate.py`` (table service, SQLite, the
transcript notifier), read back from the transcript and the database.

Checked for every game (new games are covered as soon as they are registered; a game
whose cog or renderer does not exist yet is skipped, saying so):

- channel posts per round <= 2 x players + 4 (a round: the game's own round from
  ``Game.turn_label``; secret picks and reactions edit one post instead of posting);
- nobody is pinged twice for the same decision (between two pings of a player, that
  player moved);
- no reaction prompt to a seat without a reaction (an anonymous decision always offers
  a real choice; in the action-card variant only a card holder is asked);
- no "(s)"-style hack, untranslated key or unfilled placeholder anywhere;
- no private text in a channel post;
- the end of the game is said once, in the last post, with the result.
"""
from __future__ import annotations

import importlib.util
import json
import re
import sqlite3
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from bot.i18n import t
from bot.simulate import simulate
from engine import registry
from engine.core import Action, Game

OPTIONS = {"citadels": {"action_cards": True}}  # the variant with reaction windows
HEADING = re.compile(r"^## (Channel|Edit of message \d+|Private to (.+)|Ephemeral to (.+)) · message (\d+)$")
HACKS = re.compile(r"\w\((s|es|a|y|i|ové|é)\)")
KEY = re.compile(r"\b[a-z_]+\.(event|decision|option|error|board|panel|score|turn|setting)\.[a-z_]+\b")


def cases():
    for game_id in registry.available():
        game = registry.get(game_id)
        for players in sorted({game.min_seats, game.max_seats}):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}")


def missing_parts(game_id: str) -> list[str]:
    return [name for name in (f"cogs.{game_id}", f"render.{game_id}")
            if importlib.util.find_spec(name) is None]


def entries(out: Path) -> list[tuple[str, str | None, str]]:
    """The transcript as (kind, player, text): kind is channel | edit | private | ephemeral."""
    found: list[tuple[str, str | None, str]] = []
    for block in (out / "transcript.md").read_text(encoding="utf-8").split("\n## ")[1:]:
        head, _, body = block.partition("\n")
        match = HEADING.match("## " + head)
        assert match, head
        kind = {"C": "channel", "E": "edit" if match[1].startswith("Edit") else "ephemeral",
                "P": "private"}[match[1][0]]
        found.append((kind, match[2] or match[3], body.strip()))
    return found


def pings(kind: str, player: str | None, text: str) -> set[str]:
    """Whom an entry notifies: a DM with a question (buttons), or a channel post's pings."""
    if kind == "private" and "\n[" in text:
        return {player}
    if kind == "channel":
        line = next((x for x in text.splitlines() if x.startswith("(pings: ")), None)
        return set(line[len("(pings: "):-1].split(", ")) if line else set()
    return set()


def replay(out: Path, game_id: str, players: int, seed: int):
    """Every position of the stored game: yields (seq, state) from the move log."""
    game = registry.get(game_id)
    with sqlite3.connect(out / "game.sqlite") as con:
        options = json.loads(con.execute("SELECT options FROM games").fetchone()[0])
        moves = con.execute("SELECT seq, seat, action FROM moves ORDER BY seq").fetchall()
        boards = [seq for (seq,) in con.execute(
            "SELECT seq FROM messages WHERE kind = 'board' ORDER BY rowid")]
    state = game.setup(players, options, seed)
    yield 0, state, boards
    for seq, seat, action in moves:
        game.apply(state, seat, Action.from_json(json.loads(action)))
        yield seq, state, boards


# games without rounds (Carcassonne: The Castle counts turns): one post per turn bounds them
ROUNDED = {"carcassonne_castle": False}


def round_of(game, state) -> str | None:
    label = game.turn_label(state)
    if label is None:
        return None
    params = label[1]
    return json.dumps([params.get("phase"), params.get("round")]) if "round" in params else None


@pytest.mark.parametrize("game_id,players", list(cases()))
async def test_the_channel_is_quiet_and_says_each_thing_once(game_id, players, tmp_path):
    missing = missing_parts(game_id)
    if missing:
        pytest.skip(f"{game_id} is not finished yet: no {', '.join(missing)}")
    seed = 3
    summary = await simulate(game_id, players, seed, tmp_path, options=OPTIONS.get(game_id),
                             images=False)
    assert summary["status"] == "finished"
    game = registry.get(game_id)
    log = entries(tmp_path)

    # posts per round, from the boards the database recorded
    rounds: Counter = Counter()
    anonymous_asked = 0
    position_round: dict[int, str | None] = {}
    boards: list[int] = []
    turns, last = 0, None
    for seq, state, boards in replay(tmp_path, game_id, players, seed):
        position_round[seq] = round_of(game, state)
        pending = game.pending(state)
        public = [d for d in pending if not d.anonymous]
        turn = (game.turn_marker(state), "secret" if public and all(d.secret for d in public)
                else sorted(d.seat for d in public))
        turns += turn != last and bool(public)
        last = turn
        for decision in pending:
            if decision.anonymous:  # a reaction is asked only where it is a real choice
                anonymous_asked += 1
                assert len(decision.options) > 1, decision
    for seq in boards:
        rounds[position_round.get(seq)] += 1
    posts = [e for e in log if e[0] == "channel"]
    assert len(posts) == len(boards), "every channel post is a board (no notices, no fallbacks)"
    assert len(posts) <= turns + 1, (len(posts), turns)   # one post per turn, and the end
    bound = 2 * players + 4
    per_round = {r: n for r, n in rounds.items() if r is not None}
    if ROUNDED.get(game_id, True) and type(game).turn_label is not Game.turn_label:
        assert per_round and max(per_round.values()) <= bound, per_round   # it says its rounds

    # one ping per decision: between two pings of a player, that player moved
    waiting: dict[str, bool] = defaultdict(bool)
    for kind, player, text in log:
        if kind == "ephemeral":
            waiting[player] = False
        for who in pings(kind, player, text):
            assert not waiting[who], f"{who} pinged twice for one decision:\n{text}"
            waiting[who] = True

    # words: no hacks, no keys, no placeholders; nothing private in the channel
    private_lines = {x for kind, _, text in log if kind in ("private", "ephemeral")
                     for x in text.splitlines() if x.startswith("• ")}
    for kind, _, text in log:
        assert not HACKS.search(text), text
        assert not KEY.search(text), text
        assert not re.search(r"\{[a-z_]+\}", text), text
        if kind in ("channel", "edit"):
            leaked = [x for x in text.splitlines() if x in private_lines]
            assert not leaked, leaked
    # the end is said once, with the result, in the last post
    said = [text for kind, _, text in log if kind in ("channel", "edit")]
    finished = t("board.finished", "en")
    assert finished in said[-1] and sum(text.count(finished) for text in said) == 1
    assert sum(text.count("🏆") for text in said) == 1
    if game_id == "citadels":  # these seeds do meet a reaction window: it names nobody
        waiting = t("board.reactions", "en")
        reactions = [text for kind, _, text in log if kind in ("channel", "edit")
                     and waiting in text]
        assert anonymous_asked > 0 and reactions
        for text in reactions:
            assert "(pings" not in text and "➡️" not in text and "<@" not in text, text
