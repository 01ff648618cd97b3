"""Counters whose kind has rules pysolver doesn't model (CR 122.1a-d, 122.1h): a sentence that
would put one on a permanent is not understood, never compiled and then ignored by the rules."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

CASES = [
    ("Shieldmate", "~ enters with a shield counter on it.", "Creature — Human Warrior",
     "a shield counter has rules of its own (CR 122.1c) that pysolver doesn't model"),
    ("Walker", "~ enters with an indestructible counter on it.", "Creature — Golem",
     "an indestructible counter gives its keyword (CR 122.1b), which pysolver doesn't model"),
    ("Stunner", "When ~ enters, put a stun counter on ~.", "Creature — Elf",
     "a stun counter has rules of its own (CR 122.1d) that pysolver doesn't model"),
]


@pytest.mark.parametrize("name,text,type_line,why", CASES, ids=[c[0] for c in CASES])
def test_a_counter_with_rules_of_its_own_leaves_its_sentence_not_understood(name, text, type_line, why):
    result = compile_card(name, text, type_line)
    assert result.status == "partial"
    assert [(s["text"], s["why"]) for s in result.sentences] == [(text, why)]


@pytest.mark.parametrize("kind", ["+1/+1", "flying"])  # flying: combat only, which no query has
def test_counters_the_rules_read_or_no_query_reaches_still_compile(kind):
    result = compile_card("Grower", f"~ enters with two {kind} counters on it.", "Creature — Elf")
    assert (result.status, result.card["enters_with_counters"]) == ("ok", [{"kind": kind, "count": 2}])
