"""`python -m bot` without a token, `commands --json` and `bench` from the command line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(args, cwd, **env):
    full = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    full.update(env)
    full["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=full,
                          capture_output=True, text=True, timeout=300)


def test_without_a_token_the_bot_says_how_to_get_one_and_exits_2(tmp_path):
    proc = run([], tmp_path)                      # tmp_path: no .env to read a token from
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr and ".env.example" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_commands_json_prints_the_localised_payload(tmp_path):
    proc = run(["commands", "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    payload = json.loads(proc.stdout)
    names = {c["name"] for c in payload}
    assert {"game", "rules", "citadels", "burgundy", "schutz_burg"} <= names
    assert all(c.get("description_localizations", {}).get("cs") for c in payload)
    assert not (tmp_path / "castellan.sqlite").exists(), "printing commands opens no database"


def test_bench_prints_one_json_object_per_metric(tmp_path):
    proc = run(["bench", "citadels", "--games", "3"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.strip().splitlines()]
    metrics = {x["metric"] for x in lines}
    assert {"engine_action_ms_p50", "engine_action_ms_p99", "playout_ms_p50", "render_ms_p50",
            "encode_floor_ms_p50", "render_to_encode_ratio", "commit_ms_p99", "click_ms_p50",
            "image_kib_p50"} <= metrics
    assert all(x["game"] == "citadels" and x["value"] >= 0 and x["unit"] for x in lines)


def test_bench_says_which_garbage_collector_settings_it_ran_under(tmp_path):
    """The engine figures are taken as the AI workers run the search (the serving GC
    settings), or with CPython's when asked; the playouts line says which."""
    from bot.gc_policy import THRESHOLDS

    def playouts_gc(*extra):
        proc = run(["bench", "citadels", "--games", "2", *extra], tmp_path)
        assert proc.returncode == 0, proc.stderr
        lines = [json.loads(x) for x in proc.stdout.strip().splitlines()]
        return next(x["gc"] for x in lines if x["metric"] == "playouts_per_s")

    assert playouts_gc() == list(THRESHOLDS)
    assert playouts_gc("--default-gc") == [700, 10, 10]
