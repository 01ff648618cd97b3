"""pysolver: exact answers to Magic: The Gathering rules questions, from clingo."""

from pysolver.api import board_from_data, could_produce, load_board, load_library, mana_outcomes
from pysolver.errors import BoardError, CardError, LimitExceeded, PysolverError, QueryError

__all__ = [
    "board_from_data",
    "could_produce",
    "load_board",
    "load_library",
    "mana_outcomes",
    "BoardError",
    "CardError",
    "LimitExceeded",
    "PysolverError",
    "QueryError",
]
__version__ = "0.1.0"
