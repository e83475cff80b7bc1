"""`python -m bot simulate schutz_burg`: whole games, summer and winter, 2-4 players,
through the table service, SQLite and (once) the renderer."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]


def players(n: int) -> set[str]:
    return {f"Player {i + 1}" for i in range(n)}


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("winter", [False, True])
async def test_games_finish_and_repeat_exactly(tmp_path, seats, winter):
    options = {"winter": str(winter).lower()}
    first = await simulate("schutz_burg", seats, 21, tmp_path / "a", options=options, images=False)
    assert first["status"] == "finished" and first["players"] == seats and first["seed"] == 21
    assert set(first["scores"]) == players(seats) and first["winner"]
    assert set(first["winner"]) <= players(seats)
    best = max(first["scores"].values())
    assert all(first["scores"][name] == best for name in first["winner"])
    again = await simulate("schutz_burg", seats, 21, tmp_path / "b", options=options, images=False)
    assert again == first
    with sqlite3.connect(tmp_path / "a" / "game.sqlite") as con:
        state = json.loads(con.execute("SELECT state FROM games").fetchone()[0])
    assert state["winter"] is winter


@pytest.mark.parametrize("winter", [False, True])
async def test_stop_after_and_resume_equal_an_uninterrupted_game(tmp_path, winter):
    options = {"winter": str(winter).lower()}
    whole = await simulate("schutz_burg", 3, 8, tmp_path / "whole", options=options, images=False)
    part = await simulate("schutz_burg", 3, 8, tmp_path / "part", options=options, images=False,
                          stop_after=25)
    assert part["moves"] == 25 and part["status"] == "active" and part["winner"] == []
    resumed = await simulate("schutz_burg", 3, 8, tmp_path / "part", options=options,
                             images=False, resume=True)
    assert resumed == whole
    whole_log = (tmp_path / "whole" / "transcript.md").read_text(encoding="utf-8")
    resumed_log = (tmp_path / "part" / "transcript.md").read_text(encoding="utf-8")
    assert resumed_log == whole_log


def test_cli_plays_with_images_and_prints_the_summary_last(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "bot", "simulate", "schutz_burg", "--players", "3",
                           "--seed", "4", "--out", str(tmp_path), "--option", "winter=true"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["game"] == "schutz_burg" and summary["seed"] == 4
    assert summary["status"] == "finished" and set(summary["scores"]) == players(3)
    transcript = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    assert "## Channel" in transcript and "## Private to Player" in transcript
    boards = list(tmp_path.glob("schutz_burg-1-*.png"))
    assert any("-seat" in p.name for p in boards) and any("-seat" not in p.name for p in boards)
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in boards)
    with sqlite3.connect(tmp_path / "game.sqlite") as con:
        assert con.execute("SELECT count(*) FROM moves").fetchone()[0] == summary["moves"]


def test_cli_refuses_a_bad_option_clearly(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "bot", "simulate", "schutz_burg", "--players", "3",
                           "--out", str(tmp_path), "--option", "winter=maybe"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "maybe" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "game.sqlite").exists()
