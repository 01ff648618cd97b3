"""pysolver's queries, one module each; each registers itself in query.registry.

Each query module offers ``answer(board, **args)``: the answer as canonical
plain data (sets as sorted lists, in a stable order), so that a ruling case's
expected answer compares with ``==`` and prints as a readable diff.  QUERIES
maps each query's name to its registry entry (callable as its answer).
"""

from __future__ import annotations

# Importing a query module registers its queries.
from pysolver.query import activation, could_produce, mana, outcomes, turn, x_value  # noqa: F401
from pysolver.query import next as next_query  # noqa: F401
from pysolver.query import payment  # noqa: F401
from pysolver.query import turns  # noqa: F401
from pysolver.query.registry import QUERIES, Arg, Query, get

__all__ = ["QUERIES", "Arg", "Query", "get"]
