"""Benchmark: could-produce on boards of growing size (issue 2).

Boards of 100, 1,000 and 10,000 permanents, four players, a fifth of the lands
reflecting (Reflecting Pool, Exotic Orchard), the rest basic and dual lands,
with a few creatures and artifacts.  Prints the time to build facts, ground
and read the answer, and the ratio 10,000 / 1,000 (which must stay below 12:
grounding grows linearly).

    python benchmarks/could_produce.py
"""

from __future__ import annotations

import random
import sys
import time

from pysolver import api, facts, solver

PLAYERS = ["P1", "P2", "P3", "P4"]
REFLECTING = ["Reflecting Pool", "Exotic Orchard"]
PLAIN = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Badlands", "Tropical Island", "Wastes",
         "Ancient Tomb", "Vivid Crag"]
OTHER = ["Llanowar Elves", "Birds of Paradise", "Fellwar Stone", "Sol Ring", "Grizzly Bears"]


def board_data(size: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    battlefield = []
    for i in range(size):
        player = PLAYERS[i % len(PLAYERS)]
        roll = rng.random()
        if roll < 0.8:
            card = rng.choice(REFLECTING) if rng.random() < 0.2 else rng.choice(PLAIN)
        else:
            card = rng.choice(OTHER)
        battlefield.append({"id": f"o{i}", "card": card, "controller": player})
    return {"players": PLAYERS, "battlefield": battlefield}


def measure(size: int, repeats: int = 3) -> tuple[float, int]:
    board = api.board_from_data(board_data(size), name=f"bench-{size}")
    best = float("inf")
    answered = 0
    for _ in range(repeats):
        started = time.perf_counter()
        grounded = solver.ground(facts.board_facts(board))
        atoms = grounded.atoms("could_produce", 2)
        best = min(best, time.perf_counter() - started)
        if atoms is None:
            sys.exit("could_produce was not decided by grounding alone")
        answered = len(atoms)
    return best, answered


def main() -> None:
    print(f"{'permanents':>10}  {'seconds':>8}  {'could_produce atoms':>19}")
    times = {}
    for size in (100, 1_000, 10_000):
        seconds, atoms = measure(size)
        times[size] = seconds
        print(f"{size:>10}  {seconds:>8.3f}  {atoms:>19}")
    ratio = times[10_000] / times[1_000]
    print(f"ratio 10,000 / 1,000: {ratio:.1f} (must be below 12)")
    if ratio >= 12:
        sys.exit(1)


if __name__ == "__main__":
    main()
