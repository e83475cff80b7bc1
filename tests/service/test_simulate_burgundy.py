"""`python -m bot simulate burgundy`: whole games with 2-4 players, standard and advanced
estates, through the table service, SQLite and (once) the renderer."""
from __future__ import annotations

import pytest

from bot.simulate import simulate
from tests.service.simulate_helpers import (
    check_cli_game, check_refused, check_resume, finished_twice, run_cli, saved_state, transcript,
)


def simulate_cli(*args: str):
    return run_cli("simulate", "burgundy", *args)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("estates", ["standard", "advanced"])
async def test_games_finish_and_repeat_exactly(tmp_path, seats, estates):
    await finished_twice("burgundy", seats, 17, tmp_path, {"estates": estates})
    state = saved_state(tmp_path / "a")
    assert state["opts"]["estates"] == estates and state["finished"]
    for player in state["players"]:                  # advanced: a side of a dealt board
        assert player["estate"] in player["board"]
        assert len(player["board"]) == (2 if estates == "advanced" else 1)
    assert transcript(tmp_path / "a") == transcript(tmp_path / "b")


async def test_another_seed_plays_another_game(tmp_path):
    one = await simulate("burgundy", 3, 1, tmp_path / "a", images=False)
    two = await simulate("burgundy", 3, 2, tmp_path / "b", images=False)
    assert (one["moves"], one["scores"]) != (two["moves"], two["scores"])


@pytest.mark.parametrize("estates", ["standard", "advanced"])
async def test_stop_after_and_resume_equal_an_uninterrupted_game(tmp_path, estates):
    await check_resume("burgundy", 3, 8, tmp_path, {"estates": estates}, stop_after=60)
    assert saved_state(tmp_path / "part") == saved_state(tmp_path / "whole")


def test_cli_plays_with_images_and_prints_the_summary_last(tmp_path):
    check_cli_game(tmp_path, "burgundy", seats=4, seed=4, options=("estates=advanced",))


def test_cli_refuses_a_bad_option_clearly(tmp_path):
    proc = simulate_cli("--players", "3", "--out", str(tmp_path), "--option", "estates=huge")
    check_refused(proc, tmp_path, "huge")
    check_refused(simulate_cli("--players", "5", "--out", str(tmp_path)), tmp_path)
