"""Abilities no query reaches (pysolver/cards/oracle_hand.py): Channel (activated from a hand),
abilities that function only in a graveyard (CR 113.6m: their cost or effect moves this card out of
it; can-activate said "yes" for one on the battlefield), cycling triggers, permissions to cast or play from exile.  `pysolver next` activates abilities of
permanents only and casts and plays only from a hand (CR 601.2a, 305.1); no query cycles."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_hand import CYCLED, FROM_A_GRAVEYARD, FROM_A_HAND, FROM_EXILE, FROM_LIBRARY_OR_GRAVEYARD

CASES = Path(__file__).parent / "cases" / "mana"


@pytest.mark.parametrize(("line", "why"), [
    ("Channel — {1}{G}, Discard this card: Destroy target artifact, enchantment, or nonbasic land an opponent "
     "controls. That player may search their library for a land card with a basic land type, put it onto the "
     "battlefield, then shuffle. This ability costs {1} less to activate for each legendary creature you control.",
     FROM_A_HAND),
    ("Channel — {5}{B}{B}, Discard this card: Target player discards four cards. Activate only as a sorcery.",
     FROM_A_HAND),
    ("Channel — {2}{G}, Discard ~: Search your library for a Forest card.", FROM_A_HAND),
    ("{3}{R}{R}: Return this card from your graveyard to your hand.", FROM_A_GRAVEYARD),
    ("Renew — {2}{B}, Exile this card from your graveyard: Put a flying counter on target creature you control. "
     "Activate only as a sorcery.", FROM_A_GRAVEYARD),
    ("{1}{B}, Exile ~ from your graveyard: Create a 1/1 black Rat creature token.", FROM_A_GRAVEYARD),
    ("When you cycle this card, untap target permanent.", CYCLED),
    ("Whenever you cycle a card, tap target creature an opponent controls.", CYCLED),
    ("You may look at cards exiled with ~, and you may play lands and cast spells from among those cards.",
     FROM_EXILE),
    ("Once each turn, you may play a card from exile with a collection counter on it.", FROM_EXILE),
    # "exiled with ~" ending the sentence ("~" is no word character), under a condition (CR 611.3a), with what it
    # says of the spells cast that way (issue 13: Evendo Brushrazer, Intrepid Paleontologist were partial)
    ("You may play cards exiled with ~.", FROM_EXILE),
    ("During your turn, as long as you've sacrificed a nontoken permanent this turn, you may play cards exiled "
     "with ~.", FROM_EXILE),
    ("You may cast Dinosaur creature spells from among cards you own exiled with ~. If you cast a spell this way, "
     "that creature enters with a finality counter on it.", FROM_EXILE),
    ("You may play lands from among cards exiled with ~. You can't cast more than one spell this way each turn.",
     FROM_EXILE),
    # from a graveyard or the top of a library, under a condition, for an additional cost (Summoning Materia)
    ("As long as ~ is attached to a creature, you may cast creature spells from the top of your library.",
     FROM_LIBRARY_OR_GRAVEYARD),
    ("As long as you control three or more creatures with different powers, you may cast creature spells from "
     "the top of your library.", FROM_LIBRARY_OR_GRAVEYARD),
    ("You may look at the top card of your library any time, and you may play lands from the top of your "
     "library.", FROM_LIBRARY_OR_GRAVEYARD),
    ("You may cast artifact spells from your graveyard by paying 3 life in addition to paying their other costs. "
     "If you cast a spell this way, that artifact enters with a finality counter on it.", FROM_LIBRARY_OR_GRAVEYARD),
    ("Once during each of your turns, you may cast a creature spell from your graveyard.", FROM_LIBRARY_OR_GRAVEYARD),
])
def test_unreachable_abilities_are_irrelevant(line, why):
    result = compile_card("Warden", "{T}: Add {G}.\n" + line, "Creature — Human", power="1", toughness="1")
    assert result.status == "ok"
    assert {(s["class"], s["why"]) for s in result.sentences[1:]} == {("irrelevant", why)}


@pytest.mark.parametrize("line", [
    # ("When you cycle this card and when ~ dies, ...": its dies trigger compiled, test_reflexive_triggers.py)
    "Reveal your hand. You may cast spells from among those cards without paying their mana costs.",  # a hand
    # a rider that isn't about the spells cast that way
    "You may cast spells from the top of your library. If you do, you lose 1 life.",
])
def test_reachable_ones_stay_not_understood(line):
    result = compile_card("Warden", "{T}: Add {G}.\n" + line, "Creature — Human", power="1", toughness="1")
    assert result.status == "partial"
    assert all(s["why"] not in (CYCLED, FROM_A_GRAVEYARD, FROM_A_HAND, FROM_EXILE, FROM_LIBRARY_OR_GRAVEYARD)
               for s in result.sentences)


@pytest.mark.parametrize("line", [
    "Whenever you gain life, you may cast a creature spell from your graveyard this turn.",
    "Whenever you gain life, exile the top card of your library. You may play cards exiled with ~.",
])
def test_a_trigger_granting_the_permission_is_its_trigger(line):
    """The event is read (CR 603.2): the trigger is compiled, never dropped as a permission."""
    result = compile_card("Warden", "{T}: Add {G}.\n" + line, "Creature — Human", power="1", toughness="1")
    assert {(s["class"], s["why"]) for s in result.sentences[1:]} == {
        ("compiled", "a triggered ability each time its controller gains life (CR 603.2, 119.3)")}
    assert result.card["abilities"][-1]["triggered"]["when"] == {"event": "gain_life", "whose": "you"}


def test_an_ability_that_puts_its_card_into_a_graveyard_first_is_the_permanent_s():
    """CR 113.6m's exception: the cost sacrifices it, so the ability functions on the battlefield."""
    line = "{2}, Sacrifice ~: Return this card from your graveyard to the battlefield at the beginning of the next end step."
    result = compile_card("Warden", "{T}: Add {G}.\n" + line, "Creature — Human", power="1", toughness="1")
    assert [(s["class"], s["why"]) for s in result.sentences[1:]] == [("compiled", "activated")]


def test_cycle_or_discard_is_read_as_its_discard():
    """Discarding happens in next (never irrelevant): "Whenever you cycle or discard a card" is compiled as the
    discard trigger, cycling being no event of any query (CR 702.29d; oracle_player_events.py)."""
    result = compile_card("Warden", "{T}: Add {G}.\nWhenever you cycle or discard a card, you gain 1 life.",
                          "Creature — Human", power="1", toughness="1")
    assert result.status == "ok"
    assert result.card["abilities"][-1] == {"triggered": {"when": {"event": "discard", "whose": "you"},
                                                          "do": [{"gain_life": 1}], "text": "you gain 1 life"}}
    assert result.sentences[-1]["class"] == "compiled"


def test_a_channel_mana_ability_is_refused():
    """A mana ability of a card in a hand could pay a cost: never irrelevant."""
    result = compile_card("Warden", "Channel — {1}, Discard this card: Add {G}{G}.", "Creature — Human",
                          power="1", toughness="1")
    assert result.status == "unsupported"
