"""The one owner of clingo's Control life cycle.

Encodings are parsed once per process (their abstract syntax is kept) and
added to each new Control; facts go in through the backend as symbols; the
logger collects clingo's messages so an encoding error reports file:line;
solving is bounded in time and never calls a set "all" unless the search was
exhausted.
"""

from __future__ import annotations

import os
import time
from array import array
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import AbstractSet, Any, Callable, Iterable, Iterator, Sequence

import clingo

from pysolver.errors import EncodingError, LimitExceeded
from pysolver.lazy import lazy_module

# Syntax trees: only to parse an encoding, or extra statements (a run whose analyses are
# kept on disk adds the encodings as text: issue 16).
ast = lazy_module("clingo.ast")

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
    names = [p.name for p in encoding_file("query").iterdir()]
    return sorted(f"query/{name}" for name in names if name.endswith(".lp"))


# The encodings: pysolver/asp/ in an installed package, asp/ beside the package in a checkout
# (pyproject.toml installs asp/ as pysolver.asp; read as paths, with no importlib.resources,
# whose import was a twentieth of the smallest query: issue 16).
_INSTALLED = Path(__file__).resolve().parent / "asp"
_CHECKOUT = _INSTALLED.parent.parent / "asp"


def encoding_file(filename: str) -> Path:
    """Where an .lp file (or a folder of them) is: inside the installed package, or asp/ in a
    checkout (an absolute path is taken as it is)."""
    if Path(filename).is_absolute():
        return Path(filename)
    installed = _INSTALLED / filename
    return installed if installed.exists() else _CHECKOUT / filename


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


_REPRESENTATION = attrgetter("_rep")  # a clingo Symbol's interned number (Grounded.each_model)


@dataclass
class Grounded:
    """A grounded program: read what grounding decided, or solve it."""

    control: clingo.Control
    messages: list[str] = field(default_factory=list)
    ground_seconds: float = 0.0
    exhausted: bool = False
    program: str = ""  # the entry program grounded
    shown: frozenset[tuple[str, int]] | None = None  # its #show signatures (None: all atoms)
    # Records of the predicates grounding decided, decoded once (pysolver.predicates.Reader).
    decided: dict = field(default_factory=dict)
    # The shown atoms of its first model, solved once for every Reader of it (a grounding
    # that leaves atoms open: pysolver.predicates.Reader).
    first: list[clingo.Symbol] | None = None
    # Those atoms by (name, arity), in their order, grouped once (a Reader reading one predicate
    # for each of many permanents scanned the whole model each time: issue 16).
    first_by: dict[tuple[str, int], list[clingo.Symbol]] | None = None
    # Their records by typed predicate, decoded once (a query reading a predicate whole for each
    # of many permanents decoded every atom each time: issue 16).
    first_records: dict = field(default_factory=dict)
    # Records by the value of one field, grouped once (pysolver.predicates.Reader.by).
    records_by: dict = field(default_factory=dict)

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
        the search (many models share most atoms); ``ordered=False``: in clingo's order, not
        sorted (for a caller that orders what it decodes itself)."""
        if decode is None:
            yield from self._each_model(timeout, limit, assumptions, ordered)
            return
        # clingo interns its symbols (one representation each, kept while the process runs): two
        # Symbols are equal exactly when their representations (``_rep``, a number) are, which key
        # the memo with no call into clingo (a Symbol's hash is one; issue 16: a large outcomes
        # query spent a third of its time decoding). tests/test_solver.py holds clingo to it.
        memo: dict[int, Any] = {}
        decoded = memo.__getitem__  # C calls only, for a model whose atoms were all seen before

        for symbols in self._each_model(timeout, limit, assumptions, ordered):
            try:
                model = list(map(decoded, map(_REPRESENTATION, symbols)))
            except KeyError:  # an atom not seen before: decoded once
                for symbol in symbols:
                    if symbol._rep not in memo:
                        memo[symbol._rep] = decode(Atom(symbol))
                model = list(map(decoded, map(_REPRESENTATION, symbols)))
            yield model

    def _each_model(self, timeout: float | None, limit: int, assumptions: Sequence,
                    ordered: bool) -> Iterator[list[clingo.Symbol]]:
        self.exhausted = False
        self.control.configuration.solve.models = limit  # type: ignore[union-attr]
        if timeout is None:
            # No time limit: solve in this thread.  An asynchronous solve starts a thread of
            # clingo's for each solve (about 0.6 ms, more than solving a ruling case's
            # program: issue 16); the models and their order are the same.
            with self.control.solve(yield_=True, assumptions=list(assumptions)) as handle:
                for model in handle:
                    symbols = model.symbols(shown=True)
                    yield sorted(symbols) if ordered else list(symbols)
                self.exhausted = handle.get().exhausted
            return
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
    grounded = ground_if(facts, rules, lambda _numbers: True, extra, arguments, prune)
    assert grounded is not None
    return grounded


def ground_if(facts: Iterable[clingo.Symbol], rules: str | Sequence[str], accept: Callable[[Sequence[int]], bool],
              extra: str = "", arguments: Sequence[str] = (), prune: bool = True) -> Grounded | None:
    """``ground``, if ``accept`` takes the statements kept for these facts, given by their
    numbers in the program (else None, before grounding: pysolver/symmetry.py checks that
    they keep a reduction exact)."""
    files = (rules,) if isinstance(rules, str) else tuple(rules)
    program = prepared(files)
    messages: list[str] = []
    # A cut program leaves out the rules that define some atoms its other rules name, and
    # its #defined statements: clingo's warnings about them (two dozen a program, each a
    # call back into Python) would be noise.  Errors are reported all the same.
    quiet = ["--warn=none"] if prune and program.pruning else []
    control = clingo.Control([*quiet, *arguments], logger=lambda _c, m: messages.append(m),
                             message_limit=100)
    started = time.perf_counter()
    # The facts' argument values, by signature, read from the symbols as they are added (no
    # call back into clingo for a fact seen before: ``fact_groups``), for the cut.
    groups: dict[Signature, list[tuple]] = {}
    with control.backend() as backend:
        add = fact_adder(backend)
        if prune and program.pruning:
            groups = fact_groups(facts, add, program.value_names)
        else:
            for symbol in facts:
                add(symbol)
    added: list = []
    if extra:
        ast.parse_string(extra, added.append)
    keep: Sequence[int] | None = None  # the numbers of the statements kept (None: all)
    if prune:
        # The facts' signatures (of positive atoms), as the grounder has them (one call).
        given = {(name, arity) for name, arity, positive in control.symbolic_atoms.signatures if positive}
        try:
            extra_heads = _heads(added)
            # Rules no answer reads are left out too, unless a caller adds statements (they
            # may read any atom).
            keep = program.needed_indices(given | extra_heads, program.fact_values(groups), extra_heads,
                                          None if added else read_besides_shown())
        except _Opaque:
            keep = None
    if not accept(keep if keep is not None else range(program.size)):
        return None  # the caller refused these rules (pysolver/symmetry.py)
    # Grounding every rule (tests looking for encoding errors) adds the syntax trees, whose
    # messages name file:line; a cut program is added as text when it is known.
    program.add_to(control, keep, as_text=prune)
    if added:
        with ast.ProgramBuilder(control) as builder:
            for statement in added:
                builder.add(statement)
    try:
        control.ground([("base", [])])
    except RuntimeError:
        raise EncodingError(_first_line(messages) or "grounding failed") from None
    shown_here = program.shown
    shown_added = shown(added)
    if shown_added is not None:
        shown_here = (program.shown or frozenset()) | shown_added
    return Grounded(control, messages, time.perf_counter() - started,
                    program=", ".join(files), shown=shown_here)


def fact_adder(backend: clingo.Backend) -> Callable[[clingo.Symbol], None]:
    """A function that adds a fact to ``backend``: a rule with the symbol's atom for its head and
    no body (``Backend.add_rule([Backend.add_atom(symbol)])``), through clingo's C functions with
    their buffers made once (issue 16: the Python wrapper allocates three for each fact, about half
    the time of adding a board's facts); through the wrapper where clingo's internals are not as
    this reads them.  The same atoms, rules and errors either way (tests/test_solver.py)."""
    try:
        from clingo._internal import _ffi, _handle_error, _lib

        rep, add_atom, add_rule = backend._rep, _lib.clingo_backend_add_atom, _lib.clingo_backend_rule
        symbol_at, atom_at, head, none = (_ffi.new("clingo_symbol_t*"), _ffi.new("clingo_atom_t*"),
                                          _ffi.new("clingo_atom_t[1]"), _ffi.NULL)
    except (ImportError, AttributeError):
        wrapped_atom, wrapped_rule = backend.add_atom, backend.add_rule

        def add_wrapped(symbol: clingo.Symbol) -> None:
            wrapped_rule([wrapped_atom(symbol)])
        return add_wrapped

    def add(symbol: clingo.Symbol) -> None:
        symbol_at[0] = symbol._rep
        if not add_atom(rep, symbol_at, atom_at):
            _handle_error(False)
        head[0] = atom_at[0]
        if not add_rule(rep, False, head, 1, none, 0):
            _handle_error(False)
    return add


def derives_none(facts: Sequence[clingo.Symbol], rules: str, signatures: frozenset[Signature]) -> bool:
    """Whether the entry program ``rules`` is known, without grounding it, to have a model on
    these facts, and no atom of ``signatures`` in any: no fact is of one, the cut ``ground``
    keeps for them (the same cut, computed once) keeps no rule whose head may be one
    (``_Program.deriving``), and the cut has an answer set whatever the facts
    (``_Program.settled``).  False when any of that is not known: the caller grounds.

    A caller that reads only whether such an atom holds in the first model (``next``'s
    state-based actions: issue 16, about a quarter of its checks find nothing) need not
    ground: the grounding would give a first model, and it would hold none."""
    program = prepared((rules,))
    if not program.pruning:
        return False
    given = fact_signatures(facts)
    if not given.isdisjoint(signatures):
        return False
    try:
        keep = program.needed_indices(given, program.fact_values(fact_groups(facts, None, program.value_names)), (),
                                      read_besides_shown())
    except _Opaque:
        return False
    return program.deriving(signatures).isdisjoint(keep) and program.settled(keep)


# The signature of each positive fact (None: a negative one), by the symbol's interned number,
# for the facts seen lately (``fact_signatures``).
_SIGNATURES: dict[int, Signature | None] = {}


def fact_signatures(facts: Iterable[clingo.Symbol]) -> set[Signature]:
    """The signatures of the positive facts: those ``ground_if`` reads from the grounder
    (``control.symbolic_atoms.signatures``) once the facts alone are added."""
    known = _SIGNATURES
    if len(known) >= FACTS_KEPT:
        known.clear()
    found: set[Signature] = set()
    for symbol in facts:
        key = _REPRESENTATION(symbol)
        try:
            signature = known[key]
        except KeyError:
            signature = known[key] = None if symbol.negative else (symbol.name, len(symbol.arguments))
        if signature is not None:
            found.add(signature)
    return found


# What the cut reads of each fact (``fact_groups``), by the symbol's interned number, for the
# facts seen lately: most facts come back board after board (a card's facts, a board's for each
# query on it), and reading a symbol's arguments crosses into clingo for each (issue 16: reading
# the facts' values through ``control.symbolic_atoms`` was a tenth of the Python time of a
# grounding).  A large board's facts are not all kept (each ~0.5 kB: 0.12 GB at the object cap).
FACTS_KEPT = 1 << 15  # at most ~17 MB (the ruling corpus has ~20,000 distinct facts)
_FACTS: dict[int, tuple] = {}
# The facts of one signature whose values the cut reads (``_Program.fact_values``): with more,
# their values count as any (more rules kept), and the values of the others are not read (the
# time of a large board: a call into clingo for each argument).
FACT_SCAN = 4096


def fact_groups(facts: Iterable[clingo.Symbol], add: Callable[[clingo.Symbol], None] | None = None,
                names: AbstractSet[str] | None = None) -> dict[Signature, list[tuple]]:
    """The values of the arguments of these facts (each a function symbol), by signature (the
    first FACT_SCAN + 1 of a signature: what ``_Program.fact_values`` reads); only the facts
    named ``names`` when it is given (those whose values the cut reads); ``add`` is called on
    each fact (``ground_if`` adds them to the grounder as it reads them)."""
    groups: dict[Signature, list[tuple]] = {}
    known = _FACTS
    if len(known) >= FACTS_KEPT:
        known.clear()
    for symbol in facts:
        if add is not None:
            add(symbol)
        key = _REPRESENTATION(symbol)  # interned: equal symbols, equal numbers (each_model)
        found = known.get(key)
        if found is None:
            if symbol.negative:
                continue  # -p(...): no positive body atom reads it
            name = symbol.name
            if names is not None and name not in names:
                continue  # no value of it is read
            arguments = symbol.arguments
            signature = (name, len(arguments))
            kept = groups.get(signature)
            if kept is not None and len(kept) > FACT_SCAN:
                continue
            found = (signature, tuple(value_of(argument) for argument in arguments))
            if len(known) < FACTS_KEPT:
                known[key] = found
        kept = groups.get(found[0])
        if kept is None:
            groups[found[0]] = [found[1]]
        elif len(kept) <= FACT_SCAN:
            kept.append(found[1])
    return groups


# ``ground_shared``: the groundings kept (the last few), and the most facts a kept one may have
# (a large board's ground program is not held on to after its query).
SHARED_KEPT = 4
SHARED_MOST_FACTS = 5_000
_SHARED: dict[tuple, Grounded] = {}


def ground_shared(facts: Iterable[clingo.Symbol], rules: str) -> Grounded:
    """``ground``, for a caller that only reads the grounding (``Reader``, ``first_model``, the
    atoms grounding decided): the same facts and entry program give the same ground program,
    so the last few are kept and given again (issue 16: can-activate and mana ground the same
    facts for every ability of a permanent; ``activated_abilities`` too).  A caller that solves
    with assumptions or changes the Control's configuration uses ``ground``.

    Kept per ``ground`` function: a test that wraps ``solver.ground`` (tests/corpus_checks.py)
    sees every grounding made while it watches."""
    facts = tuple(facts)
    grounder = ground  # this module's, as it is now (a test may have replaced it)
    if len(facts) > SHARED_MOST_FACTS:
        return grounder(facts, rules)
    key = (grounder, rules, facts)
    found = _SHARED.pop(key, None)
    if found is None:
        found = grounder(facts, rules)
        if len(_SHARED) >= SHARED_KEPT:
            del _SHARED[next(iter(_SHARED))]  # the least recently used
    _SHARED[key] = found
    return found


Signature = tuple[str, int]


def read_besides_shown() -> frozenset[Signature]:
    """The signatures Python reads from a grounding that its entry program may not #show:
    the predicates declared ``kind="grounding"`` (pysolver/predicates.py; query/bounds.py),
    found again when one more predicate is declared."""
    from pysolver import predicates

    declared, found = _READ_BESIDES_SHOWN
    if declared != len(predicates.SPECS):
        found = frozenset(spec.signature for spec in predicates.SPECS.values() if spec.kind == "grounding")
        _READ_BESIDES_SHOWN[:] = [len(predicates.SPECS), found]
    return found


_READ_BESIDES_SHOWN: list = [-1, frozenset()]  # (predicates declared, their signatures read unshown)


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


# The value of an argument, as far as the cut compares them: ("n", 3), ("s", "text"),
# ("f", name, arity) (a constant is a function of arity 0; a tuple has the name "").
Value = tuple
ANY = None  # an argument that may hold any value (a variable in a head, arithmetic...)


def value_of(symbol: clingo.Symbol) -> Value | None:
    """The value of a ground argument (None for -f(...), #inf, #sup: never a body constant)."""
    kind = symbol.type
    if kind == clingo.SymbolType.Number:
        return ("n", symbol.number)
    if kind == clingo.SymbolType.String:
        return ("s", symbol.string)
    if kind == clingo.SymbolType.Function and not symbol.negative:
        return ("f", symbol.name, len(symbol.arguments))
    return None


def _term_value(term) -> Value | None:
    """The value every instance of a term has, if the term fixes it (a number, a string,
    a constant, or a function's name and arity); None for variables, arithmetic, pools..."""
    kind = term.ast_type
    if kind == ast.ASTType.SymbolicTerm:
        return value_of(term.symbol)
    if kind == ast.ASTType.Function and not term.external:
        return ("f", term.name, len(term.arguments))
    return None


def _body_values(rule) -> frozenset[tuple[Signature, int, Value]]:
    """The argument values a rule's plain positive body atoms fix: (p/2, 1, tap) for
    p(X, tap).  Without an atom of p/2 with tap second, the rule has no ground instance."""
    found = set()
    for signature, position, argument in _positive_arguments(rule):
        value = _term_value(argument)
        if value is not None:
            found.add((signature, position, value))
    return frozenset(found)


def _positive_arguments(rule) -> Iterator[tuple[Signature, int, Any]]:
    """(signature, place, argument) of each argument of a rule's plain positive body atoms."""
    for literal in rule.body:
        if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign:
            signature = _signature(literal.atom)
            if signature is not None:
                for position, argument in enumerate(literal.atom.symbol.arguments):
                    yield signature, position, argument


def _head_terms(statement) -> list:
    """The atoms a statement may derive, as terms p(...) (``_head_values``, ``_copies``)."""
    if statement.ast_type == ast.ASTType.External:
        atoms = [statement.atom.symbol]
    elif statement.ast_type == ast.ASTType.Rule:
        atoms = []
        for atom in _head_atoms(statement.head):
            if atom.ast_type == ast.ASTType.SymbolicAtom:
                symbol = atom.symbol
                atoms += symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]
    else:
        return []
    return [term for term in atoms if term.ast_type == ast.ASTType.Function and not term.external]


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "Equal": lambda a, b: a == b, "NotEqual": lambda a, b: a != b, "LessThan": lambda a, b: a < b,
    "LessEqual": lambda a, b: a <= b, "GreaterThan": lambda a, b: a > b, "GreaterEqual": lambda a, b: a >= b}


