"""Ruling cases: a board, a query, the exact expected answer, and its source.

A case file (YAML) holds ``cases:``, a list of cases::

    cases:
    - id: pool-two-pools
      source: Reflecting Pool ruling 2008-05-01
      reason: Multiple Reflecting Pools won't help each other produce mana.
      board: {Alice: [Reflecting Pool, Reflecting Pool], Bob: [Forest]}
      query: could-produce
      args: {ids: [reflecting-pool]}
      expect: {reflecting-pool: []}

``board`` is a board in either form (docs/board-format.md), or a path to a
board file relative to the case file.  ``query`` is any query of
``pysolver.query.QUERIES`` and ``args`` its keyword arguments; ``expect`` is
compared with the query's canonical answer for exact equality.  ``cards``
lists card files (relative to the case file) added to the built-in library.
``allow_partial`` names the partial cards the case uses without the sentences they leave out
(``--allow-partial``): exactly those, so a case can't hide a partial card nor keep allowing one
that became whole.

Everything that can be checked without solving is checked when a file is
loaded (fields, query name, argument names), so a malformed file is refused
before any case runs; a board that can't be read is bad input too.  Only a
wrong answer is a failure.
"""

from __future__ import annotations

import gc
import inspect
import json
import multiprocessing
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from pysolver import board as board_module
from pysolver import cards, documents, solver
from pysolver.cards.library import ALLOW_PARTIAL, PARTIAL_USED
from pysolver.errors import BoardError, PysolverError
from pysolver.query import QUERIES

CASE_FIELDS = {"id", "source", "reason", "board", "query", "args", "expect", "cards", "allow_partial"}
REQUIRED = ("id", "source", "reason", "board", "query", "expect")
TEXT_FIELDS = ("id", "source", "reason", "query")


@dataclass
class Case:
    id: str
    source: str
    reason: str
    board: Any
    query: str
    args: dict[str, Any]
    expect: Any
    file: str
    place: str
    card_files: list[str] = field(default_factory=list)
    document: documents.Document | None = None  # the case file, for board positions
    index: int = 0
    board_marks: dict | None = None  # positions of the board's values in the case file
    allow_partial: tuple[str, ...] = ()  # the partial cards it uses (--allow-partial)


@dataclass
class Outcome:
    case: Case
    passed: bool
    actual: Any = None

    def diff(self) -> list[str]:
        """Readable differences between expected and actual."""
        return list(_diff(self.case.expect, self.actual, ""))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.case.id, "file": self.case.file, "place": self.case.place,
                "source": self.case.source, "query": self.case.query, "passed": self.passed,
                "expected": self.case.expect, "actual": self.actual, "diff": self.diff()}


def _diff(expected: Any, actual: Any, path: str) -> Iterator[str]:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                yield f"  {where}: expected {_show(expected[key])}, missing"
            elif key not in expected:
                yield f"  {where}: unexpected {_show(actual[key])}"
            else:
                yield from _diff(expected[key], actual[key], where)
    elif isinstance(expected, list) and isinstance(actual, list) and expected != actual:
        missing = [x for x in expected if x not in actual]
        extra = [x for x in actual if x not in expected]
        where = path or "answer"
        if missing:
            yield f"  {where}: missing {', '.join(_show(x) for x in missing)}"
        if extra:
            yield f"  {where}: unexpected {', '.join(_show(x) for x in extra)}"
        if not missing and not extra:
            yield f"  {where}: expected {_show(expected)}, got {_show(actual)}"
    elif expected != actual:
        yield f"  {path or 'answer'}: expected {_show(expected)}, got {_show(actual)}"


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


MISSING = object()  # a case without 'expect' (only when loaded for ``verify --update``)


