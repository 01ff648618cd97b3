""""Whenever another creature you control enters while ~ has a -1/-1 counter on it" (issue 13; CR 603.2): the
trigger's `while`, a condition of the event judged as the permanent enters (asp/turn.lp if_false/2 through
trigger_while/2), not again as the ability resolves (unlike an intervening "if", 603.4).  Cases:
tests/cases/next/enters-while.yaml."""

from __future__ import annotations

from pathlib import Path


from pysolver.cards.oracle import compile_card

from helpers import refused_ability

CASES = Path(__file__).parent / "cases" / "next"


def test_enters_while_a_counter_is_on_its_source():
    text = "Whenever a creature you control enters while ~ has a +1/+1 counter on it, you gain 1 life."
    result = compile_card("Watcher", text, "Creature — Test", power="1", toughness="1")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["when"] == {"event": "permanent_enters", "filter": {"types": ["Creature"]}, "whose": "you",
                               "while": {"self_counters": {"kind": "+1/+1", "at_least": 1}}}
    assert (ability.get("if"), ability["do"]) == (None, [{"gain_life": 1}])


def test_while_is_refused_where_no_rule_judges_it(tmp_path):
    message = refused_ability(tmp_path, "{triggered: {when: {event: dies, while: {self_counters: "
                                        "{kind: charge, at_least: 1}}}, text: you gain 1 life}}")
    assert message == ("6:5: cards[0].abilities[0]: triggered.when: while is judged only for "
                                "permanent_enters")
