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
from typing import Any, Callable, Iterable, Iterator, Sequence

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
    terms_shown: bool = True  # whether it #shows terms (#show t : body.), not only signatures

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
                   assumptions: Sequence = (), decode: Callable[[Atom], Any] | None = None,
                   ordered: bool = True) -> Iterator[list]:
        """Every model, one at a time (the caller may stop early); LimitExceeded on timeout.
        Once the models are all read, ``exhausted`` says whether the search was complete.
        ``decode``: each atom as ``decode(Atom(symbol))``, computed once per distinct atom of
        the search (many models share most atoms; clingo Symbols hash and compare, so they
        key the memo); ``ordered=False``: in clingo's order, not sorted (for a caller that
        orders what it decodes itself)."""
        if decode is None:
            yield from self._each_model(timeout, limit, assumptions, ordered)
            return
        memo: dict[clingo.Symbol, Any] = {}

        def read(symbol: clingo.Symbol) -> Any:
            try:
                return memo[symbol]
            except KeyError:
                found = memo[symbol] = decode(Atom(symbol))
                return found

        hashes = self._hashes()
        if hashes is None:
            for symbols in self._each_model(timeout, limit, assumptions, ordered):
                yield list(map(read, symbols))
            return
        # Every atom a model can show has its own hash: the hash alone names it (one call
        # into clingo an atom, where a Symbol key makes two, hash then compare).
        by_hash: dict[int, Any] = {}

        def read_hash(symbol: clingo.Symbol) -> Any:
            key = hash(symbol)
            try:
                return by_hash[key]
            except KeyError:
                if key not in hashes:  # not an atom a model can show: not named by its hash
                    return read(symbol)
                found = by_hash[key] = decode(Atom(symbol))
                return found

        for symbols in self._each_model(timeout, limit, assumptions, ordered):
            yield list(map(read_hash, symbols))

    def _hashes(self) -> set[int] | None:
        """The hashes of the atoms a model can show, if they are all distinct and only atoms
        are shown (no #show of terms); else None."""
        if self.terms_shown:
            return None
        atoms = self.control.symbolic_atoms
        signatures = ([(name, arity, True) for name, arity in self.shown] if self.shown is not None
                      else list(atoms.signatures))
        found: set[int] = set()
        count = 0
        for name, arity, positive in signatures:
            for atom in atoms.by_signature(name, arity, positive):
                found.add(hash(atom.symbol))
                count += 1
        return found if len(found) == count else None

    def _each_model(self, timeout: float | None, limit: int, assumptions: Sequence,
                    ordered: bool) -> Iterator[list[clingo.Symbol]]:
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
                symbols = model.symbols(shown=True)
                yield sorted(symbols) if ordered else list(symbols)
                handle.resume()
            self.exhausted = handle.get().exhausted


class Atom:
    """A shown atom read from clingo once: its name, arguments, string or number as Python
    values (each read through clingo's C interface costs as much as a Python call), compared
    and hashed by its text.  It reads like a clingo.Symbol."""

    __slots__ = ("arguments", "name", "number", "string", "text", "type")

    def __init__(self, symbol: clingo.Symbol):
        self.type = symbol.type
        self.text = str(symbol)
        self.name: str | None = None
        self.string: str | None = None
        self.number: int | None = None
        self.arguments: tuple[Atom, ...] = ()
        if self.type == clingo.SymbolType.Function:
            self.name = symbol.name
            self.arguments = tuple(Atom(argument) for argument in symbol.arguments)
        elif self.type == clingo.SymbolType.String:
            self.string = symbol.string
        elif self.type == clingo.SymbolType.Number:
            self.number = symbol.number

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Atom) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Atom({self.text})"


def ground(facts: Iterable[clingo.Symbol], rules: str | Sequence[str] = ALL_RULES,
           extra: str = "", arguments: Sequence[str] = (), prune: bool = True) -> Grounded:
    """Add facts and rules to a fresh Control and ground them.  ``rules``: an entry program
    (``entry("could_produce")``), or rules files (relative to asp/, or absolute).

    Rules that can't fire on these facts are left out before grounding (``prune``; see
    ``_Program.needed``): the ground program is the same, and a small board no longer pays
    for preparing every rule of the query.  ``extra`` statements are always kept."""
    files = (rules,) if isinstance(rules, str) else tuple(rules)
    program = prepared(files)
    messages: list[str] = []
    control = clingo.Control(list(arguments), logger=lambda _c, m: messages.append(m),
                             message_limit=100)
    started = time.perf_counter()
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
    added: list = []
    if extra:
        ast.parse_string(extra, added.append)
    if prune:
        # The fact signatures, as the grounder has them (cheaper than asking each symbol).
        given = {(name, arity) for name, arity, positive in control.symbolic_atoms.signatures if positive}
        try:
            statements = program.needed(given | _heads(added))
        except _Opaque:
            statements = list(program.statements)
    else:
        statements = list(program.statements)
    with ast.ProgramBuilder(control) as builder:
        for statement in statements:
            builder.add(statement)
        for statement in added:
            builder.add(statement)
    try:
        control.ground([("base", [])])
    except RuntimeError:
        raise EncodingError(_first_line(messages) or "grounding failed") from None
    shown_here = program.shown
    if added:
        shown_here = shown((*program.show_statements, *added))
    terms = program.terms_shown or any(s.ast_type == ast.ASTType.ShowTerm for s in added)
    return Grounded(control, messages, time.perf_counter() - started,
                    program=", ".join(files), shown=shown_here, terms_shown=terms)


