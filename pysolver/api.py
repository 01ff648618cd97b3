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
from pysolver.cards import db as carddb
from pysolver import cards as cards_module
from pysolver.board import Board
from pysolver.cards import Library
from pysolver.errors import CardError
from pysolver.query import activation as activation_module
from pysolver.query import could_produce as could_produce_module
from pysolver.query import could_produce_explain
from pysolver.query import x_value as x_module
from pysolver.query.mana import mana_outcomes as _mana_outcomes
from pysolver.query.outcomes import DEFAULT_MAX_OUTCOMES, DEFAULT_TIMEOUT
from pysolver.query.outcomes import outcomes as outcomes_query
from pysolver.query.turn import DEFAULT_MAX_STEPS
from pysolver.query.turn import turn as turn_query


def load_library(card_files: Sequence[str | Path] = (), environment: bool = True) -> Library:
    """The built-in card library, extended by the given card files (YAML, JSON,
    or SQLite databases made by ``import_cards``) and, with ``environment``, by
    those named in the variable PYSOLVER_CARDS."""
    return cards_module.library_with(tuple(card_files), environment=environment)


def load_board(path: str | Path, card_files: Sequence[str | Path] = ()) -> Board:
    """Read and validate a board file (YAML or JSON)."""
    return board_module.load_board(path, load_library(card_files))


def board_from_data(data, card_files: Sequence[str | Path] = (), name: str = "<board>") -> Board:
    """Validate a board given as plain data (the same shape as a board file)."""
    return board_module.board_from_data(data, load_library(card_files), name)


def import_cards(source: str | Path, output: str | Path | None = None, progress=None):
    """Compile an MTGJSON or Scryfall card data file into a SQLite card library
    (``output``, or the default path in the user's data folder)."""
    return carddb.import_cards(source, output, progress)


def card_databases(card_files: Sequence[str | Path] = ()) -> list:
    """The SQLite card libraries named by ``card_files`` or PYSOLVER_CARDS, else
    the default one in the user's data folder if it exists."""
    library = load_library(card_files)
    databases = [f for f in library.fallbacks if isinstance(f, carddb.CardDatabase)]
    if not databases and not card_files and carddb.default_path().is_file():
        default = cards_module.library_with((carddb.default_path(),)).fallbacks[0]
        databases = [default] if isinstance(default, carddb.CardDatabase) else []
    return databases


def show_card(name: str, card_files: Sequence[str | Path] = ()) -> dict:
    """A card's Oracle text beside its definition (or why it has none)."""
    library = load_library(card_files)
    card = library.get(name) if name in library.cards else None
    if card is not None:
        return {"name": name, "origin": card.origin, "status": "ok", "reason": "",
                "oracle": card.data.get("oracle", ""), "definition": card.data}
    for database in card_databases(card_files):
        entry = database.entry(name)
        if entry is not None:
            return {"name": entry.name, "origin": database.path, "status": entry.status,
                    "reason": entry.reason, "oracle": entry.oracle, "type_line": entry.type_line,
                    "definition": entry.definition}
    close = library.closest(name)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise CardError(f"unknown card {name!r}{hint}")


def search_cards(text: str, card_files: Sequence[str | Path] = (), limit: int = 50) -> list[dict]:
    """Cards of the built-in library and the card databases whose name or text contains ``text``."""
    needle = text.casefold()
    found: dict[str, dict] = {}
    library = load_library(card_files)
    for name, card in sorted(library.cards.items()):
        if needle in name.casefold() or needle in card.data.get("oracle", "").casefold():
            found[name] = {"name": name, "status": "ok", "origin": card.origin}
    for database in card_databases(card_files):
        for entry in database.search(text, limit):
            found.setdefault(entry.name, {"name": entry.name, "status": entry.status,
                                          "origin": database.path})
    return sorted(found.values(), key=lambda e: e["name"])[:limit]


def unsupported_cards(card_files: Sequence[str | Path] = ()) -> dict:
    """Cards of the card databases that couldn't be compiled (with the reasons), and skipped entries."""
    cards, skipped = [], []
    databases = card_databases(card_files)
    if not databases:
        raise CardError("no imported card library: run 'pysolver cards import FILE', or name one "
                        "with --cards or PYSOLVER_CARDS")
    for database in databases:
        cards += [{"name": e.name, "reason": e.reason, "library": database.path}
                  for e in database.unsupported_entries()]
        skipped += [{"entry": entry, "reason": reason, "library": database.path}
                    for entry, reason in database.skipped()]
    return {"cards": cards, "skipped": skipped}


def explain_could_produce(board: Board, ids: Sequence[str] = ()):
    """could_produce with reasons, as data: for each permanent (or those named) an
    Explanation with ``answer`` (as could_produce gives it), ``reasons`` (one chain of
    rule-cited steps for each type) and ``missing`` (why a type, or any type, is not
    there).  ``to_json()`` gives the --json form (docs/json-output.md)."""
    return could_produce_explain.explain(board, ids)


def could_produce(board: Board, ids: Sequence[str] = ()):
    """CR 106.7: for each permanent (or those named), the types of mana it could produce."""
    return could_produce_module.could_produce(board, ids)


def turn(board: Board, max_steps: int = DEFAULT_MAX_STEPS):
    """The rest of the current turn, step by step, with what triggers as each step begins."""
    return turn_query(board, max_steps)


def outcomes(board: Board, max_outcomes: int = DEFAULT_MAX_OUTCOMES, timeout: float = DEFAULT_TIMEOUT,
             explain: bool = False):
    """Resolve what happens next: every distinct outcome, its exact probability and the choices.
    With ``explain``, ``explanation()`` says how each outcome and its probability arise."""
    return outcomes_query(board, max_outcomes, timeout, explain)


def can_activate(board: Board, permanent_id: str, ability: int | str | None = None, explain: bool = False):
    """CR 602: can the permanent's activated ability ``ability`` be activated now?  It is
    named by its number (from 1; mana abilities count: query/abilities.py), its cost or its
    text.  ``None``: its only activated ability.  With
    ``explain``, ``checks`` lists every condition checked, the failed ones marked."""
    return activation_module.can_activate(board, permanent_id, ability, explain)


def available(board: Board, player: str, explain: bool = False):
    """The distinct maximal mana pools ``player`` can produce now, and their count; with
    ``explain``, ``explanation`` says how they arise (rule-cited lines as data)."""
    return activation_module.available(board, player, explain)


def activated_abilities(board: Board, permanent_id: str):
    """The permanent's activated abilities with the numbers ``can_activate`` uses."""
    return activation_module.activated_abilities(board, permanent_id)


def x_value(board: Board, object_id: str, explain: bool = False):
    """CR 107.3: the value of X for a spell on the stack (and the permanent it
    becomes: counters, its own X of 0, mana value) or for a permanent; with
    ``explain``, ``explanation`` gives the chain of rule-cited steps as data."""
    return x_module.x_value(board, object_id, explain)


def mana_outcomes(board: Board, permanent_id: str, ability: int | str | None = None,
                  triggers: bool = True, max_outcomes: int | None = None):
    """Every distinct result of activating a mana ability of a permanent now.

    Returns a ``ManaResult``: ``.outcomes`` (mana added, restricted part, side
    effects, and ``.witness``: the steps and rules that lead to it) and
    ``.cannot_activate`` (why its costs can't be paid now, if so).  ``ability``
    is numbered as ``can_activate`` numbers them (or a cost or a text); None picks
    the only mana ability.
    """
    return _mana_outcomes(board, permanent_id, ability, triggers, max_outcomes)
