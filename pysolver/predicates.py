"""Typed predicates: the atoms Python decodes, declared once each.

A predicate is a NamedTuple whose fields say how each argument decodes::

    @predicate("could_produce")
    class CouldProduce(NamedTuple):
        obj: str      # a String term
        type: Name    # a constant (g), as its name "g"

``read(grounded, CouldProduce)`` gives every atom could_produce/2 of a grounding
as ``CouldProduce`` records, through ``Grounded.atoms`` (so the query's entry
program must #show it); ``decode(CouldProduce, symbol)`` decodes one atom.  Field
types: ``str`` (a string), ``int`` (a number), ``Name`` (a constant), ``Symbol``
(any term, kept as it is) and ``Vector`` (m(W, U, B, R, G, C) as six numbers).
This is the one place where an atom's arguments are taken apart by position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NewType, TypeVar, get_type_hints

from clingo import Symbol, SymbolType

from pysolver.errors import EncodingError

if TYPE_CHECKING:
    from pysolver.solver import Grounded

Name = NewType("Name", str)  # a constant term (an id-like name: tapped, g, upkeep)
Vector = NewType("Vector", tuple)  # m(W, U, B, R, G, C): six numbers

T = TypeVar("T")


def _vector(symbol: Symbol) -> tuple[int, ...]:
    return tuple([a.number for a in symbol.arguments])


# How a field of each type is read from its argument term (Python expression templates).
_READ: dict[Any, str] = {
    str: "{}.string",
    int: "{}.number",
    Name: "{}.name",
    Symbol: "{}",
    Vector: "_vector({})",
}


@dataclass(frozen=True)
class Spec:
    """A declared predicate: its name, its arity and the decoder of its atoms."""

    name: str
    arity: int
    decode: Callable[[Symbol], Any]  # one atom of the predicate -> its record
    # "shown": an atom a query decodes (its entry program must #show it); "term": a term
    # nested in atoms (pysolver/terms.py); "grounding": an atom read from the grounding
    # before solving, shown or not (query/bounds.py).
    kind: str = "shown"

    @property
    def signature(self) -> tuple[str, int]:
        return (self.name, self.arity)


SPECS: dict[type, Spec] = {}


def _decoder(cls: type, kinds: list[Any]) -> Callable[[Symbol], Any]:
    """A function reading each argument as its field's type, made once per predicate (the
    code is built from the templates above only: no text of a board or a card)."""
    if not kinds:
        return lambda symbol: cls()
    fields = ", ".join(_READ[kind].format(f"a[{i}]") for i, kind in enumerate(kinds))
    source = f"def decode(symbol):\n    a = symbol.arguments\n    return new(cls, ({fields},))\n"
    scope: dict[str, Any] = {"new": tuple.__new__, "cls": cls, "_vector": _vector}
    exec(compile(source, f"<decoder of {cls.__name__}>", "exec"), scope)
    return scope["decode"]


KINDS = ("shown", "term", "grounding")


def predicate(name: str, cached: bool = False, kind: str = "shown") -> Callable[[type[T]], type[T]]:
    """Declare a NamedTuple as the typed form of the atoms name/arity (arity: its fields).
    ``cached``: remember the records of the last atoms decoded (for atoms that repeat in
    every model of a query that enumerates, one per permanent).  ``kind``: see Spec."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")

    def declare(cls: type[T]) -> type[T]:
        hints = get_type_hints(cls)
        kinds = [hints[f] for f in getattr(cls, "_fields", ())]
        unknown = [k for k in kinds if k not in _READ]
        if unknown:
            raise TypeError(f"{cls.__name__}: a field of type {unknown[0]} can't be decoded")
        decoder = _decoder(cls, kinds)
        SPECS[cls] = Spec(name, len(kinds), lru_cache(maxsize=1 << 16)(decoder) if cached else decoder, kind)
        return cls

    return declare


