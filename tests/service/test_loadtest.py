"""``python -m bot loadtest``: the clicks it counts are real moves through the table
service, and it prints every figure the scale goals name (their values are for the
command, never asserted here)."""
import json
import sqlite3

from bot.__main__ import main
from bot.loadtest import loadtest

FIGURES = ("clicks_per_s", "click_ms_p50", "click_ms_p99", "panel_ms_p50", "panel_ms_p99",
           "rss_peak_mib", "rss_end_mib",
           "wal_end_mib", "deadline_check_ms", "startup_first_move_ms", "startup_process_ms")


async def test_clicks_are_moves_of_every_game_and_every_figure_is_reported(tmp_path):
    path = tmp_path / "load.sqlite"
    figures = await loadtest(tables=10, seconds=1.5, players=4, database=str(path))
    for name in FIGURES:
        assert isinstance(figures[name], (int, float)), name
    assert figures["tables"] == 10 and figures["errors"] == 0
    assert figures["clicks"] > 0
    with sqlite3.connect(path) as conn:
        types = {r[0] for r in conn.execute("SELECT DISTINCT type FROM games")}
        moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
        clocks = conn.execute("SELECT count(*) FROM clocks").fetchone()[0]
    assert types == {"citadels", "burgundy", "schutz_burg", "ludwig", "carcassonne_castle"}
    # every counted click that was not refused as stale is one logged move, plus the one
    # served by the start-up measurement
    assert moves == figures["clicks"] - figures["stale"] + 1
    assert clocks >= 10


async def test_a_reused_database_is_not_filled_again_and_open_loop_runs(tmp_path):
    path = str(tmp_path / "again.sqlite")
    first = await loadtest(tables=5, seconds=0.5, players=2, database=path)
    second = await loadtest(tables=5, seconds=1.0, rate=20, database=path, seed=2)
    assert first["setup_s"] > 0 and second["setup_s"] == 0
    assert second["mode"].startswith("open loop") and second["clicks"] > 0
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 5


def test_the_command_prints_one_json_object(tmp_path, capsys):
    assert main(["loadtest", "--tables", "5", "--seconds", "0.5", "--players", "2",
                 "--database", str(tmp_path / "cli.sqlite")]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["tables"] == 5 and "clicks_per_s" in figures