def _holds_at(operator, left: int, right: int) -> bool:
    return _COMPARE[ast.ComparisonOperator(operator).name](left, right)


def _number_or(term, variable: str | None, value: int) -> int | None:
    """A term's number: a number, or ``variable`` (taken as ``value``); else None."""
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Number:
        return term.symbol.number
    if variable is not None and term.ast_type == ast.ASTType.Variable and term.name == variable:
        return value
    return None


def _fails_when_empty(aggregate, body) -> bool:
    """Whether a body aggregate #count, #sum or #sum+ with no element fails the rule: its
    value 0 against a guard that is a number (#count { ... } > 0), or, as a variable
    (N = #count { ... }), against a comparison of the body of N with a number (N > 0)."""
    if aggregate.function not in (ast.AggregateFunction.Count, ast.AggregateFunction.Sum,
                                  ast.AggregateFunction.SumPlus):
        return False
    bound: str | None = None
    for guard, on_left in ((aggregate.left_guard, True), (aggregate.right_guard, False)):
        if guard is None:
            continue
        number = _number_or(guard.term, None, 0)
        if number is not None:
            if not (_holds_at(guard.comparison, number, 0) if on_left else _holds_at(guard.comparison, 0, number)):
                return True
        elif guard.comparison == ast.ComparisonOperator.Equal and guard.term.ast_type == ast.ASTType.Variable:
            bound = guard.term.name
    if bound is None:
        return False
    for literal in body:
        if (literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign
                or literal.atom.ast_type != ast.ASTType.Comparison):
            continue
        left = _number_or(literal.atom.term, bound, 0)
        for guard in literal.atom.guards:
            right = _number_or(guard.term, bound, 0)
            if left is not None and right is not None and not _holds_at(guard.comparison, left, right):
                return True
            left = right
    return False


def _nonempty(rule) -> tuple:
    """For each body aggregate without which the rule has no instance when it is empty
    (``_fails_when_empty``), the needs of each of its elements: the required signatures and
    the values of its condition's plain positive atoms (``_needs``).  The rule has an
    instance only if one element's needs are met."""
    found = []
    for literal in rule.body:
        if (literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign
                and literal.atom.ast_type == ast.ASTType.BodyAggregate
                and _fails_when_empty(literal.atom, rule.body)):
            found.append(tuple(_needs(element.condition) for element in literal.atom.elements))
    return tuple(found)


