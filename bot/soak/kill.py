"""The ``kill`` probe: ``kill -9`` of a real bot process (the offline Discord stack,
:mod:`bot.soak.kill_child`) at random moments while it plays moves across several
tables, then a restart on the same file, again and again.

After every kill: ``PRAGMA integrity_check`` is ok, every acknowledged move is in the
file (the table's seq reached it, its move log has no gap), and the restarted process
plays on.  A move committed but not yet acknowledged when the process died is counted
(``moves_delivery_cut``): the outbox delivers its board and DMs at the next start.

At the end one more start delivers what the last kill left open, and the messages are
checked against the uninterrupted run: the move logs are replayed, click by click, by a
fresh offline bot (the same seeds, the same choices), and every board, DM and ping it
says must have been said exactly once, with the same final text and buttons, by the
killed processes (the fake Discord journals to disk, so it survives the kills; see
``bot.offline.Journal``).
"""
from __future__ import annotations

import asyncio
import json
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bot.offline import FakeDiscord, User
from bot.soak.figures import Figure
from bot.soak.kill_child import journal_of
from bot.soak.said import COUNTS, compare, said
from bot.soak.tables import click_for, offline_bot, users_for

__all__ = ["probe", "kill_game", "replay_said"]

ROOT = Path(__file__).resolve().parents[2]
TABLES = 3
ACK_TIMEOUT_S = 90.0


