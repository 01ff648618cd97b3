"""Verify the ruling corpus repeated to 1,000 cases; print cases per second.

    python benchmarks/verify_speed.py [CASES_FOLDER] [--cases N] [--runs R]

Each run is a fresh process, as `pysolver verify` is: it loads the case files and the
built-in library and parses the encodings it needs (the preamble, printed apart), then runs
the cases (timed).  Three kinds of run, interleaved R times (default 3), medians printed:

- one process;
- two processes (as `pysolver verify` runs a corpus on this two-core machine), the first
  run of a corpus: no rule cut kept on disk;
- two processes again, with the rule cuts the run before kept on disk (solver.keeping_cuts):
  a corpus verified again, as while its cases are written.

The library and the encodings' analyses are in the benchmark's own cache folder, built
before the first run.  Each run allocates as `pysolver verify` does: through jemalloc where
it is installed (pysolver/allocator.py; `PYSOLVER_ALLOCATOR=system` for the C library's).
Issue 16 asks for at least 150 cases per second on this two-core machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def child(folder: str, count: int, jobs: int) -> None:
    """One run: print its figures as JSON."""
    from pysolver import allocator, verify

    allocator.reexec()  # as `pysolver verify` runs
    started = time.perf_counter()
    corpus = verify.load_all([folder])
    cases = list(itertools.islice(itertools.cycle(corpus), count))
    preamble = time.perf_counter() - started
    before, started = os.times(), time.perf_counter()
    failed = sum(not outcome.passed for outcome in verify.run_cases(cases, jobs=jobs))
    elapsed, after = time.perf_counter() - started, os.times()
    # Its own and its workers' CPU time (the workers have exited: counted as children's).
    cpu = sum(after[i] - before[i] for i in range(4))
    print(json.dumps({"corpus": len(corpus), "preamble": preamble, "elapsed": elapsed, "cpu": cpu,
                      "failed": failed, "jemalloc": "jemalloc" in os.environ.get("LD_PRELOAD", "")}))


def run(folder: str, count: int, jobs: int, cache: Path, kept: bool) -> dict:
    if not kept:
        for entry in cache.glob("rule-cuts-*"):
            entry.unlink()
    output = subprocess.run([sys.executable, __file__, folder, "--cases", str(count), "--child", str(jobs)],
                            env={**os.environ, "PYSOLVER_CACHE": str(cache)}, check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", default=str(ROOT / "tests" / "cases"))
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child is not None:
        child(options.folder, options.cases, options.child)
        return
    kinds = {"one process": (1, False), "two processes, first run": (2, False),
             "two processes, cuts kept from the run before": (2, True)}
    figures: dict[str, list[dict]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder)
        first = run(options.folder, options.cases, 2, cache, kept=False)  # builds the library and analyses
        print(f"corpus: {first['corpus']} cases, repeated to {options.cases}; "
              f"allocator: {'jemalloc' if first['jemalloc'] else 'system'}; {options.runs} runs of each kind, "
              "interleaved")
        for _ in range(options.runs):
            for kind, (jobs, kept) in kinds.items():
                figures[kind].append(run(options.folder, options.cases, jobs, cache, kept))
    for kind, runs in figures.items():
        rates = [options.cases / r["elapsed"] for r in runs]
        per_cpu = [options.cases / r["cpu"] for r in runs]
        print(f"{kind}: {statistics.median(rates):.0f} cases per second (runs: "
              + ", ".join(f"{rate:.0f}" for rate in rates)
              + f"); {statistics.median(per_cpu):.0f} cases per CPU second; failed: "
              f"{sum(r['failed'] for r in runs)}; preamble (loading the cases, before the first): "
              f"{statistics.median(r['preamble'] for r in runs) * 1000:.0f} ms")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