def _needs(literals) -> tuple:
    """The signatures of these literals' plain positive atoms and the values they fix."""
    required: set[Signature] = set()
    values: set[tuple[Signature, int, Value]] = set()
    for literal in literals:
        if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign:
            signature = _signature(literal.atom)
            if signature is None:
                continue
            required.add(signature)
            for position, argument in enumerate(literal.atom.symbol.arguments):
                value = _term_value(argument)
                if value is not None:
                    values.add((signature, position, value))
    return (tuple(sorted(required)), tuple(sorted(values)))


def _head_values(statement) -> list[tuple[Signature, tuple[Value | None, ...]]]:
    """Each atom a statement may derive: its signature and each argument's value (ANY
    where the value isn't fixed)."""
    return [((term.name, len(term.arguments)), tuple(_term_value(a) for a in term.arguments))
            for term in _head_terms(statement)]


def _copies(rule) -> tuple:
    """The head arguments a rule copies from its body: (k, place, sources) for the k-th atom
    of ``_head_values`` whose argument at ``place`` is a variable that some plain positive
    body atoms hold as a whole argument, at the (signature, place)s ``sources``: each
    instance of the head has there a value each of those has there (p(X, T) :- q(X, T)
    gives second only values q/2 may have second)."""
    bound = _bound_places(rule)
    found = []
    for k, term in enumerate(_head_terms(rule)):
        for position, argument in enumerate(term.arguments):
            if argument.ast_type == ast.ASTType.Variable and argument.name in bound:
                found.append((k, position, bound[argument.name]))
    return tuple(found)


def _bound_places(rule) -> dict[str, tuple[tuple[Signature, int], ...]]:
    """Each variable some plain positive body atoms of a rule hold as a whole argument, and
    the (signature, place)s where they hold it."""
    bound: dict[str, set[tuple[Signature, int]]] = {}
    for signature, position, argument in _positive_arguments(rule):
        if argument.ast_type == ast.ASTType.Variable and argument.name != "_":
            bound.setdefault(argument.name, set()).add((signature, position))
    return {name: tuple(sorted(places)) for name, places in bound.items()}


def _comparisons(rule) -> tuple:
    """The comparisons of a rule's body between numbers and variables that plain positive body
    atoms hold (``_bound_places``): (left, operator, right), a side ("p", places) or ("n", N)
    (I < J of tu_step(A, I, _), tu_step(A, J, _); L <= 0 of life(P, L)).  Without values at
    those places that can compare so, the rule has no instance.  Read only against a number,
    or between two variables held at a common place, and not !=: the others (timestamps
    compared, O != Q) almost never fail, and the ranges of their places cost every board a
    scan of its facts (issue 16)."""
    bound = _bound_places(rule)

    def side(term) -> tuple | None:
        if term.ast_type == ast.ASTType.Variable and term.name in bound:
            return ("p", bound[term.name])
        number = _number_or(term, None, 0)
        return None if number is None else ("n", number)

    found = []
    for literal in rule.body:
        if (literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign
                or literal.atom.ast_type != ast.ASTType.Comparison):
            continue
        left = side(literal.atom.term)
        for guard in literal.atom.guards:
            right = side(guard.term)
            if (left is not None and right is not None and "p" in (left[0], right[0])
                    and guard.comparison != ast.ComparisonOperator.NotEqual
                    and ("n" in (left[0], right[0]) or set(left[1]) & set(right[1]))):
                found.append((left, int(guard.comparison), right))
            left = right
    return tuple(found)


def _normal(rule) -> bool:
    """Whether a rule is p(...) :- Body: one plain atom in its head (no choice, disjunction,
    head aggregate, pool, classical negation or #false), whatever its body holds."""
    head = rule.head
    return head.ast_type == ast.ASTType.Literal and head.sign == ast.Sign.NoSign and _signature(head.atom) is not None


def _sorted_nonpositive(rule) -> tuple:
    """The signatures a rule's body names other than positively: under 'not', in a condition
    (``a : b`` holds when b fails) or in an aggregate that can count down (``_monotone``); a
    comparison names none."""
    found: set[Signature] = set()
    for literal in rule.body:
        if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign and (
                literal.atom.ast_type in (ast.ASTType.SymbolicAtom, ast.ASTType.Comparison) or _monotone(literal.atom)):
            continue
        found |= _mentions(literal)
    return tuple(sorted(found))


def _monotone(atom) -> bool:
    """Whether a body aggregate only gains truth as atoms its elements name become true: a count,
    a sum+ or a sum of constant weights ≥ 0 bounded below only (``2 <= #count{...}``), a max
    bounded below, a min bounded above, each element's condition plain positive atoms and
    comparisons.  Any other aggregate may hold with fewer atoms and fail with more
    (``#count{1: p} < 1``, ``N = #sum{...}``): a cycle through it may have no answer set, or
    several."""
    if atom.ast_type == ast.ASTType.Aggregate:  # 1 { p; q }: a count
        function, elements = ast.AggregateFunction.Count, atom.elements
        conditions = [[element.literal, *element.condition] for element in elements]
    elif atom.ast_type == ast.ASTType.BodyAggregate:
        function, elements = atom.function, atom.elements
        conditions = [list(element.condition) for element in elements]
        if function == ast.AggregateFunction.Sum and not all(
                element.terms and element.terms[0].ast_type == ast.ASTType.SymbolicTerm
                and element.terms[0].symbol.type == clingo.SymbolType.Number and element.terms[0].symbol.number >= 0
                for element in elements):
            return False
    else:
        return False
    # the guards as 'bound op aggregate': a right guard 'aggregate op bound' turned around
    lower = {ast.ComparisonOperator.LessThan, ast.ComparisonOperator.LessEqual}
    upper = {ast.ComparisonOperator.GreaterThan, ast.ComparisonOperator.GreaterEqual}
    turned = {ast.ComparisonOperator.GreaterThan: ast.ComparisonOperator.LessThan,
              ast.ComparisonOperator.GreaterEqual: ast.ComparisonOperator.LessEqual,
              ast.ComparisonOperator.LessThan: ast.ComparisonOperator.GreaterThan,
              ast.ComparisonOperator.LessEqual: ast.ComparisonOperator.GreaterEqual}
    guards = [atom.left_guard.comparison] if atom.left_guard is not None else []
    if atom.right_guard is not None:
        guards.append(turned.get(atom.right_guard.comparison, atom.right_guard.comparison))
    wanted = upper if function == ast.AggregateFunction.Min else lower
    return all(guard in wanted for guard in guards) and all(
        literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign
        and literal.atom.ast_type in (ast.ASTType.SymbolicAtom, ast.ASTType.Comparison)
        for condition in conditions for literal in condition)


# A body literal's signatures depend on it positively, negatively ('not'), or either way (under
# 'not not', in an aggregate or a condition: an aggregate may count down, a condition holds when
# its condition fails): ``_settling``.
POSITIVE, NEGATIVE, EITHER = range(3)
@cache
def _plain_statements() -> tuple:
    """The statements other than rules that can't take a model away (``_Program.settled``): read
    when a program is analysed, never as the module is imported (clingo.ast stays unloaded for a
    query that parses nothing: the smallest query's start, issue 16)."""
    return (ast.ASTType.Program, ast.ASTType.ShowSignature, ast.ASTType.ShowTerm, ast.ASTType.Definition,
            ast.ASTType.Defined, ast.ASTType.Comment)


def _settling(rule) -> tuple | None:
    """What ``_Program.settled`` reads of a rule: the signatures of its head when the head is
    plain atoms (p(X), or a pool p(X;Y): one rule for each; not a choice, a disjunction, an
    aggregate, -p(X) or #false), and each signature its body names with how it depends on it
    (POSITIVE, NEGATIVE, EITHER); None for any other head."""
    head = rule.head
    if head.ast_type != ast.ASTType.Literal or head.sign != ast.Sign.NoSign \
            or head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    symbol = head.atom.symbol
    terms = symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]
    if any(term.ast_type != ast.ASTType.Function or term.external for term in terms):
        return None
    edges: set[tuple[Signature, int]] = set()
    for literal in rule.body:
        how = EITHER
        if literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.SymbolicAtom:
            how = {ast.Sign.NoSign: POSITIVE, ast.Sign.Negation: NEGATIVE}.get(literal.sign, EITHER)
        edges.update((signature, how) for signature in _mentions(literal))
    return tuple(sorted({(term.name, len(term.arguments)) for term in terms})), tuple(sorted(edges))


def _unstratified(heads: list[Signature | None], mentions: list[tuple], nonpositive: list[tuple]
                  ) -> tuple[set[Signature], dict[Signature, int]]:
    """The head signatures of the normal rules (``heads``: each rule's, None for a rule that is
    not normal) that lie on a cycle of their dependencies through a signature named other than
    as a plain positive body atom ('not', an aggregate, a condition): an answer set of the rest
    may extend to none or to several answer sets of such rules (``a :- not a.``, ``a :- not b.
    b :- not a.``).  The other normal rules are stratified: however many of them a cut leaves
    out, those form a program with exactly one answer set over the rest (``read_cut``).

    Also the strongly connected component of each head (``_components``): a board whose facts
    fire only some rules of a component may break its cycles (``_Program.read_cut``)."""
    defined = {head for head in heads if head is not None}
    edges: dict[Signature, set[Signature]] = {}
    negative: set[tuple[Signature, Signature]] = set()
    for head, named, below in zip(heads, mentions, nonpositive, strict=True):
        if head is None:
            continue
        targets = edges.setdefault(head, set())
        for signature in map(tuple, named):
            if signature in defined:
                targets.add(signature)
        for signature in map(tuple, below):
            if signature in defined:
                negative.add((head, signature))
    component = _components(edges)
    return {head for head, signature in negative if component[head] == component[signature]}, component


def _stratified_here(rules: list[tuple[int, Signature, frozenset[Signature], frozenset[Signature]]]
                     ) -> set[Signature]:
    """``_unstratified`` over some rules of one strongly connected component of a program
    (statement, head, signatures named, those named other than positively): the heads that
    still lie on a cycle through 'not' or an aggregate when only these rules can fire.  A
    component of these rules lies inside the program's, so signatures outside it are none of
    their cycles."""
    heads = {head for _index, head, _names, _below in rules}
    edges: dict[Signature, set[Signature]] = {}
    negative: set[tuple[Signature, Signature]] = set()
    for _index, head, names, below in rules:
        edges.setdefault(head, set()).update(names & heads)
        negative.update((head, signature) for signature in below & heads)
    component = _components(edges)
    return {head for head, signature in negative if component[head] == component[signature]}


