"""`python -m bot simulate burgundy`: whole games with 2-4 players, standard and advanced
estates, through the table service, SQLite and (once) the renderer."""
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


def saved_state(out: Path) -> dict:
    with sqlite3.connect(out / "game.sqlite") as con:
        return json.loads(con.execute("SELECT state FROM games").fetchone()[0])


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("estates", ["standard", "advanced"])
async def test_games_finish_and_repeat_exactly(tmp_path, seats, estates):
    options = {"estates": estates}
    first = await simulate("burgundy", seats, 17, tmp_path / "a", options=options, images=False)
    assert first["status"] == "finished" and first["players"] == seats and first["seed"] == 17
    assert set(first["scores"]) == players(seats) and first["winner"]
    best = max(first["scores"].values())
    assert all(first["scores"][name] == best for name in first["winner"])
    again = await simulate("burgundy", seats, 17, tmp_path / "b", options=options, images=False)
    assert again == first
    state = saved_state(tmp_path / "a")
    assert state["opts"]["estates"] == estates and state["finished"]
    for player in state["players"]:                  # advanced: a side of a dealt board
        assert player["estate"] in player["board"]
        assert len(player["board"]) == (2 if estates == "advanced" else 1)
    transcript = (tmp_path / "a" / "transcript.md").read_text(encoding="utf-8")
    assert transcript == (tmp_path / "b" / "transcript.md").read_text(encoding="utf-8")


async def test_another_seed_plays_another_game(tmp_path):
    one = await simulate("burgundy", 3, 1, tmp_path / "a", images=False)
    two = await simulate("burgundy", 3, 2, tmp_path / "b", images=False)
    assert (one["moves"], one["scores"]) != (two["moves"], two["scores"])


@pytest.mark.parametrize("estates", ["standard", "advanced"])
async def test_stop_after_and_resume_equal_an_uninterrupted_game(tmp_path, estates):
    options = {"estates": estates}
    whole = await simulate("burgundy", 3, 8, tmp_path / "whole", options=options, images=False)
    part = await simulate("burgundy", 3, 8, tmp_path / "part", options=options, images=False,
                          stop_after=60)
    assert part["moves"] == 60 and part["status"] == "active" and part["winner"] == []
    resumed = await simulate("burgundy", 3, 8, tmp_path / "part", options=options,
                             images=False, resume=True)
    assert resumed == whole
    assert saved_state(tmp_path / "part") == saved_state(tmp_path / "whole")
    whole_log = (tmp_path / "whole" / "transcript.md").read_text(encoding="utf-8")
    resumed_log = (tmp_path / "part" / "transcript.md").read_text(encoding="utf-8")
    assert resumed_log == whole_log


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "simulate", "burgundy", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_cli_plays_with_images_and_prints_the_summary_last(tmp_path):
    proc = run_cli("--players", "4", "--seed", "4", "--out", str(tmp_path),
                   "--option", "estates=advanced")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["game"] == "burgundy" and summary["seed"] == 4 and summary["players"] == 4
    assert summary["status"] == "finished" and set(summary["scores"]) == players(4)
    transcript = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    assert "## Channel" in transcript and "## Private to Player" in transcript
    pictures = list(tmp_path.glob("burgundy-1-*.png"))
    assert any("-seat" in p.name for p in pictures) and any("-seat" not in p.name for p in pictures)
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    with sqlite3.connect(tmp_path / "game.sqlite") as con:
        assert con.execute("SELECT count(*) FROM moves").fetchone()[0] == summary["moves"]


def test_cli_refuses_a_bad_option_clearly(tmp_path):
    proc = run_cli("--players", "3", "--out", str(tmp_path), "--option", "estates=huge")
    assert proc.returncode == 2 and "huge" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "game.sqlite").exists()
    proc = run_cli("--players", "5", "--out", str(tmp_path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
