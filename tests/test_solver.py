"""The clingo life cycle: errors located, limits honoured, 'all' only when exhausted."""

from __future__ import annotations

import pytest
import clingo
from clingo import Function, Number, String, ast

from pysolver import solver
from pysolver.errors import EncodingError, LimitExceeded


def test_syntax_error_reports_file_line_and_column(tmp_path):
    broken = tmp_path / "broken.lp"
    broken.write_text("p(1).\nq(X) :- p(X)\nr.\n", encoding="utf-8")
    with pytest.raises(EncodingError) as caught:
        solver.parsed(str(broken))
    assert str(caught.value) == f"{broken}:3:1-2: error: syntax error, unexpected <IDENTIFIER>"


def test_unsafe_rule_reports_its_place():
    with pytest.raises(EncodingError) as caught:
        solver.ground([], rules=(), extra="p(X) :- not q(X).")
    assert str(caught.value) == "<string>:1:1-18: error: unsafe variables in:"


def test_facts_enter_as_symbols_and_all_models_are_found():
    grounded = solver.ground([Function("n", [Number(i)]) for i in range(3)], rules=(),
                             extra="{ pick(X) : n(X) } = 1. #show pick/1.")
    models = grounded.models()
    assert sorted(str(m[0]) for m in models) == ["pick(0)", "pick(1)", "pick(2)"]


def test_limit_never_yields_a_partial_set():
    grounded = solver.ground([], rules=(), extra="""
        n(1..26). { in(X) : n(X) }. :- #count { X : in(X) } = K, K \\ 7 != 3.
    """)
    with pytest.raises(LimitExceeded) as caught:
        grounded.models(timeout=0.05)
    assert str(caught.value) == "incomplete: the solve took longer than the time limit (0.05 s)"


def test_every_entry_program_grounds_with_all_its_rules():
    # Queries leave out rules that can't fire on the board's facts (solver._Program); an
    # encoding error (an unsafe variable, say) in a rule no board reaches is found here.
    for program in solver.entry_programs():
        grounded = solver.ground([], program, prune=False)
        assert not [m for m in grounded.messages if "error" in m], program


def test_leaving_out_rules_that_cannot_fire_changes_no_model():
    # Each program a query grounds has the same models (shown atoms) with every rule as with
    # the rules its facts can reach: the first case of every ruling-case file checks it as it
    # runs (conftest.py, corpus_checks.py).  Here, that the check is made for the programs of
    # these queries, on the first case of a file of each: the cuts this test process compared
    # already (those files' own first cases, issue 16) are not grounded with every rule again.
    from pathlib import Path

    import corpus_checks

    from pysolver import verify

    folder = Path(__file__).parent / "cases"
    compared = []
    for name in ("could_produce/undefined.yaml", "mana/tapping.yaml", "activation/copies_and_land_types.yaml",
                 "outcomes/haphazard_bombardment.yaml", "turn/steps.yaml"):
        case = verify.load_cases(folder / name)[0]
        with corpus_checks.watching(compare_cut=True, seen=corpus_checks.COMPARED) as watched:
            assert verify.run_case(case).passed, case.id
        compared += watched.compared
    assert {program for program in compared if isinstance(program, str)} >= {
        solver.entry(name) for name in ("could_produce", "mana", "can_activate", "outcomes", "turn")}


def test_a_cut_that_changes_the_models_is_caught(monkeypatch, tmp_path):
    import corpus_checks

    rules = tmp_path / "rules.lp"
    rules.write_text("q(X) :- p(X).\n#show q/1.\n", encoding="utf-8")
    # A wrong cut, that keeps no rule: the check finds that the models differ.
    monkeypatch.setattr(solver._Program, "needed_indices", lambda self, *args: tuple(self.kept_when_cut))
    with pytest.raises(AssertionError), corpus_checks.watching(compare_cut=True):
        solver.ground([Function("p", [Number(1)])], str(rules))


def test_a_cut_is_compared_once_for_its_key(monkeypatch, tmp_path):
    # The corpus compares a program's cut once a test process for the same cut key (the
    # facts' signatures and the values its rules fix): a second board with that key is not
    # grounded with every rule again; a board with another key is.
    import corpus_checks

    rules = tmp_path / "rules.lp"
    rules.write_text("q(X) :- p(X).\nr(X) :- s(X).\n#show q/1. #show r/1.\n", encoding="utf-8")
    full = []
    original = corpus_checks.reference
    monkeypatch.setattr(corpus_checks, "reference", lambda *args: (full.append(args[0]), original(*args))[1])
    seen: set = set()
    for facts in ([Function("p", [Number(1)])], [Function("p", [Number(2)])], [Function("s", [Number(1)])]):
        with corpus_checks.watching(compare_cut=True, seen=seen) as watched:
            solver.ground(facts, str(rules))
        assert watched.compared == [str(rules)]
    assert [[str(f) for f in facts] for facts in full] == [["p(1)"], ["s(1)"]]
    assert len(seen) == 2


