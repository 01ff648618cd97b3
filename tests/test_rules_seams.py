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


# --- One rule of what damage does (CR 120.3; asp/damage.lp) --------------------------------------
DAMAGE_KEYWORDS = ("infect", "lifelink", "wither", "deathtouch")
# What damage does: derived in asp/damage.lp only, from the damage events every path names.
DAMAGE_RESULTS = {"damage_with", "damage_loses_life", "damage_poisons", "damage_marked", "damage_counters",
                  "damage_removes", "deathtouch_damaged", "damage_would_gain_life", "damage_to_gainer"}
# Card data that deals damage: rider(A, damage_to_controller, N), trig_rider(A, damage_to_controller |
# damage_to_tapper, N), targeted_effect(A, I, damage(N)).
DAMAGE_DATA = re.compile(r"\b(?:trig_)?rider\([^()]*damage_to_(?:controller|tapper)|targeted_effect\([^()]*damage\(")
# Rules that read such data without dealing the damage: a refusal (one target chosen twice, CR 115.3),
# a "becomes tapped" trigger listed to go on the stack (dealt as it resolves: effects.lp), the order
# of a mana ability's effects (608.2c).
NOT_DEALING = {("targets.lp", "damage_target_twice"), ("mana_activation.lp", "side_effect"),
               ("mana_activation.lp", "gain_unordered")}


def _rules(text: str) -> list[tuple[set[str], set[str], str]]:
    """Each rule of the text: its head names, its positive body names, its text."""
    found: list[tuple[set[str], set[str], str]] = []

    def names(node, into: set[str]) -> None:
        if node.ast_type == ast.ASTType.SymbolicAtom:
            if node.symbol.ast_type == ast.ASTType.Function:
                into.add(node.symbol.name)
            return
        if node.ast_type == ast.ASTType.Literal and node.sign != ast.Sign.NoSign:
            return  # a negated literal reads nothing the rule derives from
        for key in node.child_keys:
            value = getattr(node, key)
            if value is None:
                continue
            for child in value if not hasattr(value, "ast_type") else [value]:
                names(child, into)

    def statement(stm) -> None:
        if stm.ast_type == ast.ASTType.Rule:
            head: set[str] = set()
            body: set[str] = set()
            names(stm.head, head)
            for literal in stm.body:
                names(literal, body)
            found.append((head, body, str(stm)))

    ast.parse_string(text, statement)
    return found


def test_the_damage_keywords_are_read_in_one_place():
    """What infect, lifelink, wither and deathtouch do to damage is asp/damage.lp's (one rule, one place):
    no other rules file names them, so no damage path can apply them differently or leave them out."""
    for name, text in rules_files().items():
        if name == "damage.lp":
            continue
        code = "\n".join(line.split("%")[0] for line in text.splitlines())
        assert [k for k in DAMAGE_KEYWORDS if f'"{k}"' in code] == [], name


def test_the_results_of_damage_are_derived_in_one_place():
    where = definitions(rules_files())
    assert {p: sorted(where[p]) for p in DAMAGE_RESULTS if set(where[p]) - {"damage.lp"}} == {}


def test_every_damage_path_names_its_damage_event():
    """A rule reading card data that deals damage feeds damage_event/3 (asp/damage.lp), through the
    predicates it derives; a new path dealing damage without the shared rule fails here."""
    files = rules_files()
    feeds: dict[str, set[str]] = defaultdict(set)  # predicate -> the predicates derived from it
    readers: list[tuple[str, str]] = []
    for name, text in files.items():
        for head, body, rule in _rules(text):
            for predicate in body:
                feeds[predicate] |= head
            if DAMAGE_DATA.search(rule):
                readers += [(name, h) for h in head]
    assert readers, "no rule reads damage data: the pattern is stale"
    for name, head in readers:
        if (name, head) in NOT_DEALING:
            continue
        seen, todo = set(), [head]
        while todo:
            current = todo.pop()
            if current not in seen:
                seen.add(current)
                todo += sorted(feeds[current])
        assert "damage_event" in seen, f"{name}: {head} reads damage data but feeds no damage_event/3"


def test_a_damage_path_without_its_damage_event_is_found():
    rules = _rules("lost(P, N) :- resolving(K, P), trig_rider(A, damage_to_tapper, N).\n")
    assert rules[0][0] == {"lost"} and DAMAGE_DATA.search(rules[0][2])
