"""One rule, one place (issue 11): a predicate name defined (in a rule head) in two asp files
is an error unless every file but one says it extends it (``% extends: name/arity``)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from clingo import ast

ASP = Path(__file__).resolve().parent.parent / "asp"
EXTENDS = re.compile(r"^% extends: (.*)$", re.MULTILINE)


def head_names(text: str) -> set[tuple[str, int]]:
    """name/arity of every atom in a rule head of the program text (#include not followed)."""
    found: set[tuple[str, int]] = set()

    def collect(node) -> None:
        if node.ast_type == ast.ASTType.SymbolicAtom:
            term = node.symbol
            if term.ast_type == ast.ASTType.Function:
                found.add((term.name, len(term.arguments)))
            elif term.ast_type == ast.ASTType.SymbolicTerm:
                found.add((str(term.symbol), 0))
            return
        for key in node.child_keys:
            value = getattr(node, key)
            if value is None:
                continue
            for child in value if not hasattr(value, "ast_type") else [value]:
                collect(child)

    def statement(stm) -> None:
        if stm.ast_type == ast.ASTType.Rule:
            collect(stm.head)

    ast.parse_string(text, statement)
    return found


def definitions(files: dict[str, str]) -> dict[str, set[str]]:
    """Predicate name -> the files whose rule heads define it (any arity)."""
    where: dict[str, set[str]] = defaultdict(set)
    for name, text in files.items():
        for predicate, _ in head_names(text):
            where[predicate].add(name)
    return where


def collisions(files: dict[str, str]) -> list[str]:
    """Names defined in several files where more than one of them doesn't declare the extension."""
    declared = {name: {p.split("/")[0] for line in EXTENDS.findall(text)
                       for p in re.findall(r"\w+/\d+", line)}
                for name, text in files.items()}
    problems = []
    for predicate, where in sorted(definitions(files).items()):
        owners = sorted(f for f in where if predicate not in declared[f])
        if len(where) > 1 and len(owners) > 1:
            problems.append(f"{predicate}: defined in {', '.join(sorted(where))}")
    return problems


def rules_files() -> dict[str, str]:
    return {str(p.relative_to(ASP)): p.read_text(encoding="utf-8")
            for p in sorted(ASP.rglob("*.lp")) if p.name != "main.lp" and "#include" not in p.read_text()}


def test_no_predicate_defined_in_two_unrelated_files():
    assert collisions(rules_files()) == []


def test_a_collision_is_found():
    files = {"a.lp": "eligible(1, 2, 3).\n", "b.lp": "eligible(X) :- p(X).\n", "c.lp": "q :- eligible(1).\n"}
    assert collisions(files) == ["eligible: defined in a.lp, b.lp"]
    files["b.lp"] = "% extends: eligible/1 (a.lp)\n" + files["b.lp"]
    assert collisions(files) == []


def test_the_files_are_read():
    where = definitions(rules_files())
    assert where["blocked"] == {"legality.lp"}
    assert where["amount_of"] == {"mana_production.lp", "mana_amounts.lp", "mana_forms.lp", "mana_colors.lp",
                                  "mana_instead.lp"}
