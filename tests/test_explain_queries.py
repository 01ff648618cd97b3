"""--explain for can-activate, available and x: exact output, read from the encodings' atoms,
citing only rule numbers that exist."""

from __future__ import annotations

import json
import re

import pysolver

from helpers import CRACKLEBURR, RULE_NUMBERS, corpus_cases


def cited(text: str) -> set[str]:
    return set(re.findall(r"\b\d{3}\.\d+[a-z]?\b", text))


def test_can_activate_explain_lists_every_check(cli, board_file):
    code, out, err = cli("can-activate", board_file(CRACKLEBURR), "crackleburr", "--ability", "1",
                         "--explain")
    assert (code, err) == (0, "")
    assert out == (
        "no: Crackleburr (crackleburr), ability 1: {U/R}{U/R}, {T}, Tap two untapped red creatures you "
        "control: Crackleburr deals 3 damage to any target.\n"
        "  118.3: Alice has 1 untapped red creature other than Crackleburr to tap; 2 needed\n"
        "checked:\n"
        "  FAIL  118.3: tap 2 untapped red creatures other than Crackleburr: Alice has 1\n"
        "  ok    107.5: {T}: Crackleburr is untapped before it is paid\n"
        "  ok    118.3: pay {U/R}{U/R} from Alice's mana pool and the mana abilities Alice can "
        "activate now (601.2g)\n"
        "  ok    302.6: Crackleburr is a creature; Alice has controlled it continuously since their "
        "most recent turn began\n"
        "  ok    601.2c: a legal target: any target\n"
        "  ok    601.2h: all of the costs ({U/R}{U/R}, {T}, Tap two untapped red creatures you control) paid together\n"
        "N  KIND       COST\n"
        "1  activated  {U/R}{U/R}, {T}, Tap two untapped red creatures you control\n"
        "2  activated  {U/R}{U/R}, {Q}, Untap two tapped blue creatures you control\n")
    assert cited(out) <= RULE_NUMBERS


def test_can_activate_explain_marks_each_failure(load):
    board = load(CRACKLEBURR.replace("{card: Crackleburr, controller: Alice}",
                                     "{card: Crackleburr, controller: Alice, tapped: true, "
                                     "entered: {turn: 1, step: upkeep}}"))
    answer = pysolver.can_activate(board, "crackleburr", 1, explain=True)
    failed = [(c.rule, c.text) for c in answer.checks if c.failed]
    # It entered this turn, so it hasn't been controlled since the turn began (CR 302.6;
    # continuous_control is derived from entered).
    assert failed == [("107.5", "{T}: Crackleburr is tapped before it is paid"),
                      ("118.3", "tap 2 untapped red creatures other than Crackleburr: Alice has 1"),
                      ("302.6", "Crackleburr is a creature that has not been under Alice's control "
                                "continuously since their most recent turn began, without haste")]
    # One failed check for each reason, and the same rule.
    assert sorted(r.split(":")[0] for r in answer.reasons) == sorted(r for r, _ in failed)
    assert pysolver.can_activate(board, "crackleburr", 1).checks is None


def test_can_activate_explain_json(cli, board_file):
    code, out, _ = cli("can-activate", board_file(CRACKLEBURR), "island", "--explain", "--json")
    assert code == 0
    assert json.loads(out)["checks"] == [
        {"rule": "107.5", "text": "{T}: Island is untapped before it is paid", "failed": False},
        {"rule": "302.6", "text": "Island is not a creature, so summoning sickness doesn't apply",
         "failed": False}]


