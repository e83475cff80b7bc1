"""``python -m bot loadtest``: one process serving many live tables, measured.

N tables of the five games (human seats only, a turn clock on each) are stored (by a
child process, then announced once by the service), then concurrent "players" click
random legal options through the :class:`TableService` (no Discord: a counting notifier
stands in) for a while.  Printed as one JSON object: clicks/s and clicks per second of
this process's CPU (the figure that does not depend on how busy a shared machine is),
click p50/p99/max (until the move is answered and everything it changed is said: board,
DMs) and the same until the clicker's panel was ready (``TableService.act``'s
``on_panel``: a bot that answers the click then, posts the board and the DMs after), RSS (peak while clicking, at the end, and the render workers'), the
WAL's size at the end, one turn-clock check over every stored table, pictures drawn
(with the render workers' ms per picture), sent (posts and DMs; a clicker's own panel
is an interaction reply) and left out (they would have waited too long), and the
start-up of a fresh interpreter on the database until its first move is served.

Two ways to load: closed loop (``--players`` players, each clicks as soon as its last
click was answered: the throughput; latencies then include waiting for the others)
or open loop (``--rate`` clicks arrive per second, each answered by its own task: the
latency at that rate, queueing included).
"""
from __future__ import annotations

import asyncio
import cProfile
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import messages as m
from bot.access import Caller
from bot.render_service import Renderer, shared_pool, worker_count
from bot.table import TableError, TableService
from engine import registry
from engine.core import RuleError
from engine.timing import percentile
from storage import SeatRow, open_database
from storage.clock import ClockStore, SeatClock
from storage.live import LiveDatabase

__all__ = ["LoadNotifier", "loadtest"]

GAMES = ("citadels", "burgundy", "schutz_burg", "ludwig", "carcassonne_castle")
TURN_SECONDS = 24 * 3600
FIRST_USER = 10_000_000
BATCH = 250  # tables set up per clock write


class LoadNotifier:
    """The Notifier protocol, counting: every post/DM is accepted and given an id."""

    def __init__(self) -> None:
        self._next = 1
        self.posts = self.dms = self.edits = self.files = 0

    def _id(self, msg: m.OutMessage) -> int:
        self.files += len(msg.files or ())
        self._next += 1
        return self._next

    async def post(self, channel_id: int, msg: m.OutMessage) -> int:
        self.posts += 1
        return self._id(msg)

    async def dm(self, user_id: int, msg: m.OutMessage) -> m.Sent:
        self.dms += 1
        return m.Sent(-user_id, self._id(msg))

    async def edit(self, channel_id: int, message_id: int, msg: m.OutMessage) -> bool:
        self.edits += 1
        return True

    async def disable(self, channel_id: int, message_id: int) -> None:
        return None


@dataclass
class Table:
    """What the players know of one table: its seq, seat owners and the next click (a
    seat and one of its options, like the buttons a player holds; no state is kept, so
    the loadtest's own memory stays small next to the bot's)."""

    id: int
    game: str
    seq: int
    users: dict[int, int]
    guild: int
    channel: int
    next: tuple[int, str] | None = None

    def plan(self, state: dict, rnd: random.Random) -> None:
        """Choose the next click from ``state``: a random open decision of a human seat
        and a random one of its options (None: nothing to click, the game is over)."""
        asked = [d for d in registry.get(self.game).pending(state) if d.seat in self.users]
        if not asked:
            self.next = None
            return
        decision = rnd.choice(asked)
        self.next = (decision.seat, rnd.choice(decision.options).id)

    @classmethod
    def of(cls, row, rnd: random.Random) -> "Table":
        table = cls(row.id, row.type, row.seq, {s.seat: s.user_id for s in row.seats
                                               if s.user_id}, row.guild_id, row.channel_id)
        table.plan(row.state, rnd)
        return table


@dataclass
class Load:
    """The figures of one load run."""

    latencies: list[float] = field(default_factory=list)
    panels: list[float] = field(default_factory=list)   # ms until the clicker's panel
    stale: int = 0
    errors: int = 0
    finished: int = 0
    rss_peak: float = 0.0


