"""Of the rules a grounding keeps, how many have no ground instance, why, and what a cut
that joins the bodies over the input facts before grounding would save (issue 16).

    python benchmarks/dead_rules.py [CASES_FOLDER] [--cases N]

Each grounding the ruling cases make is redone with the statements the rule cut kept
(solver._Program.needed_indices), and each kept rule is checked against the atoms of the
ground program: a rule has an instance only if its plain positive body atoms join over
those atoms (a necessary condition: the counts are a lower bound of the rules with no
instance).  The rules that fail are counted by why:

- a body predicate has no atom at all;
- no atom matches one body literal (its constants, nested terms or repeated variables);
- the join fails, over input facts only: what an exact cut evaluated on the facts before
  grounding can see (a predicate no kept statement derives holds its facts only; a rule
  that fails is left out, and so, in turn, a predicate only such rules derive);
- the join fails, with derived predicates: only grounding tells.

For the cut over input facts: the rules it leaves out (the ground atoms are checked to be
the same), and the CPU time of grounding with and without them (medians of interleaved
runs, summed over the groundings): the most such a cut can save, before the cost of the
joins in Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import clingo
from clingo import ast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver import solver, verify  # noqa: E402

ASTType = ast.ASTType
ROUNDS = 3
ADD_TO = solver._Program.add_to  # as the solver adds statements (main() watches it)


def pattern(term) -> tuple:
    """A body argument as a pattern: ("v", name), ("c", symbol), ("f", name, arity, arguments),
    or ("_",), which matches anything (``_``, arithmetic, pools, intervals: kept loose)."""
    kind = term.ast_type
    if kind == ASTType.Variable:
        return ("_",) if term.name == "_" else ("v", term.name)
    if kind == ASTType.SymbolicTerm:
        return ("c", term.symbol)
    if kind == ASTType.Function and not term.external:
        if not term.arguments:
            return ("c", clingo.Function(term.name))
        return ("f", term.name, len(term.arguments), tuple(pattern(a) for a in term.arguments))
    return ("_",)


def body_literals(rule) -> list[tuple[tuple[str, int], tuple]]:
    """(signature, argument patterns) of each plain positive body atom of a rule."""
    found = []
    for literal in rule.body:
        if (literal.ast_type == ASTType.Literal and literal.sign == ast.Sign.NoSign
                and literal.atom.ast_type == ASTType.SymbolicAtom):
            symbol = literal.atom.symbol
            if symbol.ast_type == ASTType.Function and not symbol.external:
                found.append(((symbol.name, len(symbol.arguments)), tuple(pattern(a) for a in symbol.arguments)))
    return found


def match(wanted: tuple, symbol: clingo.Symbol, bound: dict) -> dict | None:
    kind = wanted[0]
    if kind == "_":
        return bound
    if kind == "v":
        have = bound.get(wanted[1])
        if have is None:
            return {**bound, wanted[1]: symbol}
        return bound if have == symbol else None
    if kind == "c":
        return bound if wanted[1] == symbol else None
    if (symbol.type != clingo.SymbolType.Function or symbol.negative or symbol.name != wanted[1]
            or len(symbol.arguments) != wanted[2]):
        return None
    for part, argument in zip(wanted[3], symbol.arguments, strict=True):
        bound = match(part, argument, bound)
        if bound is None:
            return None
    return bound


def joins(literals: list, atoms: dict) -> bool:
    """Whether the literals have a common instance over these atoms (by signature)."""
    def extend(index: int, bound: dict) -> bool:
        if index == len(literals):
            return True
        signature, arguments = literals[index]
        for symbol in atoms.get(signature, ()):
            here: dict | None = bound
            for wanted, argument in zip(arguments, symbol.arguments, strict=True):
                here = match(wanted, argument, here)
                if here is None:
                    break
            else:
                if extend(index + 1, here):
                    return True
        return False
    return extend(0, {})


def ground_seconds(facts: list, program, keep: list[int]) -> tuple[float, frozenset]:
    control = clingo.Control(["--warn=none"])
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
    ADD_TO(program, control, keep, as_text=False)
    started = time.process_time()
    control.ground([("base", [])])
    return time.process_time() - started, frozenset(a.symbol for a in control.symbolic_atoms)


class Survey:
    def __init__(self) -> None:
        self.kept = self.groundings = self.cut = self.mismatches = 0
        self.why: Counter = Counter()
        self.empty: Counter = Counter()
        self.with_rules: list[float] = []
        self.without: list[float] = []
        self.literals: dict = {}

    def rules_of(self, program, index: int) -> list:
        key = (program.files, index)
        if key not in self.literals:
            self.literals[key] = body_literals(program.statements[index])
        return self.literals[key]

    def grounding(self, program, facts: list, keep: list[int]) -> None:
        self.groundings += 1
        statements = program.statements
        rules = [i for i in keep if statements[i].ast_type == ASTType.Rule]
        self.kept += len(rules)
        _seconds, atoms_found = ground_seconds(facts, program, keep)
        atoms: dict = {}
        for symbol in atoms_found:
            atoms.setdefault((symbol.name, len(symbol.arguments)), []).append(symbol)
        given: dict = {}
        for symbol in facts:
            given.setdefault((symbol.name, len(symbol.arguments)), []).append(symbol)
        heads = {i: set(program.rules[program.rule_number[i]][2]) for i in rules}
        for index in rules:
            literals = self.rules_of(program, index)
            if not literals or joins(literals, atoms):
                continue
            empty = [signature for signature, _ in literals if not atoms.get(signature)]
            if empty:
                self.why["a body predicate has no atom at all"] += 1
                self.empty.update(empty)
            elif not all(joins([literal], atoms) for literal in literals):
                self.why["no atom matches one body literal"] += 1
            elif all(signature in given for signature, _ in literals):
                self.why["the join fails, over input facts only"] += 1
            else:
                self.why["the join fails, with derived predicates"] += 1
        # The cut over input facts, to a fixed point.
        dropped: set[int] = set()
        changed = True
        while changed:
            changed = False
            derived = set(program.always).union(*(heads[i] for i in rules if i not in dropped))
            for index in rules:
                if index in dropped:
                    continue
                literals = [(s, a) for s, a in self.rules_of(program, index) if s not in derived]
                if literals and not joins(literals, given):
                    dropped.add(index)
                    changed = True
        self.cut += len(dropped)
        if not dropped:
            return
        fewer = [i for i in keep if i not in dropped]
        times: dict[str, list[float]] = {"with": [], "without": []}
        for _ in range(ROUNDS):
            seconds, full = ground_seconds(facts, program, keep)
            times["with"].append(seconds)
            seconds, cut = ground_seconds(facts, program, fewer)
            times["without"].append(seconds)
            self.mismatches += full != cut
        self.with_rules.append(statistics.median(times["with"]))
        self.without.append(statistics.median(times["without"]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", default=str(ROOT / "tests" / "cases"))
    parser.add_argument("--cases", type=int, default=100)
    options = parser.parse_args()
    corpus = verify.load_all([options.folder])[:options.cases]
    survey = Survey()

    def surveying(program, control, keep, as_text=True):
        if keep is not None:
            facts = [atom.symbol for atom in control.symbolic_atoms if atom.is_fact]
            survey.grounding(program, facts, list(keep))
        return ADD_TO(program, control, keep, as_text)

    solver._Program.add_to = surveying  # type: ignore[method-assign]
    failed = sum(not verify.run_case(case).passed for case in corpus)
    solver._Program.add_to = ADD_TO  # type: ignore[method-assign]
    print(f"{len(corpus)} cases ({failed} failed), {survey.groundings} groundings, "
          f"{survey.kept} rules kept, {sum(survey.why.values())} with no instance "
          f"({sum(survey.why.values()) / max(survey.kept, 1):.0%})")
    for reason, count in survey.why.most_common():
        print(f"  {count:6}  {reason}")
    print("  body predicates with no atom, most often: "
          + ", ".join(f"{name}/{arity} {count}" for (name, arity), count in survey.empty.most_common(8)))
    print(f"the cut over input facts leaves out {survey.cut} rules ({survey.cut / max(survey.kept, 1):.1%} of those "
          f"kept), in {len(survey.with_rules)} groundings; ground atoms differ in {survey.mismatches} runs")
    if survey.with_rules:
        every = survey.groundings
        saved = sum(survey.with_rules) - sum(survey.without)
        print(f"  grounding those: {sum(survey.with_rules) * 1000:.0f} -> {sum(survey.without) * 1000:.0f} ms CPU; "
              f"saved {saved / every * 1000:.2f} ms a grounding over all {every} (medians of {ROUNDS} interleaved)")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
