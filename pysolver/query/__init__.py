"""pysolver's queries, one module each; QUERIES names them all.

Every query pysolver answers, by the name the CLI and ruling cases use.

Each entry runs the query on a board and returns its answer as canonical
plain data (sets as sorted lists, in a stable order), so that a ruling case's
expected answer compares with ``==`` and prints as a readable diff.
"""

from __future__ import annotations

from typing import Any, Callable

from pysolver.query import could_produce as could_produce_module
from pysolver.query.outcomes import DEFAULT_MAX_OUTCOMES
from pysolver.query.outcomes import outcomes as outcomes_query
from pysolver.query.turn import DEFAULT_MAX_STEPS
from pysolver.query.turn import turn as turn_query
from pysolver.board import Board


def could_produce(board: Board, ids: list[str] | None = None) -> dict[str, list[str]]:
    """{id: [types]} for each permanent (or those named)."""
    return {a.id: list(a.types) for a in could_produce_module.could_produce(board, ids or ())}


def turn(board: Board, max_steps: int = DEFAULT_MAX_STEPS) -> list[dict]:
    """[{step, additional?, skipped?, triggers: ["source:ability"]}] for the rest of the turn."""
    return [step.canonical() for step in turn_query(board, max_steps)]


def outcomes(board: Board, max_outcomes: int = DEFAULT_MAX_OUTCOMES) -> list[dict]:
    """[{probability: "1/3", choices?: [...], events: [...], notes?: [...]}] of what happens next."""
    return [o.canonical() for o in outcomes_query(board, max_outcomes).outcomes]


QUERIES: dict[str, Callable[..., Any]] = {
    "could-produce": could_produce,
    "turn": turn,
    "outcomes": outcomes,
}