def test_available_explain(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, mana_pool: "{R}"}, Bob]
        battlefield:
        - {card: Tropical Island, controller: Alice}
        - {card: Forest, controller: Alice}
        - {card: Forest, controller: Alice, tapped: true}
        - {card: Crackleburr, controller: Alice}
        - {card: Island, controller: Bob}
        """)
    code, out, err = cli("available", path, "Alice", "--explain")
    assert (code, err) == (0, "")
    assert out == (
        "Alice can produce 2 distinct maximal pools:\n"
        "  {U}{R}{G}\n"
        "  {R}{G}{G}\n"
        "how:\n"
        "  already in Alice's mana pool: {R} (106.4)\n"
        "  forest-2 (Forest) ability 1: it is tapped, so {T} can't be paid (107.5)\n"
        "  {U}{R}{G}: tropical-island ability 1 adds {U}; forest ability 1 adds {G} (605.3a, 601.2g, 106.4)\n"
        "  {R}{G}{G}: tropical-island ability 2 adds {G}; forest ability 1 adds {G} (605.3a, 601.2g, 106.4)\n")
    assert cited(out) <= RULE_NUMBERS


def test_available_explain_sacrifices_after_tapping(load):
    board = load("""\
        players: [Alice, Bob]
        battlefield:
        - {card: Ancient Tomb, controller: Alice}
        - {card: Squandered Resources, controller: Alice}
        - {card: Forest, controller: Alice}
        """)
    answer = pysolver.available(board, "Alice", explain=True)
    assert answer.pools == ("{G}{G}{C}{C}{C}",)
    kinds = [(line["kind"], line["text"]) for line in answer.explanation]
    assert kinds == [("witness", "{G}{G}{C}{C}{C}: ancient-tomb ability 1 adds {C}{C} (ancient-tomb deals 2 "
                      "damage to Alice); forest ability 1 adds {G}; squandered-resources ability 1 adds {C} "
                      "(sacrifice ancient-tomb); squandered-resources ability 1 adds {G} (sacrifice forest)")]
    assert all(set(line["rules"]) <= RULE_NUMBERS for line in answer.explanation)
    assert pysolver.available(board, "Alice").explanation is None


def test_x_explain_chain(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        battlefield:
        - {card: Endless One, controller: Bob, x: 4, counters: {+1/+1: 4}}
        stack:
        - {id: original, card: Endless One, controller: Alice, x: 4}
        - {id: copy, card: Endless One, controller: Alice, copy: true, cast: false, copy_of: original}
        - {id: clone, card: Clone, controller: Alice, enters_as_copy_of: endless-one}
        - {id: free, card: Endless One, controller: Alice, x: 3, without_paying_mana_cost: true}
        """)
    code, out, _ = cli("x", path, "copy", "--explain")
    assert code == 0
    assert out.split("how:\n")[1] == (
        "  a copy of original copies the X chosen for it: 4 (707.10)\n"
        "  on the stack its mana value counts X: 0 + 1 x 4 = 4 (202.3e)\n"
        "  it resolves into a token: Endless One (707.10f)\n"
        "  its enters-the-battlefield abilities use the X chosen for the spell: 4 (107.3m)\n"
        "  its mana value counts X as 0: 0 (202.3e)\n"
        "  it enters with 4 +1/+1 counters (614.1c)\n")
    code, out, _ = cli("x", path, "clone", "--explain")
    assert code == 0
    assert out.split("how:\n")[1] == (
        "  its mana cost has no X; its mana value is 4 (202.3e)\n"
        "  it enters as a copy of endless-one, with the copiable values of Endless One (707.2)\n"
        "  it resolves into a permanent: Endless One (608.3)\n"
        "  no X was chosen for the spell that became it, so its ETB abilities' X is 0 (107.3m)\n"
        "  its mana value counts X as 0: 0 (202.3e)\n")
    code, out, _ = cli("x", path, "free", "--explain")
    assert code == 0
    assert out.split("how:\n")[1].splitlines()[0] == (
        "  cast without paying its mana cost, the only legal value of X is 0 (107.3b)")
    _code, out, _ = cli("x", path, "endless-one", "--explain", "--json")
    assert json.loads(out)["explanation"] == [
        {"text": "off the stack, X is 0", "rules": ["107.3m"]},
        {"text": "its enters-the-battlefield abilities used the X of the spell that became it: 4",
         "rules": ["107.3m"]},
        {"text": "its mana value counts X as 0: 0", "rules": ["202.3e"]}]
    for obj in ("original", "copy", "clone", "free", "endless-one"):
        answer = pysolver.x_value(pysolver.load_board(path), obj, explain=True)
        assert all(set(step["rules"]) <= RULE_NUMBERS for step in answer.explanation)
        assert answer.canonical() == pysolver.x_value(pysolver.load_board(path), obj).canonical()




def corpus(query):
    return [c for c in corpus_cases() if c.query == query]


def test_every_can_activate_case_explains_each_reason():
    """For every ruling case: one failed check for each reason, with the same rule; a failed
    check only when the answer is no; every cited rule exists."""
    from pysolver import verify
    checked = 0
    for case in corpus("can-activate"):
        board = verify.case_board(case)
        answer = pysolver.can_activate(board, case.args["permanent"], case.args.get("ability"),
                                       explain=True)
        failed = sorted(c.rule for c in answer.checks if c.failed)
        assert failed == sorted(r.split(":")[0] for r in answer.reasons), case.id
        assert answer.checks, case.id
        for check in answer.checks:
            assert check.rule in RULE_NUMBERS and cited(check.text) <= RULE_NUMBERS, case.id
        checked += 1
    assert checked >= 100


def test_every_available_and_x_case_explains_with_real_rules():
    from pysolver import verify
    for case in corpus("available"):
        answer = pysolver.available(verify.case_board(case), case.args["player"], explain=True)
        assert answer.explanation, case.id
        for line in answer.explanation:
            assert set(line["rules"]) <= RULE_NUMBERS, case.id
    for case in corpus("x"):
        answer = pysolver.x_value(verify.case_board(case), case.args["object"], explain=True)
        assert answer.explanation, case.id
        for line in answer.explanation:
            assert set(line["rules"]) <= RULE_NUMBERS and cited(line["text"]) <= RULE_NUMBERS, case.id