def rss_mib(pid: int | None = None) -> float:
    """Resident set size of a process (this one by default) in MiB, from /proc."""
    try:
        with open(f"/proc/{pid or 'self'}/status") as fh:
            for text in fh:
                if text.startswith("VmRSS:"):
                    return int(text.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children_cpu_s() -> float:
    """CPU seconds used so far by this process's children (the render workers)."""
    try:
        import psutil
    except ImportError:
        return 0.0
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def warm_render_workers() -> None:
    """Start every render worker (Pillow, render modules and fonts loaded) before the
    clock starts, as a running bot's are: a cold worker spends about 1.5 CPU-s starting,
    which would be counted against the first pictures of the run."""
    pool = shared_pool()
    list(pool.map(time.sleep, [0.3] * worker_count()))


def children_rss_mib() -> float:
    """RSS of this process's children (render or AI workers), MiB."""
    try:
        import psutil
    except ImportError:
        return 0.0
    return sum(c.memory_info().rss for c in psutil.Process().children(recursive=True)) / 2**20


def wal_mib(path: str | None) -> float | None:
    if not path or "://" in path:
        return None
    try:
        return os.path.getsize(path + "-wal") / 2**20
    except OSError:
        return 0.0


async def create_tables(db, n: int, rnd: random.Random, games=GAMES) -> list[Table]:
    """Store ``n`` started tables (seats all human, a 24 h turn clock) through the
    repository, with each waiting seat's clock row, as ``/game new`` + start would."""
    tables: list[Table] = []
    clocks = ClockStore(db)
    now = time.time()
    batch: list[SeatClock] = []
    for i in range(n):
        game = registry.get(games[i % len(games)])
        seats = rnd.randint(game.min_seats if game.min_seats > 1 else 2, min(4, game.max_seats))
        guild, channel = 1 + i // 50, 100_000 + i
        users = {s: FIRST_USER + i * 8 + s for s in range(seats)}
        options = game.parse_options({})
        game_id = await db.create_game(game.id, engine_version=game.version, options=options,
                                       guild_id=guild, channel_id=channel, host_id=users[0],
                                       locale="en" if i % 2 else "cs", turn_timeout=TURN_SECONDS)
        seed = rnd.randrange(2**48)
        state = game.setup(seats, options, seed)
        await db.start_game(game_id, [SeatRow(s, u, False, f"P{s}") for s, u in users.items()],
                            state, seed)
        for d in game.pending(state):
            batch.append(SeatClock(game_id, d.seat, turn="start", started=now,
                                   deadline=now + TURN_SECONDS, due=now + TURN_SECONDS / 2))
        if len(batch) >= BATCH:
            await clocks.put(batch)
            batch = []
        table = Table(game_id, game.id, 0, users, guild, channel)
        table.plan(state, rnd)
        tables.append(table)
    await clocks.put(batch)
    return tables


async def active_ids(db) -> list[int]:
    async with db._db.transaction(write=False) as tx:
        return [r[0] for r in await tx.fetchall(
            "SELECT id FROM games WHERE status = 'active' ORDER BY id")]


async def known_tables(db, rnd: random.Random, limit: int) -> list[Table]:
    """Up to ``limit`` stored active tables, each loaded once to plan its first click."""
    return [Table.of(await db.load_game(game_id), rnd)
            for game_id in (await active_ids(db))[:limit]]


async def fill(database: str, n: int, seed: int) -> None:
    """Store ``n`` tables and let the service announce them (each table's first board
    posted, as after ``start``), so the measured start-up has nothing left to say."""
    db = await open_database(database)
    try:
        await create_tables(db, n, random.Random(seed))
        svc = _service(db, images=False, processes=False)
        delivery = getattr(svc, "delivery", None)
        if delivery is not None:
            await delivery.start()
            await delivery.stop()
    finally:
        await db.close()


def store_tables(database: str, n: int, seed: int) -> float:
    """Store ``n`` more tables in a fresh interpreter (so its memory is not counted as
    the serving process's); returns the seconds it took."""
    import subprocess
    import sys

    code = ("import asyncio\nfrom bot.loadtest import fill\n"
            f"asyncio.run(fill({database!r}, {n}, {seed}))")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True,
                   cwd=Path(__file__).resolve().parents[1])
    return time.perf_counter() - start


