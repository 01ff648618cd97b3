"""pysolver outcomes: probabilities sum to one, CLI output, JSON, limits and bad input."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

import pysolver
from pysolver import verify
from pysolver.errors import LimitExceeded

from helpers import BOMBARDMENT

CASES = Path(__file__).parent / "cases" / "outcomes"

END_STEP = """\
    players: [Alice, Bob, Carol]
    turn: {number: 4, active: Alice, step: end}
    battlefield:
    - {id: hb, card: Haphazard Bombardment, controller: Alice}
    - {id: hb2, card: Haphazard Bombardment, controller: Alice}
    - {id: myr, card: Darksteel Myr, controller: Carol, counters: {aim: 1}}
    - {id: bears, card: Grizzly Bears, controller: Bob, counters: {aim: 2}}
    - {id: forest, card: Forest, controller: Bob, counters: {aim: 1}}
    - {id: island, card: Island, controller: Carol, counters: {aim: 1}}
    - {id: force, card: Verdant Force, controller: Carol, counters: {aim: 1}}
    """


def by_choices(outcomes):
    """Probabilities summed over the outcomes that follow from each set of choices."""
    sums = defaultdict(Fraction)
    for outcome in outcomes:
        sums[json.dumps(outcome.choices, sort_keys=True)] += outcome.probability
    return sums


NO_DIFFERENCE = {"choice": "order", "player": "Alice", "makes_no_difference": True}


def destroyed(*objects):
    return tuple({"event": "destroy", "object": o, "cause": "random"} for o in objects)


def test_probabilities_sum_to_one(load):
    result = pysolver.outcomes(load(END_STEP))
    sums = by_choices(result.outcomes)
    # Either order of the two identical triggers gives the same outcomes: shown once.
    assert list(sums) == [json.dumps([NO_DIFFERENCE], sort_keys=True)]
    assert all(total == 1 for total in sums.values())
    # 4 candidates (the Myr is indestructible), then 3: each pair has probability 1/6 + 1/6.
    assert [(o.probability, o.events) for o in result.outcomes] == [
        (Fraction(1, 6), destroyed(*pair)) for pair in [
            ("bears", "force"), ("bears", "forest"), ("bears", "island"), ("force", "forest"),
            ("force", "island"), ("forest", "island")]]
    assert result.paths == 24


def test_the_order_of_identical_triggers_makes_no_difference(cli, board_file):
    """Two Bombardments, three Bears: 3 rows, not 6 (one a pair, whatever the order)."""
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 4, active: Alice, step: end}
        battlefield:
        - {id: hb, card: Haphazard Bombardment, controller: Alice}
        - {id: hb2, card: Haphazard Bombardment, controller: Alice}
        - {id: a, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
        - {id: b, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
        - {id: c, card: Grizzly Bears, controller: Bob, counters: {aim: 1}}
        """)
    code, out, err = cli("outcomes", path)
    assert (code, err) == (0, "")
    choice = "Alice orders the triggers: the choice makes no difference (CR 603.3b)"
    pad = " " * len(choice)
    assert out == (
        "resolving: Haphazard Bombardment (hb2:2), Haphazard Bombardment (hb:2)\n"
        f"PROBABILITY  CHOICES{' ' * (len(choice) - 7)}  EVENTS\n"
        f"1/3          {choice}  Grizzly Bears (a) is destroyed (at random)\n"
        f"             {pad}  Grizzly Bears (b) is destroyed (at random)\n"
        f"1/3          {choice}  Grizzly Bears (a) is destroyed (at random)\n"
        f"             {pad}  Grizzly Bears (c) is destroyed (at random)\n"
        f"1/3          {choice}  Grizzly Bears (b) is destroyed (at random)\n"
        f"             {pad}  Grizzly Bears (c) is destroyed (at random)\n")
    data = json.loads(cli("outcomes", path, "--json")[1])
    assert [o["choices"] for o in data["outcomes"]] == [[NO_DIFFERENCE]] * 3


