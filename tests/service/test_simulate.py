"""`python -m bot simulate`: whole games through the table service, SQLite and renderer."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_cli_plays_a_game_and_prints_the_summary_last(tmp_path):
    proc = run_cli("simulate", "citadels", "--players", "3", "--seed", "11", "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["game"] == "citadels" and summary["players"] == 3 and summary["seed"] == 11
    assert summary["winner"] and set(summary["scores"]) == {"Player 1", "Player 2", "Player 3"}
    transcript = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    assert "## Channel" in transcript and "## Private to Player" in transcript
    assert list(tmp_path.glob("*.png")), "board images are written"
    with sqlite3.connect(tmp_path / "game.sqlite") as con:
        moves = con.execute("SELECT count(*) FROM moves").fetchone()[0]
    assert moves == summary["moves"]


def test_cli_rejects_bad_input_clearly(tmp_path):
    proc = run_cli("simulate", "citadels", "--players", "9", "--out", str(tmp_path))
    assert proc.returncode == 2 and "2–7" in proc.stderr and "Traceback" not in proc.stderr
    proc = run_cli("simulate", "chess", "--out", str(tmp_path))
    assert proc.returncode == 2 and "chess" in proc.stderr


@pytest.mark.parametrize("options", [{}, {"action_cards": "true"}])
async def test_same_seed_same_game_and_resume_matches(tmp_path, options):
    whole = await simulate("citadels", 4, 5, tmp_path / "a", options=options, images=False)
    again = await simulate("citadels", 4, 5, tmp_path / "b", options=options, images=False)
    assert whole == again
    part = await simulate("citadels", 4, 5, tmp_path / "c", options=options, images=False,
                          stop_after=40)
    assert part["moves"] == 40 and part["status"] == "active"
    resumed = await simulate("citadels", 4, 5, tmp_path / "c", options=options, images=False,
                             resume=True)
    assert resumed == whole
