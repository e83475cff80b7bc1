"""``python -m bot arena``: seeded games between AI levels, win shares and decision times."""
from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.arena import percentile, run, wilson


def test_wilson_interval():
    lo, hi = wilson(45, 100)
    assert 0.35 < lo < 0.36 and 0.54 < hi < 0.55      # the textbook figures
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert percentile([0.1, 0.2, 0.3, 0.4], 0.5) == 0.3


def test_arena_counts_every_game_and_rotates_the_seats():
    tally = run("citadels", ["easy", "random"], games=4, seed=1)
    assert tally.games == 4 and sum(tally.wins) == pytest.approx(4)
    assert tally.wins[0] >= 3                            # the heuristic beats random play
    assert len(tally.times["easy"]) > 20 and "random" not in tally.times


def test_arena_command_prints_the_figures(capsys):
    assert main(["arena", "carcassonne_castle", "--seats", "easy,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "carcassonne_castle: 2 games, seats easy,random" in out
    assert "95% CI" in out and "p99" in out and "fair share 50%" in out
    with pytest.raises(SystemExit):
        main(["arena", "citadels", "--seats", "easy,wizard"])
