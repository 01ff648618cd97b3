"""The memory allocator of a long batch run (issue 16): jemalloc where it is installed.

clingo allocates and frees a ground program's many small objects for each grounding. With the
C library's malloc that is about half of a ruling case's CPU time (the fastbins a freed grounding
left are consolidated at the next large allocation; docs/verify-speed.md, session 36); with
jemalloc (Debian's ``libjemalloc2``) a case takes about half the CPU. The allocator is chosen as a
process starts, so ``pysolver verify`` runs itself again with jemalloc preloaded (``reexec``)
before it reads anything; the test suite's processes start so too (tests/conftest.py).

A single query does not: starting a second interpreter would cost more than its few groundings
gain. Nor does a run under PYSOLVER_MAX_MEMORY: jemalloc keeps freed memory mapped, which moves
where such a cap stops a query. ``PYSOLVER_ALLOCATOR=system`` keeps the C library's allocator.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping

# Set in the process run again (its value: the allocator it preloads), or by the user ("system").
CHOICE = "PYSOLVER_ALLOCATOR"


def jemalloc() -> str | None:
    """jemalloc's shared library name where the dynamic loader finds it, else None."""
    import ctypes.util

    return ctypes.util.find_library("jemalloc")


def preloading(environ: Mapping[str, str], find: Callable[[], str | None] = jemalloc) -> dict[str, str] | None:
    """The environment of this command run again with the library ``find`` gives preloaded, or
    None where it should run as it is: jemalloc already preloaded, a choice already made
    (``CHOICE``), a memory cap (PYSOLVER_MAX_MEMORY), or no library (looked for last)."""
    preloaded = environ.get("LD_PRELOAD", "")
    if "jemalloc" in preloaded or environ.get(CHOICE) or environ.get("PYSOLVER_MAX_MEMORY"):
        return None
    library = find()
    if library is None:
        return None
    return {**environ, "LD_PRELOAD": f"{library} {preloaded}".strip(), CHOICE: "jemalloc"}


def reexec() -> None:
    """Replace this process by the same command line with jemalloc preloaded, where
    ``preloading`` says so; else return."""
    environ = preloading(os.environ) if sys.platform.startswith("linux") else None
    if environ is not None:
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, sys.orig_argv, environ)