def term(name: str) -> Callable[[type[T]], type[T]]:
    """Declare a NamedTuple as the typed form of a term nested in atoms (``ab(Card, I)``),
    read with ``match`` or ``decode``; never an atom of its own."""
    return predicate(name, kind="term")


def spec(cls: type) -> Spec:
    return SPECS[cls]


def signature(cls: type) -> tuple[str, int]:
    return SPECS[cls].signature


def decode(cls: type[T], symbol: Symbol) -> T:
    """One atom as a record of ``cls`` (EncodingError if it is another predicate)."""
    declared = SPECS[cls]
    if symbol.name != declared.name or len(symbol.arguments) != declared.arity:
        raise EncodingError(f"{symbol} is not {declared.name}/{declared.arity}")
    return declared.decode(symbol)


def match(cls: type[T], symbol: Symbol) -> T | None:
    """``symbol`` as a record of ``cls`` if it is a term of that shape (its name and arity),
    else None: for a field that holds terms of several shapes (``ab(Card, I)`` or ``echo``)."""
    declared = SPECS[cls]
    if symbol.type != SymbolType.Function or symbol.name != declared.name \
            or len(symbol.arguments) != declared.arity:
        return None
    return declared.decode(symbol)


def values(symbol: Symbol) -> tuple:
    """A term's arguments as plain values: numbers, strings, and constants' names (for terms
    whose shape says only which words to use, such as an explanation step)."""
    return tuple(a.number if a.type == SymbolType.Number else
                 a.string if a.type == SymbolType.String else a.name for a in symbol.arguments)


def texts(symbol: Symbol) -> tuple[str, ...]:
    """A term's arguments as text: a string's text, any other term as clingo writes it (for
    terms that are only worded, such as a side effect)."""
    return tuple(a.string if a.type == SymbolType.String else str(a) for a in symbol.arguments)


def vector(symbol: Symbol) -> tuple[int, ...]:
    """An m(W, U, B, R, G, C) term as six numbers."""
    return _vector(symbol)


def decode_all(cls: type[T], symbols: Iterable[Symbol]) -> list[T]:
    """The atoms of ``cls``'s predicate among ``symbols`` (a model's), as records."""
    declared = SPECS[cls]
    name, arity, one = declared.name, declared.arity, declared.decode
    return [one(s) for s in symbols if s.name == name and len(s.arguments) == arity]


class Reader:
    """Typed atoms of one grounding: those grounding decided, else (if grounding left
    some open) those of its first model, solved once."""

    def __init__(self, grounded: Grounded) -> None:
        self.grounded = grounded
        self._model: Sequence[Symbol] | None = None
        self._model_by: dict[tuple[str, int], list[Symbol]] | None = None

    def by(self, cls: type[T], field: str) -> dict[Any, list[T]]:
        """The records of ``cls`` by the value of one field, in their order within each
        value, grouped once per grounding (a query asking for each of many permanents' atoms
        looks them up instead of reading every atom each time; read only)."""
        key = (cls, field)
        grouped = self.grounded.records_by  # shared by the Readers of one grounding
        if key not in grouped:
            found: dict[Any, list[T]] = {}
            for record in self(cls):
                found.setdefault(getattr(record, field), []).append(record)
            grouped[key] = found
        return grouped[key]

    def __call__(self, cls: type[T], order: Callable[[Symbol], Any] | None = None) -> list[T]:
        """The records of ``cls``; with ``order``, in the order of their atoms sorted by it."""
        name, arity = SPECS[cls].signature
        # What grounding decided is read and decoded once per grounding (a query reading
        # one predicate for each of many permanents would read every atom each time).
        decided = self.grounded.decided
        if order is None and cls in decided:
            return list(decided[cls])
        atoms = self.grounded.atoms(name, arity)  # refused unless the entry program shows it
        if atoms is not None and order is None:
            records = decided[cls] = list(map(SPECS[cls].decode, atoms))
            return list(records)
        if atoms is None:
            grounded = self.grounded
            if self._model is None:
                # One first model per grounding, whichever Reader reads it first (a grounding
                # may be read by several: solver.ground_shared).
                if grounded.first is None:
                    grounded.first = grounded.first_model()
                self._model = grounded.first
            if self._model_by is None:
                # Grouped once per model (by name and arity, each group in the model's order),
                # shared by the Readers of one grounding: a query reading one predicate for each
                # of many permanents scanned every atom each time (issue 16).
                if grounded.first_by is None:
                    grouped: dict[tuple[str, int], list[Symbol]] = {}
                    for symbol in self._model:
                        grouped.setdefault((symbol.name, len(symbol.arguments)), []).append(symbol)
                    grounded.first_by = grouped
                self._model_by = grounded.first_by
            atoms = self._model_by.get((name, arity), [])
            if order is None:  # decoded once per model, for every Reader of it
                records = grounded.first_records.get(cls)
                if records is None:
                    records = grounded.first_records[cls] = list(map(SPECS[cls].decode, atoms))
                return list(records)
        if order is not None:
            atoms = sorted(atoms, key=order)
        return list(map(SPECS[cls].decode, atoms))  # exactly name/arity: no filter needed


