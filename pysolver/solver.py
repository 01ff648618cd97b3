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

# The rules files, in the order they layer on each other (asp/main.lp includes
# the same files for running clingo by hand).
# Each query grounds only the rules it reads.
OBJECT_RULES = ("input.lp", "filter_conditions.lp", "static_conditions.lp", "power_toughness.lp",
                "objects.lp")
MANA_RULES = OBJECT_RULES + ("mana_production.lp", "mana_amounts.lp", "mana_forms.lp",
                             "mana_replacement.lp", "could_produce.lp")
TURN_RULES = OBJECT_RULES + ("turn.lp",)
OUTCOME_RULES = TURN_RULES + ("pool_payment.lp", "outcomes.lp")
MANA_ACTIVATION_RULES = MANA_RULES + ("legality.lp", "mana_activation.lp", "mana_triggers.lp")
ACTIVATION_RULES = MANA_RULES + ("legality.lp", "activation.lp")
X_RULES = OBJECT_RULES + ("x.lp",)
# pysolver next (pysolver/next_state.py) grounds these with the ones above.
NEXT_RULES = ("zone_change.lp", "state_based.lp", "actions.lp")
RULES = tuple(dict.fromkeys(MANA_ACTIVATION_RULES + TURN_RULES + OUTCOME_RULES + ACTIVATION_RULES + X_RULES
                            + NEXT_RULES))


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
    """The statements of one encoding file, parsed once per process."""
    path = encoding_file(filename)
    messages: list[str] = []
    statements: list = []
    try:
        ast.parse_files([str(path)], statements.append, logger=lambda _c, m: messages.append(m))
    except RuntimeError:
        raise EncodingError(_first_line(messages) or f"can't parse {filename}") from None
    # Comments are statements too in clingo 5.8's syntax tree; every Control
    # would take them again, for nothing.
    return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)


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

    def atoms(self, name: str, arity: int) -> list[clingo.Symbol] | None:
        """All atoms name/arity if grounding decided them all (every one a fact), else None."""
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


def ground(facts: Iterable[clingo.Symbol], rules: Sequence[str] = RULES,
           extra: str = "", arguments: Sequence[str] = ()) -> Grounded:
    """Add facts and rules to a fresh Control and ground them."""
    messages: list[str] = []
    control = clingo.Control(list(arguments), logger=lambda _c, m: messages.append(m),
                             message_limit=100)
    started = time.perf_counter()
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
    with ast.ProgramBuilder(control) as builder:
        for filename in rules:
            for statement in parsed(filename):
                builder.add(statement)
        if extra:
            ast.parse_string(extra, builder.add)
    try:
        control.ground([("base", [])])
    except RuntimeError:
        raise EncodingError(_first_line(messages) or "grounding failed") from None
    return Grounded(control, messages, time.perf_counter() - started)