def _components(edges: dict[Signature, set[Signature]]) -> dict[Signature, int]:
    """The strongly connected component of each node of a graph (Tarjan's algorithm, without
    recursion), numbered."""
    index: dict[Signature, int] = {}
    low: dict[Signature, int] = {}
    component: dict[Signature, int] = {}
    stack: list[Signature] = []
    on_stack: set[Signature] = set()
    for root in edges:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(edges.get(root, ()))))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                number = len(set(component.values()))
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component[member] = number
                    if member == node:
                        break
    return component


def _mentions(statement) -> set[Signature]:
    """Every predicate signature a statement names, anywhere in it (-p(X) names p/1)."""
    found: set[Signature] = set()
    below = [statement]
    while below:
        node = below.pop()
        if node.ast_type != ast.ASTType.SymbolicAtom:
            for key in node.child_keys:
                child = getattr(node, key)
                if isinstance(child, ast.ASTSequence):
                    below.extend(child)
                elif child is not None:
                    below.append(child)
            continue
        symbol = node.symbol
        for term in symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]:
            if term.ast_type == ast.ASTType.UnaryOperation:
                term = term.argument
            if term.ast_type != ast.ASTType.Function:
                raise _Opaque(str(term.ast_type))
            found.add((term.name, len(term.arguments)))
    return found


# Each statement's analysis, once per process for a statement of the same text at the same
# place: the entry programs #include the same files, so one statement is met in many of them
# (16,810 statements in the 20 entry programs, 2,001 distinct; walking their syntax trees
# once each instead of once per program cut the first build of every program's analysis from
# 16 s to 2 s of CPU, issue 16).  The place is part of the key: an anonymous variable is
# named by its place (rule_symmetry._variables).
_BY_STATEMENT: dict[tuple, Any] = {}


def _place(statement, text: str | None = None) -> tuple:
    """A statement's text and place: what ``per_statement`` keys its values by (``text``: its
    text, when the caller printed it already).  The file's path is normalised: an entry program
    includes ``query/../objects.lp`` where main.lp includes ``objects.lp``, the same file (no
    value computed of a statement reads its file's name), and main.lp's analysis, which each
    test run makes after the entry programs', analysed every rule again (issue 16)."""
    begin = statement.location.begin
    return (str(statement) if text is None else text, os.path.normpath(begin.filename), begin.line, begin.column)


def per_statement(function: Callable[[Any], Any], statement, place: tuple | None = None) -> Any:
    """``function(statement)``, computed once per process for each statement text and place
    (an ``_Opaque`` it raises is raised again).  The value is shared: callers don't change it.
    ``place``: the statement's ``_place``, when the caller has it (printing a statement and
    reading its place cross into clingo for each node: ``analyse`` reads them once a statement,
    not once a function, issue 16)."""
    key = (function.__qualname__, function.__module__, *(_place(statement) if place is None else place))
    try:
        found = _BY_STATEMENT[key]
    except KeyError:
        try:
            found = function(statement)
        except _Opaque as opaque:
            found = opaque
        _BY_STATEMENT[key] = found
    if isinstance(found, _Opaque):
        raise found
    return found


def _rule_analysis(rule) -> tuple:
    """What ``analyse`` keeps of a rule: its required and head signatures, its body's values,
    its heads' values, the head arguments it copies, the aggregates it needs nonempty and
    its comparisons."""
    return (tuple(sorted(_required(rule))), tuple(sorted(_head_signatures(rule.head))),
            tuple(sorted(_body_values(rule))), tuple(_head_values(rule)), _copies(rule), _nonempty(rule),
            _comparisons(rule))


def _sorted_mentions(statement) -> tuple:
    return tuple(sorted(_mentions(statement)))


def _statement_heads(statement) -> frozenset[Signature]:
    """``_heads`` of one statement."""
    return frozenset(_heads((statement,)))


def _normal_head(rule) -> Signature | None:
    """The signature of a normal rule's head (``_normal``), else None."""
    return _signature(rule.head.atom) if _normal(rule) else None


def analyse(statements: tuple, texts: Sequence[str] | None = None) -> dict[str, Any]:
    """What the rule cut (``_Program.needed``) needs to know of each statement, as a JSON
    value: walking clingo's syntax trees costs more than the smallest query's grounding, so
    ``prepared`` keeps it on disk (pysolver/cache.py) under the hash of the encodings.
    ``texts``: the statements' texts, when the caller printed them already.

    Each statement's kind, text and place are read from clingo once (each crosses into clingo
    for every node), and every value of a statement is computed once a process for its text
    and place (``per_statement``): 20 entry programs hold about 2,000 distinct statements in
    17,000 (issue 16: printing each statement once per value made the analysis of every entry
    program, which a run with an empty cache folder makes first, 7.1-7.3 s of CPU, now 5.3-6.0)."""
    kinds = [statement.ast_type for statement in statements]
    places = [_place(statement, None if texts is None else texts[index]) for index, statement in enumerate(statements)]

    def once(function: Callable[[Any], Any], index: int) -> Any:
        return per_statement(function, statements[index], places[index])

    rules: list[list[Any]] = []
    values: list[list[Any]] = []
    head_values: list[list[Any]] = []
    copies: list[list[Any]] = []
    nonempty: list[tuple[int, int, Any]] = []
    comparisons: list[list[Any]] = []
    kept: list[int] = []
    pruning = True
    rule_kind = ast.ASTType.Rule
    try:
        for index, kind in enumerate(kinds):
            if kind == rule_kind:
                required, heads, body_values, rule_head_values, rule_copies, needs, compared = once(
                    _rule_analysis, index)
                comparisons.append(list(compared))
                if needs:
                    nonempty.append((len(rules), index, needs))
                rules.append([index, list(required), list(heads)])
                values.append(list(body_values))
                head_values.append(list(rule_head_values))
                copies.append(list(rule_copies))
            else:
                kept.append(index)
        always = sorted(set().union(*(once(_statement_heads, i) for i in kept)))
    except _Opaque:
        pruning, always = False, []
    try:  # what the cut of unread rules needs (``_Program.read_cut``)
        mentions = [once(_sorted_mentions, index) for index, *_ in rules]
        heads = [once(_normal_head, index) for index, *_ in rules]
        nonpositive = [once(_sorted_nonpositive, index) for index, *_ in rules]
        unstratified, component = _unstratified(heads, mentions, nonpositive)
        # A rule whose head shares a component with an unstratified head: judged again over
        # the rules a board's facts can fire (``_Program.read_cut``), with its component and
        # the signatures its body names other than positively.
        cyclic = {component[head] for head in unstratified}
        unread: dict[str, Any] | None = {
            "removable": [head is not None and head not in unstratified for head in heads],
            "mentions": [list(found) for found in mentions],
            "kept_mentions": sorted(set().union(*(once(_sorted_mentions, i) for i in kept))),
            "cyclic": [[component[head], list(below)] if head is not None and component[head] in cyclic else None
                       for head, below in zip(heads, nonpositive, strict=True)],
        }
    except _Opaque:
        unread = None
    try:  # what ``_Program.settled`` needs: each rule's plain heads and signed body signatures
        settling: list | None = [once(_settling, index) for index, *_ in rules]
        plain = all(kinds[index] in _plain_statements() for index in kept)
    except _Opaque:
        settling, plain = None, False
    # A body aggregate that fails when empty (``_nonempty``): the rule requires a signature of
    # its own, the head of a rule for each element (numbered -1: no statement) with the
    # element's needs as its body.
    for number, index, needs in nonempty:
        begin = statements[index].location.begin
        for k, elements in enumerate(needs):
            signature = [f"#nonempty {begin.filename}:{begin.line}:{begin.column}:{k}", 0]
            rules[number][1].append(signature)
            for required, element_values in elements:
                rules.append([-1, list(required), [signature]])
                values.append(list(element_values))
                head_values.append([])
                copies.append([])
                comparisons.append([])
    always_values = [found for i in kept for found in once(_head_values, i)]
    # #const n = ...: an argument n is the value it is defined as (given on the command line,
    # perhaps), not the constant n: a body fixes nothing there and a head may give any value
    definition = ast.ASTType.Definition
    defined = {("f", statements[index].name, 0) for index, kind in enumerate(kinds) if kind == definition}
    if defined:
        values = [[found for found in body if found[2] not in defined] for body in values]
        head_values = [_without_defined(found, defined) for found in head_values]
        always_values = _without_defined(always_values, defined)
    return {"pruning": pruning, "rules": rules, "values": values, "head_values": head_values, "copies": copies,
            "comparisons": comparisons, "kept": kept, "always": always, "always_values": always_values,
            "unread": unread, "settling": settling, "plain_statements": plain}


def _without_defined(head_values: list, defined: set[Value]) -> list:
    """Head values with each argument named by a #const (``defined``) read as any value."""
    return [(signature, tuple(ANY if value in defined else value for value in arguments))
            for signature, arguments in head_values]


def _signature_of(data: Any) -> Signature:
    return (data[0], data[1])


def _value_of(data: Any) -> Value | None:
    return None if data is None else tuple(data)


EMPTY: Any = ()  # no value yet at a numeric place (``_Program._needed_numbers``)
# The kinds of steps of a plan (``_Program._plan``).
PUT, PUT_ANY, COPY, WIDEN, WIDEN_ANY, COPY_RANGE = range(6)


def _range(side: tuple, ranges: dict) -> tuple:
    """The least and greatest number a side of a comparison may be: a number itself; at
    places (a variable held at each), the range every place may hold (ANY, ANY: any value,
    EMPTY, EMPTY: none)."""
    kind, found = side
    if kind == "n":
        return found, found
    low = high = None
    for place in found:
        now = ranges.get(place, EMPTY)
        if now is EMPTY:
            return EMPTY, EMPTY
        if now is ANY:
            continue
        low = now[0] if low is None else max(low, now[0])
        high = now[1] if high is None else min(high, now[1])
    if low is None:
        return ANY, ANY
    if low > high:
        return EMPTY, EMPTY
    return low, high


# clingo.ast.ComparisonOperator's numbers (clingo's C API), so that the cut compares without
# importing the syntax trees (2.6 ms, the smallest query's first cut: issue 16);
# tests/test_rule_cut.py holds them to clingo's.
GREATER_THAN, LESS_THAN, LESS_EQUAL, GREATER_EQUAL, NOT_EQUAL, EQUAL = range(6)


