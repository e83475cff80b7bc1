"""`python -m bot simulate carcassonne_castle`: whole games (variants on and off) through
the table service, SQLite and (once) the renderer; nothing hidden in the transcript."""
from __future__ import annotations

import json
import re

import pytest

from engine import registry
from tests.service.simulate_helpers import (
    check_cli_game, check_refused, check_resume, finished_twice, run_cli, saved_state,
    transcript,
)

GAME = registry.get("carcassonne_castle")
VARIANTS = [{}, {"late_pickup": "true", "fountain_wall_tile_4": "true",
                 "keep_requires_own_placement": "false"}]


def simulate_cli(*args: str):
    return run_cli("simulate", "carcassonne_castle", *args)


@pytest.mark.parametrize("options", VARIANTS, ids=["rulebook", "variants"])
async def test_games_finish_and_repeat_exactly(tmp_path, options):
    summary = await finished_twice("carcassonne_castle", 2, 21, tmp_path, options)
    state = saved_state(tmp_path / "a")
    assert len(state["placements"]) + len(state["discards"]) == 60
    assert sorted(summary["scores"].values()) == sorted(state["score"])
    for key, value in options.items():
        assert state["options"][key] is (value == "true")


async def test_stop_after_and_resume_equal_an_uninterrupted_game(tmp_path):
    await check_resume("carcassonne_castle", 2, 8, tmp_path, {}, stop_after=40)


def test_cli_plays_with_images_and_keeps_hidden_wall_tiles_hidden(tmp_path):
    check_cli_game(tmp_path, "carcassonne_castle", seats=2, seed=1)
    state = saved_state(tmp_path)
    text = transcript(tmp_path)
    taken = {n for held in state["held"] for n, *_ in held} | {n for u in state["used"] for n in u}
    never_seen = set(state["box"]) - taken
    for n in never_seen:                          # the 5 wall tiles left in the box
        for locale in ("en", "cs"):
            assert GAME.names()[f"wall{n}"][locale] not in text
    assert not re.search(r"\{\w+\}", text.split("\n", 1)[1])


def test_cli_refuses_a_bad_option_clearly(tmp_path):
    proc = simulate_cli("--players", "2", "--out", str(tmp_path), "--option", "late_pickup=maybe")
    check_refused(proc, tmp_path, "maybe")


def test_bench_prints_render_figures():
    proc = run_cli("bench", "carcassonne_castle", "--games", "3")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.strip().splitlines()]
    figures = {x["metric"]: x["value"] for x in lines}
    assert {"render_ms_p50", "encode_floor_ms_p50", "render_to_encode_ratio", "image_kib_p50",
            "engine_action_ms_p99", "click_ms_p50"} <= set(figures)
    assert figures["render_ms_p50"] > figures["encode_floor_ms_p50"] > 0
    assert 0 < figures["image_kib_p50"] < 2048
