"""Benchmark: could-produce on boards of growing size, the whole query (issues 2 and 16).

Boards of 1,000, 10,000 and 50,000 permanents (the documented cap), four
players, a fifth of the lands reflecting (Reflecting Pool, Exotic Orchard), the
rest basic and dual lands, with a few creatures and artifacts; each in the
full form (with ids) and in the short form (ids generated).  Prints the CPU
time of the whole query as a user runs it: validating the board, building the
facts, grounding and decoding (``pysolver.board_from_data`` then
``pysolver.could_produce``), the median of runs interleaved across the sizes, and:

- t(50,000) / t(10,000) in each form: at most 6 (linear: 5);
- at 10,000 (full form), the ratio to a plain linear Python pass written here
  (``python_answer``: per-player pools of the types the non-reflecting
  permanents produce, then the reflecting lands), which gives the same answers
  (checked): at most 10.

CPU time (time.process_time), so that other work on the machine blurs the
figures less; both methods of a ratio run interleaved, so they see the same load.

    python benchmarks/could_produce.py [RUNS]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Callable

import pysolver

PLAYERS = ["P1", "P2", "P3", "P4"]
REFLECTING = ["Reflecting Pool", "Exotic Orchard"]
PLAIN = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Badlands", "Tropical Island", "Wastes",
         "Ancient Tomb", "Vivid Crag"]
OTHER = ["Llanowar Elves", "Birds of Paradise", "Fellwar Stone", "Sol Ring", "Grizzly Bears"]
# What each non-reflecting card could produce (its Oracle text), for the Python pass.
PRODUCES = {"Forest": "G", "Island": "U", "Swamp": "B", "Mountain": "R", "Plains": "W", "Badlands": "BR",
            "Tropical Island": "GU", "Wastes": "C", "Ancient Tomb": "C", "Vivid Crag": "WUBRG",
            "Llanowar Elves": "G", "Birds of Paradise": "WUBRG", "Fellwar Stone": "", "Sol Ring": "C",
            "Grizzly Bears": ""}
ORDER = "WUBRGC"
SIZES = (1_000, 10_000, 50_000)


def cards(size: int, seed: int = 7) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    found = []
    for i in range(size):
        player = PLAYERS[i % len(PLAYERS)]
        if rng.random() < 0.8:
            card = rng.choice(REFLECTING) if rng.random() < 0.2 else rng.choice(PLAIN)
        else:
            card = rng.choice(OTHER)
        found.append((player, card))
    return found


def full_form(size: int) -> dict:
    return {"players": PLAYERS, "battlefield": [{"id": f"o{i}", "card": card, "controller": player}
                                                for i, (player, card) in enumerate(cards(size))]}


def short_form(size: int) -> dict:
    board: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for player, card in cards(size):
        board[player].append(card)
    return board


def query(data: dict) -> dict[str, tuple[str, ...]]:
    board = pysolver.board_from_data(data, name="bench")
    return {a.id: a.types for a in pysolver.could_produce(board)}


def python_answer(data: dict) -> dict[str, tuple[str, ...]]:
    """The same answers by a linear pass over per-player pools, to a fixed point: Reflecting
    Pool reflects the types of its controller's lands, Exotic Orchard and Fellwar Stone the
    colors of the opponents' lands; every other card produces fixed types."""
    entries = data["battlefield"]
    fixed: dict[str, set[str]] = {p: set() for p in PLAYERS}
    has: dict[str, set[str]] = {p: set() for p in PLAYERS}
    for entry in entries:
        card, player = entry["card"], entry["controller"]
        if card in PLAIN:
            fixed[player].update(PRODUCES[card])
        elif card in REFLECTING:
            has[player].add(card)
    pool = {p: set() for p in PLAYERS}
    orchard: dict[str, set[str]] = {p: set() for p in PLAYERS}
    while True:
        lands = {p: fixed[p] | (pool[p] if "Reflecting Pool" in has[p] else set())
                 | (orchard[p] if "Exotic Orchard" in has[p] else set()) for p in PLAYERS}
        new_orchard = {p: set().union(*(lands[q] for q in PLAYERS if q != p)) - {"C"} for p in PLAYERS}
        if lands == pool and new_orchard == orchard:
            break
        pool, orchard = lands, new_orchard
    answers = {}
    for entry in entries:
        card, player = entry["card"], entry["controller"]
        if card == "Reflecting Pool":
            types = pool[player]
        elif card in ("Exotic Orchard", "Fellwar Stone"):
            types = orchard[player]
        else:
            types = set(PRODUCES[card])
        answers[entry["id"]] = tuple(t for t in ORDER if t in types)
    return answers


def cpu(function: Callable, *args) -> tuple[float, object]:
    started = time.process_time()
    result = function(*args)
    return time.process_time() - started, result


def main(runs: int = 3) -> int:
    status = 0
    medians: dict[tuple[str, int], float] = {}
    print(f"{'form':>5}  {'permanents':>10}  {'query (cpu s)':>13}")
    for form, make in (("full", full_form), ("short", short_form)):
        boards = {size: make(size) for size in SIZES}
        times: dict[int, list[float]] = {size: [] for size in SIZES}
        for _ in range(runs):  # the sizes interleaved, so that their ratio sees the same load
            for size in SIZES:
                times[size].append(cpu(query, boards[size])[0])
        for size in SIZES:
            medians[form, size] = statistics.median(times[size])
            print(f"{form:>5}  {size:>10,}  {medians[form, size]:>13.3f}")
    for form in ("full", "short"):
        ratio = medians[form, 50_000] / medians[form, 10_000]
        print(f"{form} form: t(50,000) / t(10,000) = {ratio:.1f} (at most 6)")
        status |= ratio > 6
    data = full_form(10_000)
    if query(data) != python_answer(data):
        print("the Python pass and the query disagree")
        return 1
    ours, plain = [], []
    for _ in range(max(runs, 5)):
        ours.append(cpu(query, data)[0])
        plain.append(cpu(python_answer, data)[0])
    ratio = statistics.median(ours) / statistics.median(plain)
    print(f"10,000 permanents: query {statistics.median(ours):.3f} s, linear Python pass "
          f"{statistics.median(plain):.4f} s: {ratio:.1f}x (at most 10)")
    status |= ratio > 10
    return int(status)


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