def load_cases(path: str | Path, require_expect: bool = True) -> list[Case]:
    """The cases of one file, validated (BoardError naming the file and place if not).
    ``require_expect=False`` (verify --update) accepts cases without 'expect' (MISSING)."""
    document = documents.load(path, BoardError)
    data = document.data

    def fail(message: str, where: tuple) -> None:
        raise BoardError(message, file=document.name, place=document.place(where))

    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        fail("a case file holds 'cases:', a list of cases", ())
    extra = sorted(set(data) - {"cases"}, key=str)
    if extra:
        fail(f"unknown top-level field {extra[0]!r} (a case file holds only 'cases:')", (extra[0],))
    found: list[Case] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(data["cases"]):
        where = ("cases", index)
        if not isinstance(entry, dict):
            fail("a case is a mapping", where)
        for key in REQUIRED:
            if key not in entry and (require_expect or key != "expect"):
                hint = (" (pysolver verify --update FILE writes the tool's answer, for you to check)"
                        if key == "expect" else "")
                fail(f"{key!r} is missing{hint}", where)
        unknown = sorted(set(entry) - CASE_FIELDS, key=str)
        if unknown:
            fail(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(CASE_FIELDS))})",
                 where + (unknown[0],))
        for key in TEXT_FIELDS:
            if not isinstance(entry[key], str) or not entry[key].strip():
                fail(f"{key!r} must be a non-empty string", where + (key,))
        if entry["id"] in seen:
            fail(f"duplicate case id {entry['id']!r} (first at cases[{seen[entry['id']]}])",
                 where + ("id",))
        seen[entry["id"]] = index
        if entry["query"] not in QUERIES:
            fail(f"unknown query {entry['query']!r} (queries: {', '.join(sorted(QUERIES))})",
                 where + ("query",))
        args = entry.get("args") or {}
        if not isinstance(args, dict):
            fail("'args' must be a mapping of argument names to values", where + ("args",))
        problem = _bad_args(entry["query"], args)
        if problem:
            fail(problem, where + ("args",))
        card_list = entry.get("cards", [])
        if not isinstance(card_list, list) or not all(isinstance(f, str) for f in card_list):
            fail("'cards' must be a list of card-file paths", where + ("cards",))
        allowed = entry.get("allow_partial", [])
        if not isinstance(allowed, list) or (not allowed and "allow_partial" in entry) or \
                not all(isinstance(name, str) for name in allowed):
            fail("'allow_partial' must be a list of the partial cards' names", where + ("allow_partial",))
        if not isinstance(entry["board"], (dict, str)):
            fail("'board' must be a board (a mapping) or a board file's path", where + ("board",))
        found.append(Case(
            id=entry["id"], source=entry["source"], reason=entry["reason"],
            board=entry["board"], query=entry["query"], args=dict(args),
            expect=entry.get("expect", MISSING), file=document.name, place=document.place(where),
            card_files=[str(Path(path).parent / f) for f in card_list],
            document=document, index=index, allow_partial=tuple(allowed),
        ))
    # Each board's positions in the file, read in one pass over the file's marks.
    boards: dict[Any, dict] = {}
    for at, mark in document.marks.items():
        if len(at) >= 3 and at[0] == "cases" and at[2] == "board":
            boards.setdefault(at[1], {})[at[3:]] = mark
    for case in found:
        case.board_marks = boards.get(case.index, {})
    return found


def _bad_args(query_name: str, args: dict[str, Any]) -> str | None:
    """Why these arguments don't fit the query's parameters (None if they do)."""
    query = QUERIES[query_name].answer
    parameters = [p for p in inspect.signature(query).parameters.values()][1:]
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    open_ended = any(p.kind == p.VAR_KEYWORD for p in parameters)
    for key in args:
        if key not in names and not open_ended:
            return (f"unknown argument {key!r} for {query_name} "
                    f"(arguments: {', '.join(names) or 'none'})")
    for parameter in parameters:
        if (parameter.default is inspect.Parameter.empty and parameter.name not in args
                and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)):
            return f"argument {parameter.name!r} of {query_name} is missing"
        if parameter.name in args and not _fits(args[parameter.name], parameter.annotation):
            return (f"argument {parameter.name!r} of {query_name} must be "
                    f"{str(parameter.annotation).replace(' | None', '')}, not {_show(args[parameter.name])}")
    return None


def _fits(value: Any, annotation: Any) -> bool:
    """Whether a case argument has the type the query's annotation names (str, bool,
    int within +-1,000,000, list[str], ... | None); another annotation takes anything."""
    for alternative in str(annotation).split("|"):
        kind = alternative.strip()
        if kind == "None" and value is None:
            return True
        if kind == "str" and isinstance(value, str):
            return True
        if kind == "bool" and isinstance(value, bool):
            return True
        if kind == "int" and isinstance(value, int) and not isinstance(value, bool) \
                and abs(value) <= 1_000_000:
            return True
        if kind in ("list[str]", "Sequence[str]") and isinstance(value, list) \
                and all(isinstance(v, str) for v in value):
            return True
        if kind not in ("None", "str", "bool", "int", "list[str]", "Sequence[str]"):
            return True
    return False


def case_files(paths: list[str | Path]) -> list[Path]:
    """The case files named, folders searched for *.yaml; BoardError for a missing path."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.yaml") if p.is_file())
            if not found:
                raise BoardError("no case files (*.yaml) in this folder", file=str(path))
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise BoardError("no such file or folder", file=str(path))
    return files


def load_all(paths: list[str | Path]) -> list[Case]:
    """Every case of the files and folders named; case ids must be unique across them."""
    found: list[Case] = []
    first: dict[str, Case] = {}
    for path in case_files(paths):
        for case in load_cases(path):
            if case.id in first:
                raise BoardError(f"duplicate case id {case.id!r} (also in {first[case.id].file})",
                                 file=case.file, place=case.place)
            first[case.id] = case
            found.append(case)
    return found


@lru_cache(maxsize=64)
def _library(card_files: tuple[str, ...]) -> cards.Library:
    return cards.library_with(card_files)


def case_board(case: Case) -> board_module.Board:
    """The case's board, with errors placed in the case file; the partial cards it names allowed."""
    token = ALLOW_PARTIAL.set(bool(case.allow_partial) or ALLOW_PARTIAL.get())
    try:
        return _case_board(case)
    finally:
        ALLOW_PARTIAL.reset(token)