def test_the_reference_leaves_out_only_rules_with_no_ground_instance(tmp_path):
    # The comparison's "every rule" (corpus_checks.reference): a rule goes only when a plain
    # positive body atom's predicate is given by no fact and no rule kept (least fixed point).
    import corpus_checks

    program = ("q(X) :- p(X). r(X) :- s(X). t(X) :- r(X), p(X). u(X) :- p(X), not s(X). { v(X) : s(X) }. "
               "w :- #count { X : s(X) } = 0. y(X) :- t(X). y(X) :- q(X). z :- y(_). #external e(X) : s(X). "
               "o(X) :- p(X;X+1). o(X) :- s(X;X,1). o(X) :- s(X;X+1). :- s(X). #show q/1.")
    statements: list = []
    ast.parse_string(program, statements.append)
    kept = corpus_checks.Reachable(statements).kept({("p", 1)})
    assert [str(s) for s in kept] == [
        "#program base.", "q(X) :- p(X).", "u(X) :- p(X); not s(X).", "{ v(X): s(X) }.",
        "w :- 0 = #count { X: s(X) }.", "y(X) :- q(X).", "z :- y(_).", "o(X) :- p(X;(X+1)).",
        "o(X) :- s(X;X,1).", "#show q/1."]


def test_the_reference_has_the_models_of_every_rule():
    # On the boards of a case of each query, each program the case grounds has the same models
    # with every rule as its reference (the check of conftest.py compares cuts against).
    from pathlib import Path

    import corpus_checks

    from pysolver import verify

    folder = Path(__file__).parent / "cases"
    grounded: list = []
    original = solver.ground

    def recording(facts, rules=solver.ALL_RULES, extra="", arguments=(), prune=True):
        facts = list(facts)
        grounded.append((facts, rules, extra, tuple(arguments)))
        return original(facts, rules, extra, arguments, prune)
    for name in ("mana/tapping.yaml", "next/next.yaml", "outcomes/haphazard_bombardment.yaml"):
        case = verify.load_cases(folder / name)[0]
        solver.ground = recording
        try:
            assert verify.run_case(case).passed, case.id
        finally:
            solver.ground = original
    programs = set()
    for facts, rules, extra, arguments in grounded:
        if rules in programs:
            continue
        programs.add(rules)
        every = solver.ground(facts, rules, extra, arguments, prune=False)
        reference = corpus_checks.reference(facts, rules, extra, arguments)
        assert sorted(reference.models()) == sorted(every.models()), rules
        assert reference.shown == every.shown, rules
    assert len(programs) >= 5


PICK = "n(1..3). { pick(X) : n(X) } = 1. other(X) :- pick(X), X > 1. "


@pytest.mark.parametrize("shows", ["#show pick/1. #show other/1.",
                                   "#show. #show pick(X) : pick(X). #show other(X) : other(X)."])
def test_decode_runs_once_per_distinct_atom_and_models_stay_exact(shows):
    """each_model(decode=...): each distinct atom decoded once, whether signatures or terms are
    shown; the models are those clingo gives."""
    grounded = solver.ground([], rules=(), extra=PICK + shows)
    decoded: list[str] = []

    def decode(atom: solver.Atom) -> str:
        decoded.append(atom.text)
        return atom.text

    models = sorted(sorted(model) for model in grounded.each_model(decode=decode))
    assert models == [["other(2)", "pick(2)"], ["other(3)", "pick(3)"], ["pick(1)"]]
    assert sorted(decoded) == ["other(2)", "other(3)", "pick(1)", "pick(2)", "pick(3)"]


def test_clingo_symbols_are_equal_exactly_when_their_representations_are():
    """Grounded.each_model keys its memo by a Symbol's ``_rep``: clingo interns its symbols, so
    the same term built twice (by the grounder, by the API, parsed) has one representation, and
    different terms have different ones."""
    grounded = solver.ground([Function("p", [Number(1)]), Function("p", [String("a b")])], rules=(),
                             extra=PICK + "q(f(X, \"a b\")) :- n(X). #show.")
    grounder = [atom.symbol for atom in grounded.control.symbolic_atoms]
    built = [*grounder, Function("p", [Number(1)]), clingo.parse_term('q(f(2, "a b"))'), Number(1),
             Function("p", [String("a b")]), Function("p", [Number(1)], False), String("p(1)")]
    for one in built:
        for other in built:
            assert (one._rep == other._rep) == (one == other), (str(one), str(other))
    assert len({s._rep for s in built}) == len({str(s) + s.type.name for s in built})


def test_facts_added_through_clingo_s_c_functions_are_the_wrapper_s():
    """solver.fact_adder (issue 16): the same atoms, facts and models as Backend.add_rule([add_atom(s)]),
    a classical negation and a fact given twice included, and clingo's error for a symbol that is no atom."""
    def grounded(adding_with) -> tuple:
        control = clingo.Control()
        error = None
        with control.backend() as backend:
            add = adding_with(backend)
            for text in ("p(1)", "-q(a)", "p(1)", 's("x",f(2))'):
                add(clingo.parse_term(text))
            try:
                add(clingo.String("x"))
            except RuntimeError as found:
                error = str(found)
        control.add("base", [], "r(X) :- p(X).")
        control.ground([("base", [])])
        atoms = sorted((str(atom.symbol), atom.is_fact) for atom in control.symbolic_atoms)
        with control.solve(yield_=True) as handle:
            models = [sorted(map(str, model.symbols(atoms=True))) for model in handle]
        return atoms, models, error

    def wrapper(backend):
        return lambda symbol: backend.add_rule([backend.add_atom(symbol)])
    ours = grounded(solver.fact_adder)
    assert ours == grounded(wrapper)
    assert ours == ([("-q(a)", True), ("p(1)", True), ("r(1)", True), ('s("x",f(2))', True)],
                    [["-q(a)", "p(1)", "r(1)", 's("x",f(2))']], "function expected")
