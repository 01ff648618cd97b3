"""Explicit limits: a wall-clock limit for any query, and caps on what is enumerated.

Grounding can't be interrupted inside clingo, so a query with a time limit runs
in a forked child process that is stopped when the time is up; the answer is
then never shown, and LimitExceeded says which limit was hit.  The child dies
with its parent whatever ends the parent (SIGTERM, SIGHUP, SIGKILL): on Linux
the kernel kills it (prctl PR_SET_PDEATHSIG), and everywhere it watches a pipe
whose other end only the parent holds.  Boards are also capped in size before
anything is grounded, and PYSOLVER_MAX_MEMORY caps a query's address space (in the same
child process).
"""

from __future__ import annotations

import errno
import math
import os
import sys
import threading
from typing import Any, Callable

from pysolver.errors import LimitExceeded, PysolverError

DEFAULT_MAX_OBJECTS = 50_000
# The steps a turn listing stops at (turn --max-steps).
DEFAULT_MAX_STEPS = 100
# The longest time limit taken (a day); a longer, infinite or NaN one is bad input.
MAX_TIMEOUT = 86_400.0
# The largest memory limit taken, in gigabytes (PYSOLVER_MAX_MEMORY).
MAX_MEMORY_GB = 1024


def max_objects() -> int:
    """The object cap: PYSOLVER_MAX_OBJECTS if set (a whole number from 1), else 50,000."""
    text = os.environ.get("PYSOLVER_MAX_OBJECTS")
    if text is None:
        return DEFAULT_MAX_OBJECTS
    if not text.strip().isdigit() or len(text.strip()) > 9 or int(text) < 1:
        raise PysolverError(f"{text!r} is not a whole number from 1 to 999999999",
                            place="PYSOLVER_MAX_OBJECTS")
    return int(text)


def max_memory() -> int | None:
    """The address space a query may use, in bytes: PYSOLVER_MAX_MEMORY if set (gigabytes, a number
    above 0 and at most 1024), else no limit."""
    text = os.environ.get("PYSOLVER_MAX_MEMORY")
    if text is None:
        return None
    try:
        gigabytes = float(text)
    except ValueError:
        gigabytes = math.nan
    if not math.isfinite(gigabytes) or not 0 < gigabytes <= MAX_MEMORY_GB:
        raise PysolverError(f"{text!r} is not a number of gigabytes above 0 and at most {MAX_MEMORY_GB}",
                            place="PYSOLVER_MAX_MEMORY")
    return int(gigabytes * 1024 ** 3)


def check_board_size(board, max_objects_: int | None = None) -> None:
    """Refuse a board too large to ground within limits, before grounding it."""
    limit = max_objects() if max_objects_ is None else max_objects_
    count = len(board.battlefield) + len(board.effects) + len(board.stack)
    if count > limit:
        raise LimitExceeded(f"the board has {count} objects; the limit is {limit} "
                            "(set PYSOLVER_MAX_OBJECTS to change it)", file=board.name)


def check_timeout(timeout: Any, place: str = "timeout") -> None:
    """A time limit is a finite number of seconds, above 0 and at most a day (or None)."""
    if timeout is None:
        return
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) \
            or not 0 < timeout <= MAX_TIMEOUT:
        raise PysolverError(f"the time limit must be a number of seconds above 0 and at most "
                            f"{MAX_TIMEOUT:g} (got {timeout!r})", place=place)


def check_max_outcomes(max_outcomes: Any, place: str = "max_outcomes") -> None:
    if max_outcomes is None:
        return
    if isinstance(max_outcomes, bool) or not isinstance(max_outcomes, int) or max_outcomes < 1:
        raise PysolverError(f"must be a whole number from 1 (got {max_outcomes!r})", place=place)


def check_outcomes(count: int, max_outcomes: int | None, what: str = "outcomes",
                   file: str | None = None) -> None:
    """Never present a cut list as complete."""
    if max_outcomes is not None and count > max_outcomes:
        raise LimitExceeded(f"incomplete: more than {max_outcomes} {what} (--max-outcomes)", file=file)


PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int, watched: int) -> None:
    """In the child: end as soon as the parent is gone, however it ended."""
    import signal  # only in the child of a timed query (issue 16: import what is used)

    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no prctl: the pipe still works
            pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        try:
            while os.read(watched, 1):
                pass
        except OSError:
            pass
        os._exit(1)  # end of file: every writer, the parent, is gone

    threading.Thread(target=watch, daemon=True).start()


# A query that needs more memory than the process may have (clingo's bad_alloc, Python's MemoryError): a
# limit, said in one line (pysolver.cli, and the child of a query with a time limit).
OUT_OF_MEMORY = ("incomplete: ran out of memory (the grounding or the search needs more memory than this "
                 "process may use)")


# What the dynamic loader says when it can't map a shared object into memory (glibc's dlerror; the
# ImportError carries no errno): under PYSOLVER_MAX_MEMORY, a module a query imports lazily fails so.
_LOADER_OUT_OF_MEMORY = ("failed to map segment from shared object", "cannot allocate memory")


def out_of_memory(error: BaseException) -> bool:
    """Whether an error is the process running out of memory (MemoryError, clingo's bad_alloc, an
    allocation the system refused: ENOMEM, or an extension module the loader could not map)."""
    if isinstance(error, ImportError):
        return any(words in str(error).lower() for words in _LOADER_OUT_OF_MEMORY)
    return isinstance(error, MemoryError) or (isinstance(error, OSError) and error.errno == errno.ENOMEM)


def _out_of_memory(memory: int | None) -> str:
    if memory is None:
        return OUT_OF_MEMORY
    return (f"incomplete: the query needs more memory than its limit ({memory / 1024 ** 3:g} GB of address "
            "space, PYSOLVER_MAX_MEMORY)")


def _child(connection, parent, watched, write_end, memory, function, args, kwargs):
    import pickle
    import signal

    os.close(write_end)
    _die_with_parent(parent, watched)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        if memory is not None:  # the query's own address space: clingo's allocations fail past it
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            # What clingo prints as it aborts goes nowhere: the parent says it in one line.
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 2)
            os.close(quiet)
        result = ("ok", function(*args, **kwargs))
    except PysolverError as error:
        result = ("error", error)
    except (MemoryError, OSError, ImportError) as error:
        result = ("memory", None) if out_of_memory(error) else ("crash", f"{type(error).__name__}: {error}")
    except BaseException as error:  # a bug: carry it to the parent as text
        result = ("crash", f"{type(error).__name__}: {error}")
    try:
        connection.send_bytes(pickle.dumps(result))
    except Exception as error:  # an answer that can't be sent back
        connection.send_bytes(pickle.dumps(("crash", f"unpicklable answer: {error}")))
    connection.close()


def run(function: Callable[..., Any], *args: Any, timeout: float | None = None,
        file: str | None = None, **kwargs: Any) -> Any:
    """function(*args, **kwargs), stopped after ``timeout`` seconds (None: no limit) and
    within PYSOLVER_MAX_MEMORY (max_memory); ``file`` names the input in the message."""
    check_timeout(timeout)
    memory = max_memory()
    if timeout is None and memory is None:
        return function(*args, **kwargs)
    import multiprocessing  # only a query with a time limit forks (issue 16: import what is used)
    import pickle

    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    watched, write_end = os.pipe()  # the child reads; only the parent keeps the write end
    process = context.Process(target=_child, daemon=True,
                              args=(sender, os.getpid(), watched, write_end, memory, function, args, kwargs))
    try:
        process.start()
    finally:
        os.close(watched)
        sender.close()
    try:
        if not receiver.poll(timeout):
            raise LimitExceeded(f"incomplete: the query took longer than the time limit ({timeout:g} s)",
                                file=file)
        status, value = pickle.loads(receiver.recv_bytes())
    except EOFError:
        if memory is not None:  # ended by its memory limit (clingo aborts where it can't allocate)
            raise LimitExceeded(_out_of_memory(memory), file=file) from None
        raise LimitExceeded("the query stopped without an answer (out of memory?)", file=file) from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
        os.close(write_end)
    if status == "error":
        raise value
    if status == "memory":
        raise LimitExceeded(_out_of_memory(memory), file=file)
    if status == "crash":
        raise RuntimeError(value)
    return value
