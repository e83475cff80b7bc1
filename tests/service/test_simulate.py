"""`python -m bot simulate`: whole games through the table service, SQLite and renderer."""
from __future__ import annotations

import pytest

from bot.simulate import simulate
from tests.service.simulate_helpers import check_cli_game, check_refused, check_resume, run_cli


def test_cli_plays_a_game_and_prints_the_summary_last(tmp_path):
    summary = check_cli_game(tmp_path, "citadels", seats=3, seed=11)
    assert summary["winner"]


def test_cli_rejects_bad_input_clearly(tmp_path):
    check_refused(run_cli("simulate", "citadels", "--players", "9", "--out", str(tmp_path)),
                  tmp_path, "2–7")
    check_refused(run_cli("simulate", "chess", "--out", str(tmp_path)), tmp_path, "chess")


@pytest.mark.parametrize("options", [{}, {"action_cards": "true"}])
async def test_same_seed_same_game_and_resume_matches(tmp_path, options):
    whole = await check_resume("citadels", 4, 5, tmp_path, options, stop_after=40)
    again = await simulate("citadels", 4, 5, tmp_path / "again", options=options, images=False)
    assert again == whole
