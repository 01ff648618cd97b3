"""pysolver next as a query: a board and actions in, every distinct resulting board out
(the rules: asp/outcomes.lp, state_based.lp, zone_change.lp, actions.lp; the board
changes: pysolver/next_state.py)."""

from __future__ import annotations

from pysolver.board import Board
from pysolver.next_state import next_states, parse_actions


def answer(board: Board, actions: list[str], boards: bool = False) -> list[dict]:
    """Canonical answer: [{probability, choices?, events, board?}] (the resulting boards only
    with ``boards``), in a stable order."""
    out = []
    for result in next_states(board, parse_actions(list(actions))):
        entry: dict = {"probability": str(result.probability)}
        if result.choices:
            entry["choices"] = list(result.choices)
        entry["events"] = list(result.events)
        if boards:
            entry["board"] = result.board
        out.append(entry)
    return out
