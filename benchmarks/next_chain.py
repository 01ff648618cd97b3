"""pysolver next: a 5-action chain on a 50-permanent board; distinct results and time per
action (plain Python; prints figures).

    python benchmarks/next_chain.py
"""

from __future__ import annotations

import time

import pysolver
from pysolver.board import board_from_data
from pysolver.next_state import next_states, parse_actions

ACTIONS = ["play Forest", "pass", "resolve", "pass", "resolve"]
UNTAPPED = 9  # lands untapped for the cast (the payment search's ways grow fast with more)


def board() -> dict:
    battlefield: list[dict] = [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"},
                               {"id": "walker", "card": "Hangarback Walker", "controller": "Alice", "x": 2,
                                "counters": {"+1/+1": 2}}]
    battlefield += [{"card": ("Forest", "Island", "Mountain")[i % 3], "controller": "Alice"} for i in range(20)]
    battlefield += [{"card": "Grizzly Bears", "controller": "Bob", **({"counters": {"aim": 1}} if i < 8 else {})}
                    for i in range(24)]
    battlefield += [{"card": "Albino Troll", "controller": "Bob", "entered": {"turn": 5, "step": "precombat_main"}}
                    for _ in range(2)]
    battlefield += [{"card": "Darksteel Citadel", "controller": "Bob"} for _ in range(2)]
    assert len(battlefield) == 50
    return {"players": [{"name": "Alice", "hand": ["Forest"], "library": ["Island"]},
                        {"name": "Bob", "library": ["Forest", "Island"]}],
            "turn": {"number": 6, "active": "Alice", "step": "postcombat_main"},
            "battlefield": battlefield}


def main() -> None:
    start = pysolver.board_from_data(board())
    boards = [start]
    total = 0.0
    for number, action in enumerate(ACTIONS, 1):
        started = time.perf_counter()
        following = []
        for current in boards:
            for result in next_states(current, parse_actions(action.split()), max_outcomes=10_000):
                following.append(board_from_data(result.board, start.library))
        elapsed = time.perf_counter() - started
        total += elapsed
        distinct = len({str(b.battlefield) + str(b.stack) + str(b.players) + b.step for b in following})
        print(f"action {number} {action:12s} from {len(boards):3d} board(s): {len(following):4d} results, "
              f"{distinct:4d} distinct, {elapsed:7.2f} s ({1000 * elapsed / len(boards):7.1f} ms per board)")
        boards = following
    print(f"5-action chain on 50 permanents: {total:.2f} s, {len(boards)} resulting boards")
    # Casting with the payment search (CR 601.2g-h): every distinct board a way of paying leaves.
    data = board()
    data["players"][0]["hand"] = ["Grizzly Bears"]
    data["turn"]["step"] = "precombat_main"
    lands = [p for p in data["battlefield"] if p["card"] in ("Forest", "Island", "Mountain")]
    for land in lands[UNTAPPED:]:
        land["tapped"] = True
    cast = pysolver.board_from_data(data)
    started = time.perf_counter()
    results = next_states(cast, parse_actions(["cast", "Grizzly Bears"]), max_outcomes=10_000)
    print(f"cast Grizzly Bears paid from {UNTAPPED} untapped lands of 50 permanents: {len(results)} distinct results, "
          f"{time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
