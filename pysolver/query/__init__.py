"""pysolver's queries, one module each; QUERIES names them all.

Every query pysolver answers, by the name the CLI and ruling cases use.

Each entry runs the query on a board and returns its answer as canonical
plain data (sets as sorted lists, in a stable order), so that a ruling case's
expected answer compares with ``==`` and prints as a readable diff.
"""

from __future__ import annotations

from typing import Any, Callable

from pysolver.query import could_produce as could_produce_module
from pysolver.query.mana import mana_outcomes
from pysolver.board import Board


def could_produce(board: Board, ids: list[str] | None = None) -> dict[str, list[str]]:
    """{id: [types]} for each permanent (or those named)."""
    return {a.id: list(a.types) for a in could_produce_module.could_produce(board, ids or ())}


def mana_query(board: Board, permanent: str, ability: int | None = None,
         triggers: bool = True) -> list[dict[str, Any]]:
    """Sorted outcomes of activating a mana ability: {mana, restricted?, effects?}."""
    return mana_outcomes(board, permanent, ability, triggers).canonical()


QUERIES: dict[str, Callable[..., Any]] = {
    "could-produce": could_produce,
    "mana": mana_query,
}
