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

tests/test_interface.py and tests/test_solver.py check on a slice that these checks catch what
they should and reach the facts and programs they should.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from functools import cache

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
                full = original(facts, rules, extra, arguments, prune=False)
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
