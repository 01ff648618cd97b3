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
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from pysolver import board as board_module
from pysolver import limits
from pysolver import cards as cards_module
from pysolver import facts as facts_module
from pysolver.board import Board
from pysolver.cards import Library
from pysolver.errors import CardError, QueryError
from pysolver.limits import DEFAULT_MAX_STEPS
from pysolver.query import registry

if TYPE_CHECKING:
    from pysolver.query.turn import Steps


class _Lazy:
    """A module imported when it is first used: a query naming no card database doesn't
    import it (issue 16: a run imports what it needs)."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)


carddb: Any = _Lazy("pysolver.cards.db")


def load_library(card_files: Sequence[str | Path] = (), environment: bool = True) -> Library:
    """The built-in card library, extended by the given card files (YAML, JSON,
    or SQLite databases made by ``import_cards``) and, with ``environment``, by
    those named in the variable PYSOLVER_CARDS."""
    return cards_module.library_with(tuple(card_files), environment=environment)


def load_board(path: str | Path, card_files: Sequence[str | Path] = (),
               allow_partial: bool = False) -> Board:
    """Read and validate a board file (YAML or JSON).  ``allow_partial``: accept imported
    cards some of whose sentences are not understood (answers ignore those sentences)."""
    with _partial(allow_partial):
        return board_module.load_board(path, load_library(card_files))


def board_from_data(data, card_files: Sequence[str | Path] = (), name: str = "<board>",
                    allow_partial: bool = False) -> Board:
    """Validate a board given as plain data (the same shape as a board file)."""
    with _partial(allow_partial):
        return board_module.board_from_data(data, load_library(card_files), name)


@contextmanager
def _partial(allow: bool):
    token = cards_module.library.ALLOW_PARTIAL.set(allow or cards_module.library.ALLOW_PARTIAL.get())
    try:
        yield
    finally:
        cards_module.library.ALLOW_PARTIAL.reset(token)


def import_cards(source: str | Path, output: str | Path | None = None, progress=None, force: bool = False):
    """Compile an MTGJSON or Scryfall card data file into a SQLite card library
    (``output``, or the default path in the user's data folder).  A source with no
    cards doesn't replace a library that has some unless ``force``."""
    return carddb.import_cards(source, output, progress, force)


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
                    "definition": entry.definition, "sentences": database.sentences(entry.name)}
    close = library.closest(name)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise CardError(f"unknown card {name!r}{hint}")


def search_cards(text: str, card_files: Sequence[str | Path] = (), limit: int = 50) -> list[dict]:
    """Cards of the built-in library and the card databases whose name or text contains
    ``text``, the first ``limit`` by name (``search_cards_limited`` also says if there are more)."""
    return search_cards_limited(text, card_files, limit)[0]


def search_cards_limited(text: str, card_files: Sequence[str | Path] = (),
                         limit: int = 50) -> tuple[list[dict], bool]:
    """``search_cards``, and whether it stopped at ``limit`` (more cards match)."""
    needle = text.casefold()
    found: dict[str, dict] = {}
    library = load_library(card_files)
    for name, card in sorted(library.cards.items()):
        if needle in name.casefold() or needle in card.data.get("oracle", "").casefold():
            found[name] = {"name": name, "status": "ok", "origin": card.origin}
    for database in card_databases(card_files):
        for entry in database.search(text, limit + 1):
            found.setdefault(entry.name, {"name": entry.name, "status": entry.status,
                                          "origin": database.path})
    ordered = sorted(found.values(), key=lambda e: e["name"])
    return ordered[:limit], len(ordered) > limit


def library_info(card_files: Sequence[str | Path] = ()) -> dict:
    """The built-in library's size, and each imported card library's provenance: its
    source file and SHA-256, the data's version and date, when it was imported and by
    which pysolver, its counts and its skipped entries by kind."""
    builtin = cards_module.builtin_library()
    return {"builtin": {"cards": len(builtin.cards)},
            "libraries": [database.info() for database in card_databases(card_files)]}


