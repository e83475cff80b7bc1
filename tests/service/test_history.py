"""History pages and replays: what a reader may see, and replays equal to the stored game."""
from __future__ import annotations

import json
import random

import pytest

from bot.access import Caller
from bot.history import PAGE, history_page
from bot.replay import STEP, replay_page, states, step_count
from bot.table import TableError
from bot.undo import can_undo, undo
from engine import registry
from engine.core import Event
from tests.service.memory_helpers import CHANNEL, GUILD, at, human_table, random_move, service

GAMES = registry.available()


def _dump(state) -> str:
    return json.dumps(state, sort_keys=True)


async def _recorded_game(svc, game_id: str, seed: int, *, undo_rate: float = 0.3):
    """A finished game of one human and AI seats, the human undoing now and then; returns
    (table id, every snapshot storage was given, by seq)."""
    stored: dict[int, str] = {}
    append = svc.db.append_move

    async def recording(game, *, expected_seq, state, **kw):
        seq = await append(game, expected_seq=expected_seq, state=state, **kw)
        stored[seq] = _dump(state)
        return seq

    svc.db.append_move = recording
    engine = registry.get(game_id)
    gid = await human_table(svc, game_id, seed, seats=engine.min_seats, ai=engine.min_seats - 1)
    rnd = random.Random(seed)
    undos = 0
    for _ in range(5000):
        row = await svc.db.load_game(gid)
        if row.status != "active":
            break
        user, seat, _ = await random_move(svc, gid, rnd)
        row = await svc.db.load_game(gid)
        if rnd.random() < undo_rate and await can_undo(svc.db, row, seat):
            await undo(svc, gid, at(user))
            stored[row.seq + 1] = _dump((await svc.db.load_game(gid)).state)
            undos += 1
    assert (await svc.db.load_game(gid)).status == "finished"
    return gid, stored, undos


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_replay_reproduces_every_stored_snapshot(game_id, tmp_path):
    svc, _ = await service(tmp_path / "r.sqlite")
    gid, stored, undos = await _recorded_game(svc, game_id, seed=21)
    assert undos, "the replayed game includes undo moves"
    row = await svc.db.load_game(gid)
    log = [{"seq": mv["seq"], "seat": mv["seat"], "action": mv["action"]}
           for mv in await svc.db.moves(gid)]
    replayed = {seq: _dump(state) for seq, state in states(row, log)}
    assert set(replayed) == set(range(row.seq + 1)) and set(stored) == set(range(1, row.seq + 1))
    for seq, snap in stored.items():
        assert replayed[seq] == snap, seq
    assert replayed[row.seq] == _dump(row.state)
    await svc.db.close()


async def test_replays_include_undos(tmp_path):
    svc, _ = await service(tmp_path / "u.sqlite")
    gid, stored, undos = await _recorded_game(svc, "schutz_burg", seed=5, undo_rate=0.5)
    assert undos > 0
    row = await svc.db.load_game(gid)
    log = await svc.db.moves(gid)
    assert sum(mv["action"]["kind"] == "undo" for mv in log) == undos
    assert {seq: _dump(s) for seq, s in states(row, log)}[row.seq] == _dump(row.state)
    await svc.db.close()


async def test_replay_viewer_pages_a_finished_game_only(tmp_path):
    svc, _ = await service(tmp_path / "v.sqlite")
    gid, _, _ = await _recorded_game(svc, "citadels", seed=3, undo_rate=0)
    log = await svc.db.moves(gid)
    first = await replay_page(svc, gid, at(201), None, locale="en")
    assert "step 1 of" in first.text and "The game's start." in first.text
    ids = [b.custom_id for row in first.rows for b in row]
    assert ids[0].startswith(f"r1:{gid}:0:first") and len(set(ids)) == 4
    last = step_count(log) - 1
    end = await replay_page(svc, gid, at(201), last, locale="cs")
    assert f"krok {last + 1} z {last + 1}" in end.text
    middle = await replay_page(svc, gid, at(201), 2, locale="en")
    shown = {int(line.split("`")[1]) for line in middle.text.splitlines() if line.startswith("`")}
    assert shown <= set(range(STEP + 1, 2 * STEP + 1)) and shown
    with pytest.raises(TableError) as err:   # another server: like an unknown table
        await replay_page(svc, gid, Caller(201, GUILD + 1, CHANNEL), None, locale="en")
    assert err.value.key == "no_such_table"
    other = await human_table(svc, "citadels", seed=4)
    with pytest.raises(TableError) as err:
        await replay_page(svc, other, at(201), None, locale="en")
    assert err.value.key == "replay_not_finished"
    await svc.db.close()


async def test_history_shows_public_events_and_only_the_readers_private_ones(tmp_path):
    svc, _ = await service(tmp_path / "h.sqlite")
    gid = await human_table(svc, "citadels", seed=7, seats=3)
    rnd = random.Random(3)
    for _ in range(60):
        await random_move(svc, gid, rnd)
    row = await svc.db.load_game(gid)
    events = await svc.db.move_events(gid, 0)
    private = [(seq, e) for seq, e in events if e.get("visible_to")]
    assert private, "a Citadels opening has private events"
    for user in (201, 202, 203, 999):
        seat = row.seat_of(user)
        readable = [(seq, e) for seq, e in events if Event.from_json(e).visible_for(seat)]
        texts = []
        page = 1
        while True:
            msg = await history_page(svc, gid, Caller(user, GUILD, CHANNEL), page, locale="en")
            texts += [line for line in msg.text.splitlines()[1:]]
            assert len(msg.text) <= 2000
            if msg.rows[0][1].disabled:
                break
            page += 1
        assert len(texts) == len(readable)
        assert [int(line.split("`")[1]) for line in texts] == [seq for seq, _ in readable]
    latest = await history_page(svc, gid, at(201), None, locale="cs")
    pages = (len([1 for _, e in events if Event.from_json(e).visible_for(row.seat_of(201))])
             + PAGE - 1) // PAGE
    assert f"strana {pages} z {pages}" in latest.text and latest.rows[0][1].disabled
    await history_page(svc, gid, Caller(201, None, 1234), 1, locale="en")   # a seated player's DM
    with pytest.raises(TableError) as err:                                 # nobody else's DM
        await history_page(svc, gid, Caller(999, None, 1234), 1, locale="en")
    assert err.value.key == "no_such_table"
    await svc.db.close()
