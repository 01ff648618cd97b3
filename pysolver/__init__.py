"""pysolver: exact answers to Magic: The Gathering rules questions, from clingo."""

from pysolver import regex_code

# First: the patterns the modules imported from here on compile are built from their code,
# kept on disk (issue 16).
regex_code.install()

from pysolver import dataclass_code  # noqa: E402
from pysolver.cycles import no_cycle_collection  # noqa: E402

# Before any of pysolver's dataclasses is made: their methods' code is compiled once, kept
# on disk (issue 16).
dataclass_code.install()

# Importing makes long-lived objects and no garbage: the cycle collector's passes meanwhile
# would walk them for nothing (issue 16).
with no_cycle_collection():
    from pysolver.api import (available, board_from_data, can_activate, could_produce, import_cards,
                              load_board, load_library, outcomes, search_cards, show_card, turn,
                              mana_outcomes, unsupported_cards, x_value)
    from pysolver.errors import BoardError, CardError, LimitExceeded, PysolverError, QueryError
    from pysolver.api import explain_could_produce

__all__ = [
                          "BoardError",
                          "CardError",
                          "LimitExceeded",
                          "PysolverError",
                          "QueryError",
                          "available",
                          "board_from_data",
                          "can_activate",
                          "could_produce",
                          "explain_could_produce",
                          "import_cards",
                          "load_board",
                          "load_library",
                          "mana_outcomes",
                          "outcomes",
                          "search_cards",
                          "show_card",
                          "turn",
                          "unsupported_cards",
                          "x_value",
]
__version__ = "0.1.0"
