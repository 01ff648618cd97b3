"""The one owner of clingo's Control life cycle.

Encodings are parsed once per process (their abstract syntax is kept) and
added to each new Control; facts go in through the backend as symbols; the
logger collects clingo's messages so an encoding error reports file:line;
solving is bounded in time and never calls a set "all" unless the search was
exhausted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import clingo
from clingo import ast

from pysolver.errors import EncodingError, LimitExceeded

# Every query grounds one entry program, asp/query/<query>.lp: it #includes the
# rules files the query reads and #shows the atoms it answers with, so
# ``python -m clingo asp/query/<query>.lp facts.lp`` gives the same answer
# (``pysolver facts`` writes facts.lp).  asp/main.lp includes every rules file.
ALL_RULES = "main.lp"


def entry(query: str) -> str:
    """The entry program of a query ("could_produce", "x_explain"), relative to asp/."""
    return f"query/{query}.lp"


def entry_programs() -> list[str]:
    """Every entry program, relative to asp/ (asp/query/*.lp)."""
    try:
        folder = resources.files("pysolver.asp").joinpath("query")
        names = [p.name for p in folder.iterdir()]
    except (ModuleNotFoundError, FileNotFoundError):
        names = [p.name for p in (Path(__file__).resolve().parent.parent / "asp" / "query").iterdir()]
    return sorted(f"query/{name}" for name in names if name.endswith(".lp"))


def encoding_file(filename: str) -> Path:
    """Where an .lp file is: inside the installed package, or asp/ in a checkout
    (an absolute path is taken as it is)."""
    if Path(filename).is_absolute():
        return Path(filename)
    try:
        resource = resources.files("pysolver.asp").joinpath(filename)
        if resource.is_file():
            with resources.as_file(resource) as path:
                return Path(path)
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / "asp" / filename


@cache
def parsed(filename: str) -> tuple:
    """The statements of one encoding file and of the files it #includes, parsed once per
    process (an entry program: its rules files, then its #show statements)."""
    path = encoding_file(filename)
    messages: list[str] = []
    statements: list = []
    try:
        ast.parse_files([str(path)], statements.append, logger=lambda _c, m: messages.append(m))
    except RuntimeError:
        raise EncodingError(_first_line(messages) or f"can't parse {filename}") from None
    if messages:  # a warning (a file included twice, say) is a defect of the encodings too
        raise EncodingError(_first_line(messages))
    # Comments are statements too in clingo 5.8's syntax tree; every Control
    # would take them again, for nothing.
    return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)


def shown(statements: Iterable) -> frozenset[tuple[str, int]] | None:
    """The signatures #shown by these statements; None if none is (then every atom is shown)."""
    found = {(s.name, s.arity) for s in statements if s.ast_type == ast.ASTType.ShowSignature}
    return frozenset(found) if found else None


def _first_line(messages: list[str]) -> str:
    for message in messages:
        for line in message.splitlines():
            if line.strip():
                return line.strip()
    return ""


@dataclass
class Grounded:
    """A grounded program: read what grounding decided, or solve it."""

    control: clingo.Control
    messages: list[str] = field(default_factory=list)
    ground_seconds: float = 0.0
    exhausted: bool = False
    program: str = ""  # the entry program grounded
    shown: frozenset[tuple[str, int]] | None = None  # its #show signatures (None: all atoms)

    def check_shown(self, name: str, arity: int) -> None:
        """A query decodes only what its entry program shows (the interface is the #show list)."""
        if self.shown is not None and (name, arity) not in self.shown:
            raise EncodingError(f"{self.program or 'the program'} does not #show {name}/{arity}, "
                                "which the query decodes")

    def atoms(self, name: str, arity: int) -> list[clingo.Symbol] | None:
        """All atoms name/arity if grounding decided them all (every one a fact), else None."""
        self.check_shown(name, arity)
        found = []
        for atom in self.control.symbolic_atoms.by_signature(name, arity):
            if not atom.is_fact:
                return None
            found.append(atom.symbol)
        return found

    def first_model(self, timeout: float | None = None) -> list[clingo.Symbol]:
        """The shown atoms of the first model (for programs with a single answer)."""
        models = self.models(limit=1, timeout=timeout)
        if not models:
            raise EncodingError("the rules have no answer for this board (inconsistent)")
        return models[0]

    def models(self, limit: int = 0, timeout: float | None = None,
               assumptions: Sequence = ()) -> list[list[clingo.Symbol]]:
        """Every model (up to ``limit`` if > 0); LimitExceeded if the time runs out."""
        found = list(self.each_model(timeout, limit, assumptions))
        if limit == 0 and not self.exhausted:
            raise LimitExceeded("incomplete: the search was not exhausted; the outcome set would be cut short")
        return found

    def each_model(self, timeout: float | None = None, limit: int = 0,
                   assumptions: Sequence = ()) -> Iterator[list[clingo.Symbol]]:
        """Every model, one at a time (the caller may stop early); LimitExceeded on timeout.
        Once the models are all read, ``exhausted`` says whether the search was complete."""
        self.exhausted = False
        self.control.configuration.solve.models = limit  # type: ignore[union-attr]
        with self.control.solve(yield_=True, async_=True, assumptions=list(assumptions)) as handle:
            deadline = None if timeout is None else time.monotonic() + timeout
            while True:
                remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                if remaining is not None and not handle.wait(remaining):
                    handle.cancel()
                    raise LimitExceeded(f"incomplete: the solve took longer than the time limit ({timeout:g} s)")
                model = handle.model()
                if model is None:
                    break
                yield sorted(model.symbols(shown=True))
                handle.resume()
            self.exhausted = handle.get().exhausted


def ground(facts: Iterable[clingo.Symbol], rules: str | Sequence[str] = ALL_RULES,
           extra: str = "", arguments: Sequence[str] = ()) -> Grounded:
    """Add facts and rules to a fresh Control and ground them.  ``rules``: an entry program
    (``entry("could_produce")``), or rules files (relative to asp/, or absolute)."""
    files = (rules,) if isinstance(rules, str) else tuple(rules)
    statements = [statement for filename in files for statement in parsed(filename)]
    messages: list[str] = []
    control = clingo.Control(list(arguments), logger=lambda _c, m: messages.append(m),
                             message_limit=100)
    started = time.perf_counter()
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
    with ast.ProgramBuilder(control) as builder:
        for statement in statements:
            builder.add(statement)
        if extra:
            def add(statement: ast.AST) -> None:
                statements.append(statement)
                builder.add(statement)
            ast.parse_string(extra, add)
    try:
        control.ground([("base", [])])
    except RuntimeError:
        raise EncodingError(_first_line(messages) or "grounding failed") from None
    return Grounded(control, messages, time.perf_counter() - started,
                    program=", ".join(files), shown=shown(statements))
