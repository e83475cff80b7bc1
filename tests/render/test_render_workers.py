"""render.workers: a process pool whose workers are plain ``python -m render.worker``
children (no resource tracker, no re-import of the caller's main script)."""
import gc
import os
import signal
import time

import psutil
import pytest

from bot import gc_policy
from render.workers import BrokenWorkers, ProcessPool


@pytest.fixture
def pool():
    made = []

    def make(workers=2, **kw):
        made.append(ProcessPool(workers, **kw))
        return made[-1]
    yield make
    for p in made:
        p.shutdown()


def test_calls_run_in_child_processes_in_any_number(pool):
    workers = pool(2, depth=2)
    futures = [workers.submit(pow, n, 2) for n in range(40)]        # more than 2 x depth
    assert [f.result(timeout=30) for f in futures] == [n * n for n in range(40)]
    pids = {f.result(timeout=30) for f in [workers.submit(os.getpid) for _ in range(8)]}
    assert os.getpid() not in pids and pids <= set(workers.pids())
    assert list(workers.map(abs, [-1, -2, 3])) == [1, 2, 3]      # the Executor API


def test_the_only_children_are_the_workers_and_they_import_little(pool):
    before = {c.pid for c in psutil.Process().children()}
    workers = pool(2)
    modules = workers.submit(eval, "sorted(__import__('sys').modules)").result(timeout=30)
    main = workers.submit(eval, "__import__('sys').modules['__main__'].__file__").result(30)
    started = {c.pid for c in psutil.Process().children()} - before
    assert started == set(workers.pids())                         # no resource tracker
    assert all("render.worker" in psutil.Process(p).cmdline() for p in started)
    assert main.endswith(os.path.join("render", "worker.py")) and "pytest" not in modules
    assert "discord" not in modules and "PIL" not in modules      # only what it is sent
    assert "asyncio" not in modules and "multiprocessing" not in modules


def test_the_initializer_runs_first_in_each_worker(pool):
    workers = pool(2, initializer=gc_policy.tune)
    thresholds = [f.result(timeout=30) for f in [workers.submit(gc.get_threshold)
                                                 for _ in range(6)]]
    assert thresholds == [gc_policy.THRESHOLDS] * 6


def test_an_exception_comes_back_and_the_worker_goes_on(pool):
    workers = pool(1)
    with pytest.raises(ZeroDivisionError):
        workers.submit(divmod, 1, 0).result(timeout=30)
    with pytest.raises(Exception):                                 # unpicklable result
        workers.submit(eval, "(lambda: 0)").result(timeout=30)
    assert workers.submit(divmod, 7, 2).result(timeout=30) == (3, 1)


def test_a_killed_worker_fails_its_calls_and_breaks_the_pool(pool):
    workers = pool(2)
    slow = [workers.submit(time.sleep, 5) for _ in range(6)]
    time.sleep(0.5)
    os.kill(workers.pids()[0], signal.SIGKILL)
    for future in slow:
        with pytest.raises(BrokenWorkers):
            future.result(timeout=30)
    with pytest.raises(BrokenWorkers):
        workers.submit(abs, 1)


def test_shutdown_stops_the_workers(pool):
    workers = pool(2)
    assert workers.submit(abs, -1).result(timeout=30) == 1
    workers.shutdown()
    assert all(w.process.poll() is not None for w in workers.workers)
    with pytest.raises(RuntimeError):
        workers.submit(abs, 1)


def test_a_call_cancelled_while_waiting_is_never_sent(pool, tmp_path):
    workers = pool(1, depth=1)
    busy = workers.submit(time.sleep, 0.5)
    skipped = workers.submit(os.mkdir, str(tmp_path / "skipped"))
    assert skipped.cancel()                                        # still waiting in the pool
    done = workers.submit(os.mkdir, str(tmp_path / "done"))
    assert done.result(timeout=30) is None and busy.result(timeout=30) is None
    assert (tmp_path / "done").is_dir() and not (tmp_path / "skipped").exists()
