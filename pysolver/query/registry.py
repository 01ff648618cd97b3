"""One registry of queries, shared by the CLI, the API and ruling cases (verify).

A query is one module that ends with ``register(Query(...))``: its name, its
entry program (asp/query/<program>.lp), the facts it grounds, its runner (the
API function), its canonical answer (what a ruling case's ``expect`` holds),
its command-line arguments, its text renderer and its output schema.  The
API asks every query through it (``pysolver.api.ask``: the board read, the
runner run and the limits ``timeout`` and ``max_outcomes`` applied the same
way for every query); the CLI's commands call the API, and the CLI makes a
command for every registered query that has no hand-written one (``pysolver
QUERY BOARD ARG... [--json] [--timeout S] [--max-outcomes N]``); ``pysolver
facts --query`` writes its facts, and ``verify`` runs its cases.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from clingo import Symbol

from pysolver.errors import QueryError


@dataclass(frozen=True)
class Arg:
    """A command-line argument of a query: the keyword of its runner, answer and facts."""

    name: str
    metavar: str
    many: bool = False  # any number of values (a list)


@dataclass(frozen=True)
class Query:
    name: str  # as typed on the command line and in a ruling case ("could-produce")
    program: str  # its entry program, asp/query/<program>.lp
    facts: Callable[..., Iterable[Symbol]]  # facts(board, **args): everything it grounds
    run: Callable[..., Any]  # run(board, **args): the result (the API's answer)
    answer: Callable[..., Any]  # answer(board, **args): canonical plain data for ruling cases
    args: tuple[Arg, ...] = ()  # positional arguments, in command-line order
    schema: str = ""  # the output schema of --json (pysolver/data/output-schemas/<schema>.json)
    render: Callable[[Any], Iterable[str]] | None = None  # text lines of run's result
    explain_program: str | None = None  # the entry program of --explain, if it has one
    summary: str = ""
    decodes: tuple[type, ...] = ()  # the typed predicates (pysolver.predicates) it reads
    explain_decodes: tuple[type, ...] = ()  # and those its explanation reads
    # What --max-outcomes counts ("permanents", "steps"...) and how many the result holds:
    # checked after the run.  With no ``count``, the runner takes ``max_outcomes`` itself and
    # stops as soon as there are more (outcomes, mana, available, pay, next).
    counted: str = ""
    count: Callable[[Any], int] | None = None
    # Other entry programs it grounds (pay's pay_objects, next's one per kind of step), each
    # with the typed predicates it reads from that program.
    also: tuple[tuple[str, tuple[type, ...]], ...] = ()

    def __call__(self, board, *args: Any, **kwargs: Any) -> Any:
        """The canonical answer (so QUERIES[name](board, ...) reads as before)."""
        return self.answer(board, *args, **kwargs)

    def fact_args(self, values: dict[str, Any]) -> dict[str, Any]:
        """The values of the query's arguments that its facts take (named by ``args``)."""
        return {arg.name: values[arg.name] for arg in self.args if arg.name in values}


QUERIES: dict[str, Query] = {}


def register(query: Query) -> Query:
    if query.name in QUERIES:
        raise ValueError(f"query {query.name!r} is registered twice")
    if query.count is None and "max_outcomes" not in inspect.signature(query.run).parameters:
        raise ValueError(f"query {query.name!r}: give count= (what --max-outcomes counts), or a runner "
                         "that takes max_outcomes")
    QUERIES[query.name] = query
    return query


def get(name: str, place: str | None = None) -> Query:
    """The query called ``name``; QueryError naming the queries if there is none."""
    if name not in QUERIES:
        raise QueryError(f"unknown query {name!r} (queries: {', '.join(sorted(QUERIES))})",
                         place=place)
    return QUERIES[name]
