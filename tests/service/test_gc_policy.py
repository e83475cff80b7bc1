"""The serving processes run with the collector settings of :mod:`bot.gc_policy`."""
import gc
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from bot import gc_policy
from bot.render_service import warm_worker


def _thresholds_after(initializer) -> tuple:
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                             initializer=initializer) as pool:
        return pool.submit(gc.get_threshold).result()


def test_tune_sets_the_thresholds_and_workers_use_them():
    before = gc.get_threshold()
    try:
        gc_policy.tune()
        assert gc.get_threshold() == gc_policy.THRESHOLDS != (700, 10, 10)
    finally:
        gc.set_threshold(*before)
    assert _thresholds_after(gc_policy.tune) == gc_policy.THRESHOLDS      # the AI worker's initializer
    assert _thresholds_after(warm_worker) == gc_policy.THRESHOLDS         # render worker
    assert _thresholds_after(None) != gc_policy.THRESHOLDS                # (not by default)
