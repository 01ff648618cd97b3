"""Limits are explicit: exit status 3, 'incomplete', never a partial answer."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

import pysolver
from pysolver import limits
from pysolver.errors import LimitExceeded, QueryError

from helpers import child_env


def big_board(size: int) -> dict:
    lands = ["Forest", "Reflecting Pool", "Exotic Orchard", "Badlands"]
    return {"players": ["A", "B", "C", "D"],
            "battlefield": [{"id": f"o{i}", "card": lands[i % 4], "controller": "ABCD"[i % 4]}
                            for i in range(size)]}


def test_timeout_stops_grounding_and_says_incomplete(cli, tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(big_board(20_000)), encoding="utf-8")
    assert cli("could-produce", path, "--timeout", "0.05") == (
        3, "", f"error: {path}: incomplete: the query took longer than the time limit (0.05 s)\n")


def test_max_outcomes(cli, board_file):
    path = board_file("A: [Forest, Island]\nB: [Swamp]\n")
    assert cli("could-produce", path, "--max-outcomes", "2") == (
        3, "", f"error: {path}: incomplete: more than 2 permanents (--max-outcomes)\n")
    code, out, err = cli("could-produce", path, "--max-outcomes", "3", "--timeout", "30")
    assert (code, err) == (0, "") and out.count("\n") == 4


def test_errors_inside_the_child_come_back_typed(board_file):
    board = pysolver.load_board(board_file("A: [Forest]\nB: [Swamp]\n"))
    with pytest.raises(QueryError):
        limits.run(pysolver.could_produce, board, ["nothing"], timeout=30)


def test_board_size_cap(monkeypatch):
    board = pysolver.board_from_data(big_board(12), name="many.yaml")
    monkeypatch.setattr(limits, "DEFAULT_MAX_OBJECTS", 10)
    with pytest.raises(LimitExceeded) as caught:
        pysolver.could_produce(board)
    assert str(caught.value) == ("many.yaml: the board has 12 objects; the limit is 10 "
                                 "(set PYSOLVER_MAX_OBJECTS to change it)")


def test_a_child_that_runs_over_is_stopped():
    started = time.monotonic()
    with pytest.raises(LimitExceeded):
        limits.run(time.sleep, 30, timeout=0.2)
    assert time.monotonic() - started < 5


def test_running_out_of_memory_is_a_limit_in_one_line(cli, board_file, monkeypatch):
    """clingo raises MemoryError ('bad_alloc') when a grounding needs more memory than the process may have
    (turn and outcomes on 40,000 permanents under a 3 GB cap, benchmarks/cap_memory.py): a limit, exit 3, one
    line naming the board, with or without a time limit (whose child carried it back as a crash, exit 1, and
    without one, a traceback)."""
    from pysolver import solver

    def out_of_memory(*_args, **_kwargs):
        raise MemoryError("bad_alloc")

    monkeypatch.setattr(solver, "ground", out_of_memory)
    path = board_file("A: [Forest]\nB: []\n")
    expected = (3, "", f"error: {path}: incomplete: ran out of memory (the grounding or the search needs more "
                       "memory than this process may use)\n")
    assert cli("turn", path) == expected
    assert cli("turn", path, "--timeout", "60") == expected


# The queries of the memory-limit test, run in a process of their own (``cli`` as the fixture runs it).
_MEMORY_LIMITED = """
import json, os, sys
from click.testing import CliRunner
from pysolver.cli import main

def cli(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return [result.exit_code, result.stdout, result.stderr]

path = sys.argv[1]
answers = [cli("could-produce", path)]
os.environ["PYSOLVER_MAX_MEMORY"] = "8"  # ample: the same answer
answers.append(cli("could-produce", path))
os.environ["PYSOLVER_MAX_MEMORY"] = "0.01"  # below what the process already holds
answers += [cli("could-produce", path), cli("could-produce", path, "--timeout", "60")]
print(json.dumps(answers))
"""


def test_a_memory_limit_stops_the_query_in_one_line(board_file):
    """PYSOLVER_MAX_MEMORY: the query runs in a child whose address space is capped; past it, the
    query stops with a limit (exit 3, one line), never a partial answer or the machine's memory.

    Run in a process of its own with the C library's allocator: ``pytest -n 2``'s test processes
    allocate through jemalloc (tests/conftest.py), which keeps the memory a process freed mapped, and
    a query's child (forked) reuses it, so under a cap below what the process holds a small query needs no new
    address space and rightly answers."""
    path = board_file("A: [Forest, Reflecting Pool]\nB: []\n")
    env = child_env(drop=("LD_PRELOAD", "PYSOLVER_MAX_MEMORY"))
    done = subprocess.run([sys.executable, "-c", _MEMORY_LIMITED, str(path)], env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr  # what failed, not only that it did
    answer, ample, *limited = map(tuple, json.loads(done.stdout))
    assert answer[0] == 0
    assert ample == answer
    expected = (3, "", f"error: {path}: incomplete: the query needs more memory than its limit (0.01 GB of "
                       "address space, PYSOLVER_MAX_MEMORY)\n")
    assert limited == [expected, expected]


@pytest.mark.parametrize("value", ["0", "-1", "abc", "nan", "inf", "1025", ""])
def test_a_memory_limit_is_a_number_of_gigabytes(cli, board_file, monkeypatch, value):
    path = board_file("A: [Forest]\nB: []\n")
    monkeypatch.setenv("PYSOLVER_MAX_MEMORY", value)
    assert cli("could-produce", path) == (
        2, "", f"error: PYSOLVER_MAX_MEMORY: {value!r} is not a number of gigabytes above 0 and at most 1024\n")
