"""``python -m pysolver`` and the ``pysolver`` command: the command line in a process of its own."""

import gc
import sys

from pysolver.cycles import no_cycle_collection


def run() -> None:
    """The command line (pysolver.cli), with the cycle collector kept off what lives until exit.

    Importing makes some 25,000 objects that live as long as the process and no garbage: the
    collector's passes meanwhile, during the query and at exit walk them for nothing (issue 16:
    about a sixth of the smallest query's CPU time).  They are frozen (gc.freeze) once imported;
    what the command makes is collected as usual, and frozen too when it ends, so the passes at
    interpreter exit are not made over it (the process frees its memory as it ends).

    ``verify``, a batch of groundings, runs again with jemalloc where it is installed
    (pysolver/allocator.py).
    """
    if sys.argv[1:2] == ["verify"]:
        from pysolver import allocator

        allocator.reexec()
    with no_cycle_collection():
        from pysolver.cli import main
    gc.freeze()
    try:
        main()
    finally:
        gc.freeze()


if __name__ == "__main__":
    run()
