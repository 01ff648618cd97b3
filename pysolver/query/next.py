"""pysolver next as a query: a board and actions in, every distinct resulting board out
(the rules: asp/outcomes.lp, state_based.lp, zone_change.lp, actions.lp; the board
changes: pysolver/next_state.py)."""

from __future__ import annotations

from pysolver.board import Board
from pysolver.facts import queries as facts
from pysolver.next_state import Result, next_states, parse_actions
from pysolver.query import next_atoms
from pysolver.query.registry import Query, register


def answer(board: Board, actions: list[str], boards: bool = False) -> list[dict]:
    """Canonical answer: [{probability, choices?, events, stopped?, board?}] (the resulting boards
    only with ``boards``; ``stopped``: the action a branch of the chain couldn't take), in a stable order."""
    out = []
    for result in next_states(board, parse_actions(list(actions))):
        entry: dict = {"probability": str(result.probability)}
        if result.choices:
            entry["choices"] = list(result.choices)
        entry["events"] = list(result.events)
        if result.stopped is not None:
            entry["stopped"] = result.stopped.to_json()
        if boards:
            entry["board"] = result.board
        out.append(entry)
    return out


def _run(board: Board, actions: list[str], max_outcomes: int | None = None) -> list[Result]:
    return next_states(board, parse_actions(list(actions)), max_outcomes)


# next grounds several entry programs in turn (asp/query/next_*.lp, pysolver/next_state.py);
# the one named here is the resolution of the top of the stack.
register(Query.described(
    "next", program="next_resolve", facts=facts.next_actions, run=_run, answer=answer,
    schema="next", decodes=next_atoms.RESOLVE,
    also=next_atoms.PROGRAMS))
