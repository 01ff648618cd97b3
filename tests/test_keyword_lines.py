"""A keyword line's keywords (CR 702): a keyword that is a trigger, a replacement or a cost a
query reaches, which no rule models, leaves its piece of the line not understood; the others
stay compiled as the card's keywords."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


def test_an_unmodelled_trigger_keyword_is_not_understood_beside_compiled_ones():
    result = compile_card("Kitchen Finks", "Flying, persist", "Creature — Ouphe", keywords=["Flying", "Persist"])
    assert result.status == "partial"
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Flying.", "compiled"), ("persist.", "not understood")]
    assert result.sentences[1]["why"] == ("persist: a keyword whose trigger, replacement, cost or type change a query "
                                          "reaches (CR 702.79), which pysolver doesn't model")


def test_a_keyword_line_the_rules_read_or_no_query_reaches_stays_compiled_whole():
    result = compile_card("Bear", "Flying, haste", "Creature — Bear", keywords=["Flying", "Haste"])
    assert result.status == "ok"
    assert [(s["text"], s["why"]) for s in result.sentences] == [
        ("Flying, haste.", "keyword abilities (CR 702): the card's keywords")]


@pytest.mark.parametrize("line, type_line, keyword, rule", [
    ("Multikicker {1}{W}", "Enchantment", "multikicker", "702.33c"),  # pay --spell: kicked any number of times
    ("Replicate {1}{U}", "Sorcery", "replicate", "702.56"),
    ("Buyback {3}", "Instant", "buyback", "702.27"),
    ("Undaunted", "Sorcery", "undaunted", "702.125"),  # a cost reduction for each opponent
    ("Gift a card", "Creature — Bird", "gift", "702.174"),
    ("Living metal", "Artifact — Vehicle", "living metal", "702.161"),  # a creature during its controller's turn
    ("Reconfigure {2}", "Artifact Creature — Equipment Dog", "reconfigure", "702.151"),
    ("Soulbond", "Creature — Human", "soulbond", "702.95"),  # an enters trigger pairing creatures
])
def test_cost_type_and_pairing_keywords_are_not_understood(line, type_line, keyword, rule):
    """Keywords pay --spell, can-activate or next reach: optional and extra costs of a spell beside
    kicker (CR 601.2b), a cost reduction, a type a keyword changes, a pairing as a creature enters."""
    result = compile_card("Test Card", line, type_line, power="1", toughness="1")
    assert result.status == "partial"
    [sentence] = result.sentences
    assert (sentence["class"], sentence["why"]) == (
        "not understood", f"{keyword}: a keyword whose trigger, replacement, cost or type change a query reaches "
                          f"(CR {rule}), which pysolver doesn't model")
