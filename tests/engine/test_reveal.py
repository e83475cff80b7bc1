"""engine.reveal: the undo verdict by differences says what the plain rule says (every
viewer's ids counted whole, before and after) on every move of seeded games of every
game, cold (nothing kept), chained (the previous move's counts) and warm (every seat's
counts kept); the counts it keeps are exactly how each seat's view differs from the
spectator's; every seat of every game sees at least what the spectator sees (the rule
that lets the verdict skip views); and on toy games whose seats see more or less."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import registry, reveal
from engine.core import Event
from engine.reveal import changed, named_ids, undo_verdict
from tests.engine.random_moves import random_moves

GAMES = registry.available()


def plain_rule(game, before, after, events) -> bool:
    """The generic undo rule as first written: every viewer's views counted whole."""
    if before.get("rng") != after.get("rng") or game.result(after) is not None:
        return False
    if any(e.visible_to is not None for e in events):
        return False
    names = game.names()
    told = set(named_ids([dict(e.params) for e in events], names))
    seats = int(game.view(after, None).get("players") or 0)
    for seat in (None, *range(seats)):
        knew = named_ids(game.view(before, seat), names)
        if named_ids(game.view(after, seat), names) - knew or told - set(knew):
            return False
    return True


def own_parts(game, state) -> tuple[Counter, ...]:
    """Per seat: how often more (or fewer) it sees each id than the spectator does."""
    names = game.names()
    public = named_ids(game.view(state, None), names)
    out = []
    for seat in range(int(game.view(state, None).get("players") or 0)):
        mine = named_ids(game.view(state, seat), names)
        mine.subtract(public)
        out.append(Counter({name: n for name, n in mine.items() if n}))
    return tuple(out)


def check_kept(game, state, ok: bool, seen) -> int:
    """The kept counts are exact for every seat looked at (all of them when undoable);
    returns 1 when the verdict stopped before looking at every seat."""
    if seen is None:
        assert not ok
        return 0
    exact = own_parts(game, state)
    assert len(seen) == len(exact)
    assert all(mine is None or dict(mine) == dict(e) for mine, e in zip(seen, exact))
    assert not ok or None not in seen
    return None in seen


@pytest.mark.parametrize("game_id", GAMES)
def test_verdict_and_kept_counts_equal_the_plain_rule_cold_chained_and_warm(game_id):
    game = registry.get(game_id)
    verdicts, stopped, chained = Counter(), 0, 0
    for seed in range(4):
        seats, kept = max(2, (game.min_seats, game.max_seats)[seed % 2]), None
        for decision, before, events, state in random_moves(game, seats, seed, 150):
            expected = plain_rule(game, before, state, events)
            assert all(n > 0 for mine in own_parts(game, state) for n in mine.values()), \
                "a seat sees less than the spectator (reveal.SEATS_SEE_THE_PUBLIC)"
            mover = decision.seat if seed % 2 else None
            cold = undo_verdict(game, before, state, events, None, mover)
            warm = undo_verdict(game, before, state, events, own_parts(game, before), mover)
            chain = undo_verdict(game, before, state, events, kept, mover)
            assert cold[0] == warm[0] == chain[0] == expected == game.undoable(
                before, state, events), (seed, decision.kind)
            for ok, seen in (cold, warm, chain):
                stopped += check_kept(game, state, ok, seen)
            chained += kept is not None and None not in kept
            kept = chain[1]
            verdicts[expected] += 1
    assert verdicts[True] and verdicts[False] and chained, (verdicts, chained)
    if game_id not in ("burgundy", "carcassonne_castle"):  # (no seat learns alone there
        assert stopped, "no verdict stopped at a seat who sees more"  # without a draw)


class Toy:
    """A toy game: a spectator sees the board; seat 0 also its hand; seat 1 its hand
    and the board, where it sees each veiled card ``veiled`` times (0: not at all, less
    than the spectator, which no real game's seat does; 2: twice, more)."""

    def __init__(self, veiled: int) -> None:
        self.veiled = veiled

    def names(self):
        return dict.fromkeys("abcd", {})

    def result(self, state):
        return None

    def view(self, state, seat):
        board = state["board"]
        if seat == 1:
            board = [c for card in board
                     for c in [card] * (self.veiled if card in state["veil"] else 1)]
        out = {"players": 2, "board": board}
        if seat is not None:
            out["hand"] = state["hands"][seat]
        return out


@pytest.mark.parametrize("veiled, trusted", [(2, True), (0, False), (2, False)])
def test_toy_games_whose_seats_see_more_or_less_than_the_spectator(veiled, trusted,
                                                                    monkeypatch):
    """Seats that see more (the rule every game keeps: seats' views before are skipped
    where they cannot matter) and seats that see less (then nothing may be skipped)."""
    monkeypatch.setattr(reveal, "SEATS_SEE_THE_PUBLIC", trusted)
    game, rnd = Toy(veiled), random.Random(3)

    def deal():
        return {"rng": 1, "board": rnd.choices("abcd", k=rnd.randint(0, 4)),
                "veil": rnd.sample("abcd", rnd.randint(0, 2)),
                "hands": [rnd.choices("abcd", k=rnd.randint(0, 2)) for _ in range(2)]}

    verdicts = Counter()
    for _ in range(3000):
        before = deal()
        after = deal() if rnd.random() < 0.5 else dict(before, board=before["board"][1:])
        events = [Event("told", {"card": rnd.choice("abcd")})] if rnd.random() < 0.5 else []
        expected = plain_rule(game, before, after, events)
        for kept in (None, own_parts(game, before)):
            ok, seen = undo_verdict(game, before, after, events, kept, rnd.choice((None, 0, 1)))
            assert ok == expected, (before, after, events, kept)
            check_kept(game, after, ok, seen)
        verdicts[expected] += 1
    assert verdicts[True] > 100 and verdicts[False] > 100, verdicts


def test_changed_counts_what_rose_and_fell_without_zeros():
    names = dict.fromkeys("abc", {})
    base = {"hand": ["a", "b", "b"], "board": [["a"], ["c"], ["b"]], "x": "c"}
    for value in ({"hand": ["a", "b", "b", "c"], "board": [["a"], ["b"]], "x": "c"},
                  {"hand": ["c", "a", "b", "b"], "board": [["a"], ["c"], ["b"], ["b"]]},
                  {"hand": [], "board": [["b"]], "x": "a"}, {"b": {"a": "c"}}, ["a"], "b",
                  {"hand": ["a", "b"], "board": [["a"], ["a"], ["c"], ["b"]], "x": "c"}, base):
        delta = named_ids(value, names)
        delta.subtract(named_ids(base, names))
        assert changed(value, base, names) == Counter({k: n for k, n in delta.items() if n})
        assert 0 not in changed(value, base, names).values(), value