def _reader(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _kill_group(child: subprocess.Popen) -> None:
    """kill -9 the bot process and whatever it started (e.g. worker processes, which
    would otherwise live on and keep its stdout open)."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _next(lines: queue.Queue) -> str | None:
    try:
        return lines.get(timeout=30)
    except queue.Empty:
        return None


def _check(path: Path, acked: dict[int, int]) -> dict:
    """What the file holds after a kill, against the acknowledged moves."""
    conn = sqlite3.connect(path)
    try:
        ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        lost = cut = gaps = 0
        for table, seq in acked.items():
            stored = conn.execute("SELECT seq FROM games WHERE id = ?", (table,)).fetchone()
            stored_seq = stored[0] if stored else 0
            logged = [r[0] for r in conn.execute(
                "SELECT seq FROM moves WHERE game = ? ORDER BY seq", (table,))]
            lost += max(0, seq - stored_seq)
            cut += max(0, stored_seq - seq)
            gaps += logged != list(range(1, stored_seq + 1))
    finally:
        conn.close()
    return {"integrity_ok": ok, "lost": lost, "cut": cut, "gaps": gaps}


def kill_game(game_id: str, kills: int, seed: int = 1) -> dict:
    """``kills`` kill -9 and restarts of a bot playing ``game_id``; the figure."""
    rng = random.Random(f"kill:{game_id}:{seed}")
    fig = {"game": game_id, "kills": 0, "acked_moves": 0, "acked_moves_lost": 0,
           "integrity_failures": 0, "log_gaps": 0, "restarts_stalled": 0,
           "moves_delivery_cut": 0, "tables_seen": 0}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    acked: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kill.sqlite"
        for k in range(kills):
            child = subprocess.Popen(
                [sys.executable, "-m", "bot.soak.kill_child", str(path), game_id, str(TABLES),
                 str(rng.randrange(1 << 30))], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, start_new_session=True)
            lines: queue.Queue = queue.Queue()
            threading.Thread(target=_reader, args=(child.stdout, lines), daemon=True).start()
            target, got = rng.randint(1, 3 * TABLES * 3), 0
            deadline = time.monotonic() + ACK_TIMEOUT_S
            try:
                while got < target and time.monotonic() < deadline:
                    try:
                        line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
                    except queue.Empty:
                        break
                    if line is None:
                        break
                    ack = json.loads(line)
                    acked[ack["t"]] = max(acked.get(ack["t"], 0), ack["seq"])
                    got += 1
                time.sleep(rng.uniform(0, 0.08))   # a random moment within the next move
                _kill_group(child)
            finally:
                _kill_group(child)
                child.wait(timeout=30)
            while (line := _next(lines)) is not None:   # acks still in the pipe
                ack = json.loads(line)
                acked[ack["t"]] = max(acked.get(ack["t"], 0), ack["seq"])
                got += 1
            fig["kills"] += child.returncode == -signal.SIGKILL
            fig["acked_moves"] += got
            fig["restarts_stalled"] += got == 0
            found = _check(path, acked)
            fig["integrity_failures"] += not found["integrity_ok"]
            fig["acked_moves_lost"] += found["lost"]
            fig["log_gaps"] += found["gaps"]
            fig["moves_delivery_cut"] += found["cut"]
            _sync(path, acked)
        subprocess.run([sys.executable, "-m", "bot.soak.kill_child", str(path), game_id, "0",
                        "0"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=ACK_TIMEOUT_S, check=True)
        messages = _messages(path, Path(tmp) / "reference.sqlite", game_id)
    fig["tables_seen"] = len(acked)
    fig.update(messages)
    fig["failures"] = (fig["acked_moves_lost"] + fig["integrity_failures"] + fig["log_gaps"]
                       + fig["restarts_stalled"] + (fig["kills"] != kills)
                       + messages["failures"])
    fig["seconds"] = round(time.perf_counter() - started, 1)
    return fig


def _sync(path: Path, acked: dict[int, int]) -> None:
    """Take the stored seqs as the new baseline (a cut move is counted once)."""
    conn = sqlite3.connect(path)
    try:
        for table in list(acked):
            row = conn.execute("SELECT seq FROM games WHERE id = ?", (table,)).fetchone()
            acked[table] = max(acked[table], row[0] if row else 0)
    finally:
        conn.close()


def _messages(path: Path, reference: Path, game_id: str) -> dict:
    """The killed runs' messages (their journal) against the uninterrupted replay."""
    fake = FakeDiscord(journal=journal_of(path))
    counts = tuple(f"messages_{c}" for c in COUNTS)
    fig = Figure(messages=0, **dict.fromkeys(counts, 0), messages_extra=0, jobs_open=0)
    want = asyncio.run(replay_said(path, reference, game_id))
    fig["messages"] = sum(len(v) for v in want.values())
    fig["messages_extra"] = compare(fig, want, said(fake), "messages_")
    conn = sqlite3.connect(path)
    try:
        fig["jobs_open"] = conn.execute(
            "SELECT count(*) FROM announcements WHERE state = 'open'").fetchone()[0]
    finally:
        conn.close()
    out = fig.done((*counts, "messages_extra", "jobs_open"))
    out.pop("seconds")
    return out


async def replay_said(path: Path, reference: Path, game_id: str) -> dict[str, list[tuple]]:
    """What an uninterrupted bot says for the tables and move logs of ``path``: each
    table is opened, started with its seed and played click by click on a fresh file."""
    source = sqlite3.connect(path)
    try:
        tables = source.execute("SELECT id, status, seed FROM games ORDER BY id").fetchall()
        logs = {t: [(seat, json.loads(action)["option"]) for seat, action in source.execute(
            "SELECT seat, action FROM moves WHERE game = ? ORDER BY seq", (t,))]
            for t, _, _ in tables}
        seats = {t: dict(source.execute("SELECT seat, user FROM seats WHERE game = ?", (t,)))
                 for t, _, _ in tables}
    finally:
        source.close()
    users = users_for(game_id)
    by_id: dict[int, User] = {u.id: u for u in users}
    fake = FakeDiscord()
    async with offline_bot(reference, fake=fake) as d:
        for table_id, status, seed in tables:
            made, _lobby = await d.open_lobby(users[0], game_id, tuple(users[1:]))
            assert made == table_id, (made, table_id)
            if status == "lobby":
                continue
            await d.table.start(table_id, None, seed=seed)
            for seat, option in logs[table_id]:
                user = by_id[seats[table_id][seat]]
                panel = (await d.slash(user, "game hand", game=table_id)).last
                cid, values = click_for(panel, option)
                await d.click(user, panel, cid, values)
    return said(fake)


def probe(games: list[str], kills: int, size: str):
    """``kills`` per game (the small size: the first game only)."""
    for game_id in games if size == "full" else games[:1]:
        yield kill_game(game_id, kills)
