"""Replacement effects of counters being put on permanents (CR 614.1a, 616.1, 122.6): what the
compiler makes of "If one or more +1/+1 counters would be put on a creature you control, that many
plus one +1/+1 counters are put on it instead" and its near shapes, and where a query that puts
counters outside asp/counter_put.lp's rule refuses.  The ruling cases are
tests/cases/next/counter-replacements.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import next_states, outcomes, x_value
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError


CASES = Path(__file__).parent / "cases" / "next"
SCALES = "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are " \
         "put on it instead."


@pytest.mark.parametrize(("text", "replacement"), [
    (SCALES, {"kind": "+1/+1", "how": "plus", "amount": 1, "filter": {"types": ["Creature"]}, "whose": "you"}),
    ("If one or more +1/+1 counters would be put on another creature you control, that many plus one +1/+1 counters "
     "are put on it instead.",
     {"kind": "+1/+1", "how": "plus", "amount": 1, "filter": {"types": ["Creature"], "other": True}, "whose": "you"}),
    ("If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters minus one are "
     "put on it instead.",
     {"kind": "-1/-1", "how": "minus", "amount": 1, "filter": {"types": ["Creature"]}, "whose": "you"}),
])
def test_counter_replacement_forms(text, replacement):
    result = compile_card("Replacer", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"counter_replacement": replacement}])


def test_counters_of_each_kind_and_a_players_counters():
    """CR 614.1a, 122.6: "that many plus one of each of those kinds": every kind the event puts; CR 122.1: the
    counters its controller gets (asp/damage.lp's poison counters, 120.3b)."""
    result = compile_card("Winding Constrictor", "If one or more counters would be put on an artifact or creature you "
                          "control, that many plus one of each of those kinds of counters are put on that permanent "
                          "instead.\nIf you would get one or more counters, you get that many plus one of each of "
                          "those kinds of counters instead.", "Creature — Snake", power="2", toughness="3")
    assert (result.status, result.card["abilities"]) == ("ok", [
        {"counter_replacement": {"every_kind": True, "how": "plus", "amount": 1, "whose": "you",
                                 "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}}},
        {"player_counter_replacement": {"whose": "you", "how": "plus", "amount": 1}}])


def _pinged(tmp_path: Path, target: str) -> list:
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
                     "- {id: pinger, card: Test Infect Pinger, controller: Alice}\n"
                     "- {id: snake, card: Winding Constrictor, controller: Bob}\n", encoding="utf-8")
    return next_states(board, ["activate", "pinger", "1", f"target={target}", "resolve"],
                       cards=[CASES / "counter-replacements.yml"])


def test_a_players_poison_counters_plus_one(tmp_path):
    # CR 120.3b, 614.1a: 1 damage from a source with infect: Bob would get 1 poison counter; he gets 2.
    (result,) = _pinged(tmp_path, "Bob")
    assert result.events[-1] == ("Test Infect Pinger deals 2 damage to Bob: Bob gets 2 poison counters (infect, "
                                 "CR 120.3b; 0 -> 2)")


def test_counters_of_each_kind_plus_one(tmp_path):
    # CR 120.3d, 614.1a: 1 damage from a source with infect to the Constrictor: one -1/-1 counter would be put on it;
    # two are (a 2/3 with two -1/-1 counters: 0/1, it lives).
    (result,) = _pinged(tmp_path, "snake")
    assert [e for e in result.events if "-1/-1" in e] == [
        "Test Infect Pinger deals 1 damage to Winding Constrictor (snake): 1 -1/-1 counter put on it (infect, CR "
        "120.3d)", "snake gets 2 -1/-1 counters instead of 1 (snake: replacement effect, CR 614.1a, 616.1)"]


@pytest.mark.parametrize("text", [
    # twice that many, an opponent's creatures, a kind the replacement doesn't put
    "If one or more +1/+1 counters would be put on a creature you control, twice that many +1/+1 counters are put "
    "on it instead.",
    "If one or more +1/+1 counters would be put on a creature an opponent controls, that many plus one +1/+1 "
    "counters are put on it instead.",
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one -1/-1 counters are "
    "put on it instead.",
])
def test_counter_replacements_left_unread(text):
    assert compile_card("Replacer", text, "Enchantment").status != "ok"


REPLACERS = [CASES / "counter-replacements.yml", CASES / "untap-triggers.yml"]
# A near shape the compiler reads (a minus on +1/+1 counters) beside Hardened Scales: both ways on one event.
TAKER = ("format: pysolver-oracle/1\ncards:\n- name: Test Taker\n  types: [Enchantment]\n  oracle: \"If one or more "
         "+1/+1 counters would be put on a creature you control, that many +1/+1 counters minus one are put on it "
         "instead.\"\n")


def test_counters_after_replacements_on_the_board(load):
    """CR 614.1a, 122.6: the board next leaves has the replaced numbers: Walking Ballista with X = 1 enters with
    two +1/+1 counters beside Hardened Scales (one event with its spell's own); Ammit Eternal gets no -1/-1
    counter beside Vizier of Remedies."""
    board = load("""\
        players: [Alice, Bob]
        turn: {number: 4, active: Bob, step: precombat_main}
        battlefield:
        - {id: scales, card: Hardened Scales, controller: Alice}
        - {id: ammit, card: Ammit Eternal, controller: Alice}
        - {id: vizier, card: Vizier of Remedies, controller: Alice}
        stack:
        - {id: ballista, card: Walking Ballista, controller: Alice, x: 1}
        - {id: ammit-1, card: Ammit Eternal, controller: Alice, source: ammit, ability: 1}
        """, REPLACERS)
    [after] = next_states(board, ["resolve", "resolve"])
    assert {p["id"]: p.get("counters", {}) for p in after.board["battlefield"]} == {
        "scales": {}, "ammit": {}, "vizier": {}, "ballista": {"+1/+1": 2}}


def test_queries_that_dont_apply_them_refuse(load, tmp_path):
    """outcomes and x put counters outside asp/counter_put.lp: with a counter replacement on the battlefield they
    refuse; next refuses effects of both ways on one event (the order, CR 616.1, isn't judged)."""
    board = load("""\
        players: [Alice, Bob]
        turn: {number: 5, active: Alice, step: upkeep}
        battlefield:
        - {id: tromper, card: Pheres-Band Tromper, controller: Alice}
        - {id: scales, card: Hardened Scales, controller: Alice}
        stack:
        - {id: ballista, card: Walking Ballista, controller: Alice, x: 1}
        - {id: tromper-1, card: Pheres-Band Tromper, controller: Alice, source: tromper, ability: 1}
        """, REPLACERS)
    with pytest.raises(QueryError, match=r"a resolving ability puts counters on a permanent, which Hardened Scales"
                                         r".*'s replacement effect changes \(CR 614\.1a, 616\.1\); outcomes doesn't"):
        outcomes(board)
    with pytest.raises(QueryError, match=r"ballista \(Walking Ballista\) enters with counters whose number scales's "
                                         r"replacement effect may change \(CR 614\.1a, 616\.1\), which x doesn't"):
        x_value(board, "ballista")
    taker = tmp_path / "taker.yml"
    taker.write_text(TAKER, encoding="utf-8")
    both = load("""\
        players: [Alice, Bob]
        turn: {number: 5, active: Alice, step: upkeep}
        battlefield:
        - {id: tromper, card: Pheres-Band Tromper, controller: Alice}
        - {id: scales, card: Hardened Scales, controller: Alice}
        - {id: taker, card: Test Taker, controller: Alice}
        stack:
        - {id: tromper-1, card: Pheres-Band Tromper, controller: Alice, source: tromper, ability: 1}
        """, REPLACERS + [taker])
    with pytest.raises(QueryError, match=r"replacement effects that add counters and that take them away apply to "
                                         r"the \+1/\+1 counters put on tromper: the order its controller chooses "
                                         r"\(CR 616\.1\) isn't judged"):
        next_states(both, ["resolve"])
