"""The interface between Python and the rules (issue 11): asp/input.lp declares every
fact Python emits and every declared input is read by a rule; each query grounds its
entry program asp/query/<query>.lp and decodes only what that program #shows;
``pysolver facts`` writes facts that reproduce a query's answer with clingo alone."""

from __future__ import annotations

import dataclasses
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import corpus_checks
import pytest
from clingo import Symbol, ast, parse_term

import pysolver
from pysolver import predicates, solver, verify
from pysolver.errors import EncodingError
from pysolver.query import QUERIES, Arg, Query, registry

from helpers import corpus_cases

# The rules as the solver loads them: the installed package, or asp/ in a checkout.
ASP = solver.encoding_file("input.lp").resolve().parent
CASES = Path(__file__).parent / "cases"

# Declared inputs no rule reads yet, each with why; the test below fails when one of
# them becomes read (take it off the list) and when any other declared input is unread.
KNOWN_UNREAD: dict[tuple[str, int], str] = {}


def declared_inputs() -> set[tuple[str, int]]:
    return set(corpus_checks.declared_inputs())


def _atoms(node, found: set) -> None:
    """Every atom signature under an AST node."""
    if isinstance(node, (list, tuple, ast.ASTSequence)):
        for child in node:
            _atoms(child, found)
    elif isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            term = node.symbol
            if term.ast_type == ast.ASTType.Function:
                found.add((term.name, len(term.arguments)))
            elif term.ast_type == ast.ASTType.SymbolicTerm:
                found.add((term.symbol.name, len(term.symbol.arguments)))
            return
        for key in node.child_keys:
            _atoms(getattr(node, key), found)


def read_in_rules(files) -> set[tuple[str, int]]:
    """The signatures a rule reads: in its body, in a head's conditions and aggregates."""
    found: set[tuple[str, int]] = set()
    for path in files:
        statements: list = []
        ast.parse_files([str(path)], statements.append)
        for statement in statements:
            if statement.ast_type != ast.ASTType.Rule:
                continue
            _atoms(statement.body, found)
            head = statement.head
            if head.ast_type == ast.ASTType.ConditionalLiteral:
                _atoms(head.condition, found)
            elif head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
                for element in head.elements:
                    _atoms(element.condition, found)
            elif head.ast_type == ast.ASTType.HeadAggregate:
                for element in head.elements:
                    _atoms(element.terms, found)
                    _atoms(element.condition.condition, found)
    return found


def rule_files() -> list[Path]:
    return [p for p in sorted(ASP.glob("*.lp")) + sorted(ASP.glob("explain/*.lp"))
            if p.name not in ("main.lp", "input.lp")]


def test_the_reader_sees_bodies_conditions_and_aggregates(tmp_path):
    program = tmp_path / "p.lp"
    program.write_text("h(X) :- a(X), not b(X), #count { Y : c(Y) } > 1, d(X, Y) : e(Y).\n"
                       "{ f(X) : g(X) }.\n1 { i(X) : j(X) } :- k.\n:- #sum { N, X : l(X, N) } = 3.\n#sum { N : m(N) : n(N) } = 3.\n")
    assert read_in_rules([program]) == {("a", 1), ("b", 1), ("c", 1), ("d", 2), ("e", 1),
                                        ("g", 1), ("j", 1), ("k", 0), ("l", 2), ("n", 1)}


def test_every_declared_input_is_read_by_a_rule():
    unread = declared_inputs() - read_in_rules(rule_files())
    assert sorted(unread - set(KNOWN_UNREAD)) == []
    assert sorted(set(KNOWN_UNREAD) - unread) == []  # read now: take it off the list


def emitted_signatures(cases=CASES) -> set[tuple[str, int]]:
    """What every query's facts hold, over every board of the ruling-case corpus (or of ``cases``)."""
    found: set[tuple[str, int]] = set()
    # the whole corpus: its one read in this test process (helpers.corpus_cases)
    for case in (corpus_cases() if cases == CASES else verify.load_all([cases])):
        query = QUERIES[case.query]
        facts = query.facts(verify.case_board(case), **query.fact_args(case.args))
        found |= {(symbol.name, len(symbol.arguments)) for symbol in facts}
    return found


def test_python_emits_only_declared_inputs():
    emitted = emitted_signatures()
    assert len(emitted) > 100  # the corpus exercises the fact builders broadly
    assert sorted(emitted - declared_inputs()) == []


def test_every_fact_grounded_is_declared():
    """What reaches clingo however it was built (pysolver next builds some facts of its own,
    pysolver/next_state.py) is declared.  Every case of the corpus checks it as it runs
    (conftest.py, corpus_checks.py); here, that the check sees the facts next builds."""
    cases = verify.load_cases(CASES / "next" / "enter-triggers.yaml")
    with corpus_checks.watching(compare_cut=False) as watched:
        assert cases and all(verify.run_case(c).passed for c in cases)
    assert ("hand_card", 3) in watched.grounded or ("pending", 2) in watched.grounded
    assert watched.undeclared() == []


