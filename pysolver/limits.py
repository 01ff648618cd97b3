"""Explicit limits: a wall-clock limit for any query, and caps on what is enumerated.

Grounding can't be interrupted inside clingo, so a query with a time limit runs
in a forked child process that is stopped when the time is up; the answer is
then never shown, and LimitExceeded says which limit was hit.  Boards are
also capped in size before anything is grounded.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from pysolver.errors import LimitExceeded, PysolverError

DEFAULT_MAX_OBJECTS = int(os.environ.get("PYSOLVER_MAX_OBJECTS", "50000"))


def check_board_size(board, max_objects: int | None = None) -> None:
    """Refuse a board too large to ground within limits, before grounding it."""
    limit = DEFAULT_MAX_OBJECTS if max_objects is None else max_objects
    count = len(board.battlefield) + len(board.effects) + len(board.stack)
    if count > limit:
        raise LimitExceeded(f"the board has {count} objects; the limit is {limit} "
                            "(set PYSOLVER_MAX_OBJECTS to change it)", file=board.name)


def check_outcomes(count: int, max_outcomes: int | None, what: str = "outcomes",
                   file: str | None = None) -> None:
    """Never present a cut list as complete."""
    if max_outcomes is not None and count > max_outcomes:
        raise LimitExceeded(f"incomplete: more than {max_outcomes} {what} (--max-outcomes)", file=file)


def _child(connection, function, args, kwargs):
    import pickle

    try:
        result = ("ok", function(*args, **kwargs))
    except PysolverError as error:
        result = ("error", error)
    except BaseException as error:  # a bug: carry it to the parent as text
        result = ("crash", f"{type(error).__name__}: {error}")
    try:
        connection.send_bytes(pickle.dumps(result))
    except Exception as error:  # an answer that can't be sent back
        connection.send_bytes(pickle.dumps(("crash", f"unpicklable answer: {error}")))
    connection.close()


def run(function: Callable[..., Any], *args: Any, timeout: float | None = None,
        file: str | None = None, **kwargs: Any) -> Any:
    """function(*args, **kwargs), stopped after ``timeout`` seconds (None: no limit);
    ``file`` names the input in the message."""
    if timeout is None:
        return function(*args, **kwargs)
    if timeout <= 0:
        raise LimitExceeded("the time limit must be positive")
    import multiprocessing  # only a query with a time limit forks (issue 16: import what is used)
    import pickle

    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, args, kwargs), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            raise LimitExceeded(f"incomplete: the query took longer than the time limit ({timeout:g} s)",
                                file=file)
        status, value = pickle.loads(receiver.recv_bytes())
    except EOFError:
        raise LimitExceeded("the query stopped without an answer (out of memory?)", file=file) from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    if status == "error":
        raise value
    if status == "crash":
        raise RuntimeError(value)
    return value