def _may_compare(operator: int, low: int, high: int, low_right: int, high_right: int) -> bool:
    """Whether some number in [low, high] and some in [low_right, high_right] compare so
    (clingo.ast.ComparisonOperator)."""
    if operator == LESS_THAN:
        return low < high_right
    if operator == LESS_EQUAL:
        return low <= high_right
    if operator == GREATER_THAN:
        return high > low_right
    if operator == GREATER_EQUAL:
        return high >= low_right
    if operator == EQUAL:
        return low <= high_right and low_right <= high
    return not (low == high == low_right == high_right)  # NotEqual


def _side_of(data: Any) -> tuple:
    """A side of a comparison (``_comparisons``) as tuples."""
    kind, found = data
    return (kind, found) if kind == "n" else (kind, tuple((_signature_of(signature), at) for signature, at in found))


def _head_values_of(data: Any) -> list[tuple[Signature, tuple[Value | None, ...]]]:
    return [(_signature_of(signature), tuple(_value_of(v) for v in arguments)) for signature, arguments in data]


# How many cuts a program remembers (a few hundred statements' references each).
CUTS_KEPT = 1024
# A verify run keeps the cuts it computes on disk for the next run (``keeping_cuts``): at most
# this many a program (each some 200 bytes), the oldest forgotten first.
CUTS_STORED = 1 << 15
# A program added to this many Controls in one process is added as syntax trees from then on,
# each statement parsed the first time it is kept (``_Program.add_to``); a query's run (a few
# groundings) parses nothing.
PARSE_AFTER = 8


def _without_declarations(statements: tuple, kept: list[int]) -> list[int]:
    """``kept`` without #defined statements and repeated "#program base." statements."""
    found: list[int] = []
    seen_program = False
    for index in kept:
        statement = statements[index]
        if statement.ast_type == ast.ASTType.Defined:
            continue
        if statement.ast_type == ast.ASTType.Program:
            if statement.name != "base" or statement.parameters:
                return list(kept)  # another program part: leave the statements as they are
            if seen_program:
                continue
            seen_program = True
        found.append(index)
    return found


def _cut_key(given: AbstractSet[Signature], values: dict[tuple[Signature, int], set[Value]] | None,
             any_value: Iterable[Signature]) -> Any:
    """What a cut depends on: the facts' signatures, the values they hold, ``any_value``."""
    return (frozenset(given), None if values is None else frozenset(
        (place, ANY if found is ANY else frozenset(found)) for place, found in values.items()),
        frozenset(any_value))


