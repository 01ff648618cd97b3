"""The public Python API: load boards and card libraries, ask questions.

    import pysolver
    board = pysolver.load_board("examples/reflecting-pool.yaml")
    for answer in pysolver.could_produce(board):
        print(answer.id, answer.types)

Every function raises a subclass of ``pysolver.PysolverError`` on bad input:
``BoardError``, ``CardError``, ``QueryError``, or ``LimitExceeded``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Sequence

from pysolver import board as board_module
from pysolver import cards as cards_module
from pysolver.query import could_produce as could_produce_module
from pysolver.board import Board
from pysolver.cards import Library

# The submodule by its full name: the package attribute of the same name can be
# the QUERIES entry (a function) rather than the module.
could_produce_module = importlib.import_module("pysolver.query.could_produce")
could_produce_explain = importlib.import_module("pysolver.query.could_produce_explain")


def load_library(card_files: Sequence[str | Path] = ()) -> Library:
    """The built-in card library, extended by the given card files."""
    return cards_module.library_with(tuple(card_files))


def load_board(path: str | Path, card_files: Sequence[str | Path] = ()) -> Board:
    """Read and validate a board file (YAML or JSON)."""
    return board_module.load_board(path, load_library(card_files))


def board_from_data(data, card_files: Sequence[str | Path] = (), name: str = "<board>") -> Board:
    """Validate a board given as plain data (the same shape as a board file)."""
    return board_module.board_from_data(data, load_library(card_files), name)


def explain_could_produce(board: Board, ids: Sequence[str] = ()):
    """could_produce with reasons, as data: for each permanent (or those named) an
    Explanation with ``answer`` (as could_produce gives it), ``reasons`` (one chain of
    rule-cited steps for each type) and ``missing`` (why a type, or any type, is not
    there).  ``to_json()`` gives the --json form (docs/json-output.md)."""
    return could_produce_explain.explain(board, ids)


def could_produce(board: Board, ids: Sequence[str] = ()):
    """CR 106.7: for each permanent (or those named), the types of mana it could produce."""
    return could_produce_module.could_produce(board, ids)