def test_choices_that_differ_are_kept_apart(load):
    """Bob's Bombardment and Alice's: each orders their own; a choice that changes the
    results stays a choice (with its own outcomes, summing to 1)."""
    board = load("""\
        players: [Alice, Bob]
        turn: {number: 4, active: Alice, step: precombat_main}
        battlefield:
        - {id: hb, card: Haphazard Bombardment, controller: Alice}
        - {id: b1, card: Grizzly Bears, controller: Bob}
        - {id: b2, card: Grizzly Bears, controller: Bob}
        - {id: b3, card: Grizzly Bears, controller: Bob}
        - {id: b4, card: Grizzly Bears, controller: Bob}
        - {id: b5, card: Grizzly Bears, controller: Bob}
        stack:
        - {card: Haphazard Bombardment, controller: Alice, source: hb, ability: 1}
        """)
    result = pysolver.outcomes(board)
    assert len(result.outcomes) == 5
    assert all(not o.choices[0].get("makes_no_difference") for o in result.outcomes)
    assert [o.choices[0]["objects"] for o in result.outcomes] == [
        ["b1", "b2", "b3", "b4"], ["b1", "b2", "b3", "b5"], ["b1", "b2", "b4", "b5"],
        ["b1", "b3", "b4", "b5"], ["b2", "b3", "b4", "b5"]]


def test_every_outcome_case_sums_to_one():
    """For every ruling case of this query, each choice's outcomes sum to exactly 1."""
    checked = 0
    for path in sorted(CASES.glob("*.yaml")):
        for case in verify.load_cases(path):
            board = verify.case_board(case)
            sums = by_choices(pysolver.outcomes(board).outcomes)
            assert all(total == 1 for total in sums.values()), case.id
            checked += 1
    assert checked >= 10


def test_human_output(cli, board_file):
    path = board_file(BOMBARDMENT)
    code, out, err = cli("outcomes", path)
    assert (code, err) == (0, "")
    assert out == (
        "resolving: Haphazard Bombardment (hb:2)\n"
        "PROBABILITY  CHOICES  EVENTS\n"
        "1/2                   Grizzly Bears (bears) is destroyed (at random)\n"
        "1/2                   Forest (forest) is destroyed (at random)\n")
    code, out, _ = cli("outcomes", path, "--explain")
    assert ("                        - Forest (forest) was destroyed as the ability resolved; no player "
            "could act between the random choice and the destruction, so it couldn't be tapped for "
            "mana first (CR 608.2, 117.3b)\n") in out
    # The rest of --explain (read from asp/explain/outcomes.lp): tests/test_explain_outcomes.py.
    assert ("    1. Alice's Haphazard Bombardment (hb:2): its intervening \"if\" holds as it resolves: "
            "3 permanents Alice's opponents control with an aim counter, at least 2 needed "
            "(CR 603.4)\n") in out


