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
from typing import Any, NewType, TypeVar, get_type_hints

from clingo import Symbol

from pysolver.errors import EncodingError

Name = NewType("Name", str)  # a constant term (an id-like name: tapped, g, upkeep)
Vector = NewType("Vector", tuple)  # m(W, U, B, R, G, C): six numbers

T = TypeVar("T")


def _vector(symbol: Symbol) -> tuple[int, ...]:
    return tuple(a.number for a in symbol.arguments)


_CONVERT: dict[Any, Callable[[Symbol], Any]] = {
    str: lambda s: s.string,
    int: lambda s: s.number,
    Name: lambda s: s.name,
    Symbol: lambda s: s,
    Vector: _vector,
}


@dataclass(frozen=True)
class Spec:
    name: str
    arity: int
    convert: tuple[Callable[[Symbol], Any], ...]

    @property
    def signature(self) -> tuple[str, int]:
        return (self.name, self.arity)


SPECS: dict[type, Spec] = {}


def predicate(name: str) -> Callable[[type[T]], type[T]]:
    """Declare a NamedTuple as the typed form of the atoms name/arity (arity: its fields)."""

    def declare(cls: type[T]) -> type[T]:
        hints = get_type_hints(cls)
        fields = getattr(cls, "_fields", ())
        try:
            convert = tuple(_CONVERT[hints[f]] for f in fields)
        except KeyError as missing:
            raise TypeError(f"{cls.__name__}: a field of type {missing} can't be decoded") from None
        SPECS[cls] = Spec(name, len(fields), convert)
        return cls

    return declare


def spec(cls: type) -> Spec:
    return SPECS[cls]


def signature(cls: type) -> tuple[str, int]:
    return SPECS[cls].signature


def decode(cls: type[T], symbol: Symbol) -> T:
    """One atom as a record of ``cls`` (EncodingError if it is another predicate)."""
    declared = SPECS[cls]
    arguments = symbol.arguments
    if symbol.name != declared.name or len(arguments) != declared.arity:
        raise EncodingError(f"{symbol} is not {declared.name}/{declared.arity}")
    return cls(*[convert(a) for convert, a in zip(declared.convert, arguments)])  # type: ignore[call-arg]


def decode_all(cls: type[T], symbols: Iterable[Symbol]) -> list[T]:
    """The atoms of ``cls``'s predicate among ``symbols`` (a model's), as records."""
    declared = SPECS[cls]
    name, arity, converters = declared.name, declared.arity, declared.convert
    return [cls(*[convert(a) for convert, a in zip(converters, s.arguments)])  # type: ignore[call-arg]
            for s in symbols if s.name == name and len(s.arguments) == arity]


class Reader:
    """Typed atoms of one grounding: those grounding decided, else (if grounding left
    some open) those of its first model, solved once."""

    def __init__(self, grounded) -> None:
        self.grounded = grounded
        self._model: Sequence[Symbol] | None = None

    def __call__(self, cls: type[T]) -> list[T]:
        name, arity = SPECS[cls].signature
        atoms = self.grounded.atoms(name, arity)  # refused unless the entry program shows it
        if atoms is None:
            if self._model is None:
                self._model = self.grounded.first_model()
            atoms = self._model
        return decode_all(cls, atoms)


def read(grounded, cls: type[T]) -> list[T]:
    """Every atom of ``cls``'s predicate in a grounding (as ``Reader`` reads it), as records."""
    return Reader(grounded)(cls)
