"""Several bot processes on one PostgreSQL database: real subprocesses, each running the
TableService (not the offline Discord stack: each process would need its own fake
Discord, and a table's messages live in one), racing identical clicks on the same
tables and running the turn clock at the same moment.

Exactly one of each set of identical clicks applies, the move log has no seq gap and
matches the snapshot, and every reminder and deadline fires in exactly one process."""
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import pytest

from bot.access import Caller
from bot.loadtest import LoadNotifier
from bot.render_service import Renderer
from bot.table import TableService
from storage import open_database
from storage.clock import ClockStore

from race_worker import ROUNDS

WORKER = Path(__file__).with_name("race_worker.py")
GAMES = ("citadels", "burgundy", "schutz_burg", "ludwig", "carcassonne_castle")


async def started_tables(url: str, count: int, *, turn_hours: int | None = None) -> list[int]:
    """``count`` started all-human tables (the game types in turn)."""
    db = await open_database(url)
    try:
        svc = TableService(db, LoadNotifier(), renderer=Renderer(enabled=False))
        ids = []
        for n in range(count):
            host = 100 + 10 * n
            row = await svc.create_lobby(GAMES[n % len(GAMES)], guild_id=1, channel_id=1000 + n,
                                         host_id=host, host_name="Host", turn_hours=turn_hours)
            await svc.join(row.id, Caller.at_table(row, host + 1), "Guest")
            await svc.start(row.id, Caller.at_table(row, host), seed=n)
            ids.append(row.id)
        return ids
    finally:
        await db.close()


def run_workers(url: str, processes: int, rounds: int, *args: str) -> list[dict]:
    """``processes`` workers through ``rounds`` rounds, each started in every worker at
    the same moment once all are ready; their results."""
    logs = [tempfile.TemporaryFile("w+") for _ in range(processes)]
    workers = [subprocess.Popen([sys.executable, str(WORKER), url, *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=log, text=True) for log in logs]

    def failed(n: int) -> str:
        logs[n].seek(0)
        return logs[n].read()[-2000:]

    try:
        for _ in range(rounds):
            for n, w in enumerate(workers):
                assert w.stdout.readline().strip() == "ready", failed(n)
            for w in workers:
                w.stdin.write("go\n")
                w.stdin.flush()
        results = []
        for n, w in enumerate(workers):
            out, _ = w.communicate(timeout=120)
            assert w.returncode == 0, failed(n)
            results.append(json.loads(out.splitlines()[-1]))
        return results
    finally:
        for w, log in zip(workers, logs):
            if w.poll() is None:
                w.kill()
                w.wait()
            log.close()


async def moves_and_seq(url: str, table: int) -> tuple[list[int], int]:
    db = await open_database(url)
    try:
        return [m["seq"] for m in await db.moves(table)], (await db.load_game(table)).seq
    finally:
        await db.close()


@pytest.mark.parametrize("processes", [2, 4])
async def test_identical_clicks_from_several_processes_apply_once(pg_url, processes):
    tables = await started_tables(pg_url, 5)
    results = await asyncio.to_thread(run_workers, pg_url, processes, ROUNDS, "clicks",
                                      *map(str, tables))
    outcomes = defaultdict(list)   # (table, expected seq) -> outcome of each click
    for result in results:
        for table, seq, outcome in result["clicks"]:
            outcomes[(table, seq)].append(outcome)
    # every round, every process clicked the same option at the same seq of each table
    assert sorted(outcomes) == [(t, s) for t in tables for s in range(ROUNDS)]
    assert all(len(group) == processes for group in outcomes.values())
    assert all(sorted(group) == ["applied"] + ["stale"] * (processes - 1)
               for group in outcomes.values()), outcomes
    for table in tables:
        seqs, seq = await moves_and_seq(pg_url, table)
        assert seqs == list(range(1, ROUNDS + 1)) and seq == ROUNDS   # no gap, none doubled
    print(f"{processes} processes: {sum(map(len, outcomes.values()))} identical clicks in "
          f"{len(outcomes)} races on {len(tables)} tables: {len(outcomes)} applied")


@pytest.mark.parametrize("processes", [2, 4])
async def test_every_reminder_and_deadline_fires_in_exactly_one_process(pg_url, processes):
    began = time.time()
    tables = await started_tables(pg_url, 6, turn_hours=1)
    before = {t: (await moves_and_seq(pg_url, t))[1] for t in tables}
    db = await open_database(pg_url)
    try:   # the seats whose clocks run (a simultaneous pick: several per table)
        waiting = {t: sorted(s for s, c in (await ClockStore(db).seats(t)).items() if c.turn)
                   for t in tables}
    finally:
        await db.close()
    # half the hour gone: one reminder per waiting seat, by DM
    results = await asyncio.to_thread(run_workers, pg_url, processes, 1, "deadlines",
                                      str(began + 1800 + 60))
    assert sum(r["dms"] for r in results) == sum(map(len, waiting.values()))
    assert not any(r["timed_out"] for r in results)
    reminded = [r["dms"] for r in results]
    # two hours gone: each waiting seat timed out once, each table moved by one process
    results = await asyncio.to_thread(run_workers, pg_url, processes, 1, "deadlines",
                                      str(began + 2 * 3600))
    fired = [t for result in results for t in result["timed_out"]]
    assert sorted(fired) == sorted(tables)
    db = await open_database(pg_url)
    try:
        for table in tables:
            timed_out = [e["params"]["seat"] for seq, e in
                         await db.move_events(table, before[table]) if e["kind"] == "timed_out"]
            assert sorted(timed_out) == waiting[table] != [], table   # each seat once
    finally:
        await db.close()
    print(f"{processes} processes: {sum(map(len, waiting.values()))} reminders sent by "
          f"{reminded}, {len(tables)} tables timed out by {[len(r['timed_out']) for r in results]}")
