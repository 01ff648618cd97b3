"""How could-produce --explain scales: N reflecting lands around one Forest.

    python benchmarks/explain_speed.py [N ...]

Prints, for each N, the time of the plain query and of the explained one.  The
explanation's levels are bounded by the number of could_produce atoms, so a
ring of reflecting sources costs about N x N derivation atoms (explain only).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pysolver


def board(n: int):
    alice = ["Forest"] + ["Reflecting Pool"] * (n // 2)
    bob = ["Exotic Orchard"] * (n - n // 2)
    return pysolver.board_from_data({"Alice": alice, "Bob": bob})


def timed(function, *args) -> float:
    started = time.perf_counter()
    function(*args)
    return time.perf_counter() - started


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [10, 50, 100, 200]
    pysolver.could_produce(board(2))  # parse the encodings once
    print(f"{'N':>5}  {'could-produce':>14}  {'--explain':>10}")
    for n in sizes:
        b = board(n)
        plain = timed(pysolver.could_produce, b)
        explained = timed(pysolver.explain_could_produce, b)
        print(f"{n:>5}  {plain * 1000:>11.1f} ms  {explained * 1000:>7.1f} ms")


if __name__ == "__main__":
    main()