async def click(svc: TableService, table: Table, rnd: random.Random, load: Load) -> bool:
    """One planned click at ``table``, then the next one planned; False once it is over."""
    if table.next is None:
        return False
    seat, option = table.next
    who = Caller(table.users[seat], table.guild, table.channel)
    start = time.perf_counter()

    async def answered(_outcome) -> None:
        load.panels.append((time.perf_counter() - start) * 1000)
    try:
        outcome = await svc.act(table.id, who, option, table.seq, on_panel=answered)
    except RuleError as err:  # a stale click (or a bug: counted as an error)
        load.latencies.append((time.perf_counter() - start) * 1000)
        if getattr(err, "key", None) in ("stale", "game_over", "nothing_to_decide"):
            load.stale += 1
        else:
            load.errors += 1
        row = await svc.db.load_game(table.id)
        table.seq = row.seq
        table.plan(row.state, rnd)
        return row.status == "active"
    load.latencies.append((time.perf_counter() - start) * 1000)
    table.seq = outcome.row.seq
    if outcome.row.status != "active":
        load.finished += 1
        return False
    table.plan(outcome.row.state, rnd)
    return True


async def closed_loop(svc, tables: list[Table], players: int, seconds: float,
                      rnd: random.Random, load: Load) -> None:
    """``players`` players, each clicking at a random free table as soon as answered."""
    free = list(tables)
    end = time.perf_counter() + seconds

    async def player() -> None:
        while time.perf_counter() < end and free:
            table = free.pop(rnd.randrange(len(free)))
            if await click(svc, table, rnd, load):
                free.append(table)
            # a real click arrives as a new task from the network; a click that never
            # waits for anything would otherwise keep the loop from everyone else
            await asyncio.sleep(0)

    await asyncio.gather(*(player() for _ in range(players)))


async def open_loop(svc, tables: list[Table], rate: float, seconds: float,
                    rnd: random.Random, load: Load) -> None:
    """Clicks arrive at ``rate`` per second (Poisson), each on a random free table."""
    free = list(tables)
    tasks: set[asyncio.Task] = set()
    end = time.perf_counter() + seconds

    async def one(table: Table) -> None:
        if await click(svc, table, rnd, load):
            free.append(table)

    due = time.perf_counter()
    while due < end:
        due += rnd.expovariate(rate)
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        if free:
            task = asyncio.create_task(one(free.pop(rnd.randrange(len(free)))))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks)


async def sample_rss(load: Load, stop: asyncio.Event) -> None:
    while not stop.is_set():
        load.rss_peak = max(load.rss_peak, rss_mib())
        try:
            await asyncio.wait_for(stop.wait(), 0.25)
        except asyncio.TimeoutError:
            pass


def spread(name: str, ms: list[float]) -> dict:
    """p50, p99 and max of ``ms`` as ``{name}_p50`` ... (None when empty)."""
    return {f"{name}_p50": round(percentile(ms, 0.5), 2) if ms else None,
            f"{name}_p99": round(percentile(ms, 0.99), 2) if ms else None,
            f"{name}_max": round(max(ms), 1) if ms else None}


async def timed(coro) -> tuple[Any, float]:
    start = time.perf_counter()
    out = await coro
    return out, (time.perf_counter() - start) * 1000


async def deadline_check_ms(svc: TableService, repeat: int = 5) -> list[float]:
    """Milliseconds of :meth:`TurnClock.tick` over every stored table (none is late)."""
    return [(await timed(svc.enforce_deadlines()))[1] for _ in range(repeat)]


def _service(db, images: bool, processes: bool, live: bool = True) -> TableService:
    """The table service as the bot runs it (``live``: user preferences cached,
    storage/live.py)."""
    return TableService(LiveDatabase(db) if live else db, LoadNotifier(),
                        renderer=Renderer(enabled=images, processes=processes))


async def serve_first_move(database: str, seed: int = 1) -> dict:
    """Open the stored tables as the bot does at start-up (open + migrate, the service,
    its open deliveries) and serve one move at a random table; milliseconds of each
    (choosing the table, which a real click names, is not counted)."""
    start = time.perf_counter()
    db = await open_database(database)
    try:
        svc = _service(db, images=False, processes=True)
        delivery = getattr(svc, "delivery", None)
        if delivery is not None:
            await delivery.start()
        opened = (time.perf_counter() - start) * 1000
        rnd, load = random.Random(seed), Load()
        ids = await active_ids(db)
        for game_id in rnd.sample(ids, min(20, len(ids))):
            await click(svc, Table.of(await db.load_game(game_id), rnd), rnd, load)
            if load.latencies:
                break
        if delivery is not None:
            await delivery.stop()
    finally:
        await db.close()
    first = load.latencies[0] if load.latencies else float("nan")
    return {"startup_open_ms": round(opened, 1),
            "startup_first_move_ms": round(opened + first, 1)}


