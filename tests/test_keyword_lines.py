"""A keyword line's keywords (CR 702): a keyword that is a trigger, a replacement or a cost a
query reaches, which no rule models, leaves its piece of the line not understood; the others
stay compiled as the card's keywords."""

from __future__ import annotations

from pysolver.cards.oracle import compile_card


def test_an_unmodelled_trigger_keyword_is_not_understood_beside_compiled_ones():
    result = compile_card("Kitchen Finks", "Flying, persist", "Creature — Ouphe", keywords=["Flying", "Persist"])
    assert result.status == "partial"
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Flying.", "compiled"), ("persist.", "not understood")]
    assert result.sentences[1]["why"] == ("persist: a keyword whose trigger, replacement or cost a query reaches "
                                          "(CR 702.79), which pysolver doesn't model")


def test_a_keyword_line_the_rules_read_or_no_query_reaches_stays_compiled_whole():
    result = compile_card("Bear", "Flying, haste", "Creature — Bear", keywords=["Flying", "Haste"])
    assert result.status == "ok"
    assert [(s["text"], s["why"]) for s in result.sentences] == [
        ("Flying, haste.", "keyword abilities (CR 702): the card's keywords")]