def list_cards(card_files: Sequence[str | Path] = (), builtin: bool = False) -> list[dict]:
    """Every card of the built-in library (``builtin``), else of the imported libraries,
    with its status and origin, by name."""
    if builtin:
        return [{"name": name, "status": "ok", "origin": card.origin}
                for name, card in sorted(cards_module.builtin_library().cards.items())]
    databases = card_databases(card_files)
    if not databases:
        raise CardError("no imported card library: run 'pysolver cards import FILE', or name one "
                        "with --cards or PYSOLVER_CARDS (--builtin lists the built-in cards)")
    return [{"name": name, "status": status, "origin": database.path}
            for database in databases for name, status in database.names()]


def unsupported_cards(card_files: Sequence[str | Path] = ()) -> dict:
    """Cards of the card databases that couldn't be compiled (with the reasons), and skipped entries."""
    cards, skipped = [], []
    databases = card_databases(card_files)
    if not databases:
        raise CardError("no imported card library: run 'pysolver cards import FILE', or name one "
                        "with --cards or PYSOLVER_CARDS")
    for database in databases:
        cards += [{"name": e.name, "reason": e.reason, "library": database.path, "status": e.status}
                  for e in database.unsupported_entries()]
        skipped += [{"entry": entry, "reason": reason, "library": database.path}
                    for entry, reason in database.skipped()]
    return {"cards": cards, "skipped": skipped}


def query_answer(name: str, board: Board | str | Path, **args):
    """Ask any registered query by name (``pysolver.query.QUERIES``): its result, as the
    query's own function gives it (e.g. ``query_answer("x", board, object="e1")``)."""
    return ask(name, board, **args)


def query_facts(board: Board, name: str | None = None, **args) -> list:
    """The facts (clingo symbols) a query grounds for this board and arguments, or with no
    query the board's own facts (asp/input.lp declares them all)."""
    if name is None:
        return list(facts_module.board_facts(board))
    return list(registry.get(name).facts(board, **args))


def fact_lines(board: Board, name: str | None = None, args: Sequence[str] = ()) -> list[str]:
    """The facts of ``query_facts`` as clingo program lines, the query's arguments given as
    text in command-line order (a list for one that takes many).  A string is written by
    clingo's own printer, so any text (quotes, newlines, ``:-``) stays inside its quotes."""
    values: dict = {}
    if name is not None:
        query = registry.get(name, place="--query")
        values = _command_line_args(query, list(args))
        header = (f"% the facts of query {query.name}: python -m clingo "
                  f"asp/query/{query.program}.lp THIS_FILE")
    elif args:
        raise QueryError("arguments are a query's: name it with --query", place="argument ARG")
    else:
        header = "% the facts of the board (asp/input.lp declares them)"
    return [header] + [f"{symbol}." for symbol in query_facts(board, name, **values)]


def _command_line_args(query, args: list[str]) -> dict:
    values: dict = {}
    for position, arg in enumerate(query.args):
        if arg.many:
            values[arg.name] = args[position:]
            return values
        if position >= len(args):
            raise QueryError(f"{query.name} needs {' '.join(a.metavar for a in query.args)}",
                             place="argument ARG")
        values[arg.name] = args[position]
    if len(args) > len(query.args):
        raise QueryError(f"{query.name} takes {len(query.args)} argument"
                         f"{'s' * (len(query.args) != 1)}, not {len(args)}", place="argument ARG")
    return values


BoardSource = Board | str | Path


def _timed(board: BoardSource, cards: Sequence[str | Path], timeout: float | None, job):
    """``job(board)`` within the time limit.  A board given as a path is read inside
    the limit too, so ``timeout`` covers the whole query, from reading the file."""
    limits.check_timeout(timeout, "timeout")
    name = board.name if isinstance(board, Board) else str(board)

    def whole():
        if isinstance(board, Board):  # its cards' partial sentences allowed as it was loaded
            with _partial(board.partial_allowed):
                return job(board)
        return job(load_board(board, cards))

    return limits.run(whole, timeout=timeout, file=name), name


# Every query below takes a Board or the path of a board file (read with the
# card files ``cards``), and the same limits, off unless given: ``timeout``
# (seconds, for the whole query; LimitExceeded when it is up) and
# ``max_outcomes`` (LimitExceeded rather than more than that many of what the
# query lists; README "Limits" says what each one counts).

