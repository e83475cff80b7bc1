"""``python -m bot arena``: seeded games between AI levels, win shares and decision times."""
from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.arena import merge, percentile, run, wilson


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


def test_games_logged_one_by_one_merge_into_the_report_of_one_run(tmp_path, capsys):
    log = str(tmp_path / "arena.jsonl")
    whole = run("citadels", ["easy", "random"], games=3, seed=5)
    for seed in (5, 6, 7, 6):                      # a seed played twice counts once
        run("citadels", ["easy", "random"], games=1, seed=seed, log=log)
    merged = merge(log, "citadels", ["easy", "random"])
    assert merged.games == 3 and merged.wins == whole.wins
    assert len(merged.times["easy"]) == len(whole.times["easy"])
    assert merge(log, "citadels", ["random", "easy"]).games == 0   # other seats: not these
    assert main(["arena", "citadels", "--seats", "easy,random", "--merge", log]) == 0
    assert "citadels: 3 games, seats easy,random" in capsys.readouterr().out