class _Program:
    """The parsed statements of some encoding files, ready to be cut to a board's facts.

    A rule can fire only if every plain positive body atom can hold: its signature given
    as a fact or the head of a rule that can fire itself, and each argument the atom fixes
    (``kind(A, mana)``: mana second) in a fact or such a head at that place, or a head with
    any value there; a head argument that is a variable of the body's atoms gives only the
    values each of those may have there (``_copies``); a body aggregate that fails when empty
    needs an element that can hold (``_nonempty``); a comparison with a number, or of two
    values of one place, needs numbers there that can compare so (``_comparisons``: the least
    and greatest number each place may hold).  A least fixed point, an over-approximation of
    what the grounder instantiates.  The rules left out have no ground instance, so the ground program is
    unchanged.  Grounding every rule regardless (``prune=False``) is how tests find an
    encoding error in a rule no board reaches."""

    # What the analysis gives, kept on disk as it is in memory (``state``, ``prepared``).
    STATE = ("texts", "size", "shown", "pruning", "rules", "kept", "kept_when_cut", "always",
             "values", "head_values", "removable", "mentions", "kept_mentions", "cyclic", "rule_number",
             "always_values", "wanted", "waiting", "waiting_value", "body_size", "copies", "copy_from", "comparisons",
             "numeric", "comparing", "range_from", "plans", "always_plan", "reads", "settling", "plain_statements")

    def __init__(self, statements: tuple | None, analysis: dict[str, Any] | None = None,
                 files: tuple[str, ...] = (), inputs: list[tuple[str, bytes]] | None = None,
                 state: dict[str, Any] | None = None):
        # The syntax trees, parsed when first asked for: a program whose analysis was kept
        # on disk (``prepared``) is added to a Control as the statements' text (issue 16:
        # parsing the encodings was a tenth of the smallest query).
        self._statements = statements
        self.files = files
        self.inputs = inputs  # what the analyses kept on disk are keyed by (None: not kept)
        self._shapes: list | None = None
        self.uses = 0  # how many Controls it was added to (``add_to``)
        self.trees: dict[int, Any] = {}  # the statements parsed one by one (``tree``), by number
        # The cut for each set of facts' signatures and values seen (many boards share one):
        # the statements' numbers, and the statements.
        self.cuts: dict[Any, tuple[int, ...]] = {}
        self.cut_statements: dict[Any, tuple] = {}
        # The cuts kept on disk, by the digest of their key (``keeping_cuts``; None: not read),
        # and those computed since they were read or last handed over (``take_new_cuts``).
        self.stored_cuts: dict[bytes, bytes] | None = None
        self.new_cuts: dict[bytes, bytes] = {}
        self._base: tuple | None = None  # the fixed point of no facts (``_closure``)
        self._settled: dict[tuple[int, ...], bool] = {}  # ``settled``, by the statements kept
        self._deriving: dict[frozenset[Signature], frozenset[int]] = {}  # ``deriving``, by the signatures
        self._stratified: dict[tuple[int, ...], set[Signature]] = {}  # ``read_cut``, by a component's rules fired
        if state is not None:  # built before (``state``): nothing to compute
            self.__dict__.update(state)
            return
        data = analysis if analysis is not None else analyse(self.statements)
        self.texts: list[str] | None = data.get("texts")
        self.size = len(self.texts) if self.texts is not None else len(self.statements)
        if "shown" in data:
            self.shown = None if data["shown"] is None else frozenset(map(_signature_of, data["shown"]))
        else:
            self.shown = shown(self.statements)
        self.pruning: bool = data["pruning"]
        # A signature is kept as a pair [name, arity] (tuple() of it: no call per signature).
        self.rules: list[tuple[int, frozenset[Signature], frozenset[Signature]]] = [
            (index, frozenset(map(tuple, required)), frozenset(map(tuple, heads)))
            for index, required, heads in data["rules"]]
        self.kept: list[int] = data["kept"]  # statements always kept (all but rules)
        # ... of which a cut program needs neither the #defined statements (they only
        # silence warnings: see ``ground``) nor a second "#program base." (each file
        # starts with one): they were 60% of the statements added for a ruling case.
        self.kept_when_cut: list[int] = (data["kept_when_cut"] if "kept_when_cut" in data
                                         else _without_declarations(self.statements, self.kept))
        self.always = frozenset(map(_signature_of, data["always"]))
        # The argument values the rules' bodies fix, by signature and place (``wanted``),
        # and the values each rule's heads may give there.
        self.values: list[frozenset[tuple[Signature, int, Value]]] = [
            frozenset((_signature_of(signature), position, _value_of(value)) for signature, position, value in needs)
            for needs in data["values"]]
        self.head_values = [_head_values_of(found) for found in data["head_values"]]
        # The cut of unread rules (``read_cut``): which rules it may leave out, what each statement names.
        unread = data.get("unread")
        self.removable: list[bool] | None = None if unread is None else unread["removable"]
        self.mentions: list[frozenset[Signature]] = [] if unread is None else [
            frozenset(map(_signature_of, found)) for found in unread["mentions"]]
        self.kept_mentions: frozenset[Signature] = frozenset(
            () if unread is None else map(_signature_of, unread["kept_mentions"]))
        # Each rule on a cycle through 'not' or an aggregate, judged again by the facts: its
        # component and what its body names other than positively (None: another rule).
        self.cyclic: list[tuple[int, frozenset[Signature]] | None] = [
            None if found is None else (found[0], frozenset(map(_signature_of, found[1])))
            for found in ([] if unread is None else unread["cyclic"])]
        self.rule_number = {index: number for number, (index, _required, _heads) in enumerate(self.rules) if index >= 0}
        self.always_values = _head_values_of(data["always_values"])
        # What ``settled`` reads: each rule's plain heads and signed body signatures (``_settling``;
        # None: the analysis could not list them), and whether every other statement is plain.
        self.settling: list | None = data.get("settling")
        self.plain_statements: bool = data.get("plain_statements", False)
        self.wanted: dict[Signature, dict[int, set[Value]]] = {}
        self.waiting: dict[Signature, list[int]] = {}
        self.waiting_value: dict[tuple[Signature, int, Value], list[int]] = {}
        # The comparisons of each rule's body (``_comparisons``), sides as tuples.
        self.comparisons: list[list[tuple]] = [
            [(_side_of(left), operator, _side_of(right)) for left, operator, right in found]
            for found in data.get("comparisons", [[]] * len(self.rules))]
        # Each rule's required signatures, body values and comparisons, counted (``_needed_numbers``).
        self.body_size = [len(required) + len(self.values[number]) + len(self.comparisons[number])
                          for number, (_index, required, _heads_of) in enumerate(self.rules)]
        for number, (_index, required, _heads_of) in enumerate(self.rules):
            for signature in required:
                self.waiting.setdefault(signature, []).append(number)
            for key in self.values[number]:
                self.waiting_value.setdefault(key, []).append(number)
                signature, position, value = key
                self.wanted.setdefault(signature, {}).setdefault(position, set()).add(value)
        # The head arguments each rule copies from its body (``_copies``), by head atom and
        # place: the values wanted there are wanted at their sources too (to a fixed point),
        # so that what the sources may hold says what the head may give.
        self.copies: list[dict[tuple[int, int], tuple[tuple[Signature, int], ...]]] = [
            {(k, position): tuple((_signature_of(signature), at) for signature, at in sources)
             for k, position, sources in found} for found in data.get("copies", [[]] * len(self.rules))]
        changed = True
        while changed:
            changed = False
            for number, found in enumerate(self.copies):
                for (k, position), sources in found.items():
                    wanted = self.wanted.get(self.head_values[number][k][0], {}).get(position)
                    if not wanted:
                        continue
                    for signature, at in sources:
                        place = self.wanted.setdefault(signature, {}).setdefault(at, set())
                        if not wanted <= place:
                            place |= wanted
                            changed = True
        # copy_from[(signature, place)]: the copies that read it, (rule, head atom, head place).
        self.copy_from: dict[tuple[Signature, int], list[tuple[int, int, int]]] = {}
        for number, found in enumerate(self.copies):
            for (k, position), sources in found.items():
                if self.wanted.get(self.head_values[number][k][0], {}).get(position):
                    for source in sources:
                        self.copy_from.setdefault(source, []).append((number, k, position))
        # The places whose numbers a comparison reads (``numeric``: by signature, the places),
        # and the sources of the head places copied there, to a fixed point; the comparisons
        # reading each place (``comparing``) and the copies into a numeric place (``range_from``).
        numeric: set[tuple[Signature, int]] = set()
        self.comparing: dict[tuple[Signature, int], list[tuple[int, int]]] = {}
        for number, compared in enumerate(self.comparisons):
            for index, (left, _operator, right) in enumerate(compared):
                for kind, places in (left, right):
                    if kind == "p":
                        numeric.update(places)
                        for place in places:
                            self.comparing.setdefault(place, []).append((number, index))
        changed = True
        while changed:
            changed = False
            for number, found in enumerate(self.copies):
                for (k, position), sources in found.items():
                    if (self.head_values[number][k][0], position) in numeric and not numeric.issuperset(sources):
                        numeric.update(sources)
                        changed = True
        self.numeric: dict[Signature, list[int]] = {}
        for signature, position in sorted(numeric):
            self.numeric.setdefault(signature, []).append(position)
        self.range_from: dict[tuple[Signature, int], list[tuple[int, int, int]]] = {}
        for number, found in enumerate(self.copies):
            for (k, position), sources in found.items():
                if (self.head_values[number][k][0], position) in numeric:
                    for source in sources:
                        self.range_from.setdefault(source, []).append((number, k, position))
        # What each rule's heads give at the places the cut reads (``_plan``), and the other
        # statements' heads.
        self.plans = [self._plan(head_values, copied) for head_values, copied in zip(self.head_values, self.copies,
                                                                                    strict=True)]
        self.always_plan = self._plan(self.always_values, {})
        # The signatures the cut reads of the facts: a fact of another signature changes no cut
        # (``needed_indices`` leaves them out of the key, so that boards that differ only there
        # share one).
        self.reads = frozenset(self.waiting) | frozenset(self.wanted) | frozenset(self.numeric)

    @cached_property
    def value_names(self) -> frozenset[str]:
        """The names of the facts whose argument values the cut reads (``fact_values``)."""
        return frozenset(name for name, _ in (*self.wanted, *self.numeric))

    def _plan(self, head_values: list[tuple[Signature, tuple[Value | None, ...]]],
              copied: dict[tuple[int, int], Any]) -> tuple:
        """What heads give at the places the cut reads, as steps of ``_needed_numbers``: (PUT,
        signature, place, value), (PUT_ANY, signature, place, wanted), (COPY, k, place, wanted)
        for the wanted values; (WIDEN, signature, place, number), (WIDEN_ANY, signature, place),
        (COPY_RANGE, k, place) for the numeric places."""
        plan: list[tuple] = []
        for k, (signature, arguments) in enumerate(head_values):
            for position in self.numeric.get(signature, ()):
                value = arguments[position]
                if (k, position) in copied:
                    plan.append((COPY_RANGE, k, position))
                elif value is not ANY and value[0] == "n":
                    plan.append((WIDEN, signature, position, value[1]))
                else:
                    plan.append((WIDEN_ANY, signature, position))
            for position, wanted in sorted(self.wanted.get(signature, {}).items()):
                value = arguments[position]
                if (k, position) in copied:
                    plan.append((COPY, k, position, wanted))
                elif value is ANY:
                    plan.append((PUT_ANY, signature, position, wanted))
                elif value in wanted:
                    plan.append((PUT, signature, position, value))
        return tuple(plan)

    def state(self) -> dict[str, Any]:
        """What the analysis gave, as built in memory: built-in values only, which marshal
        keeps (``prepared``: read back in a fifth of the time of reading the analysis as
        JSON and building them again, issue 16)."""
        return {name: getattr(self, name) for name in self.STATE}

    @property
    def statements(self) -> tuple:
        if self._statements is None:
            self._statements = tuple(statement for filename in self.files for statement in parsed(filename))
        return self._statements

    def add_to(self, control: clingo.Control, keep: Sequence[int] | None, as_text: bool = True) -> None:
        """Add the statements numbered ``keep`` (None: all) to ``control``: their text, in one
        call (clingo parses it; no syntax tree is built in Python), when it is known and
        ``as_text``, else their syntax trees.

        A process that grounds the program again and again (verify, the tests) adds syntax
        trees from its ``PARSE_AFTER``-th use on: clingo takes a syntax tree in about half the
        time it parses its text (issue 16: adding the text was an eighth of a ruling case).
        Each statement is parsed from its text the first time a cut keeps it (``tree``), not
        the whole program: a corpus keeps a quarter of its entry programs' statements (4,887
        of 20,281), and parsing every entry program before a verify run's workers started was
        a tenth of its wall time (issue 16).  The trees and the texts are the same statements
        (tests/test_rule_cut.py)."""
        self.uses += 1
        if as_text and self.texts is not None and self._statements is None:
            if self.uses < PARSE_AFTER or keep is None:
                texts = self.texts if keep is None else [self.texts[index] for index in keep]
                control.add("base", [], "\n".join(texts))
                return
            trees, tree = self.trees, self.tree
            with ast.ProgramBuilder(control) as builder:
                for index in keep:
                    statement = trees.get(index)
                    builder.add(statement if statement is not None else tree(index))
            return
        statements = self.statements if keep is None else [self.statements[index] for index in keep]
        with ast.ProgramBuilder(control) as builder:
            for statement in statements:
                builder.add(statement)

    def tree(self, index: int) -> Any:
        """The syntax tree of statement ``index``, parsed from its text (once: ``trees``)."""
        if self._statements is not None:
            return self._statements[index]
        assert self.texts is not None
        found: list = []
        ast.parse_string(self.texts[index], found.append)
        # After the "#program base." every text starts with; a statement's text is one statement.
        (statement,) = [s for s in found if s.ast_type != ast.ASTType.Comment][1:]
        self.trees[index] = statement
        return statement

    def shapes(self) -> list:
        """What pysolver/rule_symmetry.py reads of each statement (``describe``), built once
        per process and kept on disk like the rule cut's analysis."""
        if self._shapes is None:
            from pysolver import cache as disk
            from pysolver.rule_symmetry import describe

            def build() -> list:
                return [per_statement(describe, statement) for statement in self.statements]
            self._shapes = build() if self.inputs is None else disk.cached("rule-shapes", self.inputs, build)
        return self._shapes

    def needed(self, given: set[Signature], values: dict[tuple[Signature, int], set[Value]] | None = None,
               any_value: Iterable[Signature] = ()) -> tuple:
        """The statements that can take part in grounding (``needed_indices``): the same
        tuple for the same facts' signatures and values."""
        if not self.pruning:
            return self.statements
        key = _cut_key(self.reads.intersection(given), values, self.reads.intersection(any_value))
        try:
            return self.cut_statements[key]
        except KeyError:
            pass
        if len(self.cut_statements) >= CUTS_KEPT:
            self.cut_statements.clear()
        found = self.cut_statements[key] = tuple(
            self.statements[index] for index in self.needed_indices(given, values, any_value))
        return found

    def needed_indices(self, given: set[Signature], values: dict[tuple[Signature, int], set[Value]] | None = None,
                       any_value: Iterable[Signature] = (), read: frozenset[Signature] | None = None
                       ) -> tuple[int, ...]:
        """The numbers of the statements that can take part in grounding, given these fact
        signatures and, of the values the rules' bodies fix (``wanted``), those the facts hold
        at each (signature, place).  None: any value of a given signature may be there; so are
        any values of the signatures ``any_value`` (the heads of statements added by a caller).
        ``read``: the signatures read from the grounding besides those #shown; given, the
        rules no answer can depend on are left out too (``read_cut``).  Computed once for the
        same signatures, values and reads (many boards share one)."""
        if not self.pruning:
            return tuple(range(self.size))
        # Only the signatures the cut reads (``reads``) are keyed and counted.
        given_read, any_read = self.reads.intersection(given), self.reads.intersection(any_value)
        key = (_cut_key(given_read, values, any_read), read)
        try:
            return self.cuts[key]
        except KeyError:
            pass
        if len(self.cuts) >= CUTS_KEPT:
            self.cuts.clear()
        stored, digest = self.read_stored_cuts(), b""
        if stored is not None:  # kept on disk by an earlier run (``keeping_cuts``)
            digest = _cut_digest(key)
            kept = stored.get(digest)
            if kept is not None:
                found = self.cuts[key] = tuple(array("H", kept))
                return found
        found = self._needed_numbers(given_read, values, any_read)
        if read is not None:
            found = self.read_cut(found, read)
        self.cuts[key] = found
        if stored is not None and self.size <= 0xFFFF:
            stored[digest] = self.new_cuts[digest] = array("H", found).tobytes()
        return found

    def read_stored_cuts(self) -> dict[bytes, bytes] | None:
        """The cuts kept on disk (``keeping_cuts``), read once; None outside ``keeping_cuts``
        or for a program not kept on disk."""
        if self.stored_cuts is None and _KEEPING[0] and self.inputs is not None:
            from pysolver import cache as disk

            kept = disk.read("rule-cuts", self.inputs, form="marshal")
            self.stored_cuts = kept if isinstance(kept, dict) else {}
            self.new_cuts = {}
            _STORING.append(self)
        return self.stored_cuts

    def store_cuts(self) -> None:
        """Keep the cuts on disk if some were computed since they were read (the latest
        ``CUTS_STORED``); stop looking them up."""
        stored, self.stored_cuts = self.stored_cuts, None
        if stored is None or not self.new_cuts or self.inputs is None:
            return
        from pysolver import cache as disk

        if len(stored) > CUTS_STORED:
            stored = dict(list(stored.items())[-CUTS_STORED:])
        disk.store("rule-cuts", self.inputs, stored, form="marshal")
        self.new_cuts = {}

    def read_cut(self, numbers: tuple[int, ...], read: frozenset[Signature]) -> tuple[int, ...]:
        """``numbers`` without the normal rules (``_normal``: one plain atom in the head) whose
        heads no answer reads, if they are stratified among the rules in ``numbers``.

        Read: the #shown signatures, ``read``, every signature a statement other than such a
        rule names (constraints, choices, #show terms, #external...), and every signature a
        rule whose head is read names.  The rules left out form a stratified normal program on
        top of the rest (splitting set theorem): no statement kept names their heads, so the
        grounding of the rest is unchanged, and each answer set of the rest extends to exactly
        one answer set of the whole (negation and aggregates only over atoms of lower strata),
        with the same read atoms; so the models, their number and the shown atoms are those of
        the whole program.  Nothing is left out when every atom is shown, or when the analysis
        could not list what a statement names.

        Stratified among the rules in ``numbers``, not the whole program: the others have no
        ground instance (``_needed_numbers``), so a cycle of the program through 'not' or an
        aggregate that they close is no cycle of the grounding (``_stratified_here``: the layer
        system's sums are a cycle of signatures that only a count of characteristics closes)."""
        if self.removable is None or self.shown is None:
            return numbers
        removable_at, cyclic_at, names_at = self._unread_index
        live = set(self.shown) | read | self.kept_mentions
        defining: dict[Signature, list[tuple[int, frozenset[Signature]]]] = {}
        cyclic: dict[int, list[tuple[int, Signature, frozenset[Signature], frozenset[Signature]]]] = {}
        for index in numbers:
            found = removable_at.get(index)
            if found is not None:
                head, names = found
                entry = defining.get(head)
                if entry is None:
                    defining[head] = [(index, names)]
                else:
                    entry.append((index, names))
                continue
            suspect = cyclic_at.get(index)
            if suspect is not None:
                group, head, names, below = suspect
                cyclic.setdefault(group, []).append((index, head, names, below))
                continue
            names = names_at.get(index)
            if names:
                live |= names
        for rules in cyclic.values():
            fired = tuple(index for index, *_ in rules)
            unstratified = self._stratified.get(fired)
            if unstratified is None:  # many boards fire the same rules of a component
                if len(self._stratified) >= CUTS_KEPT:
                    self._stratified.clear()
                unstratified = self._stratified[fired] = _stratified_here(rules)
            for index, head, names, _below in rules:
                if head in unstratified:
                    live |= names
                else:
                    defining.setdefault(head, []).append((index, names))
        queue = list(live)
        while queue:
            for _index, names in defining.pop(queue.pop(), ()):
                for signature in names - live:
                    live.add(signature)
                    queue.append(signature)
        unread = {index for entries in defining.values() for index, _names in entries}
        if not unread:
            return numbers
        return tuple(index for index in numbers if index not in unread)

    @cached_property
    def _unread_index(self) -> tuple[dict[int, tuple[Signature, frozenset[Signature]]],
                                     dict[int, tuple[int, Signature, frozenset[Signature], frozenset[Signature]]],
                                     dict[int, frozenset[Signature]]]:
        """For ``read_cut``, by statement number: each rule it may leave out, its head and the
        signatures it names; each normal rule whose head shares a component with a cycle through
        'not' or an aggregate, its component, head, the signatures it names and those it names
        other than positively;
        each other rule, the signatures it names."""
        removable_at: dict[int, tuple[Signature, frozenset[Signature]]] = {}
        cyclic_at: dict[int, tuple[int, Signature, frozenset[Signature], frozenset[Signature]]] = {}
        names_at: dict[int, frozenset[Signature]] = {}
        for number, (index, _required, heads) in enumerate(self.rules):
            if index < 0:
                continue
            if (found := self.cyclic[number]) is not None:
                (head,) = heads
                cyclic_at[index] = (found[0], head, self.mentions[number], found[1])
            elif self.removable is not None and self.removable[number]:
                (head,) = heads
                removable_at[index] = (head, self.mentions[number])
            else:
                names_at[index] = self.mentions[number]
        return removable_at, cyclic_at, names_at

    def deriving(self, signatures: frozenset[Signature]) -> frozenset[int]:
        """The numbers of the rules whose heads may be an atom of one of ``signatures``."""
        found = self._deriving.get(signatures)
        if found is None:
            found = self._deriving[signatures] = frozenset(
                index for index, _required, heads in self.rules if index >= 0 and not heads.isdisjoint(signatures))
        return found

    def settled(self, keep: Sequence[int]) -> bool:
        """Whether the statements numbered ``keep`` (a cut) have an answer set on any facts: every
        rule among them has plain atoms for its head (``_settling``: a normal rule, or a pool of
        them), every other statement is plain (#show, #const, #defined, #program: no constraint,
        choice, #external, #minimize...), no rule depends on a signature in an aggregate, a
        condition or under 'not not' within its own strongly connected component of the
        dependency graph of the kept rules' heads, and within each component every cycle
        crosses an even number of 'not's (each head gets a parity, 'not' flipping it).

        Why that is an answer set (a model), whatever the facts: order the components so that
        each depends only on those before it (splitting set theorem, Lifschitz and Turner 1994);
        the facts have exactly one answer set, and given the atoms of the components before it,
        a component is a finite normal program (its aggregates, conditions and 'not not' read
        only atoms decided before it) whose ground dependency graph has no odd cycle: each
        ground atom has its signature's parity and every edge keeps or flips it as its
        signature's does.  A finite normal program without an odd cycle through negation is
        call-consistent, so order-consistent, and has an answer set (Fages 1994, "Consistency
        of Clark's completion and existence of stable models"; Dung 1992).  So every component
        extends the answer set below it, and the whole has one.  Computed once a cut."""
        key = tuple(keep)
        found = self._settled.get(key)
        if found is None:
            found = self._settled[key] = self._judge_settled(key)
        return found

    def _judge_settled(self, keep: tuple[int, ...]) -> bool:
        if self.settling is None or not self.plain_statements:
            return False
        edges: dict[Signature, set[tuple[Signature, int]]] = {}
        for index in keep:
            number = self.rule_number.get(index)
            if number is None:
                continue  # not a rule: plain (``plain_statements``)
            found = self.settling[number]
            if found is None:
                return False
            heads, body = found
            for head in heads:
                edges.setdefault(tuple(head), set()).update((tuple(signature), how) for signature, how in body)
        graph = {head: {signature for signature, _how in below if signature in edges} for head, below in edges.items()}
        component = _components(graph)
        parity: dict[Signature, int] = {}
        for start in graph:
            if start in parity:
                continue
            parity[start] = 0
            todo = [start]
            while todo:
                head = todo.pop()
                for signature, how in edges[head]:
                    if signature not in edges or component[signature] != component[head]:
                        continue  # decided before this component
                    if how == EITHER:
                        return False
                    wanted = parity[head] ^ how
                    if signature not in parity:
                        parity[signature] = wanted
                        todo.append(signature)
                    elif parity[signature] != wanted:
                        return False  # an odd cycle: a :- not a. has no answer set
        return True

    def _needed(self, given: set[Signature], values: dict[tuple[Signature, int], set[Value]] | None,
                any_value: Iterable[Signature]) -> tuple:
        """The cut's statements, computed again (``needed`` keeps them)."""
        return tuple(self.statements[index] for index in self._needed_numbers(given, values, any_value))

    def _needed_numbers(self, given: AbstractSet[Signature], values: dict[tuple[Signature, int], set[Value]] | None,
                        any_value: Iterable[Signature]) -> tuple[int, ...]:
        if self._base is None:  # what holds without a fact: the same for every board (once a process)
            self._base = self._closure(None, set(), {}, ())
        fired = self._closure(self._base, given, values, any_value)[5]
        rules = self.rules
        return tuple(sorted([rules[number][0] for number in fired if rules[number][0] >= 0] + self.kept_when_cut))

    def _closure(self, base: tuple | None, given: AbstractSet[Signature],
                 values: dict[tuple[Signature, int], set[Value]] | None, any_value: Iterable[Signature]) -> tuple:
        """The least fixed point of what can hold (``_Program``) with these facts, from ``base``
        (a fixed point with fewer facts, as this returns it; None: nothing holds): what holds
        only grows, so the fixed point of no facts is computed once, and each board's from it
        (issue 16: about half the rules a board keeps fire without a fact).  Returns the
        signatures that hold, the values and ranges at each place, what each rule misses, the
        comparisons met and the rules that fire."""
        # holds: the signatures that may hold; known[(signature, place)]: the wanted values that
        # may be there (ANY: all of them); ranges[(signature, place)] at a numeric place: the
        # least and the greatest number that may be there (ANY: any value, numbers or not;
        # absent: none yet); missing[n]: rule n's required signatures that don't hold, the values
        # its body fixes that nothing gives and its comparisons not yet met (``body_size``, less
        # those given, read through the indexes of the rules waiting for each, not rule by rule:
        # issue 16); met: the comparisons met, (rule, index); fired: the rules with nothing missing.
        queue: list[int]
        if base is None:
            holds: set[Signature] = set()
            known: dict[tuple[Signature, int], set[Value] | None] = {}
            ranges: dict[tuple[Signature, int], Any] = {}
            missing = list(self.body_size)
            met: set[tuple[int, int]] = set()
            fired = [number for number, count in enumerate(missing) if count == 0]
            queue = list(fired)
        else:
            holds, known, ranges, missing, met, fired = base
            holds, ranges, missing, met, fired = set(holds), dict(ranges), list(missing), set(met), list(fired)
            known = {place: found if found is ANY else set(found) for place, found in known.items()}
            queue = []
        # The values found possible at a place since (each once), (signature, place, value):
        # to pass on to the rules waiting for them and to the heads of the rules that fired
        # copying them; the numeric places whose range grew since.  The steps that run most
        # (a signature holding, a rule's count lowered, a value put) are written out in place
        # rather than called (issue 16: the cut was a tenth of a first run, mostly calls).
        gained: list[tuple[Signature, int, Value]] = []
        widened: list[tuple[Signature, int]] = []
        waiting, waiting_value = self.waiting, self.waiting_value
        comparisons, comparing = self.comparisons, self.comparing
        wanted_at, copies, copy_from, range_from = self.wanted, self.copies, self.copy_from, self.range_from
        numeric, plans, head_values, rules = self.numeric, self.plans, self.head_values, self.rules

        def compare(number: int, index: int) -> bool:
            """Whether comparison ``index`` of rule ``number`` may hold (and was not met before)."""
            if (number, index) in met:
                return False
            left, operator, right = comparisons[number][index]
            low, high = _range(left, ranges)
            low_right, high_right = _range(right, ranges)
            if low is EMPTY or low_right is EMPTY:
                return False
            if low is not ANY and low_right is not ANY and not _may_compare(
                    operator, low, high, low_right, high_right):
                return False
            met.add((number, index))
            return True

        def hold(signature: Signature) -> None:
            if signature not in holds:
                holds.add(signature)
                for other in waiting.get(signature, ()):
                    missing[other] -= 1
                    if not missing[other]:
                        fired.append(other)
                        queue.append(other)

        def put_any(signature: Signature, position: int, wanted: set[Value]) -> None:
            place = known.get((signature, position), ())
            if place is ANY:
                return
            known[signature, position] = ANY
            gained.extend((signature, position, value) for value in wanted if value not in place)

        def copy(number: int, k: int, position: int, values: Iterable[Value]) -> None:
            """Of ``values`` (wanted at the head's place), those every source may hold."""
            sources = [known.get(source, ()) for source in copies[number][k, position]]
            signature = head_values[number][k][0]
            place = known.get((signature, position))
            if place is None:
                if (signature, position) in known:
                    return  # ANY: every value is there already
                place = known[signature, position] = set()
            for value in values:
                if value not in place and all(found is ANY or value in found for found in sources):
                    place.add(value)
                    gained.append((signature, position, value))

        def widen(place: tuple[Signature, int], low: int | None, high: int | None) -> None:
            """The range at a numeric place, with [low, high] (None: any value) in it."""
            now = ranges.get(place, EMPTY)
            if now is ANY:
                return
            if low is None or high is None:
                grown = ANY
            elif now is EMPTY:
                grown = (low, high)
            else:
                grown = (min(now[0], low), max(now[1], high))
                if grown == now:
                    return
            ranges[place] = grown
            widened.append(place)

        def copy_range(number: int, k: int, position: int) -> None:
            low, high = _range(("p", copies[number][k, position]), ranges)
            if low is not EMPTY:
                widen((head_values[number][k][0], position), low, high)

        def derive(plan: tuple, number: int) -> None:
            for step in plan:
                kind = step[0]
                if kind == PUT:
                    _kind, signature, position, value = step
                    place = known.get((signature, position))
                    if place is None:
                        if (signature, position) in known:
                            continue  # ANY
                        place = known[signature, position] = set()
                    if value not in place:
                        place.add(value)
                        gained.append((signature, position, value))
                elif kind == PUT_ANY:
                    put_any(step[1], step[2], step[3])
                elif kind == COPY:
                    copy(number, step[1], step[2], step[3])
                elif kind == WIDEN:
                    widen((step[1], step[2]), step[3], step[3])
                elif kind == WIDEN_ANY:
                    widen((step[1], step[2]), None, None)
                else:
                    copy_range(number, step[1], step[2])

        if base is None:
            for signature in self.always:
                hold(signature)
            derive(self.always_plan, -1)
        # The facts: their signatures hold; at the places the bodies fix, the values ``values``
        # gives (any value of the signatures ``any_value``, or of every signature without
        # ``values``); at the numeric places, the ranges ``values`` gives (keyed -1 - place),
        # else any value.
        for signature in given:
            hold(signature)
        for signature in given if values is None else any_value:
            for position, wanted in wanted_at.get(signature, {}).items():
                put_any(signature, position, wanted)
            for position in numeric.get(signature, ()):
                widen((signature, position), None, None)
        if values is not None:
            for (signature, position), found in values.items():
                if position < 0:
                    bounds: Any = found
                    if bounds is ANY:
                        widen((signature, -1 - position), None, None)
                    else:
                        widen((signature, -1 - position), bounds[0], bounds[1])
                    continue
                wanted = wanted_at.get(signature, {}).get(position)
                if not wanted:
                    continue
                if found is ANY:
                    put_any(signature, position, wanted)
                else:
                    place = known.get((signature, position))
                    if place is None:
                        if (signature, position) in known:
                            continue  # ANY
                        place = known[signature, position] = set()
                    for value in wanted.intersection(found):
                        if value not in place:
                            place.add(value)
                            gained.append((signature, position, value))
            for signature in given:  # a numeric place the facts' values don't bound: any value
                for position in numeric.get(signature, ()):
                    if (signature, -1 - position) not in values:
                        widen((signature, position), None, None)
        while queue or gained or widened:
            while gained:
                item = gained.pop()
                for other in waiting_value.get(item, ()):
                    missing[other] -= 1
                    if not missing[other]:
                        fired.append(other)
                        queue.append(other)
                signature, position, value = item
                for number, k, head_position in copy_from.get((signature, position), ()):
                    if not missing[number] and value in wanted_at[head_values[number][k][0]][head_position]:
                        copy(number, k, head_position, (value,))
            while widened:
                where = widened.pop()
                for number, index in comparing.get(where, ()):
                    if compare(number, index):
                        missing[number] -= 1
                        if not missing[number]:
                            fired.append(number)
                            queue.append(number)
                for number, k, head_position in range_from.get(where, ()):
                    if not missing[number]:
                        copy_range(number, k, head_position)
            if queue:
                number = queue.pop()
                for signature in rules[number][2]:  # hold(signature), written out: the commonest step
                    if signature not in holds:
                        holds.add(signature)
                        for other in waiting.get(signature, ()):
                            missing[other] -= 1
                            if not missing[other]:
                                fired.append(other)
                                queue.append(other)
                plan = plans[number]
                if plan:
                    derive(plan, number)
        return holds, known, ranges, missing, met, fired

    def fact_values(self, groups: dict[Signature, list[tuple]], scan: int = FACT_SCAN
                    ) -> dict[tuple[Signature, int], set[Value] | None]:
        """Of the values the rules' bodies fix, those the facts hold, by (signature, place),
        from the facts' argument values by signature (``fact_groups``); a signature with more
        than ``scan`` facts counts as holding them all (ANY), which keeps more rules but costs
        no time on a large board.

        The range of the numbers at each numeric place, keyed (signature, -1 - place): ANY if
        a value there is not a number (or there are more facts than ``scan``)."""
        found: dict[tuple[Signature, int], Any] = {}
        wanted_at, numeric = self.wanted, self.numeric
        for signature, facts in groups.items():  # the facts' few signatures, not every one the rules fix
            places = wanted_at.get(signature)
            if places is None:
                continue
            if len(facts) > scan:
                for position in places:
                    found[signature, position] = ANY
                continue
            for position, wanted in places.items():
                found[signature, position] = {values[position] for values in facts} & wanted
        for signature, facts in groups.items():
            positions = numeric.get(signature)
            if positions is None:
                continue
            for position in positions:
                column = {values[position] for values in facts} if len(facts) <= scan else None
                if column is None or any(value is None or value[0] != "n" for value in column):
                    found[signature, -1 - position] = ANY
                else:
                    numbers = [value[1] for value in column]
                    found[signature, -1 - position] = (min(numbers), max(numbers))
        return found