def ask(name: str, board: BoardSource, *, cards: Sequence[str | Path] = (), timeout: float | None = None,
        max_outcomes: int | None = None, **args: Any) -> Any:
    """Ask the registered query ``name`` (``pysolver.query.QUERIES``) about a board: the one
    way every query is asked, by the functions below, the CLI and ``query_answer``.  ``args``
    are its runner's arguments (``ids``, ``permanent``, ``explain``...).  The limits apply
    the same way to every query: ``timeout`` covers the whole query, from reading the file;
    ``max_outcomes`` is checked on what the query counts (``Query.counted``), or given to its
    runner, which stops as soon as there are more."""
    query = registry.get(name)
    limits.check_max_outcomes(max_outcomes)
    if query.count is None:
        args["max_outcomes"] = max_outcomes
    result, file = _timed(board, cards, timeout, lambda loaded: query.run(loaded, **args))
    if query.count is not None:
        limits.check_outcomes(query.count(result), max_outcomes, query.counted, file=file)
    return result


def explain_could_produce(board: BoardSource, ids: Sequence[str] = (), *, cards: Sequence[str | Path] = (),
                          timeout: float | None = None, max_outcomes: int | None = None):
    """could_produce with reasons, as data: for each permanent (or those named) an
    Explanation with ``answer`` (as could_produce gives it), ``reasons`` (one chain of
    rule-cited steps for each type) and ``missing`` (why a type, or any type, is not
    there).  ``to_json()`` gives the --json form (docs/json-output.md)."""
    return ask("could-produce", board, ids=ids, explain=True, cards=cards, timeout=timeout,
               max_outcomes=max_outcomes)


def could_produce(board: BoardSource, ids: Sequence[str] = (), *, cards: Sequence[str | Path] = (),
                  timeout: float | None = None, max_outcomes: int | None = None):
    """CR 106.7: for each permanent (or those named), the types of mana it could produce."""
    return ask("could-produce", board, ids=ids, cards=cards, timeout=timeout, max_outcomes=max_outcomes)


def turn(board: BoardSource, max_steps: int = DEFAULT_MAX_STEPS, *, cards: Sequence[str | Path] = (),
         timeout: float | None = None, max_outcomes: int | None = None) -> Steps:
    """The rest of the current turn, step by step, with what triggers as each step begins
    (a list of steps, with ``number`` and ``active_player`` of the turn)."""
    return ask("turn", board, max_steps=max_steps, cards=cards, timeout=timeout, max_outcomes=max_outcomes)


def turns(board: BoardSource, count: int, max_steps: int = DEFAULT_MAX_STEPS, *,
          cards: Sequence[str | Path] = (), timeout: float | None = None, max_outcomes: int | None = None):
    """The rest of this turn and the ``count`` - 1 turns that follow, each step by step
    (``max_outcomes`` counts the steps of them all)."""
    return ask("turns", board, turns=count, max_steps=max_steps, cards=cards, timeout=timeout,
               max_outcomes=max_outcomes)


def outcomes(board: BoardSource, max_outcomes: int | None = None, timeout: float | None = None,
             explain: bool = False, witnesses: str = "one", *, cards: Sequence[str | Path] = ()):
    """Resolve what happens next: every distinct outcome, its exact probability and the choices.
    With ``explain``, ``explanation()`` says how each outcome and its probability arise: one
    way each (a witness), or every way with ``witnesses="all"``."""
    return ask("outcomes", board, explain=explain, witnesses=witnesses, cards=cards, timeout=timeout,
               max_outcomes=max_outcomes)


def can_activate(board: BoardSource, permanent_id: str, ability: int | str | None = None, explain: bool = False,
                 *, cards: Sequence[str | Path] = (), timeout: float | None = None,
                 max_outcomes: int | None = None):
    """CR 602: can the permanent's activated ability ``ability`` be activated now?  It is
    named by its number (from 1; mana abilities count: query/abilities.py), its cost or its
    text.  ``None``: its only activated ability.  With
    ``explain``, ``checks`` lists every condition checked, the failed ones marked.
    ``max_outcomes`` counts the reasons it can't be activated."""
    return ask("can-activate", board, permanent=permanent_id, ability=ability, explain=explain, cards=cards,
               timeout=timeout, max_outcomes=max_outcomes)