def test_an_undeclared_fact_is_caught(monkeypatch):
    from pysolver import facts
    from pysolver.facts import queries  # imported here: alone, no query module has imported it yet

    original = facts.board_facts

    def with_stray(board):
        yield from original(board)
        yield facts.fact("stray_fact", facts.Number(1))

    monkeypatch.setattr(queries, "board_facts", with_stray)
    # One file of the corpus (the whole corpus: test_python_emits_only_declared_inputs).
    assert ("stray_fact", 1) in emitted_signatures(CASES / "could_produce" / "undefined.yaml") - declared_inputs()
    case = verify.load_cases(CASES / "could_produce" / "undefined.yaml")[0]
    with corpus_checks.watching(compare_cut=False) as watched:
        verify.run_case(case)
    assert watched.undeclared() == [("stray_fact", 1)]


# ---------------------------------------------------------------- entry programs
def test_every_query_names_existing_entry_programs():
    programs = set(solver.entry_programs())
    for query in QUERIES.values():
        assert solver.entry(query.program) in programs
        if query.explain_program:
            assert solver.entry(query.explain_program) in programs


def test_every_entry_program_shows_and_includes_the_input_declarations():
    for program in solver.entry_programs():
        statements = solver.parsed(program)
        assert solver.shown(statements), program
        files = {Path(s.location.begin.filename).resolve() for s in statements}
        assert ASP / "input.lp" in files, program


def test_decoding_an_unshown_predicate_is_refused():
    grounded = solver.ground([], solver.entry("could_produce"))
    assert grounded.atoms("could_produce", 2) == []
    with pytest.raises(EncodingError) as caught:
        grounded.atoms("permanent", 1)
    assert str(caught.value) == "query/could_produce.lp does not #show permanent/1, which the query decodes"


# ------------------------------------------------------------------ pysolver facts
HOSTILE = 'a"b\nc :- d. %e\\f'


def test_facts_quote_any_text(cli, board_file):
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": HOSTILE, "card": "Forest", "controller": "Alice"}]})
    lines = pysolver.api.fact_lines(board, "could-produce")
    assert lines[0] == ("% the facts of query could-produce: python -m clingo "
                        "asp/query/could_produce.lp THIS_FILE")
    assert 'permanent("a\\"b\\nc :- d. %e\\\\f").' in lines
    grounded = solver.ground([], solver.entry("could_produce"), extra="\n".join(lines))
    assert [str(a) for a in grounded.atoms("could_produce", 2)] == ['could_produce("a\\"b\\nc :- d. %e\\\\f",g)']
    assert grounded.atoms("could_produce", 2)[0].arguments[0].string == HOSTILE


def test_facts_command(cli, board_file):
    path = board_file("Alice: [Forest]\nBob: [Island]\n")
    code, out, err = cli("facts", path, "--query", "can-activate", "forest")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == ("% the facts of query can-activate: python -m clingo "
                        "asp/query/can_activate.lp THIS_FILE")
    assert 'query_permanent("forest").' in lines and 'life("Alice",20).' in lines
    code, plain, _ = cli("facts", path)
    assert code == 0 and plain.splitlines()[0] == "% the facts of the board (asp/input.lp declares them)"
    assert 'query_permanent("forest").' not in plain and 'permanent("forest").' in plain


@pytest.mark.parametrize("args, message", [
    (["--query", "nothing"], f"error: --query: unknown query 'nothing' (queries: {', '.join(sorted(QUERIES))})"),
    (["--query", "can-activate"], "error: argument ARG: can-activate needs PERMANENT"),
    (["--query", "can-activate", "a", "b"], "error: argument ARG: can-activate takes 1 argument, not 2"),
    (["forest"], "error: argument ARG: arguments are a query's: name it with --query"),
])
def test_facts_command_refuses(cli, board_file, args, message):
    path = board_file("Alice: [Forest]\nBob: [Island]\n")
    code, out, err = cli("facts", path, *args)
    assert (code, out, err) == (2, "", message + "\n")


