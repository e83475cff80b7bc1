"""``python -m bot migrate-db``: a SQLite file of real games of every type moves into
PostgreSQL whole (read back through the repositories, equal), verified by figures; a
non-empty target is refused with one sentence and left alone."""
import asyncio
import os
import subprocess
import sys
from pathlib import Path

from storage import open_database
from storage.ai_levels import AiLevels
from storage.clock import ClockStore
from storage.memory import Memory
from storage.outbox import Outbox

from real_games import USER, fill

ROOT = Path(__file__).resolve().parents[2]


def migrate_db(source, target) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "migrate-db", "--from", f"sqlite:{source}",
                           "--to", target], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


async def everything(target, ids) -> dict:
    """What the repositories read back of each game and of the users."""
    db = await open_database(target)
    memory, clocks, levels, outbox = Memory(db), ClockStore(db), AiLevels(db), Outbox(db)
    try:
        out = {}
        for game in ids:
            out[game] = (await db.load_game(game), await memory.move_log(game),
                         await db.latest_message(game, "board"), await memory.top_undo(game),
                         await clocks.seats(game), await clocks.settings(game),
                         await levels.of_table(game), await outbox.job(game),
                         await outbox.effects(game), await db.take_notices(game, (
                             await db.load_game(game)).host_id))
        out["users"] = (await db.user_prefs(USER + 1), await clocks.notify(USER + 2),
                        await clocks.vacation_end(USER + 1, 1500.0),
                        await memory.ratings(USER, "citadels"), await memory.unrated_games(USER))
        return out
    finally:
        await db.close()


async def test_real_games_of_every_type_move_whole_and_verified(tmp_path, empty_pg_url):
    source = tmp_path / "castellan.sqlite"
    ids = await fill(source, 10, moves=8)
    done = await asyncio.to_thread(migrate_db, source, empty_pg_url)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "Every count and checksum matches."
    figures = {line.split()[0]: line.split() for line in lines[1:-2]}
    assert figures["games"][1] == "10" and figures["moves"][1] == "80"
    assert all(f[-1] == "ok" and f[2] == f[3] for f in figures.values())
    assert {"seats", "messages", "users", "notices", "undo_points", "ratings", "rated_games",
            "clocks", "clock_settings", "vacations", "ai_levels", "announcements",
            "deliveries"} <= set(figures)

    before = await everything(source, ids)
    after = await everything(empty_pg_url, ids)
    assert after == before
    assert {row[0].type for game, row in after.items() if game != "users"} == \
        {"citadels", "burgundy", "schutz_burg", "ludwig", "carcassonne_castle"}

    db = await open_database(empty_pg_url)  # ids continue after the copied ones
    try:
        new = await db.create_game("citadels", engine_version=1, options={}, guild_id=None,
                                   channel_id=1, host_id=1, locale="en")
        await db.record_message(new, "board", 1, 2)
        assert new == max(ids) + 1 and await db.last_message(new, "board") == (1, 2)
    finally:
        await db.close()


async def test_a_non_empty_target_is_refused_and_left_alone(tmp_path, pg_url):
    source = tmp_path / "castellan.sqlite"
    await fill(source, 2, moves=2)
    db = await open_database(pg_url)
    kept = await db.create_game("ludwig", engine_version=1, options={}, guild_id=None,
                                channel_id=1, host_id=1, locale="en")
    await db.close()
    done = await asyncio.to_thread(migrate_db, source, pg_url)
    assert done.returncode == 2 and done.stdout == ""
    assert "is not empty (games: 1 rows)" in done.stderr and "Traceback" not in done.stderr
    db = await open_database(pg_url)
    try:
        assert [g.id for g in await db.list_games()] == [kept]
    finally:
        await db.close()


def test_a_missing_source_is_one_sentence(tmp_path):
    done = migrate_db(tmp_path / "nothing.sqlite", "postgresql://postgres@127.0.0.1:1/x")
    assert done.returncode == 3 and "does not exist" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "nothing.sqlite").exists()
