"""Benchmark: the CPU time of the smallest query, run as a user runs it (issue 16).

Runs, interleaved, ``python -c "import clingo"``, ``python -c "import clingo,
yaml, click"`` (the three libraries every CLI query imports: the floor no change
to pysolver's own code goes below) and ``python -m pysolver could-produce
examples/reflecting-pool.yaml`` in fresh processes, and prints the median CPU
time (user + system, of the child, from os.wait4) of each, the ratio of the
query's median to ``import clingo``'s, and what the query costs above the floor.
CPU time, not wall time, so that other work on the machine blurs the figures
less; interleaving, so that all see the same load.
The first query fills the card library cache (pysolver/cache.py) and
Python's bytecode cache (turned on for the children, as in an installed
package, even where PYTHONDONTWRITEBYTECODE is set); it is run once before
measuring, so the figures are those of every later run.
Targets: at most 0.15 s, at most 5 times ``import clingo``.
``--python PY`` runs both with another interpreter, from a temporary folder: a virtual
environment where pysolver is installed as a user installs it (``pip install .``), not
the checkout.

    python benchmarks/cold_start.py [RUNS] [--python PY]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = str(ROOT / "examples" / "reflecting-pool.yaml")
# As installed: Python's bytecode cache on (a development shell may turn it off).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
TARGET_SECONDS = 0.15
TARGET_RATIO = 5.0


def cpu_seconds(command: list[str], folder: str | None = None) -> float:
    """The CPU time of one run of ``command`` in a child process (in ``folder``, if given)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, cwd=folder)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return usage.ru_utime + usage.ru_stime


def main(runs: int = 15, python: str | None = None) -> int:
    # Another interpreter runs from a temporary folder: ``-m pysolver`` finds the package
    # installed in its environment, not a checkout in the current folder.
    folder = tempfile.gettempdir() if python else None
    python = python or sys.executable
    baseline_command = [python, "-c", "import clingo"]
    floor_command = [python, "-c", "import clingo, yaml, click"]
    query_command = [python, "-m", "pysolver", "could-produce", BOARD]
    cpu_seconds(query_command, folder)  # fills the cache
    baseline, floor, query = [], [], []
    for _ in range(runs):
        baseline.append(cpu_seconds(baseline_command, folder))
        floor.append(cpu_seconds(floor_command, folder))
        query.append(cpu_seconds(query_command, folder))
    base, least, ours = statistics.median(baseline), statistics.median(floor), statistics.median(query)
    print(f"{'runs':>4}  {'import clingo (cpu s)':>21}  {'import clingo, yaml, click':>26}  "
          f"{'smallest query (cpu s)':>22}  {'ratio':>5}  {'query - imports':>15}")
    print(f"{runs:>4}  {base:>21.3f}  {least:>26.3f}  {ours:>22.3f}  {ours / base:>5.1f}  {ours - least:>15.3f}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"targets: at most {TARGET_SECONDS} s, at most {TARGET_RATIO:g} x import clingo")
    return 0 if ours <= TARGET_SECONDS and ours / base <= TARGET_RATIO else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="?", type=int, default=15)
    parser.add_argument("--python", default=None, help="the interpreter of an environment pysolver is installed in")
    options = parser.parse_args()
    sys.exit(main(options.runs, options.python))
