"""Every ability of every permanent asked (can-activate, then mana for each mana ability),
with one grounding per permanent shared by its abilities' questions (solver.ground_shared)
and with a grounding made for each question, as before issue 16; prints the CPU medians of
interleaved runs and their ratio (plain Python: prints figures, asserts nothing).

    python benchmarks/shared_grounding.py [--runs N]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import time

import pysolver
from pysolver import solver
from pysolver.errors import QueryError

CARDS = ["Forest", "Island", "Tropical Island", "Reflecting Pool", "Fellwar Stone", "Ancient Tomb",
         "Vivid Crag", "Birds of Paradise", "Llanowar Elves", "Crackleburr", "Squandered Resources",
         "Mana Reflection", "Gemstone Mine", "Spire of Industry", "Calciform Pools"]


def boards(count: int = 12) -> list:
    chosen = random.Random(16)
    found = []
    for _ in range(count):
        battlefield = [{"id": f"p{i}", "card": chosen.choice(CARDS), "controller": chosen.choice("AB"),
                        "timestamp": i + 1, "counters": {"storage": 1}} for i in range(chosen.randint(3, 7))]
        found.append(pysolver.board_from_data({"players": ["A", "B"], "battlefield": battlefield}))
    return found


def ask_everything(board) -> int:
    asked = 0
    for permanent in board.battlefield:
        for ability in pysolver.api.activated_abilities(board, permanent.id):
            pysolver.can_activate(board, permanent.id, ability.number)
            asked += 1
            if ability.kind == "mana":
                with contextlib.suppress(QueryError):  # an ability mana refuses (not one it answers)
                    pysolver.mana_outcomes(board, permanent.id, ability.number)
                asked += 1
    return asked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    shared = solver.ground_shared

    def each_time(facts, rules):  # a grounding for every question
        return solver.ground(facts, rules)

    methods = {"shared": shared, "each question": each_time}
    every = boards()
    asked = sum(ask_everything(board) for board in every)  # first use: parse, load the library
    times: dict[str, list[float]] = {name: [] for name in methods}
    for run in range(options.runs):
        order = list(methods) if run % 2 == 0 else list(reversed(methods))
        for name in order:
            solver.ground_shared = methods[name]
            solver._SHARED.clear()
            started = time.process_time()
            for board in every:
                ask_everything(board)
            times[name].append(time.process_time() - started)
    solver.ground_shared = shared
    print(f"{len(every)} boards, {asked} questions a run, {options.runs} interleaved runs, "
          f"load average {os.getloadavg()[0]:.2f}")
    for name, found in times.items():
        print(f"{name}: median {statistics.median(found):.2f} s CPU ({', '.join(f'{t:.2f}' for t in found)})")
    ratio = statistics.median(times["each question"]) / statistics.median(times["shared"])
    print(f"each question / shared (ratio of medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
