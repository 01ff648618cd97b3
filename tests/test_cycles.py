"""The cycle collector's settings in a batch of queries (pysolver/cycles.py)."""

import gc

from pysolver import cycles


def test_batch_freezes_what_is_alive_and_restores_the_collector():
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    alive = [[] for _ in range(10)]
    with cycles.batch():
        assert gc.get_freeze_count() >= frozen + len(alive)
        assert gc.get_threshold() == (cycles.BATCH_THRESHOLD, *threshold[1:])
        cycle: list = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1  # cycles made in the block are still collected
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() == frozen


def test_batch_restores_the_collector_after_an_error():
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        with cycles.batch():
            raise ValueError("a case failed")
    except ValueError:
        pass
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() == frozen
