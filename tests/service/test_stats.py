"""Stats and ratings per server: counted once per finished game, AI seats apart."""
from __future__ import annotations

import random

from openskill.models import PlackettLuce

from bot import stats
from bot.access import Caller
from engine import registry
from storage.memory import Memory
from tests.service.memory_helpers import CHANNEL, GUILD, at, human_table, play_out, service


def test_ranks_put_winners_first_and_share_ties():
    assert stats.ranks((2,), {0: 10, 1: 12, 2: 12, 3: 10}) == {2: 0, 1: 1, 0: 2, 3: 2}
    assert stats.ranks((0, 1), {0: 5, 1: 5, 2: 1}) == {0: 0, 1: 0, 2: 1}


async def _finished(svc, seed, *, ai=0):
    gid = await human_table(svc, "schutz_burg", seed, seats=2, ai=ai)
    await play_out(svc, gid, random.Random(seed))
    return await svc.db.load_game(gid)


async def test_every_finished_game_is_rated_once_when_it_ends(tmp_path):
    svc, _ = await service(tmp_path / "s.sqlite")
    memory = Memory(svc.db)
    row = await _finished(svc, 1)
    assert await memory.unrated_games(GUILD) == []          # the final board rated it
    result = registry.get(row.type).result(row.state)
    model = PlackettLuce()
    place = stats.ranks(result.winners, dict(result.scores))
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[place[0], place[1]])
    got = await memory.ratings(GUILD, "schutz_burg")
    for seat in row.seats:
        assert abs(got[seat.user_id].mu - expected[seat.seat][0].mu) < 1e-9
        assert abs(got[seat.user_id].sigma - expected[seat.seat][0].sigma) < 1e-9
        assert got[seat.user_id].games == 1
    assert await stats.catch_up(svc.db, GUILD) == 0           # never twice
    assert await memory.ratings(GUILD, "schutz_burg") == got
    await svc.db.close()


async def test_stats_and_leaderboard_per_server_with_ai_apart(tmp_path):
    svc, _ = await service(tmp_path / "l.sqlite")
    rows = [await _finished(svc, seed) for seed in (2, 3)] + [await _finished(svc, 4, ai=1)]
    want = {}
    for row in rows:
        result = registry.get(row.type).result(row.state)
        for seat in row.seats:
            key = 0 if seat.is_ai else seat.user_id
            played, wins, points = want.get(key, (0, 0, 0))
            want[key] = (played + 1, wins + (seat.seat in result.winners),
                         points + result.scores[seat.seat])
    recs = await stats.records(svc.db, GUILD, "schutz_burg")
    assert {u: (r.played, r.wins, r.points) for (_, u), r in recs.items()} == want
    assert (await Memory(svc.db).ratings(GUILD, "schutz_burg"))[0].games == 1   # the AI entry

    played, wins, points = want[201]
    mine = await stats.player_stats(svc, at(201), 201, "P1", locale="en")
    assert f"played {played}, won {wins}, average score {points / played:.1f}" in mine.text
    board = await stats.leaderboard(svc, at(201), "schutz_burg", locale="cs")
    lines = board.text.splitlines()
    assert lines[1].startswith("1. ") and lines[2].startswith("2. ")
    assert lines[-1].startswith("Zvlášť — Místa AI: odehráno 1")
    assert not any("Místa AI" in line for line in lines[1:-1])

    elsewhere = Caller(201, GUILD + 1, CHANNEL)                 # another server: nothing
    assert "No finished games yet." in (await stats.player_stats(
        svc, elsewhere, 201, "P1", locale="en")).text
    assert "Zatím žádné dohrané hry." in (await stats.leaderboard(
        svc, elsewhere, "schutz_burg", locale="cs")).text
    await svc.db.close()


async def test_ratings_catch_up_games_finished_before_they_were_counted(tmp_path):
    svc, _ = await service(tmp_path / "c.sqlite")
    row = await _finished(svc, 5)
    async with svc.db._db.transaction() as tx:                # as if rated before v6
        await tx.execute("DELETE FROM rated_games")
        await tx.execute("DELETE FROM ratings")
    assert await Memory(svc.db).unrated_games(GUILD) == [row.id]
    assert await stats.catch_up(svc.db, GUILD) == 1
    assert set(await Memory(svc.db).ratings(GUILD, "schutz_burg")) == {201, 202}
    await svc.db.close()
