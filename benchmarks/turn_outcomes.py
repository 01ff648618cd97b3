"""Timings of `turn` and `outcomes` as boards grow (plain Python; prints figures), and
the share of a large `outcomes` query spent decoding (issue 16: at most 30%).

    python benchmarks/turn_outcomes.py
"""

from __future__ import annotations

import statistics
import time

import pysolver
from pysolver import solver


def board(battlefield: list[dict], step: str, stack: list[dict] | None = None) -> dict:
    data = {"players": ["Alice", "Bob", "Carol"], "turn": {"number": 7, "active": "Alice", "step": step},
            "battlefield": battlefield}
    if stack:
        data["stack"] = stack
    return data


def timed(label: str, function, *args, **kwargs):
    started = time.perf_counter()
    result = function(*args, **kwargs)
    print(f"{label:58s} {1000 * (time.perf_counter() - started):9.1f} ms")
    return result


def split_cpu(function, *args, **kwargs) -> tuple[float, float, float]:
    """CPU seconds of a query: in all, grounding (solver.ground), and clingo's search (inside
    Grounded._each_model, less the time its caller spends on each model): the rest is Python
    around clingo, mostly decoding the models."""
    spent = {"ground": 0.0, "solve": 0.0}
    ground, each_model = solver.ground, solver.Grounded._each_model

    def timed_ground(*a, **k):
        started = time.process_time()
        try:
            return ground(*a, **k)
        finally:
            spent["ground"] += time.process_time() - started

    def timed_models(self, *a, **k):
        started, outside = time.process_time(), 0.0
        for model in each_model(self, *a, **k):
            paused = time.process_time()
            yield model
            outside += time.process_time() - paused
        spent["solve"] += time.process_time() - started - outside

    solver.ground, solver.Grounded._each_model = timed_ground, timed_models
    try:
        started = time.process_time()
        function(*args, **kwargs)
        total = time.process_time() - started
    finally:
        solver.ground, solver.Grounded._each_model = ground, each_model
    return total, spent["ground"], spent["solve"]


def decoding_share(targets: int = 20, runs: int = 3) -> None:
    """Three Haphazard Bombardments, ``targets`` aim-countered permanents (the issue's case)."""
    permanents = [{"id": f"hb{i}", "card": "Haphazard Bombardment", "controller": "Alice"} for i in range(3)]
    permanents += [{"card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}}
                   for _ in range(targets)]
    loaded = pysolver.board_from_data(board(permanents, "end"))
    splits = [split_cpu(pysolver.outcomes, loaded, max_outcomes=1_000_000) for _ in range(runs)]
    total = statistics.median(s[0] for s in splits)
    ground = statistics.median(s[1] for s in splits)
    solve = statistics.median(s[2] for s in splits)
    rest = total - ground - solve
    print(f"outcomes: 3 Bombardments, {targets} aim-countered permanents: {total:.2f} s CPU "
          f"(median of {runs}): grounding {ground:.2f} s, search {solve:.2f} s, decoding and the "
          f"rest {rest:.2f} s = {rest / total:.0%} (at most 30%)")


def main() -> None:
    decoding_share()
    for n in (100, 1_000, 5_000):
        permanents = [{"card": "Paradox Haze", "controller": "Bob", "attached_to": {"player": "Alice"}}
                      for _ in range(3)]
        permanents += [{"card": ("Verdant Force", "Albino Troll", "Grizzly Bears")[i % 3],
                        "controller": ("Alice", "Bob")[i % 2],
                        "entered": {"turn": 1 + i % 6, "step": "precombat_main"}} for i in range(n)]
        loaded = pysolver.board_from_data(board(permanents, "untap"))
        steps = timed(f"turn: {n} permanents, 3 Hazes", pysolver.turn, loaded)
        assert len(steps) == 15

    for n in (10, 100, 1_000):
        permanents = [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"}]
        permanents += [{"card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}}
                       for _ in range(n)]
        loaded = pysolver.board_from_data(board(permanents, "end"))
        result = timed(f"outcomes: end step, {n} aim-countered permanents", pysolver.outcomes, loaded)
        assert len(result.outcomes) == n
        result = timed(f"outcomes --explain: the same, {n} permanents", pysolver.outcomes, loaded,
                       explain=True)
        assert len(result.explanation()) == 5 * n  # header, way, 3 stage lines per outcome

    for n in (10, 30):
        permanents = [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"},
                      {"id": "hb2", "card": "Haphazard Bombardment", "controller": "Alice"}]
        permanents += [{"card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}}
                       for _ in range(n)]
        loaded = pysolver.board_from_data(board(permanents, "end"))
        result = timed(f"outcomes: two Bombardments, {n} candidates ({2 * n * (n - 1)} paths)",
                       pysolver.outcomes, loaded, max_outcomes=10_000)
        assert result.paths == 2 * n * (n - 1)

    for n in (10, 20, 30):
        permanents = [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"}]
        permanents += [{"card": "Grizzly Bears", "controller": "Bob"} for _ in range(n)]
        stack = [{"card": "Haphazard Bombardment", "controller": "Alice", "source": "hb", "ability": 1}]
        loaded = pysolver.board_from_data(board(permanents, "precombat_main", stack))
        result = timed(f"outcomes: enters, {n} permanents (every set of four)", pysolver.outcomes,
                       loaded, max_outcomes=100_000)
        print(f"{'':58s} {len(result.outcomes)} outcomes")


if __name__ == "__main__":
    main()
