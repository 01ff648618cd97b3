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