@cache
def prepared(files: tuple[str, ...]) -> _Program:
    """The statements of these encoding files, parsed once per process; their analysis for
    the rule cut, their text and what they show are kept on disk under the hash of every
    encoding file (pysolver/cache.py), so that a run that finds them there parses nothing."""
    from pysolver import cache as disk

    if any(Path(filename).is_absolute() for filename in files):  # outside asp/: what it includes is unknown
        return _Program(tuple(statement for filename in files for statement in parsed(filename)))
    root = encoding_file("input.lp").parent
    encodings = [(name, Path(path).read_bytes()) for name, path in disk.files_under(root, ".lp")]
    inputs = [("files", "\0".join(files).encode()), *encodings]

    def build() -> dict[str, Any]:
        statements = tuple(statement for filename in files for statement in parsed(filename))
        return _Program(statements, described(statements)).state()

    return _Program(None, files=files, inputs=inputs, state=disk.cached("rule-cut", inputs, build, form="marshal"))


def _cut_digest(key: Any) -> bytes:
    """A digest of a cut's key (``needed_indices``) that is the same in every process: its
    sets in sorted order (a frozenset's own order changes with the process's string hashes).
    Each place of ``values`` is there once, so its values are sorted by place alone."""
    from pysolver.cache import blake2b

    (given, values, any_value), read = key
    parts: list = [sorted(given), sorted(any_value), None if read is None else sorted(read)]
    if values is not None:
        parts.append([(place, found if found is ANY or isinstance(found, tuple) else sorted(found, key=repr))
                      for place, found in sorted(values, key=itemgetter(0))])
    return blake2b(repr(parts).encode(), digest_size=16).digest()


