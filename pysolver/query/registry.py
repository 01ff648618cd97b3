"""One registry of queries, shared by the CLI, the API and ruling cases (verify).

Each query is described once in DESCRIPTIONS: its name, the module that answers it,
its command-line arguments and its one-line summary -- all the command line needs,
known without importing the module (issue 16: a run imports the query it asks, not
every query).  The module ends with ``register(Query.described(NAME, ...))``: its entry
program (asp/query/<program>.lp), the facts it grounds, its runner (the API function),
its canonical answer (what a ruling case's ``expect`` holds), its text renderer and
its output schema.  QUERIES maps every query's name to its Query, importing the
query's module the first time the query is looked up.

The API asks every query through it (``pysolver.api.ask``: the board read, the
runner run and the limits ``timeout`` and ``max_outcomes`` applied the same
way for every query); the CLI's commands call the API, and the CLI makes a
command for every described query that has no hand-written one (``pysolver
QUERY BOARD ARG... [--json] [--timeout S] [--max-outcomes N]``); ``pysolver
facts --query`` writes its facts, and ``verify`` runs its cases.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable, Iterator, MutableMapping
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
class Description:
    """What is known of a query without importing its module: enough for its command."""

    name: str  # as typed on the command line and in a ruling case ("could-produce")
    module: str  # pysolver.query.<module> registers it
    args: tuple[Arg, ...] = ()  # positional arguments, in command-line order
    summary: str = ""


DESCRIPTIONS: dict[str, Description] = {description.name: description for description in (
    Description("can-activate", "activation", (Arg("permanent", "PERMANENT"),),
                "CR 602: can a permanent's activated ability be activated now?"),
    Description("could-produce", "could_produce", (Arg("ids", "ID", many=True),),
                "CR 106.7: the types of mana each permanent could produce."),
    Description("mana", "mana", (Arg("permanent", "PERMANENT"),),
                "Every distinct result of activating a mana ability of a permanent now."),
    Description("outcomes", "outcomes", (),
                "What happens next: every distinct outcome with its exact probability."),
    Description("turn", "turn", (),
                "The rest of the turn, step by step, with what triggers at the beginning of each."),
    Description("x", "x_value", (Arg("object", "OBJECT"),),
                "CR 107.3: the value of X for a spell on the stack or a permanent."),
    Description("next", "next", (Arg("actions", "ACTION", many=True),),
                "Every distinct board after the actions, with its exact probability."),
    Description("pay", "payment", (Arg("player", "PLAYER"), Arg("cost", "COST")),
                "Can a player pay a cost now (pool plus mana abilities), and every distinct way."),
    Description("available", "payment", (Arg("player", "PLAYER"),),
                "The distinct maximal mana pools a player can produce now."),
    Description("turns", "turns", (Arg("turns", "N"),),
                "The turn step by step, and the turns that follow (turn --turns N)."),
)}


@dataclass(frozen=True)
class Query:
    """A registered query: its entry program, facts, runner, answer, renderer and schema."""

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
    # ... or the module declaring them (its EXPLAIN_DECODES), imported when they are asked
    # for (``explanation_decodes``), not with the query (issue 16: a query imports what it runs)
    explain_atoms: str = ""
    # What --max-outcomes counts ("permanents", "steps"...) and how many the result holds:
    # checked after the run.  With no ``count``, the runner takes ``max_outcomes`` itself and
    # stops as soon as there are more (outcomes, mana, available, pay, next).
    counted: str = ""
    count: Callable[[Any], int] | None = None
    # Other entry programs it grounds (pay's pay_objects, next's one per kind of step), each
    # with the typed predicates it reads from that program.
    also: tuple[tuple[str, tuple[type, ...]], ...] = ()

    @classmethod
    def described(cls, name: str, **parts: Any) -> Query:
        """The query DESCRIPTIONS describes under ``name`` (its arguments and summary), with
        the parts only its module knows."""
        description = DESCRIPTIONS[name]
        return cls(name=name, args=description.args, summary=description.summary, **parts)

    def __call__(self, board, *args: Any, **kwargs: Any) -> Any:
        """The canonical answer (so QUERIES[name](board, ...) reads as before)."""
        return self.answer(board, *args, **kwargs)

    def explanation_decodes(self) -> tuple[type, ...]:
        """The typed predicates its explanation reads: ``explain_decodes``, and those of
        ``explain_atoms``."""
        if not self.explain_atoms:
            return self.explain_decodes
        return self.explain_decodes + tuple(importlib.import_module(self.explain_atoms).EXPLAIN_DECODES)

    def fact_args(self, values: dict[str, Any]) -> dict[str, Any]:
        """The values of the query's arguments that its facts take (named by ``args``)."""
        return {arg.name: values[arg.name] for arg in self.args if arg.name in values}


class Registry(MutableMapping[str, Query]):
    """Every query by name: those DESCRIPTIONS describes, each imported from its module the
    first time it is looked up, and any other registered (a test's)."""

    def __init__(self) -> None:
        self.registered: dict[str, Query] = {}

    def __getitem__(self, name: str) -> Query:
        if name not in self.registered and name in DESCRIPTIONS:
            module = f"pysolver.query.{DESCRIPTIONS[name].module}"
            importlib.import_module(module)  # it registers the query
            if name not in self.registered:
                raise LookupError(f"query {name!r}: {module} registers no such query (DESCRIPTIONS)")
        return self.registered[name]

    def __contains__(self, name: object) -> bool:
        return name in DESCRIPTIONS or name in self.registered

    def __iter__(self) -> Iterator[str]:
        yield from DESCRIPTIONS
        yield from (name for name in self.registered if name not in DESCRIPTIONS)

    def __len__(self) -> int:
        return len(DESCRIPTIONS) + sum(name not in DESCRIPTIONS for name in self.registered)

    def __setitem__(self, name: str, query: Query) -> None:
        self.registered[name] = query

    def __delitem__(self, name: str) -> None:
        if name in DESCRIPTIONS:
            raise KeyError(f"query {name!r} is described in DESCRIPTIONS: it can be replaced, not removed")
        del self.registered[name]


QUERIES = Registry()


def register(query: Query) -> Query:
    if query.name in QUERIES.registered:
        raise ValueError(f"query {query.name!r} is registered twice")
    description = DESCRIPTIONS.get(query.name)
    if description is not None and (query.args, query.summary) != (description.args, description.summary):
        raise ValueError(f"query {query.name!r}: its arguments and summary are those of DESCRIPTIONS "
                         "(register it with Query.described)")
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
