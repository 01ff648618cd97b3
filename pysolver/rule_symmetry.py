"""How many copies of a class of identical objects a grounding must keep to stay exact.

Many permanents of a large board are copies of one another: the same card, controller
and state, their facts the same but for the id (pysolver/symmetry.py builds these
classes).  Swapping two such objects maps the board's facts onto themselves, and the
rules name no object, so a program whose answer is unique (stratified: no choice, no
recursion through negation or an aggregate) gives identical objects identical answers.

Grounding only k representatives of each class is exact when every rule instance that
can matter involves at most k distinct objects of one class: a derivation over any
objects is mapped, by a permutation within each class, onto one over the representatives
(induction over strata and stages), and back.  That fails for anything that sees how
many objects there are or which is which:

- an aggregate or conditional literal whose local variables may hold objects
  (``#count { O : land(O) }``, "for each", thresholds, devotion): refused;
- an order comparison (``<``, ``<=``, ...) or ``#min``/``#max`` over terms that may hold
  objects: refused;
- ``!=`` ("another", "other") and joins: fine, as long as k covers the objects the rule
  can involve, counted here as the places of objects its variables may hold.

Which argument places may hold an object is computed from the facts (the places where
an object's own facts name it) through the rules' heads, to a fixed point.  Only the
rules the answer depends on are checked: those the shown atoms (and the atoms a query's
limit checks read) depend on, and constraints.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any

from clingo import SymbolType

from pysolver.lazy import lazy_module

ast = lazy_module("clingo.ast")  # syntax trees: read only when a rule is described (not cached)

Signature = tuple[str, int]
Place = tuple[str, int, int]  # (name, arity, argument): an argument place of an atom

# Past this many object places in one rule (or one argument), reduction is not worth it.
MOST_PLACES = 8



@cache
def _ordering() -> frozenset:
    """The comparisons that order (read on describing a rule, when the syntax trees are loaded)."""
    return frozenset({ast.ComparisonOperator.LessThan, ast.ComparisonOperator.LessEqual,
                      ast.ComparisonOperator.GreaterThan, ast.ComparisonOperator.GreaterEqual})


class _NotExact(Exception):
    """A rule the answer depends on sees how many objects there are or which is which."""


@dataclass(frozen=True)
class Verdict:
    """Whether representatives give the exact answer: ``copies`` needed of each class
    (None: not exact, ground every object), the strings the rules name (an object with
    such an id is no copy of anything), and why not, for tests."""

    copies: int | None
    strings: frozenset[str] = frozenset()
    reads: frozenset[Signature] = frozenset()  # what the rules the answer depends on read
    reason: str = ""


def _children(node) -> Iterator:
    for key in node.child_keys:
        child = getattr(node, key)
        if isinstance(child, ast.AST):
            yield child
        elif child is not None:  # a sequence of nodes (body, arguments, elements...)
            yield from child


def _walk(node) -> Iterator:
    yield node
    for child in _children(node):
        yield from _walk(child)


def _variables(node) -> list[str]:
    """The variables in a term or literal, each anonymous ``_`` a variable of its own (named
    by its place in the file, the same however the rule is walked)."""
    found = []
    for item in _walk(node):
        if item.ast_type == ast.ASTType.Variable:
            if item.name == "_":
                begin = item.location.begin
                found.append(f"_{begin.line}:{begin.column}")
            else:
                found.append(item.name)
    return found


def _atom_terms(node) -> list:
    """The function terms of the symbolic atoms in a literal or head (pools unfolded)."""
    found = []
    for item in _walk(node):
        if item.ast_type == ast.ASTType.SymbolicAtom:
            symbol = item.symbol
            terms = symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]
            found += [t for t in terms if t.ast_type == ast.ASTType.Function and not t.external]
    return found


def _atoms(node) -> list[list]:
    """[name, arity, [the variables of each argument]] of each atom in a literal or head."""
    return [[t.name, len(t.arguments), [sorted(set(_variables(a))) for a in t.arguments]]
            for t in _atom_terms(node)]


def describe(statement) -> dict[str, Any] | None:
    """What the analysis reads of one statement, as a JSON value (walking clingo's syntax
    trees is slow: solver.prepared keeps these on disk with the rule cut's analysis).
    None for a statement that is no rule."""
    if statement.ast_type == ast.ASTType.External:
        return {"external": True}
    if statement.ast_type != ast.ASTType.Rule:
        return None
    head = statement.head
    shape: dict[str, Any] = {
        "head": _atoms(head), "body": [], "positive": [], "other": [], "equal": [], "ordered": [],
        "minmax": [], "counted": [], "conditions": [],
        "constraint": head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant,
        "normal": head.ast_type == ast.ASTType.Literal and head.atom.ast_type in (
            ast.ASTType.SymbolicAtom, ast.ASTType.BooleanConstant),
        "strings": sorted({i.symbol.string for i in _walk(statement) if i.ast_type == ast.ASTType.SymbolicTerm
                           and i.symbol.type == SymbolType.String}),
        "opaque": any(i.ast_type == ast.ASTType.TheoryAtom or (i.ast_type == ast.ASTType.Function and i.external)
                      for i in _walk(statement)),
    }
    outside = set(_variables(head))
    for element in statement.body:
        if element.ast_type == ast.ASTType.Literal and element.atom.ast_type in (
                ast.ASTType.SymbolicAtom, ast.ASTType.Comparison, ast.ASTType.BooleanConstant):
            outside |= set(_variables(element))
    for element in statement.body:
        atoms = _atoms(element)
        shape["body"] += atoms
        plain = (element.ast_type == ast.ASTType.Literal and element.sign == ast.Sign.NoSign
                 and element.atom.ast_type == ast.ASTType.SymbolicAtom)
        shape["positive" if plain else "other"] += [[name, arity] for name, arity, _ in atoms]
        for item in _walk(element):
            if item.ast_type == ast.ASTType.Comparison:
                sides = [sorted(set(_variables(side))) for side in [item.term] + [g.term for g in item.guards]]
                if all(g.comparison == ast.ComparisonOperator.Equal for g in item.guards):
                    shape["equal"].append(sides)
                if any(g.comparison in _ordering() for g in item.guards):
                    shape["ordered"] += [v for side in sides for v in side]
        atom = element.atom if element.ast_type == ast.ASTType.Literal else None
        if atom is not None and atom.ast_type in (ast.ASTType.BodyAggregate, ast.ASTType.Aggregate):
            shape["counted"] += sorted(set(_variables(atom)) - outside)
            if getattr(atom, "function", None) in (ast.AggregateFunction.Min, ast.AggregateFunction.Max):
                shape["minmax"] += sorted(set(_variables(atom)))
        elif element.ast_type == ast.ASTType.ConditionalLiteral:
            shape["conditions"] += sorted(set(_variables(element)) - outside)
    return shape


def _signatures(pairs: Iterable) -> set[Signature]:
    return {(name, arity) for name, arity, *_rest in pairs}


def _relevant(rules: list[dict], targets: set[Signature]) -> list[dict]:
    """The rules the target atoms depend on, and every constraint."""
    by_head: dict[Signature, list[int]] = {}
    for number, rule in enumerate(rules):
        for signature in _signatures(rule["head"]):
            by_head.setdefault(signature, []).append(number)
    chosen = {number for number, rule in enumerate(rules) if rule["constraint"]}
    wanted: set[Signature] = set()
    queue = list(targets) + [s for n in chosen for s in _signatures(rules[n]["body"])]
    while queue:
        signature = queue.pop()
        if signature in wanted:
            continue
        wanted.add(signature)
        for number in by_head.get(signature, ()):
            if number not in chosen:
                chosen.add(number)
                queue += _signatures(rules[number]["body"])
    return [rules[number] for number in sorted(chosen)]


def _check_stratified(rules: list[dict]) -> None:
    """No recursion through negation or an aggregate: the answer is the one perfect model."""
    graph: dict[Signature, set[tuple[Signature, bool]]] = {}
    for rule in rules:
        edges_of = {(s, False) for s in _signatures(rule["positive"])} | {(s, True) for s in _signatures(rule["other"])}
        for head in _signatures(rule["head"]):
            graph.setdefault(head, set()).update(edges_of)
    # A negative edge head -> s inside a cycle: s reaches head again.
    for head, edges in sorted(graph.items()):
        for target, negative in sorted(edges):
            if negative and _reaches(graph, target, head):
                raise _NotExact(f"{head[0]}/{head[1]} depends on itself through negation or an aggregate")


def _reaches(graph: dict, start: Signature, goal: Signature) -> bool:
    seen = {start}
    queue = [start]
    while queue:
        node = queue.pop()
        if node == goal:
            return True
        for target, _negative in graph.get(node, ()):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return False


class _Places:
    """Argument places that may hold objects, with how many objects a value there may hold."""

    def __init__(self, seeds: Iterable[Place]):
        self.count: dict[Place, int] = {seed: 1 for seed in seeds}

    def in_body(self, rule: dict) -> dict[str, int]:
        """How many objects each variable of a rule may hold (absent: none), from the
        places its body reads and the equalities that bind it."""
        held: dict[str, int] = {}
        for name, arity, arguments in rule["body"]:
            for position, variables in enumerate(arguments):
                count = self.count.get((name, arity, position), 0)
                if count:
                    for variable in variables:
                        held[variable] = max(held.get(variable, 0), count)
        changed = bool(rule["equal"])
        while changed:  # X = f(O): X holds what f(O) holds, and O what X holds
            changed = False
            for sides in rule["equal"]:
                for number, side in enumerate(sides):
                    total = max((sum(held.get(v, 0) for v in other)
                                 for at, other in enumerate(sides) if at != number), default=0)
                    for variable in side:
                        if held.get(variable, 0) < total:
                            if total > MOST_PLACES:
                                raise _NotExact(f"a term holds more than {MOST_PLACES} objects")
                            held[variable] = total
                            changed = True
        return held

    def derive(self, rule: dict, held: dict[str, int]) -> bool:
        """Mark the head places of a rule that receive objects; whether any count grew."""
        grew = False
        for name, arity, arguments in rule["head"]:
            for position, variables in enumerate(arguments):
                count = sum(held.get(v, 0) for v in variables)
                place = (name, arity, position)
                if count > self.count.get(place, 0):
                    if count > MOST_PLACES:
                        raise _NotExact(f"{name}/{arity} holds more than {MOST_PLACES} objects")
                    self.count[place] = count
                    grew = True
        return grew


def _check_rule(rule: dict, held: dict[str, int]) -> int:
    """The objects one rule instance can involve; _NotExact if the rule counts or orders them."""
    holds = {v for v, count in held.items() if count}
    if holds & set(rule["ordered"]):
        raise _NotExact("an order comparison of terms that may hold objects")
    if holds & set(rule["counted"]):
        raise _NotExact("an aggregate over objects (it counts them)")
    if holds & set(rule["minmax"]):
        raise _NotExact("#min or #max over terms that may hold objects")
    if holds & set(rule["conditions"]):
        raise _NotExact("a condition over every object (it sees them all)")
    return sum(held[v] for v in holds)


_VERDICTS: dict[tuple, Verdict] = {}


def copies_needed(shapes: list, targets: Iterable[Signature], seeds: Iterable[Place],
                  memo: Any = None) -> Verdict:
    """``_copies_needed``, once per process for each ``memo`` (a key naming the shapes:
    the statements kept), targets and seeds."""
    if memo is None:
        return _copies_needed(shapes, targets, seeds)
    key = (memo, frozenset(targets), frozenset(seeds))
    if key not in _VERDICTS:
        if len(_VERDICTS) > 256:
            _VERDICTS.clear()
        _VERDICTS[key] = _copies_needed(shapes, key[1], key[2])
    return _VERDICTS[key]


def _copies_needed(shapes: Iterable, targets: Iterable[Signature], seeds: Iterable[Place]) -> Verdict:
    """How many representatives of each class of identical objects make the grounding of
    the statements (their ``describe`` shapes) exact for the atoms of ``targets``;
    ``seeds``: the places where the facts of an object name it."""
    rules = []
    for shape in shapes:
        if shape is None:
            continue
        if shape.get("external"):
            return Verdict(None, reason="an #external atom")
        rules.append(shape)
    relevant = _relevant(rules, set(targets))
    strings = frozenset(s for rule in relevant for s in rule["strings"])
    reads = frozenset(s for rule in relevant for s in _signatures(rule["body"]))
    try:
        for rule in relevant:
            if not rule["normal"]:
                raise _NotExact("a choice, disjunction or aggregate in a head")
            if rule["opaque"]:
                raise _NotExact("a theory atom or script call")
        _check_stratified(relevant)
        places = _Places(seeds)
        grew = True
        while grew:
            grew = False
            for rule in relevant:
                grew = places.derive(rule, places.in_body(rule)) or grew
        copies = 1
        for rule in relevant:
            copies = max(copies, _check_rule(rule, places.in_body(rule)))
    except _NotExact as reason:
        return Verdict(None, strings, reads, str(reason))
    if copies > MOST_PLACES:
        return Verdict(None, strings, reads, f"a rule involves {copies} objects")
    return Verdict(copies, strings, reads)


# What fact_places reads of each fact, by the symbol's interned number (equal symbols, equal
# numbers), for the facts seen lately: a card's facts come back board after board, a board's
# query after query, and each argument read crosses into clingo (issue 16: ~7 µs a fact).
PLACES_KEPT = 1 << 15
_PLACES: dict[int, tuple[str, int, str | None, tuple[str, ...]]] = {}
_REPRESENTATION = attrgetter("_rep")


def _strings(symbols: Iterable) -> tuple[str, ...]:
    """Every string among these symbols and the arguments of those that are functions."""
    found = []
    stack = list(symbols)
    while stack:
        symbol = stack.pop()
        kind = symbol.type
        if kind == SymbolType.String:
            found.append(symbol.string)
        elif kind == SymbolType.Function:
            stack.extend(symbol.arguments)
    return tuple(found)


def _places(fact) -> tuple[str, int, str | None, tuple[str, ...]]:
    """A fact's name and arity, its first argument if it is a string, and the strings its other
    arguments hold (every argument's when the first is no string)."""
    arguments = fact.arguments
    if arguments and arguments[0].type == SymbolType.String:
        return fact.name, len(arguments), arguments[0].string, _strings(arguments[1:])
    return fact.name, len(arguments), None, _strings(arguments)


def fact_places(facts: Iterable, ids: set[str]) -> tuple[set[Place], set[str]]:
    """Of a list of facts: the places where an object among ``ids`` is named by its own
    facts (their first argument), and every string the facts hold anywhere else."""
    seeds: set[Place] = set()
    strings: set[str] = set()
    known = _PLACES
    if len(known) >= PLACES_KEPT:
        known.clear()
    for fact in facts:
        key = _REPRESENTATION(fact)
        found = known.get(key)
        if found is None:
            found = known[key] = _places(fact)
        name, arity, first, rest = found
        if first is not None:
            if first in ids:
                seeds.add((name, arity, 0))
            else:
                strings.add(first)
        strings.update(rest)
    return seeds, strings
