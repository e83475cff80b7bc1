"""Unusable database files give one clear sentence and an exit code, never a traceback,
and nothing is written: real SQLite files truncated, overwritten with garbage, made
unreadable, a missing folder, a folder in place of the file, a schema newer than the code."""
import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage import open_database
from storage.db import DatabaseUnusable, diagnose
from storage.migrations import STEPS

ROOT = Path(__file__).resolve().parents[2]


def bot(*args, cwd, **env) -> subprocess.CompletedProcess:
    """``python -m bot ...`` in ``cwd`` (no .env of the project), with ``env`` added."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", **env}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=full,
                          capture_output=True, text=True, timeout=120)


def real_database(path: Path) -> bytes:
    """A real, migrated Castellan database with a game in it; its bytes."""
    async def make():
        db = await open_database(path)
        for channel in range(300):  # enough rows for many pages
            await db.create_game("citadels", engine_version=1, options={"x": "y" * 200},
                                 guild_id=1, channel_id=channel, host_id=1, locale="en")
        await db.close()
    asyncio.run(make())
    return path.read_bytes()


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def assert_refused(path: Path, done: subprocess.CompletedProcess, before: dict, words: str):
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert words in done.stderr and str(path.name) in done.stderr
    assert files(path.parent) == before  # nothing written, no backup, no journal left


@pytest.mark.parametrize("damage", ["truncate", "garbage", "zero_page"])
def test_damaged_file_refused_by_run_and_simulate(tmp_path, damage):
    out = tmp_path / "sim"
    out.mkdir()
    path = out / "game.sqlite"
    data = real_database(path)
    if damage == "truncate":
        data = data[: len(data) // 2 + 100]
    elif damage == "garbage":
        data = b"this is no database\n" * 300
    else:
        data = data[:4096] + b"\0" * (len(data) - 4096)
    path.write_bytes(data)
    before = files(out)
    for args in (("run",), ("simulate", "citadels", "--out", "sim", "--resume", "--no-images")):
        done = bot(*args, cwd=tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(path))
        assert_refused(path, done, before, "damaged or not a SQLite database")


def test_missing_folder_and_folder_in_place_of_file(tmp_path):
    done = bot("run", cwd=tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(tmp_path / "no" / "c.db"))
    assert done.returncode == 3 and "does not exist" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "no").exists()
    (tmp_path / "dir.db").mkdir()
    done = bot("run", cwd=tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(tmp_path / "dir.db"))
    assert done.returncode == 3 and "is a folder" in done.stderr and "Traceback" not in done.stderr
    (tmp_path / "afile").write_text("x")
    done = bot("simulate", "citadels", "--out", "afile/sub", cwd=tmp_path)
    assert done.returncode == 3 and "Traceback" not in done.stderr and "afile" in done.stderr


def test_newer_schema_is_refused_and_left_alone(tmp_path):
    out = tmp_path / "sim"
    out.mkdir()
    path = out / "game.sqlite"
    real_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(STEPS) + 5}")
    conn.close()
    before = files(out)
    done = bot("simulate", "citadels", "--out", "sim", "--resume", "--no-images", cwd=tmp_path)
    assert_refused(path, done, before, "newer than this code")
    done = bot("run", cwd=tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(path))
    assert_refused(path, done, before, "newer than this code")   # before any login attempt
    with pytest.raises(DatabaseUnusable, match="newer than this code"):
        asyncio.run(open_database(path))
    assert files(out) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file anyway")
def test_unreadable_file(tmp_path):
    path = tmp_path / "c.db"
    real_database(path)
    path.chmod(0)
    try:
        done = bot("run", cwd=tmp_path, DISCORD_TOKEN="x", DATABASE_PATH=str(path))
        assert done.returncode == 3 and "permissions" in done.stderr
    finally:
        path.chmod(0o600)


def test_unreadable_file_as_seen_by_diagnose(tmp_path, monkeypatch):
    """The permission branch, even as root: os.access answers for the real user."""
    path = tmp_path / "c.db"
    real_database(path)
    monkeypatch.setattr(os, "access", lambda p, mode: False)
    with pytest.raises(DatabaseUnusable, match="cannot be read and written"):
        diagnose(path)


def test_good_and_new_files_pass(tmp_path):
    assert diagnose(tmp_path / "new.db") is None and not (tmp_path / "new.db").exists()
    path = tmp_path / "ok.db"
    real_database(path)
    assert diagnose(path) == len(STEPS)