Signature = tuple[str, int]


def _signature(atom) -> Signature | None:
    """name/arity of a symbolic atom p(...) (None for -p(...), pools, comparisons...)."""
    if atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    symbol = atom.symbol
    if symbol.ast_type != ast.ASTType.Function or symbol.external:
        return None
    return (symbol.name, len(symbol.arguments))


class _Opaque(Exception):
    """A statement whose head atoms can't be listed: prune nothing in its program."""


def _head_atoms(head) -> list:
    kind = head.ast_type
    if kind == ast.ASTType.Literal:
        return [head.atom]
    if kind == ast.ASTType.Disjunction:
        return [element.literal.atom for element in head.elements]
    if kind == ast.ASTType.Aggregate:
        return [element.literal.atom for element in head.elements]
    if kind == ast.ASTType.HeadAggregate:
        return [element.condition.literal.atom for element in head.elements]
    raise _Opaque(str(kind))


def _head_signatures(head) -> set[Signature]:
    found: set[Signature] = set()
    for atom in _head_atoms(head):
        if atom.ast_type == ast.ASTType.BooleanConstant:
            continue
        if atom.ast_type != ast.ASTType.SymbolicAtom:
            raise _Opaque(str(atom.ast_type))
        symbol = atom.symbol
        # p(1;2) is a pool of atoms
        for term in symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]:
            if term.ast_type == ast.ASTType.UnaryOperation:  # -p(X): never required (see _required)
                continue
            if term.ast_type != ast.ASTType.Function or term.external:
                raise _Opaque(str(term.ast_type))
            found.add((term.name, len(term.arguments)))
    return found


def _heads(statements: Iterable) -> set[Signature]:
    """Every signature the statements may derive (rules' heads, #external atoms)."""
    found: set[Signature] = set()
    for statement in statements:
        if statement.ast_type == ast.ASTType.Rule:
            found |= _head_signatures(statement.head)
        elif statement.ast_type == ast.ASTType.External:
            signature = _signature(statement.atom)
            if signature is None:
                raise _Opaque("#external")
            found.add(signature)
    return found


def _required(rule) -> frozenset[Signature]:
    """The signatures of a rule's plain positive body atoms: without an atom of each, the
    rule has no ground instance (atoms in aggregates, conditions or under 'not' don't count)."""
    found = set()
    for literal in rule.body:
        if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign:
            signature = _signature(literal.atom)
            if signature is not None:
                found.add(signature)
    return frozenset(found)


class _Program:
    """The parsed statements of some encoding files, ready to be cut to a board's facts.

    A rule can fire only if every signature of its plain positive body can hold: one
    given as a fact, or the head of a rule that can fire itself (a least fixed point
    over signatures, an over-approximation of what the grounder instantiates).  The rules
    left out have no ground instance, so the ground program is unchanged.  Grounding every
    rule regardless (``prune=False``) is how tests find an encoding error in a rule no
    board reaches."""

    def __init__(self, statements: tuple):
        self.statements = statements
        self.show_statements = tuple(s for s in statements if s.ast_type == ast.ASTType.ShowSignature)
        self.shown = shown(statements)
        self.terms_shown = any(s.ast_type == ast.ASTType.ShowTerm for s in statements)
        self.rules: list[tuple[int, frozenset[Signature], frozenset[Signature]]] = []
        self.kept: list[int] = []  # statements always kept (all but rules)
        self.pruning = True
        try:
            for index, statement in enumerate(statements):
                if statement.ast_type == ast.ASTType.Rule:
                    self.rules.append((index, _required(statement), frozenset(_head_signatures(statement.head))))
                else:
                    self.kept.append(index)
            self.always = frozenset(_heads(statements[i] for i in self.kept))
        except _Opaque:
            self.pruning = False
        self.waiting: dict[Signature, list[int]] = {}
        for number, (_index, required, _heads_of) in enumerate(self.rules):
            for signature in required:
                self.waiting.setdefault(signature, []).append(number)

    def needed(self, given: set[Signature]) -> list:
        """The statements that can take part in grounding, given these fact signatures."""
        if not self.pruning:
            return list(self.statements)
        holds = set(given) | self.always
        missing = [len(required - holds) for _index, required, _heads_of in self.rules]
        fired = [number for number, count in enumerate(missing) if count == 0]
        queue = list(fired)
        while queue:
            number = queue.pop()
            for signature in self.rules[number][2]:
                if signature in holds:
                    continue
                holds.add(signature)
                for other in self.waiting.get(signature, ()):
                    missing[other] -= 1
                    if missing[other] == 0:
                        fired.append(other)
                        queue.append(other)
        keep = sorted([self.rules[number][0] for number in fired] + self.kept)
        return [self.statements[index] for index in keep]


@cache
def prepared(files: tuple[str, ...]) -> _Program:
    """The statements of these encoding files, parsed and analysed once per process."""
    return _Program(tuple(statement for filename in files for statement in parsed(filename)))
