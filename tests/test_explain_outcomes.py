"""outcomes --explain: how each outcome and its probability arise, read from the atoms of
asp/explain/outcomes.lp (per stage: what resolves and why there, the intervening "if",
who chose what, the candidates of each random choice).  Exact output."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

import pysolver
from pysolver import solver, verify
from pysolver.errors import QueryError

RULE_NUMBERS = {line.strip() for line in
                (Path(__file__).parent / "fixtures" / "rule_numbers.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")}
CASES = Path(__file__).parent / "cases"
# The rules as the solver loads them: the installed package, or asp/ in a checkout.
ASP = solver.encoding_file("input.lp").resolve().parent

ONE_TRIGGER = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: forest, card: Forest, controller: Bob, counters: {aim: 1}}
- {id: bears, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
- {id: myr, card: Darksteel Myr, controller: Bob, counters: {aim: 1}}
"""

RESOLVES_END = ("{k}. Alice's Haphazard Bombardment ({key}) resolves: it triggered as the step began; "
                "triggers go on the stack in APNAP order{who} (CR 603.3b)")
HOLDS = ("{k}. Alice's Haphazard Bombardment ({key}): its intervening \"if\" holds as it resolves: "
         "{n} permanents Alice's opponents control with an aim counter, at least 2 needed (CR 603.4)")
RANDOM = ("{k}. Alice's Haphazard Bombardment ({key}): a random choice among {n} {noun}, {names}, "
          "each with probability 1/{n}: {picked} is destroyed (CR 701.7a)")
MYR = ("{k}. Alice's Haphazard Bombardment ({key}): Darksteel Myr (myr) is no candidate: it has "
       "indestructible (CR 702.12b)")
BEARS, FOREST = "Grizzly Bears (bears)", "Forest (forest)"
CANDIDATES = {1: "candidate"}


def random(n, **fields):
    return RANDOM.format(n=n, noun=CANDIDATES.get(n, "candidates"), **fields)


def test_cli_explain_one_random_choice(cli, board_file):
    code, out, err = cli("outcomes", board_file(ONE_TRIGGER), "--explain")
    assert (code, err) == (0, "")
    stage = dict(k=1, key="hb:2")
    lines = []
    for picked in (BEARS, FOREST):
        lines += [f"outcome {len(lines) // 6 + 1}, probability 1/2: {picked} is destroyed (at random)",
                  "  way 1 of 1, probability 1/2:",
                  "    " + RESOLVES_END.format(who="", **stage),
                  "    " + HOLDS.format(n=3, **stage),
                  "    " + random(2, names=f"{BEARS}, {FOREST}", picked=picked, **stage),
                  "    " + MYR.format(**stage)]
    assert out == (
        "resolving: Haphazard Bombardment (hb:2)\n"
        "PROBABILITY  CHOICES  EVENTS\n"
        "1/2                   Grizzly Bears (bears) is destroyed (at random)\n"
        "1/2                   Forest (forest) is destroyed (at random)\n"
        "                        - Forest (forest) was destroyed as the ability resolved; no player "
        "could act between the random choice and the destruction, so it couldn't be tapped for mana "
        "first (CR 608.2, 117.3b)\n" + "".join(f"{line}\n" for line in lines))


def test_two_ways_add_up_and_products_are_shown(load):
    board = load(ONE_TRIGGER.replace("- {id: forest", "- {id: hb2, card: Haphazard Bombardment, "
                                     "controller: Alice}\n- {id: forest"))
    lines = pysolver.outcomes(board, explain=True, witnesses="all").explanation()
    ordered = ", Alice ordering their 2 as they chose"

    def way(index, first, second, picked, then):
        first, second = dict(k=1, key=first), dict(k=2, key=second)
        return [f"    way {index} of 2, probability 1/2 * 1/1 = 1/2:",
                "      " + RESOLVES_END.format(who=ordered, **first),
                "      " + HOLDS.format(n=3, **first),
                "      " + random(2, names=f"{BEARS}, {FOREST}", picked=picked, **first),
                "      " + MYR.format(**first),
                "      " + RESOLVES_END.format(who=ordered, **second),
                "      " + HOLDS.format(n=2, **second),
                "      " + random(1, names=then, picked=then, **second),
                "      " + MYR.format(**second)]

    def order(first, second):
        return (f"  when Alice orders the triggers to resolve: Haphazard Bombardment ({first}), then "
                f"Haphazard Bombardment ({second}) (CR 603.3b):")

    assert lines == [
        "outcome 1, probability 1: Alice orders the triggers: the choice makes no difference "
        f"(CR 603.3b); {BEARS} is destroyed (at random); {FOREST} is destroyed (at random)",
        order("hb2:2", "hb:2"),
        *way(1, "hb2:2", "hb:2", FOREST, BEARS), *way(2, "hb2:2", "hb:2", BEARS, FOREST),
        "    1 = 1/2 + 1/2: the sum over its ways",
        order("hb:2", "hb2:2"),
        *way(1, "hb:2", "hb2:2", FOREST, BEARS), *way(2, "hb:2", "hb2:2", BEARS, FOREST),
        "    1 = 1/2 + 1/2: the sum over its ways"]
    # One witness (the default): the first way of the first choice, and what was left out.
    assert pysolver.outcomes(board, explain=True).explanation() == [
        *lines[:11],
        "    1 is the sum over its 2 ways; --witnesses all shows every way",
        "  1 other choice gives this outcome with the same probability; --witnesses all shows each"]


