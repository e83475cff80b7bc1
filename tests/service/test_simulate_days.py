"""``python -m bot simulate <game> --days N``: a game on a simulated clock."""
from __future__ import annotations

import json
import re
import subprocess
import sys

from bot.simulate_days import simulate_days


async def test_a_citadels_game_over_simulated_days(tmp_path):
    result = await simulate_days("citadels", 4, 1, tmp_path, 30, images=False)
    assert result["status"] == "finished" and result["winner"]
    assert 3 < result["days"] < 30
    assert result["vacations"] == 1 and result["zombies"] == 1 and result["reclaims"] == 1
    assert result["timeouts"] >= 3
    text = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\w{3} \d\d \w{3} \d\d:\d\d) · ", text, re.M)
    assert len(headings) == text.count("\n## "), "every message has its simulated time"
    assert "⏰ Your move" in text and "🌴 Player 2" in text and "🤖 Player 3" in text
    assert "Player 3 is back" in text
    reminders = re.findall(r"^## [^\n]* · Private to (Player \d)[^\n]*\n\n⏰[^\n]*<t:(\d+):R>", text, re.M)
    assert reminders and max(reminders.count(r) for r in reminders) <= 2, "once per point"


def test_the_command_line_stops_after_the_days(tmp_path):
    out = subprocess.run([sys.executable, "-m", "bot", "simulate", "citadels", "--players", "4",
                          "--seed", "2", "--days", "2", "--no-images", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=300, check=True)
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["status"] == "active" and summary["days"] == 2.0
