"""Time of `available` and `pay {X}{G}{G}` (largest X) over every sequence of mana abilities
(issue 12): dual lands, any-color sources and Signets under Mana Flare, on growing boards.

Times are CPU seconds of this process.  The search keeps distinct states, not orders, and
pays Signets' generic costs late, so the time should follow the number of distinct results:
the milliseconds per pool should stay flat.  `pay {1}{B}{G}` (a fixed cost: every way) is
searched from the cost (pysolver/query/payment_sets.py): its milliseconds per way should
stay flat too.  Last, `next cast` of a three-mana creature with 20 basic lands.
Run: python benchmarks/payment.py
"""

from __future__ import annotations

import time
from pathlib import Path

import pysolver
from pysolver.errors import LimitExceeded
from pysolver.next_state import next_states, parse_actions
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
          f"{'X':>4} {'pay s':>7} {'{1}{B}{G} ways':>14} {'s':>7} {'ms/way':>7}")
    for duals, any_color, signets in [(4, 1, 1), (8, 2, 2), (12, 3, 3), (16, 4, 4), (20, 5, 5)]:
        b = board(duals, any_color, signets)
        started = time.process_time()
        answer = available_pools(b, "Alice")
        seconds = time.process_time() - started
        started = time.process_time()
        largest = pay(b, "Alice", "{X}{G}{G}").x
        pay_seconds = time.process_time() - started
        started = time.process_time()
        try:  # a fixed cost: every way
            count = len(pay(b, "Alice", "{1}{B}{G}").ways)
            ways = f"{count:,}"
        except LimitExceeded:
            count, ways = 0, "incomplete"
        fixed_seconds = time.process_time() - started
        per_way = f"{1000 * fixed_seconds / count:7.2f}" if count else f"{'-':>7}"
        label = f"{duals} duals + {any_color} any + {signets} Signets + Flare"
        print(f"{label:<36} {duals + any_color + signets:>7} {answer.count:>7,} {seconds:>8.3f} "
              f"{1000 * seconds / answer.count:>8.3f} {largest:>4} {pay_seconds:>7.3f} {ways:>14} "
              f"{fixed_seconds:>7.3f} {per_way}")
    cast_row()


def cast_row() -> None:
    """`next cast` of Centaur Courser ({2}{G}) with 20 basic lands: the ways to pay, and the
    distinct boards they leave (each checked for state-based actions by next)."""
    lands = [("Forest", "Island", "Mountain")[i % 3] for i in range(20)]
    data = {"players": [{"name": "Alice", "hand": ["Centaur Courser"]}, "Bob"],
            "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
            "battlefield": [{"card": card, "controller": "Alice"} for card in lands]}
    b = pysolver.board_from_data(data, [str(CARDS)], name="benchmark")
    started = time.process_time()
    ways = len(pay(b, "Alice", spell="Centaur Courser").ways)
    pay_seconds = time.process_time() - started
    started = time.process_time()
    results = next_states(b, parse_actions(["cast", "Centaur Courser"]), max_outcomes=100_000)
    seconds = time.process_time() - started
    print(f"pay --spell Centaur Courser ({{2}}{{G}}), 20 lands: {ways:,} ways, {pay_seconds:.3f} s; "
          f"next cast: {len(results):,} distinct boards, {seconds:.2f} s")


if __name__ == "__main__":
    main()
