"""A keyword line the compiler's keyword tables don't name by its first words (issue 13: no silent drop).

"[Quality] offering" is the keyword offering (CR 702.48a): a way to cast the card, which pay --spell and
next cast don't model. A keyword no rule of CR 702 defines (Un-cards, playtest cards) is what its reminder
text (CR 207.2a) says: it touches nothing only where each sentence of that text does. Before, both were
"touches nothing pysolver reasons about", judged on the keyword's name alone, and the card was ok: pay
--spell said Patron of the Kitsune couldn't be paid with {W}{W}{W}{W} and a Devilthorn Fox to sacrifice
(its Fox offering pays {3}{W}), and next put Sawtooth Avenger, cast with five colors, into the graveyard as
a 0/0 (its megasunburst gives it ten +1/+1 counters)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

OFFERING = ("Fox offering (You may cast this spell any time you could cast an instant by sacrificing a Fox and "
            "paying the difference in mana costs between this and the sacrificed Fox. Mana cost includes color.)")
UNDEFINED = "a keyword the Comprehensive Rules this project follows (February 7, 2025) don't define " \
            "(CR 702 has no entry for it), so what it does is modelled nowhere"


def _judged(result):
    return [(s["text"], s["class"], s["why"]) for s in result.sentences if s["why"] != "reminder text (CR 207.2a)"]


def test_a_quality_offering_is_the_offering_keyword():
    result = compile_card("Patron of the Kitsune", OFFERING + "\nWhenever a creature attacks, you may gain 1 life.",
                          "Legendary Creature — Spirit", power="5", toughness="6", mana_cost="{4}{W}{W}",
                          keywords=["Offering"])
    assert result.status == "ok"
    assert _judged(result)[0] == (
        "Fox offering.", "compiled",
        "offering (CR 702.48a): the card's keywords, which pay --spell and next cast read to refuse casting it (it "
        "may be cast any time its caster could cast an instant by sacrificing a permanent of its quality, its total "
        "cost reduced by that permanent's mana cost, which they don't model); a permanent on the battlefield is what "
        "it is without it")


@pytest.mark.parametrize("line, keyword", [
    # enters with counters (CR 614.1c): next put it onto the battlefield without them
    ("Megasunburst (This enters the battlefield with two +1/+1 counters on it for each color of mana spent to "
     "cast it)", "megasunburst"),
    ("Poison Modular 2 (This creature enters the battlefield with two +1/+1 counters on it. When it dies, you may "
     "put its +1/+1 counters on target player or artifact creature. If they're put on a player this way, they "
     "become poison counters.)", "poison modular"),
    # how many poison counters lose the game (CR 704.5c: next's state-based actions)
    ("Poison Tolerance +1 (It takes an additional poison counter for you to lose the game to poison.)",
     "poison tolerance"),
    ("Onionfect (This creature deals damage in the form of giving you Food tokens.)", "onionfect"),
])
def test_an_undefined_keyword_whose_reminder_text_reaches_a_query_is_not_understood(line, keyword):
    result = compile_card("Test Card", line, "Artifact Creature — Golem", power="0", toughness="0")
    assert result.status == "partial"
    [(_text, kind, why)] = _judged(result)
    assert (kind, why) == ("not understood", f"{keyword}: {UNDEFINED}")


@pytest.mark.parametrize("line, text, why", [
    ("Annihinfect (Whenever this creature attacks, defending player sacrifices a permanent for each poison counter "
     "they have.)", "Annihinfect.",
     "annihinfect: a keyword CR 702 doesn't define, whose reminder text (CR 207.2a) is a combat trigger: no query "
     "declares attackers or blockers or deals combat damage"),
    ("Nimble (This creature can't be blocked by creatures with power 3 or greater.)", "Nimble.",
     "nimble: a keyword CR 702 doesn't define, whose reminder text (CR 207.2a) is a blocking restriction: it "
     "applies only as blockers are declared (CR 509.1b), and no query declares blockers"),
    ("Tasty (This creature can be attacked directly. If it is attacked, it can't block creatures that didn't "
     "attack it.)", "Tasty.",
     "tasty: a keyword CR 702 doesn't define, whose reminder text (CR 207.2a) touches nothing pysolver reasons "
     "about (no mana, tapping, step, entering, dying, life, counter or sacrifice in it)"),
])
def test_an_undefined_keyword_whose_reminder_text_touches_nothing_stays_irrelevant(line, text, why):
    result = compile_card("Test Card", line, "Creature — Kithkin", power="2", toughness="2")
    assert result.status == "ok"
    assert _judged(result) == [(text, "irrelevant", why)]


def test_a_keyword_line_without_reminder_text_is_judged_as_before():
    """No reminder text says what the word does: the line's own words decide (CR 207.2a: reminder text has no
    rules meaning, and a printed line without it is read as it stands)."""
    result = compile_card("Test Card", "Tasty", "Creature — Kithkin", power="2", toughness="2")
    assert result.status == "ok"
    assert _judged(result) == [("Tasty.", "irrelevant", "touches nothing pysolver reasons about (no mana, tapping, "
                                "step, entering, dying, life, counter or sacrifice in it)")]