def available(board: BoardSource, player: str, explain: bool = False, *, cards: Sequence[str | Path] = (),
              timeout: float | None = None, max_outcomes: int | None = None, expand: bool = False):
    """The distinct maximal mana pools ``player`` can have now by any sequence of mana
    abilities, and their count ({Any}: one mana of a color chosen freely, unless
    ``expand``); with ``explain``, ``explanation`` says how they arise (rule-cited lines
    as data).  More than ``max_outcomes`` pools: LimitExceeded."""
    return ask("available", board, player=player, explain=explain, expand=expand, cards=cards,
               timeout=timeout, max_outcomes=max_outcomes)


def pay(board: BoardSource, player: str, cost: str | None = None, spell: str | None = None,
        x: int | None = None, *, cards: Sequence[str | Path] = (), timeout: float | None = None,
        max_outcomes: int | None = None, additional: Sequence[str] = ()):
    """Can ``player`` pay ``cost`` (or ``spell``'s mana cost) now, and every distinct way
    (pysolver.query.payment): activations, what paid each symbol, what is left.
    ``max_outcomes`` counts the ways; ``additional`` names a spell's optional costs (kicker)."""
    return ask("pay", board, player=player, cost=cost, spell=spell, x=x, additional=additional, cards=cards,
               timeout=timeout, max_outcomes=max_outcomes)


def activated_abilities(board: BoardSource, permanent_id: str, *, cards: Sequence[str | Path] = (),
                        timeout: float | None = None):
    """The permanent's activated abilities with the numbers ``can_activate`` uses."""
    from pysolver.query import activation as activation_module

    abilities, _ = _timed(board, cards, timeout,
                          lambda b: activation_module.activated_abilities(b, permanent_id))
    return abilities


def x_value(board: BoardSource, object_id: str, explain: bool = False, *, cards: Sequence[str | Path] = (),
            timeout: float | None = None, max_outcomes: int | None = None):
    """CR 107.3: the value of X for a spell on the stack (and the permanent it
    becomes: counters, its own X of 0, mana value) or for a permanent; with
    ``explain``, ``explanation`` gives the chain of rule-cited steps as data.
    ``max_outcomes`` counts the values of X given (1 or 2)."""
    return ask("x", board, object=object_id, explain=explain, cards=cards, timeout=timeout,
               max_outcomes=max_outcomes)


def mana_outcomes(board: BoardSource, permanent_id: str, ability: int | str | None = None,
                  triggers: bool = True, max_outcomes: int | None = None, *,
                  cards: Sequence[str | Path] = (), timeout: float | None = None):
    """Every distinct result of activating a mana ability of a permanent now.

    Returns a ``ManaResult``: ``.outcomes`` (mana added, restricted part, side
    effects, and ``.witness``: the steps and rules that lead to it) and
    ``.cannot_activate`` (why its costs can't be paid now, if so).  ``ability``
    is numbered as ``can_activate`` numbers them (or a cost or a text); None picks
    the only mana ability.
    """
    return ask("mana", board, permanent=permanent_id, ability=ability, triggers=triggers, cards=cards,
               timeout=timeout, max_outcomes=max_outcomes)


def next_states(board: BoardSource, actions: Sequence[str], *, cards: Sequence[str | Path] = (),
                timeout: float | None = None, max_outcomes: int | None = None):
    """Every distinct board after the actions (``["play", "Forest", "resolve"]``, as
    `pysolver next` takes them), each with its probability, choices and events;
    ``max_outcomes`` counts the resulting boards."""
    from pysolver import next_state

    limits.check_max_outcomes(max_outcomes)
    next_state.parse_actions(list(actions))  # the actions are checked before the board is read
    return ask("next", board, actions=list(actions), cards=cards, timeout=timeout, max_outcomes=max_outcomes)
