"""Shared by the ``python -m bot simulate`` tests: running the CLI, reading what a game
left in its folder, and the checks every game's summary must pass."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """``python -m bot <args>`` from the repository root."""
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def players(n: int) -> set[str]:
    """The names simulated seats get."""
    return {f"Player {i + 1}" for i in range(n)}


def saved_state(out: Path) -> dict:
    """The game state stored in ``out``'s database."""
    with sqlite3.connect(out / "game.sqlite") as con:
        return json.loads(con.execute("SELECT state FROM games").fetchone()[0])


def saved_moves(out: Path) -> int:
    with sqlite3.connect(out / "game.sqlite") as con:
        return con.execute("SELECT count(*) FROM moves").fetchone()[0]


def transcript(out: Path) -> str:
    return (out / "transcript.md").read_text(encoding="utf-8")


async def finished_twice(game: str, seats: int, seed: int, tmp_path: Path,
                         options: dict) -> dict:
    """Plays one game in ``tmp_path/a`` and again in ``tmp_path/b``: it finishes, the
    winners have the best score, and both runs agree. Returns the summary."""
    first = await simulate(game, seats, seed, tmp_path / "a", options=options, images=False)
    assert first["status"] == "finished" and first["players"] == seats and first["seed"] == seed
    assert set(first["scores"]) == players(seats) and first["winner"]
    assert set(first["winner"]) <= players(seats)
    best = max(first["scores"].values())
    assert all(first["scores"][name] == best for name in first["winner"])
    again = await simulate(game, seats, seed, tmp_path / "b", options=options, images=False)
    assert again == first
    return first


async def check_resume(game: str, seats: int, seed: int, tmp_path: Path, options: dict,
                       stop_after: int) -> dict:
    """A game stopped after ``stop_after`` moves and resumed equals one played through,
    summary and transcript alike (``tmp_path/part`` and ``tmp_path/whole``). Returns the
    summary."""
    whole = await simulate(game, seats, seed, tmp_path / "whole", options=options, images=False)
    part = await simulate(game, seats, seed, tmp_path / "part", options=options, images=False,
                          stop_after=stop_after)
    assert part["moves"] == stop_after and part["status"] == "active" and part["winner"] == []
    resumed = await simulate(game, seats, seed, tmp_path / "part", options=options,
                             images=False, resume=True)
    assert resumed == whole
    assert transcript(tmp_path / "part") == transcript(tmp_path / "whole")
    return whole


def check_cli_game(out: Path, game: str, *, seats: int, seed: int,
                   options: tuple[str, ...] = ()) -> dict:
    """``python -m bot simulate`` finishes the game and prints its summary last; the
    transcript, board and private pictures and every move are in ``out``. Returns the
    summary."""
    args = ["simulate", game, "--players", str(seats), "--seed", str(seed), "--out", str(out)]
    for option in options:
        args += ["--option", option]
    proc = run_cli(*args)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["game"] == game and summary["seed"] == seed and summary["players"] == seats
    assert summary["status"] == "finished" and set(summary["scores"]) == players(seats)
    text = transcript(out)
    assert "## Channel" in text and "## Private to Player" in text
    pictures = list(out.glob(f"{game}-1-*.png"))
    assert any("-seat" in p.name for p in pictures) and any("-seat" not in p.name for p in pictures)
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    assert saved_moves(out) == summary["moves"]
    return summary


def check_refused(proc: subprocess.CompletedProcess, out: Path, *words: str) -> None:
    """The CLI refused its input with a clear message naming ``words``, and no game began."""
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert all(word in proc.stderr for word in words), proc.stderr
    assert not (out / "game.sqlite").exists()
