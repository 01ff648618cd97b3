"""Checks made on every ruling case of the corpus as it runs as a test item (conftest.py),
so that a property of the whole corpus costs no second run of it (issue 16):

- every fact grounded is declared in asp/input.lp (issue 11: however the facts were built;
  ``pysolver next`` builds some of its own, pysolver/next_state.py);
- for the first case of each file, every program grounded has the same models (shown atoms)
  with every rule as with the rules its facts can reach (the rule cut, solver._Program).

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


class Watched:
    """What a watched run grounded: the facts' signatures, and the programs whose cut was compared."""

    def __init__(self) -> None:
        self.grounded: set[Signature] = set()
        self.compared: list = []

    def undeclared(self) -> list[Signature]:
        return sorted(self.grounded - declared_inputs())


@contextlib.contextmanager
def watching(compare_cut: bool) -> Iterator[Watched]:
    """Record the signatures of every fact grounded (through ``solver.ground``) while the
    block runs; with ``compare_cut``, ground each program with every rule as well and assert
    the models are the same."""
    watched = Watched()
    original = solver.ground

    def recording(facts, rules=solver.ALL_RULES, extra="", arguments=(), prune=True):
        facts = list(facts)
        watched.grounded.update((symbol.name, len(symbol.arguments)) for symbol in facts)
        grounded = original(facts, rules, extra, arguments, prune)
        if compare_cut and prune:
            full = original(facts, rules, extra, arguments, prune=False)
            assert sorted(grounded.models()) == sorted(full.models()), rules
            assert grounded.shown == full.shown, rules
            watched.compared.append(rules)
        return grounded

    solver.ground = recording
    try:
        yield watched
    finally:
        solver.ground = original
