"""Checks made on every ruling case of the corpus as it runs as a test item (conftest.py),
so that a property of the whole corpus costs no second run of it (issue 16):

- every fact grounded is declared in asp/input.lp (issue 11: however the facts were built;
  ``pysolver next`` builds some of its own, pysolver/next_state.py);
- for the first case of each file, every program grounded has the same models (shown atoms)
  with every rule as with the rules its facts can reach (the rule cut, solver._Program);
  a cut already compared in this test process (the same program, the same cut key: the facts'
  signatures and the values its rules fix, ``solver._cut_key``; the same extra statements and
  arguments) is not grounded with every rule again: the analysis made the same decision from
  the same input (issue 16: the full groundings were ~40% of the corpus's CPU).

"With every rule" is grounded as ``reference``: the program without the rules that have no
ground instance for a reason a few lines here decide, independently of solver._Program: a plain
positive body atom whose predicate no fact and no other such rule can give (the least fixed
point, from the facts).  A rule left out that way adds nothing to any grounding, so the models
are those of every rule.  clingo prepares each rule it is given, ~25 us a rule whatever the
facts: a ruling case's program grounded with every rule took ~45 ms, its reference ~8 ms
(issue 16: the comparisons were ~45 of the suite's ~250 CPU seconds).  tests/test_solver.py
checks that the reference has the models of every rule on a case of each query.

tests/test_interface.py and tests/test_solver.py check on a slice that these checks catch what
they should and reach the facts and programs they should.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from functools import cache

import clingo
from clingo import ast

from pysolver import solver

Signature = tuple[str, int]


@cache
def declared_inputs() -> frozenset[Signature]:
    """The facts asp/input.lp declares (#defined name/arity.)."""
    text = solver.encoding_file("input.lp").read_text(encoding="utf-8")
    return frozenset((m[1], int(m[2])) for m in re.finditer(r"^#defined\s+([a-z_]\w*)/(\d+)\.", text, re.M))


# A fact's signature, by the symbol's interned number (solver._REPRESENTATION: equal symbols, equal
# numbers), read once a process: a case grounds its board's facts again and again (each step of
# `next`, each program), and reading a symbol's name and arguments crosses into clingo for each
# (~3% of the corpus's CPU, issue 16).
_SIGNATURES: dict[int, Signature] = {}


class Watched:
    """What a watched run grounded: the facts' signatures, and the programs whose cut was compared."""

    def __init__(self) -> None:
        self.symbols: dict[int, object] = {}  # the facts grounded, by interned number (one of each)
        self.compared: list = []

    @property
    def grounded(self) -> set[Signature]:
        """The signatures of every fact grounded."""
        known = _SIGNATURES
        for number, symbol in self.symbols.items():
            if number not in known:
                known[number] = (symbol.name, len(symbol.arguments))  # type: ignore[attr-defined]
        return {known[number] for number in self.symbols}

    def undeclared(self) -> list[Signature]:
        return sorted(self.grounded - declared_inputs())


# The cuts compared in this test process (``watching(..., seen=COMPARED)``).
COMPARED: set = set()


@contextlib.contextmanager
def watching(compare_cut: bool, seen: set | None = None) -> Iterator[Watched]:
    """Record the signatures of every fact grounded (through ``solver.ground``) while the
    block runs; with ``compare_cut``, ground each program with every rule as well and assert
    the models are the same.  ``seen``: the cuts compared before (kept up to date), each
    compared once; a program grounded without a cut key (no cut made) is always compared."""
    watched = Watched()
    original, original_key = solver.ground, solver._cut_key
    made: list = []  # the cut keys computed while a program is grounded

    def key_made(*args):
        key = original_key(*args)
        made.append(key)
        return key

    def recording(facts, rules=solver.ALL_RULES, extra="", arguments=(), prune=True):
        facts = list(facts)
        watched.symbols.update(zip(map(solver._REPRESENTATION, facts), facts, strict=True))
        made.clear()
        grounded = original(facts, rules, extra, arguments, prune)
        if compare_cut and prune:
            cut = (rules if isinstance(rules, str) else tuple(rules), made[-1], extra, tuple(arguments)) \
                if len(made) == 1 else None
            if cut is None or seen is None or cut not in seen:
                full = reference(facts, rules, extra, arguments)
                assert sorted(grounded.models()) == sorted(full.models()), rules
                assert grounded.shown == full.shown, rules
                if cut is not None and seen is not None:
                    seen.add(cut)
            watched.compared.append(rules)
        return grounded

    solver.ground, solver._cut_key = recording, key_made
    try:
        yield watched
    finally:
        solver.ground, solver._cut_key = original, original_key


def reference(facts: list, rules: str | tuple[str, ...], extra: str = "", arguments=()) -> solver.Grounded:
    """The grounding of every rule of ``rules`` (an entry program or rules files) and ``extra``
    on ``facts``, made without the rules that can have no ground instance (``Reachable``)."""
    files = (rules,) if isinstance(rules, str) else tuple(rules)
    if extra:
        statements = list(solver.prepared(files).statements)
        ast.parse_string(extra, statements.append)
        reachable = Reachable(statements)
    else:
        reachable = _reachable(files)
    kept = reachable.kept({(f.name, len(f.arguments)) for f in facts if not f.negative})
    control = clingo.Control(["--warn=none", *arguments])
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
    with ast.ProgramBuilder(control) as builder:
        for statement in kept:
            if statement.ast_type != ast.ASTType.Defined:  # it only silences a warning
                builder.add(statement)
    control.ground([("base", [])])
    return solver.Grounded(control, shown=reachable.shown)


class _Unread(Exception):
    """A head this reference can't name the predicate of: every rule is kept."""


class Reachable:
    """The statements of a program but the rules (and #external declarations) with a plain
    positive body atom of a predicate neither given (by a fact) nor the head of another such
    rule: the least fixed point from the facts' predicates, over predicates alone.  Every
    statement of another kind is kept."""

    def __init__(self, statements) -> None:
        self.statements = list(statements)
        self.shown = solver.shown(self.statements)  # #show statements are all kept
        self.heads: list[set[Signature]] = []  # of each rule
        self.index: list[int] = []  # each rule's number among the statements
        self.missing: list[int] = []  # how many predicates each rule needs
        self.waiting: dict[Signature, list[int]] = {}  # by predicate, the rules that need it
        self.unread = False
        others = []
        for index, statement in enumerate(self.statements):
            read = _read(statement)
            if read is _UNREAD:
                self.unread = True
            elif read is None:
                others.append(index)
            else:
                heads, required = read
                number = len(self.heads)
                self.heads.append(heads)
                self.index.append(index)
                self.missing.append(len(required))
                for signature in required:
                    self.waiting.setdefault(signature, []).append(number)
        self.others = others
        self.free = [number for number, count in enumerate(self.missing) if count == 0]

    def kept(self, given: set[Signature]) -> list:
        if self.unread:
            return self.statements
        missing, waiting, heads = list(self.missing), self.waiting, self.heads
        fired = list(self.free)
        todo = list(given)
        for number in fired:
            todo.extend(heads[number])
        derivable: set[Signature] = set()
        while todo:
            signature = todo.pop()
            if signature in derivable:
                continue
            derivable.add(signature)
            for number in waiting.get(signature, ()):
                missing[number] -= 1
                if missing[number] == 0:
                    fired.append(number)
                    todo.extend(heads[number])
        statements, index = self.statements, self.index
        return [statements[i] for i in sorted([*self.others, *(index[number] for number in fired)])]


@cache
def _reachable(files: tuple[str, ...]) -> Reachable:
    return Reachable(solver.prepared(files).statements)


_UNREAD = ("unread",)


def _read(statement) -> tuple | None:
    """A rule's (or #external declaration's) head and required predicates (None: another
    statement; _UNREAD: a head not read), by its text: the entry programs share most of their
    statements, each program parsed on its own (reading a syntax tree crosses into clingo at
    each step)."""
    text = str(statement)
    found = _READ.get(text)
    if found is None:
        try:
            if statement.ast_type == ast.ASTType.Rule:
                found = (_head_signatures(statement.head), _required(statement.body))
            elif statement.ast_type == ast.ASTType.External:
                found = (_atom_signatures(statement.atom), _required(statement.body))
            else:
                found = ()
        except _Unread:
            found = _UNREAD
        _READ[text] = found
    return found if found != () else None


_READ: dict[str, tuple] = {}

def _atom_signatures(atom) -> set[Signature]:
    """The predicate of a symbolic atom (each of a pool's); _Unread for any other term."""
    term = atom.symbol if atom.ast_type == ast.ASTType.SymbolicAtom else atom
    if term.ast_type == ast.ASTType.Pool:
        return set().union(*(_atom_signatures(t) for t in term.arguments))
    if term.ast_type == ast.ASTType.Function and not term.external:
        return {(term.name, len(term.arguments))}
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return {(term.symbol.name, len(term.symbol.arguments))}
    raise _Unread(str(atom))


def _head_signatures(head) -> set[Signature]:
    kind = head.ast_type
    if kind == ast.ASTType.Literal:
        if head.atom.ast_type == ast.ASTType.BooleanConstant:
            return set()  # an integrity constraint
        if head.sign != ast.Sign.NoSign:
            raise _Unread(str(head))
        return _atom_signatures(head.atom)
    if kind in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
        return set().union(*(_head_signatures(e.literal) for e in head.elements))
    if kind == ast.ASTType.HeadAggregate:
        return set().union(*(_head_signatures(e.condition.literal) for e in head.elements))
    raise _Unread(str(head))


def _required(body) -> set[Signature]:
    """The predicates of the plain positive body atoms (not under 'not', in an aggregate or a
    condition): without an atom of each, the rule has no ground instance."""
    found: set[Signature] = set()
    for literal in body:
        if (literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign
                and literal.atom.ast_type == ast.ASTType.SymbolicAtom):
            try:
                signatures = _atom_signatures(literal.atom)
            except _Unread:
                continue  # a classically negated atom, say: not required
            if len(signatures) == 1:  # a pool of several predicates needs an atom of one of them
                found |= signatures
    return found
