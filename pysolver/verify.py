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
board file relative to the case file.  ``expect`` is compared with the
query's canonical answer (queries.py) for exact equality.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from pysolver import board as board_module
from pysolver import cards, documents
from pysolver.errors import BoardError, PysolverError
from pysolver.query import QUERIES

CASE_FIELDS = {"id", "source", "reason", "board", "query", "args", "expect", "cards"}
REQUIRED = ("id", "source", "reason", "board", "query", "expect")


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


@dataclass
class Outcome:
    case: Case
    passed: bool
    actual: Any = None
    error: str | None = None

    def diff(self) -> list[str]:
        """Readable differences between expected and actual."""
        if self.error:
            return [f"  error: {self.error}"]
        return list(_diff(self.case.expect, self.actual, ""))


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


def load_cases(path: str | Path) -> list[Case]:
    """The cases of one file, validated."""
    document = documents.load(path, BoardError)
    data = document.data
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise BoardError("a case file holds 'cases:', a list of cases", file=document.name,
                         place=document.place(()))
    found = []
    for index, entry in enumerate(data["cases"]):
        where = ("cases", index)
        if not isinstance(entry, dict):
            raise BoardError("a case is a mapping", file=document.name, place=document.place(where))
        for key in REQUIRED:
            if key not in entry:
                raise BoardError(f"{key!r} is missing", file=document.name, place=document.place(where))
        unknown = sorted(set(entry) - CASE_FIELDS)
        if unknown:
            raise BoardError(f"unknown field {unknown[0]!r}", file=document.name,
                             place=document.place(where + (unknown[0],)))
        if entry["query"] not in QUERIES:
            raise BoardError(f"unknown query {entry['query']!r} (queries: {', '.join(sorted(QUERIES))})",
                             file=document.name, place=document.place(where + ("query",)))
        card_files = [str(Path(path).parent / f) for f in entry.get("cards", [])]
        found.append(Case(
            id=str(entry["id"]), source=str(entry["source"]), reason=str(entry["reason"]),
            board=entry["board"], query=entry["query"], args=dict(entry.get("args") or {}),
            expect=entry["expect"], file=document.name, place=document.place(where),
            card_files=card_files,
        ))
    ids = [c.id for c in found]
    for i, case_id in enumerate(ids):
        if case_id in ids[:i]:
            raise BoardError(f"duplicate case id {case_id!r}", file=document.name,
                             place=document.place(("cases", i, "id")))
    return found


def case_files(paths: list[str | Path]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        else:
            files.append(path)
    return files


def case_board(case: Case) -> board_module.Board:
    library = cards.library_with(tuple(case.card_files))
    if isinstance(case.board, str):
        path = Path(case.file).parent / case.board
        return board_module.load_board(path, library)
    document = documents.Document(f"{case.file} ({case.id})", case.board)
    return board_module.board_from_document(document, library)


def run_case(case: Case) -> Outcome:
    query = QUERIES[case.query]
    try:
        inspect.signature(query).bind(None, **case.args)
    except TypeError as error:
        return Outcome(case, False, error=f"bad args for {case.query}: {error}")
    try:
        board = case_board(case)
        actual = query(board, **case.args)
    except PysolverError as error:
        return Outcome(case, False, error=str(error))
    actual = json.loads(json.dumps(actual))
    return Outcome(case, actual == case.expect, actual)
