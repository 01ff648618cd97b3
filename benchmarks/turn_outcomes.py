"""Timings of `turn` and `outcomes` as boards grow (plain Python; prints figures).

    python benchmarks/turn_outcomes.py
"""

from __future__ import annotations

import time

import pysolver


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


def main() -> None:
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
        stack = [{"card": "Haphazard Bombardment", "controller": "Alice", "source": "hb", "ability": 0}]
        loaded = pysolver.board_from_data(board(permanents, "precombat_main", stack))
        result = timed(f"outcomes: enters, {n} permanents (every set of four)", pysolver.outcomes,
                       loaded, max_outcomes=100_000)
        print(f"{'':58s} {len(result.outcomes)} outcomes")


if __name__ == "__main__":
    main()
