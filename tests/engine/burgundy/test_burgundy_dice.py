"""Worker costs (spec §7, examples 1, 6, 23, 24, 25)."""
from engine.burgundy.dice import distance, worker_cost


def test_wrap_around_is_one_step():                    # example 25
    assert worker_cost([], 1, 6) == 1
    assert worker_cost([], 2, 6) == 2                   # example 1: 2 -> 1 -> 6
    assert distance(6, 3) == 3


def test_knowledge_8_doubles_each_worker():            # example 6
    assert worker_cost([8], 6, 3) == 2
    assert worker_cost([], 6, 3) == 3


def test_free_step_then_workers():                     # example 23
    assert worker_cost([9], 3, 5, 9) == 1
    assert worker_cost([9], 3, 4, 9) == 0
    assert worker_cost([], 3, 4, 9) == 1                # no tile, no free step


def test_free_step_is_one_even_with_knowledge_8():     # example 24
    assert worker_cost([8, 9], 1, 4, 9) == 1
    assert worker_cost([8, 9], 1, 1, 9) == 0
