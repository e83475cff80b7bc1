"""Several bot processes on one PostgreSQL database: real subprocesses, each running the
offline Discord stack (``bot.offline``: the real discord.py client, cogs and
DynamicItems, only the network captured), racing identical clicks on the same tables
and running the turn clock at the same moment.

Exactly one of each set of identical clicks applies (the others are told it was
already accepted), the move log has no seq gap and matches the snapshot, every
announcement (board, panel DM, news DM) is sent by exactly one process -- the same ones
a single process says -- and every reminder and deadline fires in exactly one process.
Each process's Discord journals what it was sent (``shard_discord.py``)."""
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from bot.access import Caller
from bot.loadtest import LoadNotifier
from bot.offline import CHANNEL_ID, GUILD_ID, OfflineDiscord
from bot.render_service import Renderer
from bot.table import TableService
from engine import ai, registry
from storage import open_database
from storage.clock import ClockStore

from race_worker import ROUNDS
from shard_discord import ShardDiscord, effect_sends

WORKER = Path(__file__).with_name("race_worker.py")
TABLES = 5
GAMES = ("citadels", "burgundy", "schutz_burg", "ludwig", "carcassonne_castle")


async def started_tables(url: str, journals: Path, count: int, *,
                         turn_hours: int | None = None) -> list[int]:
    """``count`` started all-human tables (the game types in turn), one per channel,
    their first boards posted by a process of their own (journal ``setup``)."""
    journals.mkdir(parents=True, exist_ok=True)
    d = await OfflineDiscord.start(url, images=False, fake=ShardDiscord(journals, "setup", 0))
    try:
        svc, ids = d.table, []
        for n in range(count):
            host = 100 + 10 * n
            row = await svc.create_lobby(GAMES[n % len(GAMES)], guild_id=GUILD_ID,
                                         channel_id=CHANNEL_ID + n, host_id=host,
                                         host_name="Host", turn_hours=turn_hours)
            await svc.join(row.id, Caller.at_table(row, host + 1), "Guest")
            await svc.start(row.id, Caller.at_table(row, host), seed=n)
            ids.append(row.id)
    finally:
        await d.close()
    assert d.problems == []
    return ids


