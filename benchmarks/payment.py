"""Time of `available` and `pay {X}{G}{G}` (largest X) over every sequence of mana abilities
(issue 12): dual lands, any-color sources and Signets under Mana Flare, on growing boards.

Times are CPU seconds of this process.  The search keeps distinct states, not orders, and
pays Signets' generic costs late, so the time should follow the number of distinct results:
the milliseconds per pool should stay flat.
Run: python benchmarks/payment.py
"""

from __future__ import annotations

import time
from pathlib import Path

import pysolver
from pysolver.errors import LimitExceeded
from pysolver.query.payment import available_pools, pay

CARDS = Path(__file__).with_name("payment-cards.yaml")
DUALS = ["Tropical Island", "Badlands"]
SIGNETS = ["Izzet Signet", "Golgari Signet", "Simic Signet", "Rakdos Signet", "Dimir Signet"]


def board(duals: int, any_color: int, signets: int):
    cards = [DUALS[i % 2] for i in range(duals)] + ["Birds of Paradise"] * any_color
    cards += SIGNETS[:signets] + ["Mana Flare"]
    return pysolver.board_from_data({"Alice": cards, "Bob": []}, [str(CARDS)], name="benchmark")


def main() -> None:
    print(f"{'board':<36} {'sources':>7} {'pools':>7} {'seconds':>8} {'ms/pool':>8} "
          f"{'X':>4} {'pay s':>7} {'{1}{B}{G} ways':>14} {'s':>7}")
    for duals, any_color, signets in [(4, 1, 1), (8, 2, 2), (12, 3, 3), (16, 4, 4), (20, 5, 5)]:
        b = board(duals, any_color, signets)
        started = time.process_time()
        answer = available_pools(b, "Alice")
        seconds = time.process_time() - started
        started = time.process_time()
        largest = pay(b, "Alice", "{X}{G}{G}").x
        pay_seconds = time.process_time() - started
        started = time.process_time()
        try:  # a fixed cost: every way (the state search: no fast path yet, issue 12 item 3)
            ways = f"{len(pay(b, 'Alice', '{1}{B}{G}').ways):,}"
        except LimitExceeded:
            ways = "incomplete"
        fixed_seconds = time.process_time() - started
        label = f"{duals} duals + {any_color} any + {signets} Signets + Flare"
        print(f"{label:<36} {duals + any_color + signets:>7} {answer.count:>7,} {seconds:>8.3f} "
              f"{1000 * seconds / answer.count:>8.3f} {largest:>4} {pay_seconds:>7.3f} {ways:>14} "
              f"{fixed_seconds:>7.3f}")


if __name__ == "__main__":
    main()
