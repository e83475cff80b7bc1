"""`python -m bot simulate schutz_burg`: whole games, summer and winter, 2-4 players,
through the table service, SQLite and (once) the renderer."""
from __future__ import annotations

import pytest

from tests.service.simulate_helpers import (
    check_cli_game, check_refused, check_resume, finished_twice, run_cli, saved_state,
)


def simulate_cli(*args: str):
    return run_cli("simulate", "schutz_burg", *args)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("winter", [False, True])
async def test_games_finish_and_repeat_exactly(tmp_path, seats, winter):
    await finished_twice("schutz_burg", seats, 21, tmp_path, {"winter": str(winter).lower()})
    assert saved_state(tmp_path / "a")["winter"] is winter


@pytest.mark.parametrize("winter", [False, True])
async def test_stop_after_and_resume_equal_an_uninterrupted_game(tmp_path, winter):
    await check_resume("schutz_burg", 3, 8, tmp_path, {"winter": str(winter).lower()},
                       stop_after=25)


def test_cli_plays_with_images_and_prints_the_summary_last(tmp_path):
    check_cli_game(tmp_path, "schutz_burg", seats=3, seed=4, options=("winter=true",))


def test_cli_refuses_a_bad_option_clearly(tmp_path):
    proc = simulate_cli("--players", "3", "--out", str(tmp_path), "--option", "winter=maybe")
    check_refused(proc, tmp_path, "maybe")