def test_json_output(cli, board_file):
    code, out, _ = cli("outcomes", board_file(END_STEP), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["schema"] == "pysolver/outcomes/5"
    assert data["resolving"] == ["hb2:2", "hb:2"]
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1  # the order: no difference
    first = data["outcomes"][0]
    assert first == {"probability": "1/6", "choices": [NO_DIFFERENCE],
                     "events": [{"event": "destroy", "object": "bears", "cause": "random"},
                                {"event": "destroy", "object": "force", "cause": "random"}],
                     "notes": []}


ETB = """\
    players: [Alice, Bob]
    turn: {number: 4, active: Alice, step: precombat_main}
    battlefield:
    - {id: hb, card: Haphazard Bombardment, controller: Alice}
    %s
    stack:
    - {card: Haphazard Bombardment, controller: Alice, source: hb, ability: 1}
    """


def test_enters_every_set_of_four(load):
    bears = "\n    ".join(f"- {{id: b{i}, card: Grizzly Bears, controller: Bob}}" for i in range(7))
    result = pysolver.outcomes(load(ETB % bears))
    assert len(result.outcomes) == 35  # 7 choose 4
    assert all(o.probability == 1 and len(o.events) == 4 for o in result.outcomes)
    assert len({json.dumps(o.choices) for o in result.outcomes}) == 35


def test_max_outcomes(cli, board_file):
    bears = "\n    ".join(f"- {{id: b{i}, card: Grizzly Bears, controller: Bob}}" for i in range(7))
    path = board_file(ETB % bears)
    code, out, err = cli("outcomes", path, "--max-outcomes", "34")
    assert (code, out) == (3, "")
    assert err == f"error: {path}: incomplete: more than 34 outcomes (--max-outcomes)\n"
    with pytest.raises(LimitExceeded):
        pysolver.outcomes(pysolver.load_board(path), max_outcomes=10)
    code, _, _ = cli("outcomes", path, "--max-outcomes", "35")
    assert code == 0


@pytest.mark.parametrize("text, message", [
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hb, card: Haphazard Bombardment, controller: Alice}
     - {card: Grizzly Bears, controller: Bob, counters: {aim: -2}}
     """, "4:58: battlefield[1].counters.aim: -2 is less than the minimum of 0"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hb, card: Haphazard Bombardment, controller: Alice}
     stack:
     - {card: Haphazard Bombardment, controller: Alice, source: hb, ability: 3}
     """, "5:73: stack[0].ability: Haphazard Bombardment has no triggered ability 3 (abilities are "
          "numbered from 1)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hb, card: Haphazard Bombardment, controller: Alice}
     stack:
     - {card: Haphazard Bombardment, controller: Alice, source: hb, ability: 0}
     """, "5:73: stack[0].ability: 0 is less than the minimum of 1 (abilities are numbered from 1)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hb, card: Haphazard Bombardment, controller: Alice}
     stack:
     - {card: Haphazard Bombardment, controller: Alice, source: nowhere, ability: 1}
     """, "5:60: stack[0].source: 'nowhere' is not a permanent on the battlefield (a source that left it needs last_known, CR 603.10a)"),
    ("""\
     players: [Alice, Bob]
     battlefield:
     - {id: hb, card: Haphazard Bombardment, controller: Alice}
     stack:
     - {card: Haphazard Bombardment, controller: Alice, source: hb}
     """, "5:3: stack[0]: 'ability' is a dependency of 'source'"),
    ("""\
     players: [Alice, Bob]
     battlefield: []
     stack:
     - {id: bolt, card: Grizzly Bears, controller: Alice}
     """, "stack[0]: the top of the stack (bolt) is a spell; only triggered abilities resolve here"),
    ("""\
     players: [Alice, Bob]
     turn: {step: end_step}
     """, "2:14: turn.step: unknown step 'end_step' (steps: untap, upkeep, draw, precombat_main, "
          "beginning_of_combat, declare_attackers, declare_blockers, combat_damage, end_of_combat, "
          "postcombat_main, end, cleanup)"),
])
def test_bad_input(cli, board_file, text, message):
    path = board_file(text)
    code, out, err = cli("outcomes", path)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: {message}\n"


from hypothesis import given, settings, strategies as st  # noqa: E402


CANDIDATE_CARDS = ["Grizzly Bears", "Forest", "Darksteel Myr", "Darksteel Citadel", "Verdant Force"]


@settings(max_examples=25, deadline=None)
@given(bombardments=st.integers(min_value=1, max_value=2),
       permanents=st.lists(st.tuples(st.sampled_from(CANDIDATE_CARDS), st.sampled_from(["Bob", "Carol", "Alice"]),
                                     st.integers(min_value=0, max_value=2)), max_size=6))
def test_random_boards_sum_to_one(bombardments, permanents):
    battlefield = [{"card": "Haphazard Bombardment", "controller": "Alice"} for _ in range(bombardments)]
    battlefield += [{"card": card, "controller": who, "counters": {"aim": aim}}
                    for card, who, aim in permanents]
    board = pysolver.board_from_data({"players": ["Alice", "Bob", "Carol"],
                                      "turn": {"number": 4, "active": "Alice", "step": "end"},
                                      "battlefield": battlefield})
    result = pysolver.outcomes(board)
    sums = by_choices(result.outcomes)
    assert sums and all(total == 1 for total in sums.values())
    aimed = [(card, who) for card, who, aim in permanents if aim > 0 and who != "Alice"]
    destroyable = [c for c, _ in aimed if c not in ("Darksteel Myr", "Darksteel Citadel")]
    for outcome in result.outcomes:
        destroyed = [e for e in outcome.events if e["event"] == "destroy"]
        # Each resolution destroys one while two or more have aim counters and one can be destroyed.
        expected = min(bombardments, len(aimed) - 1, len(destroyable)) if len(aimed) >= 2 else 0
        assert len(destroyed) == expected
