"""The Python structure that keeps the seams honest (issue 11): atoms are decoded only
through typed predicates (pysolver/predicates.py), input facts are built only in
pysolver/facts/, and card data doesn't depend on fact building."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pysolver"

# Taking an atom's arguments apart by position (symbol.arguments[i], or unpacking
# symbol.arguments) happens in one place: the typed decoders of pysolver/predicates.py.
ARGUMENTS = re.compile(r"\.arguments\b")

# Building clingo symbols: Function("p", [...]), String(...), Number(...), Tuple_(...).
CONSTRUCTORS = re.compile(r"\b(?:Function|String|Number|Tuple_|Supremum|Infimum)\(")
# Modules outside pysolver/facts/ that may build symbols, and why (none of them a fact).
BUILDS_SYMBOLS = {
    # Two reason terms can-activate adds beside the rules' own, when the payment search
    # decides the mana of a cost; they are worded, never grounded.
    "terms.py": "MANA_REASON, TOGETHER_REASON",
}


def sources() -> list[tuple[str, str]]:
    return [(path.relative_to(PACKAGE).as_posix(), path.read_text("utf-8"))
            for path in sorted(PACKAGE.rglob("*.py"))]


def places(pattern: re.Pattern, text: str) -> list[int]:
    return [number for number, line in enumerate(text.splitlines(), 1)
            if pattern.search(line.split("#", 1)[0])]


# Modules that may touch .arguments, and why (none reads an argument by position).
READS_ARGUMENTS = {
    "predicates.py": "the typed decoders themselves",
    # solver.Atom copies a model's symbol whole, once per search (its arguments as Atoms,
    # decoded by the typed predicates like any symbol); #show signatures count arguments.
    "solver.py": "Atom and the #show signatures",
    # The argument places of the rules' atoms (syntax trees), and of the facts, where an
    # object may be: the exactness of grounding identical objects once (never decoding).
    "rule_symmetry.py": "argument places of rules and facts, for the symmetry analysis",
}


def positional_reads() -> list[str]:
    return [f"{name}:{line}" for name, text in sources() if name not in READS_ARGUMENTS
            for line in places(ARGUMENTS, text)]


def symbols_built() -> list[str]:
    return [f"{name}:{line}" for name, text in sources()
            if not name.startswith("facts/") and name not in BUILDS_SYMBOLS
            for line in places(CONSTRUCTORS, text)]


def test_atoms_are_decoded_only_through_typed_predicates():
    assert positional_reads() == []


def test_a_positional_read_is_caught():
    text = "def f(atom):\n    return atom.arguments[0].string  # decoded by hand\n"
    assert places(ARGUMENTS, text) == [2]
    assert places(ARGUMENTS, "x = 1  # symbol.arguments[0] in a comment\n") == []


def test_facts_are_built_only_in_the_facts_package():
    assert symbols_built() == []


def test_a_fact_built_elsewhere_is_caught():
    assert places(CONSTRUCTORS, 'extra = [Function("query_permanent", [String(i)])]\n') == [1]
    assert places(CONSTRUCTORS, "kind = SymbolType.String\n") == []


def test_the_allowed_symbol_builders_still_build_symbols():
    """The allowlist names no module that no longer needs it."""
    texts = dict(sources())
    for name in BUILDS_SYMBOLS:
        assert places(CONSTRUCTORS, texts[name]), name


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_cards_depend_on_nothing_in_facts():
    for path in sorted((PACKAGE / "cards").glob("*.py")):
        assert not {m for m in imports(path) if m == "pysolver.facts" or m.startswith("pysolver.facts.")}, path


def test_card_facts_are_built_in_the_facts_package():
    from pysolver import cards
    from pysolver.facts import cards as card_facts

    assert not hasattr(cards, "card_facts")
    assert card_facts.card_facts.__module__ == "pysolver.facts.cards"
