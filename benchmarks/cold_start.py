"""Benchmark: the CPU time of the smallest query, run as a user runs it (issue 16).

Runs, interleaved, ``python -c "import clingo"`` and ``python -m pysolver
could-produce examples/reflecting-pool.yaml`` in fresh processes, and prints
the median CPU time (user + system, of the child, from os.wait4) of each and
the ratio of the medians.  CPU time, not wall time, so that other work on the
machine blurs the figures less; interleaving, so that both see the same load.
The first query fills the card library cache (pysolver/cache.py) and
Python's bytecode cache (turned on for the children, as in an installed
package, even where PYTHONDONTWRITEBYTECODE is set); it is run once before
measuring, so the figures are those of every later run.
Targets: at most 0.15 s, at most 5 times ``import clingo``.

    python benchmarks/cold_start.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = [sys.executable, "-c", "import clingo"]
QUERY = [sys.executable, "-m", "pysolver", "could-produce", str(ROOT / "examples" / "reflecting-pool.yaml")]
# As installed: Python's bytecode cache on (a development shell may turn it off).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
TARGET_SECONDS = 0.15
TARGET_RATIO = 5.0


def cpu_seconds(command: list[str]) -> float:
    """The CPU time of one run of ``command`` in a child process."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return usage.ru_utime + usage.ru_stime


def main(runs: int = 15) -> int:
    cpu_seconds(QUERY)  # fills the cache
    baseline, query = [], []
    for _ in range(runs):
        baseline.append(cpu_seconds(BASELINE))
        query.append(cpu_seconds(QUERY))
    base, ours = statistics.median(baseline), statistics.median(query)
    print(f"{'runs':>4}  {'import clingo (cpu s)':>21}  {'smallest query (cpu s)':>22}  {'ratio':>5}")
    print(f"{runs:>4}  {base:>21.3f}  {ours:>22.3f}  {ours / base:>5.1f}")
    print(f"targets: at most {TARGET_SECONDS} s, at most {TARGET_RATIO:g} x import clingo")
    return 0 if ours <= TARGET_SECONDS and ours / base <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 15))
