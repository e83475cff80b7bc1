"""Crash safety and clean shutdown, checked with real child processes."""
import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from storage import open_database

from storage_helpers import active_game

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run_python(code: str, timeout: float = 30) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter; TimeoutExpired means it hung."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, timeout=timeout,
                          capture_output=True, text=True)


async def make_active_game(path) -> int:
    db = await open_database(path)
    try:
        return await active_game(db)
    finally:
        await db.close()


async def read_back(path, game_id):
    db = await open_database(path)
    try:
        return await db.load_game(game_id), await db.moves(game_id)
    finally:
        await db.close()


@pytest.mark.parametrize("kill_after", [1, 37, 300])
def test_killed_process_loses_no_acknowledged_move(tmp_path, kill_after):
    path = tmp_path / "crash.db"
    game_id = asyncio.run(make_active_game(path))
    child = subprocess.Popen([sys.executable, str(HERE / "append_child.py"), str(path),
                              str(game_id)], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                             text=True)
    acked = []
    try:
        while len(acked) < kill_after:
            line = child.stdout.readline()
            assert line, "child stopped before it was killed"
            acked.append(int(line))
        child.send_signal(signal.SIGKILL)
        acked += [int(line) for line in child.stdout.read().split()]  # still in the pipe
    finally:
        child.kill()
        child.wait(timeout=10)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL

    game, moves = asyncio.run(read_back(path, game_id))
    assert acked == list(range(1, len(acked) + 1))
    assert acked[-1] <= game.seq <= acked[-1] + 1  # one more may be committed, unprinted
    assert [m["seq"] for m in moves] == list(range(1, game.seq + 1))
    assert game.state["count"] == game.seq  # the snapshot matches the log
    assert moves[-1]["action"]["option"] == f"o{game.seq - 1}"


def test_clean_run_exits(tmp_path):
    done = run_python(f"""
import asyncio
from storage import open_database
async def main():
    db = await open_database({str(tmp_path / 'a.db')!r})
    await db.create_game('x', engine_version=1, options={{}}, guild_id=None, channel_id=1,
                         host_id=1, locale='en')
    await db.close()
asyncio.run(main())
""")
    assert done.returncode == 0, done.stderr


def test_error_inside_async_with_still_closes(tmp_path):
    done = run_python(f"""
import asyncio
from storage import open_database
async def main():
    async with await open_database({str(tmp_path / 'a.db')!r}) as db:
        await db.user_prefs(1)
        raise ValueError('boom')
asyncio.run(main())
""")
    assert done.returncode == 1 and "ValueError: boom" in done.stderr


def test_failed_open_closes_its_connection(tmp_path):
    path = tmp_path / "future.db"
    done = run_python(f"""
import asyncio, sqlite3
from storage import open_database
with sqlite3.connect({str(path)!r}) as conn:
    conn.execute('PRAGMA user_version = 999')
asyncio.run(open_database({str(path)!r}))
""")
    assert done.returncode == 1 and "newer than this code" in done.stderr