_STORING: list[_Program] = []  # the programs whose kept cuts were read (``keeping_cuts``)
_KEEPING = [False]


@contextmanager
def keeping_cuts() -> Iterator[None]:
    """Within: a cut a program has not computed in this process is looked up among those
    kept on disk by earlier runs (pysolver/cache.py, keyed like the program's analysis: the
    encodings and pysolver's code), and the cuts computed are kept there at the end.

    ``pysolver verify`` runs a corpus again and again while its cases are written; each
    case's facts ask for a cut of their own (a corpus of 1,600 cases asks for some 3,400),
    and computing them was a quarter of a case's time (issue 16).  A kept cut is the one
    the analysis would compute: a digest of everything it depends on is its key."""
    _KEEPING[0] = True
    try:
        yield
    finally:
        _KEEPING[0] = False
        for program in _STORING:
            program.store_cuts()
        _STORING.clear()


def take_new_cuts() -> dict[tuple[str, ...], dict[bytes, bytes]]:
    """The cuts computed since the last call, by program (a forked worker hands them to its
    parent, which keeps them: ``add_cuts``)."""
    found = {program.files: program.new_cuts for program in _STORING if program.new_cuts}
    for program in _STORING:
        program.new_cuts = {}
    return found


def add_cuts(new: dict[tuple[str, ...], dict[bytes, bytes]]) -> None:
    """Cuts a worker computed (``take_new_cuts``), to keep at the end of ``keeping_cuts``."""
    for files, cuts in new.items():
        program = prepared(files)
        stored = program.read_stored_cuts()
        if stored is not None:
            stored.update(cuts)
            program.new_cuts.update(cuts)


def described(statements: tuple) -> dict[str, Any]:
    """``analyse``, with each statement's text (clingo's own printing, which parses back to
    the same syntax tree: tests/test_rule_cut.py) and what the statements #show."""
    signatures = shown(statements)
    texts = [str(statement) for statement in statements]
    analysis = analyse(statements, texts)
    return {**analysis, "texts": texts,
            "kept_when_cut": _without_declarations(statements, analysis["kept"]),
            "shown": None if signatures is None else sorted(signatures)}
