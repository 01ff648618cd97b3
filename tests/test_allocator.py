"""``pysolver verify`` runs itself again with jemalloc preloaded where it is installed
(pysolver/allocator.py, issue 16), and only where that is safe and asked for."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pysolver import allocator

from helpers import CASES, child_env

LIBRARY = "libjemalloc.so.2"


@pytest.mark.parametrize("environ", [
    {"LD_PRELOAD": "/usr/lib/libjemalloc.so.2"},  # preloaded already
    {"PYSOLVER_ALLOCATOR": "system"},  # the user's choice
    {"PYSOLVER_ALLOCATOR": "jemalloc"},  # the process run again
    {"PYSOLVER_MAX_MEMORY": "2"},  # a cap jemalloc's mapped memory would move
])
def test_no_run_again_where_it_is_not_asked_for(environ):
    assert allocator.preloading({"PATH": "/bin", **environ}, lambda: LIBRARY) is None


def test_no_run_again_without_the_library():
    assert allocator.preloading({"PATH": "/bin"}, lambda: None) is None


def test_the_library_is_preloaded_before_others():
    assert allocator.preloading({"PATH": "/bin", "LD_PRELOAD": "libother.so"}, lambda: LIBRARY) == {
        "PATH": "/bin", "LD_PRELOAD": f"{LIBRARY} libother.so", "PYSOLVER_ALLOCATOR": "jemalloc"}


_RUN_AGAIN = """
import os
from pysolver import allocator
allocator.reexec()
maps = open("/proc/self/maps").read()
print(os.environ.get("PYSOLVER_ALLOCATOR"), "jemalloc" in maps)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or allocator.jemalloc() is None,
                    reason="jemalloc is not installed")
def test_the_process_runs_again_with_jemalloc_loaded():
    env = child_env(drop=("LD_PRELOAD", "PYSOLVER_ALLOCATOR", "PYSOLVER_MAX_MEMORY"))
    done = subprocess.run([sys.executable, "-c", _RUN_AGAIN], env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, check=True)
    assert (done.stdout, done.stderr) == ("jemalloc True\n", "")
    done = subprocess.run([sys.executable, "-c", _RUN_AGAIN], env={**env, "PYSOLVER_ALLOCATOR": "system"},
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, check=True)
    assert (done.stdout, done.stderr) == ("system False\n", "")


def test_verify_answers_the_same_run_again():
    """The command line, its output and its exit status survive the run again."""
    cases = str(CASES / "x")
    env = child_env(drop=("LD_PRELOAD", "PYSOLVER_ALLOCATOR", "PYSOLVER_MAX_MEMORY"))
    runs = [subprocess.run([sys.executable, "-m", "pysolver", "verify", "--jobs", "1", cases], env=environ,
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
            for environ in (env, {**env, "PYSOLVER_ALLOCATOR": "system"})]
    assert [(run.returncode, run.stdout, run.stderr) for run in runs] == [(0, runs[1].stdout, "")] * 2
    assert runs[1].stdout.endswith(" passed, 0 failed\n")
