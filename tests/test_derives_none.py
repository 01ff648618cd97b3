"""solver.derives_none: an entry program known, without grounding, to have a model with no atom
of some signatures (issue 16: `pysolver next` skips the state-based-action check's grounding
when nothing can apply). Known only when the cut keeps no rule that derives one, no fact is one,
and the cut has an answer set whatever the facts (solver._Program.settled): plain heads, no
aggregate, condition or 'not not' within a cycle, no odd cycle through 'not'; each verdict is
held to the grounding's own models."""

from __future__ import annotations

import clingo
import pytest

import pysolver
from pysolver import next_state, solver
from pysolver.next_state import next_states, parse_actions

A = frozenset({("a", 0)})
EVEN = "p(X) :- s(X), not q(X).\nq(X) :- s(X), not p(X).\n"  # two answer sets


@pytest.mark.parametrize(("rules", "facts", "known"), [
    (EVEN + "a :- r.\n", "s(1)", True),  # the rule deriving a/0 is cut away (no r)
    (EVEN + "b :- #count{X: p(X)} > 5.\nc :- b, not a.\na :- r.\n#show c/0.\n", "s(1)", True),  # aggregate below
    (EVEN + "a :- r.\n", "s(1) r", False),  # kept: it may derive a/0
    (EVEN + "a :- r.\n", "a", False),  # a fact of it
    ("p(1;2) :- s(1).\na :- r.\n", "s(1)", True),  # a pool of plain heads: two normal rules
    ("p :- not p, s(1).\na :- r.\n", "s(1)", False),  # an odd loop: no answer set
    ("p :- not q, s(1).\nq :- not r, s(1).\nr :- not p, s(1).\na :- t.\n", "s(1)", False),  # odd, longer
    ("p :- #count{1: p} < 1, s(1).\na :- r.\n#show p/0.\n", "s(1)", False),  # an aggregate on a cycle
    ("p :- not not p, s(1).\na :- r.\n#show p/0.\n", "s(1)", False),  # 'not not' on a cycle
    (":- s(1).\na :- r.\n", "s(1)", False),  # a constraint
    ("{ p } :- s(1).\n:- p.\na :- r.\n#show p/0.\n", "s(1)", False),  # a choice
    ("-p :- s(1).\np :- s(1).\na :- r.\n#show p/0.\n", "s(1)", False),  # classical negation in a head
])
def test_a_program_is_known_to_derive_none_only_when_it_has_a_model_without_them(tmp_path, rules, facts, known):
    path = tmp_path / "rules.lp"
    path.write_text(rules, encoding="utf-8")
    symbols = [clingo.parse_term(f) for f in facts.split()]
    assert solver.derives_none(symbols, str(path), A) is known
    models = solver.ground(symbols, str(path)).models()
    if known:  # the grounding agrees: a model, and no atom of a/0 in any
        assert models and not any(atom.name == "a" for model in models for atom in model)


def test_nothing_applies_is_known_without_grounding_the_check(grounded_programs):
    """A board of lands: no rule that could make a state-based action apply is kept."""
    grounded = grounded_programs
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Forest", "controller": "Alice"}, {"card": "Island", "controller": "Bob"}],
        "turn": {"active": "Alice", "step": "precombat_main"}})
    (after,) = next_states(board, parse_actions(["check"]))
    assert after.board == next_state.to_data(board)
    assert next_state.SBA_RULES not in grounded
