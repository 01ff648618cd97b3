"""pysolver's queries, one module each; each registers itself in query.registry.

Each query module offers ``answer(board, **args)``: the answer as canonical
plain data (sets as sorted lists, in a stable order), so that a ruling case's
expected answer compares with ``==`` and prints as a readable diff.  QUERIES
maps each query's name to its registry entry (callable as its answer); a query's
module is imported when the query is first looked up (registry.DESCRIPTIONS says
which), so importing this package imports no query.
"""

from __future__ import annotations

from pysolver.query.registry import DESCRIPTIONS, QUERIES, Arg, Description, Query, get

__all__ = ["DESCRIPTIONS", "QUERIES", "Arg", "Description", "Query", "get"]
