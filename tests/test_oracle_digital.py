"""Digital-only actions (MTG Arena): a sentence that only moves cards between a library, a hand
and outside the game touches nothing a query reads, like drawing (issue 13); any other use of
such an action refuses the card with the reason (pysolver/cards/oracle_digital.py)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_digital import HAND_OR_LIBRARY

REFUSED = ("a digital-only action '{}' (MTG Arena), which the Comprehensive Rules don't define, in a sentence "
           "that can change the battlefield, a characteristic or mana")


@pytest.mark.parametrize("sentence", [
    "{2}: Seek a land card.",
    "Whenever a creature you control attacks alone, draft a card from ~'s spellbook.",
    "Whenever you cycle a card, conjure a duplicate of it into your hand.",
    "Channel — {2}{G}, Discard ~: Conjure two cards named Forest into your hand.",
])
def test_a_sentence_that_moves_cards_between_library_and_hand_is_irrelevant_or_compiled(sentence):
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Artifact")
    assert (result.status, result.problems) == ("ok", [])
    assert [s["class"] for s in result.sentences] == ["compiled", "compiled" if sentence.startswith("{2}")
                                                      else "irrelevant"]


def test_the_reason_says_why_it_touches_nothing_a_query_reads():
    result = compile_card("Test Card", "{T}: Add {G}.\nWhenever you venture into the dungeon, conjure a card named "
                          "Forest into your hand.", "Artifact")
    assert result.status == "ok"
    assert result.sentences[1]["why"] == HAND_OR_LIBRARY


def test_an_entering_trigger_that_seeks_keeps_its_text_and_no_effect_next_would_apply():
    result = compile_card("Test Card", "When ~ enters, seek a creature card.\n{T}: Add one mana of any color.",
                          "Artifact")
    assert (result.status, result.problems) == ("ok", [])
    (trigger,) = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    assert trigger == {"when": {"event": "enters"}, "text": "seek a creature card"}


@pytest.mark.parametrize(("sentence", "when"), [
    # a trigger event a query produces: the ability keeps its text, as the entering one above
    ("Whenever you gain life, seek a land card.", {"event": "gain_life", "whose": "you"}),
    ("Whenever one or more creatures you control die, draft a card from ~'s spellbook.",
     {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "you", "batch": True}),
])
def test_a_trigger_whose_effect_is_a_digital_action_keeps_its_text(sentence, when):
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Artifact")
    (trigger,) = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    assert (result.status, trigger) == ("ok", {"when": when, "text": sentence.split(", ", 1)[1].rstrip(".").replace(
        "~", "Test Card")})


@pytest.mark.parametrize("sentence", [
    "At the beginning of your upkeep, if ~ has a wreck counter on it, remove it and seek a nonland card.",
    "At the beginning of your upkeep, if ~ has two or more wreck counters on it, remove it and seek a nonland card.",
])
def test_a_digital_action_after_a_rules_event_keeps_its_text(sentence):
    """An upkeep trigger with its intervening "if" (CR 603.4): `turn` shows it, and its effect, no form's `do`,
    is only its text, which `pysolver next` refuses to resolve (as the entering trigger's above).  (This was
    not understood only while "if ~ has a wreck counter on it" was not read; "two or more" was already ok.)"""
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Artifact")
    (trigger,) = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    assert (result.status, trigger["text"]) == ("ok", "remove it and seek a nonland card")
    assert "do" not in trigger


@pytest.mark.parametrize("sentence, word", [
    ("When ~ enters, conjure a card named Forest onto the battlefield.", "conjure"),
    ("When ~ enters, seek a land card and put it onto the battlefield tapped.", "seek"),
    ("When ~ enters, seek a land card. It perpetually gains \"{T}: Add {C}.\"", "perpetually"),
    ("When ~ enters, conjure a card named Forest into your graveyard.", "conjure"),
    ("When ~ enters, draft a card from ~'s spellbook and exile it face down.", "spellbook"),
    # a whole spellbook (cards no card data lists) into the library a board holds (next draws from it)
    ("When ~ enters, conjure ~'s spellbook into your library twice, then shuffle.", "conjure"),
    ("When ~ enters, conjure a card named Forest into your hand, then discard a card.", "conjure"),
    ("Whenever you conjure one or more cards, put a +1/+1 counter on ~.", "conjure"),
    ("Starting intensity 1", "intensity"),
])
def test_a_digital_action_that_can_change_what_a_query_reads_refuses_the_card(sentence, word):
    result = compile_card("Test Card", "{T}: Add {G}.\n" + sentence, "Artifact")
    assert (result.status, result.problems[0]) == ("unsupported", REFUSED.format(word))
