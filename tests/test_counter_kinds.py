"""Counters whose kind has rules pysolver doesn't model (CR 122.1a-d, 122.1h): a sentence that
would put one on a permanent is not understood, never compiled and then ignored by the rules."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

CASES = [
    ("Shieldmate", "~ enters with a shield counter on it.", "Creature — Human Warrior",
     "a shield counter has rules of its own (CR 122.1c) that pysolver doesn't model"),
    ("Flier", "~ enters with a flying counter on it.", "Creature — Bird",
     "a flying counter gives its keyword (CR 122.1b), which pysolver doesn't model"),
    ("Stunner", "When ~ enters, put a stun counter on ~.", "Creature — Elf",
     "a stun counter has rules of its own (CR 122.1d) that pysolver doesn't model"),
]


@pytest.mark.parametrize("name,text,type_line,why", CASES, ids=[c[0] for c in CASES])
def test_a_counter_with_rules_of_its_own_leaves_its_sentence_not_understood(name, text, type_line, why):
    result = compile_card(name, text, type_line)
    assert result.status == "partial"
    assert [(s["text"], s["why"]) for s in result.sentences] == [(text, why)]


def test_plus_one_counters_still_compile():
    result = compile_card("Grower", "~ enters with two +1/+1 counters on it.", "Creature — Elf")
    assert (result.status, result.card["enters_with_counters"]) == ("ok", [{"kind": "+1/+1", "count": 2}])
