"""Shard settings: one process with every shard, or a slice of SHARD_COUNT per process."""
import pytest

from bot.sharding import Sharding, ShardingError, sharding_from_env


def test_no_settings_runs_every_shard_in_one_process():
    s = sharding_from_env({})
    assert s == Sharding() and s.bot_kwargs() == {}


def test_count_and_ids_pick_this_process_shards():
    s = sharding_from_env({"SHARD_COUNT": "8", "SHARD_IDS": "3, 1,2"})
    assert s.bot_kwargs() == {"shard_count": 8, "shard_ids": [1, 2, 3]}
    assert s.describe() == "shards 1,2,3 of 8"


def test_count_alone_runs_all_of_them():
    assert sharding_from_env({"SHARD_COUNT": "2"}).bot_kwargs() == {"shard_count": 2}


@pytest.mark.parametrize("env, words", [
    ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
    ({"SHARD_COUNT": "0"}, "positive whole number"),
    ({"SHARD_COUNT": "two"}, "positive whole number"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "1;2"}, "comma-separated"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "4"}, "0 to 3"),
])
def test_impossible_settings_are_one_sentence(env, words):
    with pytest.raises(ShardingError, match=words):
        sharding_from_env(env)


async def test_the_bot_runs_the_shards_the_settings_name(monkeypatch, tmp_path):
    from bot.client import CastellanBot
    from bot.config import load_settings

    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2,3")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "c.sqlite"))
    bot = CastellanBot(load_settings(env_file=None))  # not logged in: nothing to close
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