def first_case(query: str):
    return next(c for c in corpus_cases() if c.query == query)


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_clingo_alone_reproduces_each_query(name, tmp_path):
    """python -m clingo asp/query/<q>.lp facts.lp: the same answer sets as the query grounds."""
    case = first_case(name)
    query = QUERIES[name]
    board = verify.case_board(case)
    args = query.fact_args(case.args)
    facts_file = tmp_path / "facts.lp"
    facts_file.write_text("\n".join(pysolver.api.fact_lines(
        board, name, [args[a.name] for a in query.args if a.name in args and not a.many])) + "\n")
    run = subprocess.run([sys.executable, "-m", "clingo", str(ASP / "query" / f"{query.program}.lp"),
                          str(facts_file), "0", "--outf=2"], capture_output=True, text=True, check=False)
    found = json.loads(run.stdout)
    by_clingo = sorted(sorted(w["Value"]) for w in found["Call"][0]["Witnesses"])
    grounded = solver.ground(query.facts(board, **args), solver.entry(query.program))
    ours = sorted(sorted(str(s) for s in model) for model in grounded.models())
    assert by_clingo == ours
    assert ours and any(ours)


# ---------------------------------------------------------------- typed decoding
def unshown(query) -> list[str]:
    """The typed predicates a query decodes that its entry programs don't #show."""
    missing = []
    programs = [(query.program, query.decodes)]
    if query.explain_program:
        programs.append((query.explain_program, query.decodes + query.explanation_decodes()))
    programs += list(query.also)
    for program, decodes in programs:
        shown = solver.shown(solver.parsed(solver.entry(program))) or frozenset()
        missing += [f"{program}: {name}/{arity}" for name, arity in map(predicates.signature, decodes)
                    if (name, arity) not in shown]
    return missing


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_query_decodes_only_what_its_entry_program_shows(name):
    assert unshown(QUERIES[name]) == []


def declared_by_no_query() -> list[str]:
    """Typed predicates of atoms (not terms, not read from the grounding) that no query
    declares it decodes: those the #show test above can't see."""
    for module in ("pysolver.query.could_produce_explain", "pysolver.query.next_atoms"):  # imported on use
        importlib.import_module(module)

    declared: set[type] = set()
    for query in QUERIES.values():
        declared |= {*query.decodes, *query.explanation_decodes(), *(c for _, classes in query.also for c in classes)}
    return sorted(f"{cls.__module__}.{cls.__name__}" for cls, spec in predicates.SPECS.items()
                  if spec.kind == "shown" and cls not in declared)


def test_every_typed_predicate_is_declared_by_a_query():
    assert declared_by_no_query() == []


def test_a_predicate_no_query_declares_is_caught():
    from typing import NamedTuple

    @predicates.predicate("nobody_reads")
    class NobodyReads(NamedTuple):
        obj: str

    try:
        assert declared_by_no_query() == [f"{__name__}.NobodyReads"]
    finally:
        del predicates.SPECS[NobodyReads]


def test_an_unshown_typed_predicate_is_caught():
    @predicates.predicate("permanent")
    class Permanent(NamedTuple):
        obj: str

    try:
        query = dataclasses.replace(QUERIES["could-produce"], decodes=(Permanent,))
        assert unshown(query) == ["could_produce: permanent/1", "could_produce_explain: permanent/1"]
    finally:  # declared by no query: test_every_typed_predicate_is_declared_by_a_query, in this process later
        del predicates.SPECS[Permanent]


def test_typed_decoding():
    @predicates.predicate("sample")
    class Sample(NamedTuple):
        obj: str
        n: int
        kind: predicates.Name
        pool: predicates.Vector
        term: Symbol

    try:
        atom = parse_term('sample("a\\"b",-3,tapped,m(1,0,0,0,2,0),f(x,"y"))')
        assert predicates.decode(Sample, atom) == Sample('a"b', -3, "tapped", (1, 0, 0, 0, 2, 0),
                                                         parse_term('f(x,"y")'))
        assert predicates.decode_all(Sample, [atom, parse_term("other(1)")]) == [predicates.decode(Sample, atom)]
        with pytest.raises(EncodingError) as caught:
            predicates.decode(Sample, parse_term("other(1)"))
        assert str(caught.value) == "other(1) is not sample/5"
    finally:  # declared by no query (as above)
        del predicates.SPECS[Sample]


# ---------------------------------------------------------------- the query registry
@dataclasses.dataclass
class Counted:
    count: int

    def to_json(self) -> dict:
        return {"count": self.count}


def count_query():
    def run(board, player):
        return Counted(sum(p.controller == player for p in board.battlefield))

    return Query(name="count-permanents", program="could_produce", facts=lambda board, player: [],
                 run=run, answer=lambda board, player: run(board, player).count,
                 args=(Arg("player", "PLAYER"),), schema="count-permanents", counted="permanents",
                 count=lambda result: result.count,
                 render=lambda result: [f"{result.count} permanents"], summary="Count permanents.")