def run_workers(url: str, journals: Path, processes: int, rounds: int, *args: str) -> list[dict]:
    """``processes`` workers through ``rounds`` rounds, each started in every worker at
    the same moment once all are ready; their results."""
    logs = [tempfile.TemporaryFile("w+") for _ in range(processes)]
    workers = [subprocess.Popen([sys.executable, str(WORKER), url, str(journals), str(n + 1),
                                 *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=log, text=True) for n, log in enumerate(logs)]

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
        assert [r["problems"] for r in results] == [[]] * processes
        return results
    finally:
        for w, log in zip(workers, logs):
            if w.poll() is None:
                w.kill()
                w.wait()
            log.close()


async def moves_log(url: str, table: int) -> tuple[list[dict], int]:
    """The table's moves and its snapshot's seq."""
    db = await open_database(url)
    try:
        return await db.moves(table), (await db.load_game(table)).seq
    finally:
        await db.close()


async def assert_boards_sent(url: str, tables: list[int], sends: dict) -> None:
    """Each table's board (as the database names it) was posted, by one process.  (That
    it shows the latest turn waits for the bug test_a_job_... shows: now and then a new
    turn's board is skipped.)"""
    posted = {message for sent in sends.values() for _, message in sent}
    db = await open_database(url)
    try:
        for table in tables:
            board = await db.latest_message(table, "board")
            assert board["message"] in posted, (table, board)
    finally:
        await db.close()


async def click_race(url: str, journals: Path, processes: int) -> tuple[list[int], list[dict]]:
    """:data:`TABLES` new tables, then ``processes`` workers clicking on them for
    :data:`ROUNDS` rounds; the tables and the workers' results."""
    tables = await started_tables(url, journals, TABLES)
    return tables, await asyncio.to_thread(run_workers, url, journals, processes, ROUNDS,
                                           "clicks", *map(str, tables))


@pytest.mark.parametrize("processes", [2, 4])
async def test_identical_clicks_from_several_processes_apply_once(pg_url, tmp_path, processes):
    tables, results = await click_race(pg_url, tmp_path, processes)
    outcomes = defaultdict(list)   # (table, expected seq, seat, option) -> what each was told
    for result in results:
        for table, seq, seat, option, outcome in result["clicks"]:
            outcomes[(table, seq, seat, option)].append(outcome)
    # every round, every process made the same click at the same seq of each table
    assert sorted((t, s) for t, s, _, _ in outcomes) == \
        [(t, s) for t in tables for s in range(ROUNDS)]
    assert all(len(group) == processes for group in outcomes.values())
    # one applied; the others were answered "already accepted" or "stale" (see the report)
    assert all(group.count("applied") == 1 and set(group) <= {"applied", "already", "stale"}
               for group in outcomes.values()), outcomes
    for table in tables:
        moves, seq = await moves_log(pg_url, table)
        assert [m["seq"] for m in moves] == list(range(1, ROUNDS + 1)) and seq == ROUNDS
        assert [(m["seat"], m["action"]["option"]) for m in moves] == \
            [(seat, option) for t, _, seat, option in sorted(outcomes) if t == table]
    # every announcement sent by exactly one process (that none is skipped: the test
    # after this one)
    sends = effect_sends(tmp_path)
    assert {key: sent for key, sent in sends.items() if len(sent) > 1} == {}
    await assert_boards_sent(pg_url, tables, sends)
    senders = Counter(name for sent in sends.values() for name, _ in sent)
    told = {word: sum(g.count(word) for g in outcomes.values())
            for word in ("applied", "already", "stale")}
    print(f"{processes} processes: {sum(map(len, outcomes.values()))} identical clicks in "
          f"{len(outcomes)} races on {len(tables)} tables: {told}; {len(sends)} announcements "
          f"each sent once, by {dict(sorted(senders.items()))}")


async def test_four_processes_say_what_one_process_alone_says(pg_url, empty_pg_url, tmp_path):
    """The announcements (effect nonces) four processes make in the click race are
    those one process alone makes on a database of its own (the same table ids, so
    the same nonces)."""
    await click_race(empty_pg_url, tmp_path / "alone", 1)
    said_alone = set(effect_sends(tmp_path / "alone"))
    await click_race(pg_url, tmp_path / "four", 4)
    said = set(effect_sends(tmp_path / "four"))
    assert (len(said_alone - said), len(said - said_alone)) == (0, 0)   # (skipped, extra)


@pytest.mark.parametrize("processes", [2, 4])
async def test_every_reminder_and_deadline_fires_in_exactly_one_process(pg_url, tmp_path,
                                                                        processes):
    began = time.time()
    tables = await started_tables(pg_url, tmp_path, 6, turn_hours=1)
    before = {t: (await moves_log(pg_url, t))[1] for t in tables}
    db = await open_database(pg_url)
    try:   # the seats whose clocks run (a simultaneous pick: several per table)
        waiting = {t: sorted(s for s, c in (await ClockStore(db).seats(t)).items() if c.turn)
                   for t in tables}
    finally:
        await db.close()
    # half the hour gone: one reminder per waiting seat, by DM; two hours gone: each
    # waiting seat timed out once, each table moved by one process
    results = await asyncio.to_thread(run_workers, pg_url, tmp_path, processes, 2, "deadlines",
                                      str(began + 1800 + 60), str(began + 2 * 3600))
    remind, late = zip(*(r["deadlines"] for r in results))
    reminded = [r["dms"] for r in remind]
    assert sum(reminded) == sum(map(len, waiting.values()))
    assert not any(r["timed_out"] for r in remind)
    fired = [t for r in late for t in r["timed_out"]]
    assert sorted(fired) == sorted(tables)
    db = await open_database(pg_url)
    try:
        for table in tables:
            timed_out = [e["params"]["seat"] for seq, e in
                         await db.move_events(table, before[table]) if e["kind"] == "timed_out"]
            assert sorted(timed_out) == waiting[table] != [], table   # each seat once
    finally:
        await db.close()
    sends = effect_sends(tmp_path)      # what the timeouts made the processes say: once
    assert {key: sent for key, sent in sends.items() if len(sent) > 1} == {}
    await assert_boards_sent(pg_url, tables, sends)
    print(f"{processes} processes: {sum(map(len, waiting.values()))} reminders sent by "
          f"{reminded}, {len(tables)} tables timed out by {[len(r['timed_out']) for r in late]}")


async def test_a_job_of_a_move_made_meanwhile_is_not_closed_with_an_older_row(pg_url, tmp_path):
    """Process B reads a table's row (seq s) for a click, and (``TableService.act``)
    first delivers "what an earlier failure left unsaid"; meanwhile process A committed
    move s+1 with its job and has not delivered it yet.  B claims that job and runs it
    with its row at seq s: the turn it sees is the job's ``before``, so it says nothing
    and closes the job -- the board of move s+1 (and the newly asked players' panels)
    is never said.  Seen in the click race above as a board missing now and then
    compared with one process alone (``board:3:4``)."""
    table = (await started_tables(pg_url, tmp_path, 1))[0]
    services = []
    for _ in range(2):
        db = await open_database(pg_url)
        services.append(TableService(db, LoadNotifier(), renderer=Renderer(enabled=False)))
    a, b = services
    try:
        older = await b.db.load_game(table)                  # B's read, at seq s
        game = registry.get(older.type)
        decision = game.pending(older.state)[0]
        option = ai.choose(game, older.state, decision, random.Random(1),
                           smart=False).option
        user = next(s.user_id for s in older.seats if s.seat == decision.seat)
        deliver = a.delivery.deliver

        async def not_yet(*args, **kwargs):                  # A: committed, not delivered
            return False
        a.delivery.deliver = not_yet
        await a.act(table, Caller.at_table(older, user), option, older.seq, panel_image=False)
        a.delivery.deliver = deliver
        assert (await b.delivery.outbox.job(table)).from_seq == older.seq + 1

        await b.delivery.deliver(game, older)                # B, with its older row
        await a.delivery.deliver_game(table)                 # A gets to its delivery

        board = await a.db.latest_message(table, "board")
        assert board["seq"] == older.seq + 1                 # the new turn's board is out
    finally:
        for svc in services:
            await svc.db.close()


class HookedNotifier(LoadNotifier):
    """A LoadNotifier that runs ``hook`` (once) when the first message goes out."""

    def __init__(self) -> None:
        super().__init__()
        self.hook = None

    async def _hooked(self) -> None:
        hook, self.hook = self.hook, None
        if hook is not None:
            await hook()

    async def post(self, channel_id, msg):
        await self._hooked()
        return await super().post(channel_id, msg)

    async def dm(self, user_id, msg):
        await self._hooked()
        return await super().dm(user_id, msg)

    async def edit(self, channel_id, message_id, msg):
        await self._hooked()
        return await super().edit(channel_id, message_id, msg)


async def ai_click(svc: TableService, table: int) -> None:
    """The player to move at ``table`` clicks what the AI would pick."""
    row = await svc.db.load_game(table)
    game = registry.get(row.type)
    decision = game.pending(row.state)[0]
    option = ai.choose(game, row.state, decision, random.Random(1), smart=False).option
    user = next(s.user_id for s in row.seats if s.seat == decision.seat)
    await svc.act(table, Caller.at_table(row, user), option, row.seq, panel_image=False)


async def test_a_move_made_during_another_process_delivery_keeps_its_job(pg_url, tmp_path):
    """Process B delivers the job of its move s+1 (holding the claim); while it posts the
    board, process A commits move s+2, which ``Outbox.cover`` adds to that open job
    (A's own delivery sees B's lease and leaves it).  B then closes the job as done
    (``Outbox.done``): move s+2 is committed with no promise left to announce it.  (The
    table: Im Schutz der Burg, whose moves 4 and 5 each post a new board when made one
    after the other: the control run in the test below.)"""
    table = (await started_tables(pg_url, tmp_path, 3))[2]
    a, b = [TableService(await open_database(pg_url), HookedNotifier(),
                         renderer=Renderer(enabled=False)) for _ in range(2)]
    try:
        for _ in range(3):
            await ai_click(b, table)
        b.notifier.hook = lambda: ai_click(a, table)    # A moves while B posts
        await ai_click(b, table)
        row = await a.db.load_game(table)
        assert row.seq == 5                             # both moves are in
        job = await a.delivery.outbox.job(table)
        said = await a.db.latest_message(table, "board")
        assert job is not None or said["seq"] == 5      # move 5 said, or still to say
    finally:
        for svc in (a, b):
            await svc.db.close()


async def test_one_process_says_the_board_of_each_of_those_moves(pg_url, tmp_path):
    """The control of the test above: the same moves in turn, then each new turn's board."""
    table = (await started_tables(pg_url, tmp_path, 3))[2]
    svc = TableService(await open_database(pg_url), LoadNotifier(),
                       renderer=Renderer(enabled=False))
    try:
        boards = []
        for _ in range(5):
            await ai_click(svc, table)
            boards.append((await svc.db.latest_message(table, "board"))["seq"])
        assert boards[3:] == [4, 5] and await svc.delivery.outbox.job(table) is None
    finally:
        await svc.db.close()