# For each #show list, the names it shows with one arity only: a model holds only shown
# atoms, so an atom of such a name has that arity and needs no check.
_ONE_ARITY: dict[frozenset, frozenset[str]] = {}


def _one_arity(shown: frozenset | None) -> frozenset[str]:
    if shown is None:
        return frozenset()
    if shown not in _ONE_ARITY:
        names = [name for name, _ in shown]
        _ONE_ARITY[shown] = frozenset(name for name in names if names.count(name) == 1)
    return _ONE_ARITY[shown]


_MEMO: dict[type, dict[Any, Any]] = {}


class ModelAtoms:
    """The shown atoms of one model, by typed predicate (grouped once by name); only
    predicates the grounded entry program shows can be read, and, given ``reads``, only those
    predicates (a reader that declared what it reads: the model may have been known to hold
    none of them without grounding, next_state._first_atoms)."""

    def __init__(self, grounded, symbols: Iterable[Symbol], reads: frozenset[type] | None = None) -> None:
        self.grounded = grounded
        self._by: dict[str, list[Symbol]] = {}
        for symbol in symbols:
            self._by.setdefault(symbol.name, []).append(symbol)
        self._shown = getattr(grounded, "shown", None)
        self._one_arity = _one_arity(self._shown)
        self.reads = reads

    def __call__(self, cls: type[T]) -> list[T]:
        if self.reads is not None and cls not in self.reads:
            raise EncodingError(f"{cls.__name__} is read from a model whose reader declared it reads only "
                                f"{', '.join(sorted(c.__name__ for c in self.reads))}")
        declared = SPECS[cls]
        name, arity = declared.name, declared.arity
        if self._shown is not None and (name, arity) not in self._shown:
            self.grounded.check_shown(name, arity)  # refused: the entry program doesn't show it
        found = self._by.get(name)
        if not found:
            return []
        if name not in self._one_arity:
            found = [symbol for symbol in found if len(symbol.arguments) == arity]
        if not found or isinstance(found[0], Symbol):
            return list(map(declared.decode, found))
        # solver.Atom (a model's atoms read once per search, hashed by their text in Python):
        # each record is decoded once, however many models hold its atom.
        memo = _MEMO.setdefault(cls, {})
        if len(memo) > 1 << 16:
            memo.clear()
        records = []
        for atom in found:
            record = memo.get(atom)
            if record is None:
                record = memo[atom] = declared.decode(atom)
            records.append(record)
        return records


def read(grounded, cls: type[T], order: Callable[[Symbol], Any] | None = None) -> list[T]:
    """Every atom of ``cls``'s predicate in a grounding (as ``Reader`` reads it), as records."""
    return Reader(grounded)(cls, order)
