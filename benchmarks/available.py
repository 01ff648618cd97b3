"""Time of `available` (distinct maximal mana pools) on growing boards.

The chain in asp/activation.lp keeps the distinct reachable pools after each
source, so the time follows the number of distinct results, not the number of
ways to tap (printed as "ways").  Run: python benchmarks/available.py
"""

from __future__ import annotations

import time

import pysolver

DUALS = ["Tropical Island", "Badlands"]


def board(duals: int, any_color: int, extra: tuple[str, ...] = ()) -> pysolver.board.Board:
    cards = [DUALS[i % len(DUALS)] for i in range(duals)]
    cards += ["City of Brass"] * any_color + list(extra)
    return pysolver.board_from_data({"Alice": cards, "Bob": ["Island"]}, name="benchmark")


def measure(label: str, duals: int, any_color: int, extra: tuple[str, ...] = ()) -> None:
    ways = 2 ** duals * 5 ** any_color
    b = board(duals, any_color, extra)
    started = time.perf_counter()
    answer = pysolver.available(b, "Alice")
    seconds = time.perf_counter() - started
    print(f"{label:<44} {duals + any_color + len(extra):>7} {ways:>16,} {answer.count:>9,} {seconds:>9.3f}")


def main() -> None:
    print(f"{'board':<44} {'sources':>7} {'ways to tap':>16} {'pools':>9} {'seconds':>9}")
    for duals, any_color in [(2, 0), (5, 1), (10, 2), (15, 3), (20, 0), (20, 5), (30, 5)]:
        measure(f"{duals} dual lands + {any_color} any-color", duals, any_color)
    measure("5 any-color + Mana Reflection + Nyxbloom", 0, 5, ("Mana Reflection", "Nyxbloom Ancient"))
    measure("7 any-color + Mana Reflection + Nyxbloom", 0, 7, ("Mana Reflection", "Nyxbloom Ancient"))
    print()
    print("identical sources (Forests; the cap is 1,000 of one player's permanents), CPU seconds:")
    times = {}
    for count in (250, 500, 1000):
        b = pysolver.board_from_data({"Alice": ["Forest"] * count, "Bob": ["Island"]}, name="benchmark")
        started = time.process_time()
        pysolver.available(b, "Alice")
        times[count] = time.process_time() - started
        print(f"{count:>5} Forests: {times[count]:.3f} s")
    print(f"t(1,000) / t(500) = {times[1000] / times[500]:.1f} (linear: 2; it was about 4)")
    print()
    print("can-activate, paying {2}{W}{W} for Pale Wayfarer from the same sources:")
    for duals, any_color in [(10, 2), (20, 5), (30, 5)]:
        cards = [DUALS[i % len(DUALS)] for i in range(duals)] + ["City of Brass"] * any_color
        battlefield = [{"card": c, "controller": "Alice"} for c in cards]
        battlefield.append({"card": "Pale Wayfarer", "controller": "Alice", "tapped": True})
        b = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield})
        started = time.perf_counter()
        answer = pysolver.can_activate(b, "pale-wayfarer")
        seconds = time.perf_counter() - started
        print(f"{duals} dual lands + {any_color} any-color: {answer.can_activate} in {seconds:.3f} s")


if __name__ == "__main__":
    main()
