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
from pysolver.query.mana import mana_outcomes as _mana_outcomes
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


def mana_outcomes(board: Board, permanent_id: str, ability: int | None = None,
                  triggers: bool = True, max_outcomes: int | None = None):
    """Every distinct result of activating a mana ability of a permanent now.

    Returns a ``ManaResult``: ``.outcomes`` (mana added, restricted part, side
    effects, and ``.witness``: the steps and rules that lead to it) and
    ``.cannot_activate`` (why its costs can't be paid now, if so).  ``ability``
    numbers its mana abilities from 1; None picks the only one.
    """
    return _mana_outcomes(board, permanent_id, ability, triggers, max_outcomes)