def _case_board(case: Case) -> board_module.Board:
    library = _library(tuple(case.card_files))
    if isinstance(case.board, str):
        path = Path(case.file).parent / case.board
        return board_module.load_board(path, library)
    if case.board_marks is None:
        prefix = ("cases", case.index, "board")
        marks = case.document.marks if case.document is not None else {}
        case.board_marks = {key[len(prefix):]: mark for key, mark in marks.items()
                            if key[:len(prefix)] == prefix}
    # The builder adds marks of its own (short form): give it a copy.
    document = documents.Document(case.file, case.board, dict(case.board_marks))
    return board_module.board_from_document(document, library)


def run_case(case: Case) -> Outcome:
    """Run one case; a board or argument the query refuses raises (bad input, not a failure)."""
    used: dict[str, list[str]] = {}
    tokens = (ALLOW_PARTIAL.set(bool(case.allow_partial)), PARTIAL_USED.set(used))
    try:
        board = case_board(case)
        actual = plain(QUERIES[case.query](board, **case.args))
    finally:
        PARTIAL_USED.reset(tokens[1])
        ALLOW_PARTIAL.reset(tokens[0])
    if sorted(used) != sorted(case.allow_partial):
        raise BoardError(f"case {case.id}: allow_partial names {sorted(case.allow_partial)}, but the partial cards "
                         f"it uses are {sorted(used)}", file=case.file, place=case.place)
    return Outcome(case, actual == case.expect, actual)


def plain(value: Any) -> Any:
    """An answer as JSON would give it back (tuples as lists, keys as strings)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def run_all(paths: list[str | Path], jobs: int | None = None) -> list[Outcome]:
    """Load and run every case of the files and folders named."""
    return run_cases(load_all(paths), jobs)


# Below this many cases a second process costs more than it saves.
PARALLEL_FROM = 40


def default_jobs(count: int) -> int:
    if count < PARALLEL_FROM or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


_POOL_CASES: list[Case] = []


def _run_range(bounds: tuple[int, int]):
    """Worker side: run the cases numbered start to stop (excluded), in order, up to the first
    bad one; errors travel back as values, with the rule cuts the worker computed."""
    results: list[tuple] = []
    for index in range(*bounds):
        try:
            outcome = run_case(_POOL_CASES[index])
        except PysolverError as error:
            results.append(("error", error))
            break
        results.append(("ok", outcome.passed, outcome.actual))
    return results, solver.take_new_cuts()


def guided_ranges(count: int, jobs: int, least: int = 4) -> list[tuple[int, int]]:
    """The cases cut into consecutive ranges for ``jobs`` workers, each a share of those left
    (guided scheduling): large first, where consecutive cases share their files' boards and rule
    cuts, and small at the end, so that no worker waits long for the last one."""
    ranges, start = [], 0
    while start < count:
        size = min(count - start, max(least, (count - start) // (2 * jobs)))
        ranges.append((start, start + size))
        start += size
    return ranges


def run_cases(cases: list[Case], jobs: int | None = None) -> list[Outcome]:
    """Run cases in order, on ``jobs`` processes (default: one per core for a large corpus).

    The encodings' analyses and the built-in library are read once, before any worker
    starts; forked workers share them.  The rule cuts the cases ask for are
    kept on disk for the next run (``solver.keeping_cuts``; the workers hand theirs back).
    The first bad case (in order) raises its error, as in a serial run.
    """
    jobs = default_jobs(len(cases)) if jobs is None else jobs
    with solver.keeping_cuts():
        if jobs <= 1:
            return [run_case(case) for case in cases]
        # A case asks for no explanation: the explanations' programs are never grounded.
        explanations = {solver.entry(query.explain_program) for query in QUERIES.values() if query.explain_program}
        for filename in solver.entry_programs():
            # Read once, for every worker; each worker parses the statements its cuts keep
            # (``_Program.add_to``: a quarter of them, not every entry program before it starts).
            if filename not in explanations:
                solver.prepared((filename,)).read_stored_cuts()
        cards.builtin_library()
        global _POOL_CASES
        _POOL_CASES = cases
        # What is loaded so far (the analyses, the library) lives as long as the run: out of the
        # collector's reach, a collection in a worker neither walks nor writes it (no copy of
        # the parent's pages on write).
        gc.freeze()
        try:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                done = pool.map(_run_range, guided_ranges(len(cases), jobs), chunksize=1)
        finally:
            gc.unfreeze()
            _POOL_CASES = []
        outcomes: list[Outcome] = []
        for _results, cuts in done:
            solver.add_cuts(cuts)
        for results, _cuts in done:  # a range stops at its first bad case: the first in order raises
            for result in results:
                if result[0] == "error":
                    raise result[1]
                case = cases[len(outcomes)]
                outcomes.append(Outcome(case, result[1], result[2]))
        return outcomes
