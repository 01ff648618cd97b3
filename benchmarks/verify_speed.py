"""Verify the ruling corpus repeated to 1,000 cases; print cases per second.

    python benchmarks/verify_speed.py [CASES_FOLDER] [--cases N]

Loading (case files, the built-in library) happens once, as in `pysolver
verify`; the encodings are parsed and analysed once per process
(solver.prepared) and every case grounds its own board against the kept
syntax trees, cut to the rules its facts can reach.  It allocates as
`pysolver verify` does: through jemalloc where it is installed
(pysolver/allocator.py; `PYSOLVER_ALLOCATOR=system` for the C library's).
Issue 16 asks for at least 150 cases per second on this two-core machine.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver import allocator, solver, verify  # noqa: E402


def main() -> None:
    allocator.reexec()  # as `pysolver verify` runs
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", default=str(ROOT / "tests" / "cases"))
    parser.add_argument("--cases", type=int, default=1000)
    options = parser.parse_args()

    started = time.perf_counter()
    corpus = verify.load_all([options.folder])
    verify.run_case(corpus[0])  # first use: parse the encodings, load the library
    warm = time.perf_counter() - started
    cases = list(itertools.islice(itertools.cycle(corpus), options.cases))

    print(f"corpus: {len(corpus)} cases, repeated to {len(cases)}; "
          f"allocator: {'jemalloc' if 'jemalloc' in os.environ.get('LD_PRELOAD', '') else 'system'}")
    print(f"first case, parsing encodings and library: {warm * 1000:.0f} ms")

    parse_before = solver.prepared.cache_info()
    started, cpu_started = time.perf_counter(), time.process_time()
    failed = sum(not outcome.passed for outcome in verify.run_cases(cases, jobs=1))
    serial, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    parse_after = solver.prepared.cache_info()
    print(f"entry programs parsed during the serial run: {parse_after.misses - parse_before.misses} "
          f"(parsed programs reused: {parse_after.hits - parse_before.hits})")
    print(f"one process: {serial:.2f} s, {serial / len(cases) * 1000:.2f} ms per case, "
          f"{len(cases) / serial:.0f} cases per second, {failed} failed")
    # Other processes on the machine slow the wall clock; CPU time does not count them.
    print(f"CPU time: {cpu / len(cases) * 1000:.2f} ms per case, "
          f"{len(cases) / cpu:.0f} cases per CPU second; load average {os.getloadavg()[0]:.2f}")

    jobs = verify.default_jobs(len(cases))
    before = os.times()
    started = time.perf_counter()
    failed = sum(not outcome.passed for outcome in verify.run_cases(cases, jobs=jobs))
    elapsed = time.perf_counter() - started
    after = os.times()
    # The workers' CPU time (they have exited, so it is counted as children's).
    cpu = sum(after[i] - before[i] for i in range(4))
    print(f"as `pysolver verify` runs it ({jobs} processes): {elapsed:.2f} s, {failed} failed; "
          f"CPU time {cpu:.2f} s ({len(cases) / cpu:.0f} cases per CPU second); "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"cases per second: {len(cases) / elapsed:.0f}")


if __name__ == "__main__":
    main()
