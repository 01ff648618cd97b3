"""Python's cycle collector paused while a large board's objects are made.

Building a board or an answer makes tens of thousands of containers and no reference
cycle; each pass of the cycle collector walks every container alive (the board's too),
so on a large board the passes cost more than the work (issue 16).  Paused, not off:
any cycle made meanwhile is collected by the next pass after.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause the cycle collector for the block (nested blocks leave it as they found it)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# How many new containers a pass of the youngest generation waits for in a batch (Python's
# default: 700).
BATCH_THRESHOLD = 10_000


@contextmanager
def batch() -> Iterator[None]:
    """For one process running many small queries (verify): the objects alive when the block
    starts (the loaded cases, the card libraries, the parsed encodings) are left out of every
    pass of the cycle collector (``gc.freeze``), and a pass of the youngest generation waits for
    ``BATCH_THRESHOLD`` new containers.  Passes over the long-lived objects were about a tenth of
    the ruling corpus's CPU (issue 16).  Cycles are still collected; the collector's settings
    are restored after the block, and the objects frozen by it are unfrozen."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BATCH_THRESHOLD, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
