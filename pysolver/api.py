"""The public Python API: load boards and card libraries, ask questions.

    import pysolver
    board = pysolver.load_board("examples/reflecting-pool.yaml")
    for answer in pysolver.could_produce(board):
        print(answer.id, answer.types)

Every function raises a subclass of ``pysolver.PysolverError`` on bad input:
``BoardError``, ``CardError``, ``QueryError``, or ``LimitExceeded``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from pysolver import board as board_module
from pysolver import cards as cards_module
from pysolver.query import could_produce as could_produce_module
from pysolver.query.outcomes import DEFAULT_MAX_OUTCOMES, DEFAULT_TIMEOUT
from pysolver.query.outcomes import outcomes as outcomes_query
from pysolver.query.turn import DEFAULT_MAX_STEPS
from pysolver.query.turn import turn as turn_query
from pysolver.board import Board
from pysolver.cards import Library


def load_library(card_files: Sequence[str | Path] = ()) -> Library:
    """The built-in card library, extended by the given card files."""
    return cards_module.library_with(tuple(card_files))


def load_board(path: str | Path, card_files: Sequence[str | Path] = ()) -> Board:
    """Read and validate a board file (YAML or JSON)."""
    return board_module.load_board(path, load_library(card_files))


def board_from_data(data, card_files: Sequence[str | Path] = (), name: str = "<board>") -> Board:
    """Validate a board given as plain data (the same shape as a board file)."""
    return board_module.board_from_data(data, load_library(card_files), name)


def could_produce(board: Board, ids: Sequence[str] = ()):
    """CR 106.7: for each permanent (or those named), the types of mana it could produce."""
    return could_produce_module.could_produce(board, ids)


def turn(board: Board, max_steps: int = DEFAULT_MAX_STEPS):
    """The rest of the current turn, step by step, with what triggers as each step begins."""
    return turn_query(board, max_steps)


def outcomes(board: Board, max_outcomes: int = DEFAULT_MAX_OUTCOMES, timeout: float = DEFAULT_TIMEOUT):
    """Resolve what happens next: every distinct outcome, its exact probability and the choices."""
    return outcomes_query(board, max_outcomes, timeout)