def startup(database: str) -> dict:
    """Start-up in a fresh interpreter: from the process's creation (imports included)
    until its first move is served, and the open-to-first-move part alone."""
    import json
    import subprocess
    import sys

    code = ("import asyncio, json, time, psutil; born = psutil.Process().create_time()\n"
            "from bot.loadtest import serve_first_move\n"
            f"out = asyncio.run(serve_first_move({database!r}))\n"
            "out['startup_process_ms'] = round((time.time() - born) * 1000, 1)\n"
            "print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], timeout=300)
    if done.returncode:
        return {"startup_error": done.stderr.strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


async def loadtest(*, tables: int = 10_000, seconds: float = 30.0, players: int = 32,
                   rate: float | None = None, images: bool = False, processes: bool = True,
                   database: str | None = None, seed: int = 1, live: bool = True,
                   profile: str | None = None) -> dict:
    """Run the load; returns the figures (see the module docstring).  ``profile``: a
    path where the clicking part's cProfile statistics are written (``pstats`` reads
    them; the profiler slows the clicks, so that run's rates are not the figures)."""
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        database = database or str(Path(tmp) / "loadtest.sqlite")
        db = await open_database(database)
        try:
            missing = tables - len(await active_ids(db))
        finally:
            await db.close()
        setup_s = store_tables(database, missing, seed) if missing > 0 else 0.0
        figures: dict[str, Any] = {"tables": tables, "images": images, "user_cache": live,
                                   "render": "processes" if processes else "threads",
                                   "setup_s": round(setup_s, 1)}
        figures.update(await asyncio.to_thread(startup, database))
        db = await open_database(database)
        svc = _service(db, images, processes, live)
        try:
            playing = await known_tables(db, rnd, tables)
            figures["tables"] = len(playing)
            load, stop = Load(), asyncio.Event()
            sampler = asyncio.create_task(sample_rss(load, stop))
            profiler = cProfile.Profile(time.process_time) if profile else None
            if images and processes:
                await asyncio.to_thread(warm_render_workers)
            workers_cpu = children_cpu_s()
            start, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            if rate:
                await open_loop(svc, playing, rate, seconds, rnd, load)
            else:
                await closed_loop(svc, playing, players, seconds, rnd, load)
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
            workers_cpu = children_cpu_s() - workers_cpu
            stop.set()
            await sampler
            checks = await deadline_check_ms(svc)
            async with db._db.transaction(write=False) as tx:
                clock_rows = (await tx.fetchone("SELECT count(*) FROM clocks"))[0]
            lat = load.latencies
            figures.update({
                "profiled": bool(profile),
                "mode": f"open loop at {rate}/s" if rate else f"closed loop, {players} players",
                "seconds": round(elapsed, 1), "clicks": len(lat),
                "clicks_per_s": round(len(lat) / elapsed, 1),
                "cpu_s": round(cpu, 1),  # this process's CPU (the machine may be shared)
                "clicks_per_cpu_s": round(len(lat) / cpu, 1) if cpu else None,
                **spread("click_ms", lat),
                **spread("panel_ms", load.panels),
                "stale": load.stale, "errors": load.errors, "finished": load.finished,
                "rss_peak_mib": round(load.rss_peak, 1), "rss_end_mib": round(rss_mib(), 1),
                "workers_rss_mib": round(children_rss_mib(), 1),
                "wal_end_mib": wal_mib(database),
                "deadline_check_ms": round(min(checks), 2), "clock_rows": clock_rows,
                "deadline_check_ms_median": round(sorted(checks)[len(checks) // 2], 2),
                "posts": svc.notifier.posts, "dms": svc.notifier.dms,
                "images_sent": svc.notifier.files,
                "images_dropped": svc.renderer.dropped,  # would wait too long: sent without
                "images_drawn": svc.renderer.drawn,
                "workers_cpu_s": round(workers_cpu, 1),  # the render workers' CPU meanwhile
                "render_ms_per_picture": round(svc.renderer.worker_ms / svc.renderer.drawn, 2)
                if svc.renderer.drawn else None,
            })
            if figures["wal_end_mib"] is not None:
                figures["wal_end_mib"] = round(figures["wal_end_mib"], 1)
        finally:
            svc.renderer.close()
            await db.close()
    return figures