def test_intervening_if_fails_on_resolution(load):
    board = load(ONE_TRIGGER.replace("- {id: myr, card: Darksteel Myr, controller: Bob, counters: {aim: 1}}\n",
                                     "- {id: hb2, card: Haphazard Bombardment, controller: Alice}\n"))
    lines = pysolver.outcomes(board, explain=True).explanation()
    assert lines[:8] == [
        "outcome 1, probability 1/2: Alice orders the triggers: the choice makes no difference "
        f"(CR 603.3b); {BEARS} is destroyed (at random); Haphazard Bombardment does nothing: its "
        "intervening \"if\" is false as it resolves (CR 603.4)",
        "  when Alice orders the triggers to resolve: Haphazard Bombardment (hb2:2), then Haphazard "
        "Bombardment (hb:2) (CR 603.3b):",
        "    way 1 of 1, probability 1/2:",
        "      " + RESOLVES_END.format(k=1, key="hb2:2", who=", Alice ordering their 2 as they chose"),
        "      " + HOLDS.format(k=1, key="hb2:2", n=2),
        "      " + random(2, k=1, key="hb2:2", names=f"{BEARS}, {FOREST}", picked=BEARS),
        "      " + RESOLVES_END.format(k=2, key="hb:2", who=", Alice ordering their 2 as they chose"),
        "      2. Alice's Haphazard Bombardment (hb:2): its intervening \"if\" doesn't hold as it "
        "resolves: 1 permanent Alice's opponents control with an aim counter, at least 2 needed, so it "
        "does nothing (CR 603.4)"]


def test_no_candidate_and_nothing_resolving(load):
    board = load("""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: myr, card: Darksteel Myr, controller: Bob, counters: {aim: 1}}
- {id: citadel, card: Darksteel Citadel, controller: Bob, counters: {aim: 1}}
""")
    assert pysolver.outcomes(board, explain=True).explanation() == [
        "outcome 1, probability 1: Haphazard Bombardment destroys nothing: no permanent with an aim "
        "counter can be destroyed (CR 609.3)",
        "  way 1 of 1, probability 1 (no random choice):",
        "    " + RESOLVES_END.format(k=1, key="hb:2", who=""),
        "    " + HOLDS.format(k=1, key="hb:2", n=2),
        "    1. Alice's Haphazard Bombardment (hb:2): Darksteel Citadel (citadel) is no candidate: it "
        "has indestructible (CR 702.12b)",
        "    " + MYR.format(k=1, key="hb:2"),
        "    1. Alice's Haphazard Bombardment (hb:2): no candidate, so nothing is destroyed (CR 609.3)"]
    # With one aim counter the ability doesn't trigger at all (603.4): nothing resolves.
    board = load(ONE_TRIGGER.replace("counters: {aim: 1}}\n- {id: bears", "}\n- {id: bears")
                 .replace("Bears, controller: Bob, counters: {aim: 1}}", "Bears, controller: Bob}"))
    assert pysolver.outcomes(board, explain=True).explanation() == [
        "outcome 1, probability 1: nothing happens",
        "  way 1 of 1, probability 1 (no random choice):",
        "    nothing resolves: the stack is empty and no ability triggered as the step began "
        "(CR 405.5, 603.2)",
        "    Alice's Haphazard Bombardment (hb:2) didn't trigger as the step began: its intervening "
        "\"if\" was false: 1 permanent Alice's opponents control with an aim counter, at least 2 "
        "needed (CR 603.4)"]