def test_a_new_query_is_one_registration(monkeypatch, board_file, tmp_path):
    """The CLI command, the API and verify all come from the registry entry."""
    from click.testing import CliRunner

    from pysolver import cli

    query = count_query()
    monkeypatch.setitem(QUERIES, query.name, query)
    command = cli.registry_command(query)
    path = board_file("Alice: [Forest, Island]\nBob: [Swamp]\n")
    result = CliRunner().invoke(command, [str(path), "Alice"])
    assert (result.exit_code, result.output) == (0, "2 permanents\n")
    result = CliRunner().invoke(command, [str(path), "Bob", "--json"])
    assert json.loads(result.output) == {"schema": "pysolver/count-permanents/1", "board": str(path),
                                         "count": 1}
    # The limits reach it as they reach every query: --max-outcomes counts what it counts.
    result = CliRunner().invoke(command, [str(path), "Alice", "--max-outcomes", "1"])
    assert result.exit_code == 3
    assert result.output == f"error: {path}: incomplete: more than 1 permanents (--max-outcomes)\n"
    result = CliRunner().invoke(command, [str(path), "Alice", "--timeout", "nan"])
    assert result.exit_code == 2
    board = pysolver.load_board(path)
    assert pysolver.api.query_answer("count-permanents", board, player="Alice") == Counted(2)
    assert pysolver.api.ask("count-permanents", path, player="Bob", max_outcomes=1, timeout=60) == Counted(1)
    with pytest.raises(pysolver.LimitExceeded):
        pysolver.api.ask("count-permanents", path, player="Alice", max_outcomes=1)
    cases = tmp_path / "cases.yaml"
    cases.write_text("cases:\n- {id: c, source: CR 110.1, reason: counting, query: count-permanents,\n"
                     "   board: {Alice: [Forest], Bob: [Island]}, args: {player: Alice}, expect: 1}\n")
    (outcome,) = verify.run_all([cases])
    assert outcome.passed


def test_each_description_is_what_its_module_registers():
    """DESCRIPTIONS (what the command line knows without importing a query) names the module
    that registers each query, with the arguments and summary of its registered Query."""
    for name, description in registry.DESCRIPTIONS.items():
        query = QUERIES[name]
        assert (query.name, query.args, query.summary) == (name, description.args, description.summary)
        assert query.run.__module__ == f"pysolver.query.{description.module}"


def test_a_registration_unlike_its_description_is_refused(monkeypatch):
    query = dataclasses.replace(QUERIES["x"], args=(Arg("object", "OBJECT"), Arg("more", "MORE")))
    monkeypatch.delitem(QUERIES.registered, "x")
    with pytest.raises(ValueError, match="'x': its arguments and summary are those of DESCRIPTIONS"):
        registry.register(query)
    assert "x" not in QUERIES.registered


def test_a_query_says_how_max_outcomes_applies():
    query = dataclasses.replace(count_query(), count=None)
    with pytest.raises(ValueError, match="give count="):
        registry.register(query)


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_the_api_asks_every_query_through_the_registry(monkeypatch, board_file, name):
    """The API's function for each query runs the registry's runner on the board it read
    (within the time limit: a child process), and applies --max-outcomes the one way
    the entry says: counted after the run, or given to the runner."""
    query = QUERIES[name]

    def spy(board, **args):
        return {"board": board.name, "max_outcomes": args.get("max_outcomes", "not given")}

    monkeypatch.setitem(QUERIES, name, dataclasses.replace(
        query, run=spy, count=None if query.count is None else lambda result: 4))
    path = board_file("A: [Forest]\nB: [Island]\n")
    limited = {"timeout": 60, "max_outcomes": 3}
    call = {"could-produce": lambda: pysolver.could_produce(path, **limited),
            "turn": lambda: pysolver.turn(path, **limited),
            "turns": lambda: pysolver.api.turns(path, 2, **limited),
            "outcomes": lambda: pysolver.outcomes(path, **limited),
            "can-activate": lambda: pysolver.can_activate(path, "forest", **limited),
            "available": lambda: pysolver.available(path, "A", **limited),
            "pay": lambda: pysolver.api.pay(path, "A", "{G}", **limited),
            "x": lambda: pysolver.x_value(path, "forest", **limited),
            "mana": lambda: pysolver.mana_outcomes(path, "forest", **limited),
            "next": lambda: pysolver.api.next_states(path, ["pass"], **limited)}[name]
    if query.count is None:
        assert call() == {"board": str(path), "max_outcomes": 3}
    else:
        with pytest.raises(pysolver.LimitExceeded) as caught:
            call()
        assert str(caught.value) == f"{path}: incomplete: more than 3 {query.counted} (--max-outcomes)"


def test_every_registered_query_has_a_command_and_a_schema():
    import click

    from pysolver import cli, schemas

    context = click.Context(cli.main)
    for name, query in QUERIES.items():
        assert name in cli.main.list_commands(context) and cli.main.get_command(context, name) is not None
        assert query.schema in schemas.output_schema_names()
