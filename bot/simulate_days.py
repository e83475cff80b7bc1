"""``python -m bot simulate <game> --days N``: a game played on a simulated clock.

The people answer hours after they are asked and only while awake (08:00-23:00),
sometimes only after most of a day (so reminders go out); one of them ignores some
turns (the turn clock plays them, and after three in a row the AI takes the seat
until they reclaim it); another takes a vacation on the second day.  Every line of
the transcript carries its simulated time, so anyone can read what a week of play
looks like.  The same table service, storage and turn clock as the bot; only the
time is simulated (the minute task runs whenever something is due).
"""
from __future__ import annotations

import math
import random
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bot import hosting, vacation
from bot.access import Caller
from bot.render_service import Renderer
from bot.simulate import CHANNEL, FIRST_USER, ai_rng, summary, user_names
from bot.table import TableService
from bot.transcript import TranscriptNotifier
from engine import ai, registry
from storage import open_database

H = 3600.0
START = datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc).timestamp()  # a Monday morning
AWAKE = (8, 23)


class SimTime:
    """The simulated clock (the table service's ``clock``)."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class TimedTranscript(TranscriptNotifier):
    """A transcript whose every message is headed by its simulated time."""

    def __init__(self, out_dir: Path, names: dict[int, str], clock: SimTime, **kwargs: Any) -> None:
        super().__init__(out_dir, names, **kwargs)
        self.clock = clock

    def _write(self, heading: str, msg) -> int:
        when = datetime.fromtimestamp(self.clock.now, timezone.utc).strftime("%a %d %b %H:%M")
        return super()._write(f"{when} · {heading}", msg)


class People:
    """When each simulated person answers."""

    def __init__(self, users: list[int], seed: int) -> None:
        self.rnd = random.Random(seed)
        self.flaky = users[2] if len(users) > 2 else None     # ignores some turns
        self.traveller = users[1]                             # takes a vacation on day 2

    def awake(self, when: float) -> float:
        """``when``, or the next morning if it falls into the night."""
        d = datetime.fromtimestamp(when, timezone.utc)
        if AWAKE[0] <= d.hour < AWAKE[1]:
            return when
        morning = d.replace(hour=AWAKE[0], minute=0, second=0)
        if d.hour >= AWAKE[1]:
            morning = morning.fromtimestamp(morning.timestamp() + 86400, timezone.utc)
        return morning.timestamp() + self.rnd.uniform(0, 2 * H)

    def answer_time(self, user: int, now: float, absent: bool) -> float:
        if absent:
            return math.inf
        if self.rnd.random() < 0.06:
            return self.awake(now + self.rnd.uniform(13, 22) * H)   # a busy day
        return self.awake(now + self.rnd.uniform(0.05, 1.5) * H)


async def simulate_days(game_id: str, players: int, seed: int, out: Path, days: int, *,
                        options: dict[str, Any] | None = None, images: bool = True,
                        locale: str = "en", turn_hours: int = 24) -> dict:
    """Play ``game_id`` for at most ``days`` simulated days; returns the summary."""
    game = registry.get(game_id)
    game.check_seats(players)
    game.parse_options(options)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for stale in [out / "game.sqlite", *out.glob("game.sqlite-*"), out / "transcript.md",
                  *out.glob("*.png")]:
        stale.unlink(missing_ok=True)
    clock = SimTime()
    names = user_names(players, locale)
    notifier = TimedTranscript(out, names, clock, images=images)
    db = await open_database(out / "game.sqlite")
    try:
        table = TableService(db, notifier, renderer=Renderer(enabled=images), clock=clock)
        row = await table.create_lobby(game_id, guild_id=None, channel_id=CHANNEL,
                                       host_id=FIRST_USER, host_name=names[FIRST_USER],
                                       options=options, locale=locale, turn_hours=turn_hours)
        for uid in list(names)[1:]:
            await table.join(row.id, Caller.at_table(row, uid), names[uid])
        row = await table.start(row.id, Caller.at_table(row, FIRST_USER), seed=seed)
        facts = await _days(table, notifier, row.id, clock, People(list(names), seed),
                            START + days * 86400)
        result = summary(await db.load_game(row.id), game)
        result.update(seed=seed, days=round((clock.now - START) / 86400, 2), **facts)
        return result
    finally:
        await db.close()


async def _days(table: TableService, notifier: TimedTranscript, table_id: int, clock: SimTime,
                people: People, end: float) -> dict:
    game = registry.get((await table.db.load_game(table_id)).type)
    plans: dict[int, tuple[Any, float]] = {}
    facts = {"vacations": 0, "timeouts": 0, "zombies": 0, "reclaims": 0}
    returned = False         # the flaky player is back after the AI played for them
    reclaim_at = math.inf
    while clock.now < end:
        row = await table.db.load_game(table_id)
        if row.status != "active":
            break
        if not facts["vacations"] and clock.now >= START + 26 * H:
            await vacation.start_vacation(table, people.traveller, 1)
            facts["vacations"] += 1
        flaky = next((s for s in row.seats if s.user_id == people.flaky), None)
        if flaky is not None and flaky.is_ai and not returned:
            if reclaim_at == math.inf:                        # they notice the next day
                facts["zombies"] += 1
                reclaim_at = people.awake(clock.now + 6 * H)
            elif reclaim_at <= clock.now:
                await hosting.reclaim(table, table_id, Caller.at_table(row, people.flaky))
                facts["reclaims"] += 1
                returned, reclaim_at = True, math.inf
        asked = {}
        for d in game.pending(row.state):
            seat = next(s for s in row.seats if s.seat == d.seat)
            if not seat.is_ai:
                asked[seat.user_id] = (game.turn_marker(row.state), d.seat, d)
        for user, (marker, seat, _) in asked.items():
            if plans.get(user, (None,))[0] != (marker, seat):
                absent = user == people.flaky and not returned and clock.now > START + 40 * H
                back = await table.clock.store.vacation_end(user, clock.now)
                when = people.answer_time(user, max(clock.now, back or 0), absent)
                plans[user] = ((marker, seat), when)
        ready = sorted((plans[u][1], u) for u in asked if plans[u][1] <= clock.now)
        if ready:
            user = ready[0][1]
            decision = asked[user][2]
            action = ai.choose(game, row.state, decision, ai_rng(row.state, row.seq))
            outcome = await table.act(table_id, Caller.at_table(row, user), action.option,
                                      row.seq, panel_image=False)
            notifier.ephemeral(user, outcome.panel)
            continue
        due = await table.clock.store.next_due()
        soonest = min([plans[u][1] for u in asked] + [due or math.inf, reclaim_at])
        clock.now = max(clock.now + 60, min(soonest, clock.now + 6 * H, end))
        facts["timeouts"] += len(await table.enforce_deadlines())
    return facts
