"""Explanations come from the atoms that decide the answer (issue 11): the rules that decide
derive reason atoms carrying their rule number (legality_check/blocked, checked/cannot,
x_reason, ...), and a file of asp/explain/ may only *read* atoms the main encodings derive.
It reads no input fact of asp/input.lp, so it can't restate a deciding rule's body (which
starts from the inputs), and it defines no predicate the main encodings define."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_interface import ASP, declared_inputs, read_in_rules
from test_rules_seams import head_names

EXPLAIN_FILES = sorted((ASP / "explain").glob("*.lp"))
MAIN_FILES = [p for p in sorted(ASP.glob("*.lp")) if p.name not in ("main.lp", "input.lp")]


def inputs_read(path: Path) -> list[str]:
    return sorted(f"{name}/{arity}" for name, arity in read_in_rules([path]) & declared_inputs())


@pytest.mark.parametrize("path", EXPLAIN_FILES, ids=lambda p: p.name)
def test_an_explain_file_reads_no_input_fact(path):
    assert inputs_read(path) == []


@pytest.mark.parametrize("path", EXPLAIN_FILES, ids=lambda p: p.name)
def test_an_explain_file_defines_nothing_the_rules_decide(path):
    decided = set().union(*(head_names(p.read_text(encoding="utf-8")) for p in MAIN_FILES))
    assert sorted(head_names(path.read_text(encoding="utf-8")) & decided) == []


def test_a_restated_rule_body_is_found(tmp_path):
    """What asp/explain/activation.lp did before: restate 119.4's body to explain it."""
    program = tmp_path / "explain.lp"
    program.write_text('ex_check(O, A, "119.4", life(N, L)) :- ex_asked(O, A), cost_life(A, N), N > 0,\n'
                       '    controller(O, P), life(P, L).\n', encoding="utf-8")
    assert inputs_read(program) == ["controller/2", "cost_life/2", "life/2"]


def test_the_main_encodings_derive_the_reason_atoms():
    heads = {p.name: head_names(p.read_text(encoding="utf-8")) for p in MAIN_FILES}
    assert {("legality_check", 4), ("blocked", 4)} <= heads["legality.lp"]
    assert {("checked", 4), ("cannot", 4)} <= heads["activation.lp"]
    assert ("x_reason", 3) in heads["x.lp"]
    assert {("reflecting", 6), ("producer_of", 3)} <= heads["mana_production.lp"]
    assert [p.name for p in EXPLAIN_FILES] == ["could_produce.lp", "outcomes.lp"]
