"""`python -m bot simulate ludwig`: whole games, solo and 2-4 players, both variants,
through the table service, SQLite and (once per player count) the renderer."""
from __future__ import annotations

import pytest

from tests.service.simulate_helpers import (
    check_cli_game, check_refused, check_resume, finished_twice, run_cli, saved_state,
    transcript,
)


def simulate_cli(*args: str):
    return run_cli("simulate", "ludwig", *args)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
async def test_games_finish_and_repeat_exactly(tmp_path, seats):
    summary = await finished_twice("ludwig", seats, 21, tmp_path, {})
    state = saved_state(tmp_path / "a")
    assert state["finished"] and state["solo"] is (seats == 1)
    assert summary["moves"] > 10 * seats


@pytest.mark.parametrize("variant", ["chosen_favors", "chosen_bonus"])
async def test_variants_finish(tmp_path, variant):
    await finished_twice("ludwig", 3, 5, tmp_path, {variant: "true"})
    assert saved_state(tmp_path / "a")["opts"][variant] is True


async def test_stop_after_and_resume_equal_an_uninterrupted_game(tmp_path):
    await check_resume("ludwig", 3, 8, tmp_path, {}, stop_after=40)


@pytest.mark.parametrize("seats", [1, 4])
def test_cli_plays_with_images_and_prints_the_summary_last(tmp_path, seats):
    check_cli_game(tmp_path, "ludwig", seats=seats, seed=1)
    text = transcript(tmp_path)
    for seat in range(1, seats + 1):
        assert f"## Private to Player {seat}" in text


def test_cli_refuses_a_bad_option_clearly(tmp_path):
    proc = simulate_cli("--players", "3", "--out", str(tmp_path), "--option", "chosen_bonus=maybe")
    check_refused(proc, tmp_path, "maybe")
