"""The commit-latency benchmark the CLI bench calls."""
from storage import open_database
from storage.bench import commit_times, measure_commit_times


def test_commit_times_measures_every_move(tmp_path):
    times = commit_times(tmp_path / "bench.db", n=25)
    assert len(times) == 25 and all(t > 0 for t in times)


async def test_measure_inside_a_running_loop_leaves_the_moves(tmp_path):
    path = tmp_path / "bench.db"
    assert len(await measure_commit_times(path, n=10)) == 10
    db = await open_database(path)
    try:
        game, = await db.list_games()
        assert game.seq == 10 and len(await db.moves(game.id)) == 10
    finally:
        await db.close()