def test_choice_from_the_stack_is_not_targeted_and_fewer_if_fewer(cli, board_file):
    path = board_file("""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: b1, card: Grizzly Bears, controller: Bob}
- {id: b2, card: Grizzly Bears, controller: Bob}
- {id: haze, card: Paradox Haze, controller: Bob, attached_to: {player: Bob}}
stack:
- {card: Haphazard Bombardment, controller: Alice, source: hb, ability: 1}
""")
    code, out, _ = cli("outcomes", path, "--explain")
    assert code == 0
    assert out.splitlines()[4:] == [
        "outcome 1, probability 1: Alice chooses for Haphazard Bombardment (hb:1): Grizzly Bears (b1), "
        "Grizzly Bears (b2); an aim counter is put on Grizzly Bears (b1); an aim counter is put on "
        "Grizzly Bears (b2)",
        "  way 1 of 1, probability 1 (no random choice):",
        "    1. Alice's Haphazard Bombardment (hb:1) resolves: it is the top of the stack (CR 405.5)",
        "    1. Alice's Haphazard Bombardment (hb:1): Alice chooses 2 of the 2 eligible permanents for "
        "an aim counter each, as many as possible of 4 (CR 609.3): Grizzly Bears (b1), Grizzly Bears "
        "(b2); they aren't targeted (CR 115.10a)"]


def test_unmodelled_effects_and_self_tapped_condition(load):
    board = load("""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: draw}
battlefield:
- {id: vault, card: Mana Vault, controller: Alice, tapped: true}
""")
    assert pysolver.outcomes(board, explain=True).explanation()[2:] == [
        "    1. Alice's Mana Vault (vault:2) resolves: it triggered as the step began; its effect "
        "changes nothing modelled here, so where it resolves doesn't matter (CR 603.3b)",
        "    1. Alice's Mana Vault (vault:2): its intervening \"if\" holds as it resolves: Mana Vault "
        "(vault) is tapped (CR 603.4)"]


def test_json_explanation_and_no_explanation_without_explain(cli, board_file, load):
    import json
    code, out, _ = cli("outcomes", board_file(ONE_TRIGGER), "--explain", "--json")
    assert code == 0
    explained = pysolver.outcomes(load(ONE_TRIGGER), explain=True).explanation()
    assert json.loads(out)["explanation"] == explained
    code, out, _ = cli("outcomes", board_file(ONE_TRIGGER), "--json")
    assert "explanation" not in json.loads(out)
    with pytest.raises(QueryError):
        pysolver.outcomes(load(ONE_TRIGGER)).explanation()
    # The derivation atoms are grounded only for an explanation.
    def files(program):
        return {Path(s.location.begin.filename).resolve().relative_to(ASP).as_posix()
                for s in solver.parsed(solver.entry(program))}
    assert "explain/outcomes.lp" not in files("outcomes")
    assert "explain/outcomes.lp" in files("outcomes_explain")


def outcome_cases():
    for path in sorted(CASES.rglob("*.yaml")):
        for case in verify.load_cases(path):
            if case.query == "outcomes":
                yield case


def test_every_outcomes_case_explains_its_probabilities_with_real_rules():
    """Read back from the explanation: each outcome's probability is the sum over its ways
    of the product of 1/N; it agrees with the answer; every cited rule exists."""
    checked = 0
    for case in outcome_cases():
        result = pysolver.outcomes(verify.case_board(case), explain=True, witnesses="all")
        lines = result.explanation()
        heads = [i for i, line in enumerate(lines) if line.startswith("outcome ")]
        assert len(heads) == len(result.outcomes), case.id
        for number, (start, outcome) in enumerate(zip(heads, result.outcomes, strict=True), 1):
            end = heads[number] if number < len(heads) else len(lines)
            block = lines[start:end]
            assert block[0].startswith(f"outcome {number}, probability {outcome.probability}: "), case.id
            # Choices that make no difference: the ways of each ("  when ...:") add up alike.
            whens = [i for i, line in enumerate(block) if line.startswith("  when ")] or [0]
            for at, when in enumerate(whens):
                total = Fraction(0)
                for line in block[when:whens[at + 1] if at + 1 < len(whens) else len(block)]:
                    found = re.match(r" +way \d+ of \d+, probability (?:.* = )?(\d+(?:/\d+)?)", line)
                    if found:
                        total += Fraction(found.group(1))
                assert total == outcome.probability, case.id
        cited = {n for line in lines for group in re.findall(r"\(CR ([^)]*)\)", line)
                 for n in group.split(", ")}
        assert cited <= RULE_NUMBERS, (case.id, cited - RULE_NUMBERS)
        checked += 1
    assert checked >= 5
