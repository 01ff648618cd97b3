"""A keyword MTGJSON lists for a card is the card's own ability only where its text states it as a keyword
(CR 702.1: a keyword line, the keyword alone or with its parameter). The list names every keyword the text
mentions: in a count ("the number of abilities from among flying, first strike, ..."), a choice of counters
("from among menace, deathtouch, and lifelink"), a search ("a creature card with deathtouch, hexproof, reach,
or trample"), a shortened name ("Storm" of Storm, Queen of Wakanda). Kept, each was the card's keyword: Odric,
Blood-Cursed had hexproof and indestructible, so next refused an opponent's Murder targeting it (CR 702.11b)
and let Murder leave it on the battlefield (702.12b); it has neither."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-listed-keywords.yaml"
ODRIC = ("When Odric enters, create X Blood tokens, where X is the number of abilities from among flying, first "
         "strike, double strike, deathtouch, haste, hexproof, indestructible, lifelink, menace, reach, trample, and "
         "vigilance found among creatures you control. (Count each ability only once.)")


@pytest.mark.parametrize("name, text, type_line, listed, kept", [
    ("Odric, Blood-Cursed", ODRIC, "Legendary Creature — Vampire Soldier",
     ["Deathtouch", "Double strike", "First strike", "Haste", "Hexproof", "Indestructible", "Lifelink", "Menace",
      "Reach", "Trample"], None),
    ("Grimdancer", "This creature enters with your choice of two different counters on it from among menace, "
     "deathtouch, and lifelink.", "Creature — Nightmare", ["Deathtouch"], None),
    ("Mwonvuli Beast Tracker", "When this creature enters, search your library for a creature card with deathtouch, "
     "hexproof, reach, or trample and reveal it. Shuffle and put that card on top.", "Creature — Human Scout",
     ["Hexproof", "Reach"], None),
    ("Storm, Queen of Wakanda", "Flying\nWhenever Storm attacks, until end of turn, another target attacking "
     "creature gains flying and gets +X/+0, where X is Storm's power.", "Legendary Creature — Mutant Noble Hero",
     ["Flying", "Storm"], ["Flying"]),
    # stated on a keyword line, with their parameters: kept
    ("Kylox, Visionary Inventor", "Menace, ward {2}, haste", "Legendary Creature — Lizard Artificer",
     ["Haste", "Menace", "Ward"], ["Haste", "Menace", "Ward"]),
    ("Sedgemoor Witch", "Menace, ward—Pay 3 life.", "Creature — Human Warlock", ["Menace", "Ward"],
     ["Menace", "Ward"]),
    ("Test Knight", "First strike; protection from red and from blue", "Creature — Human Knight",
     ["First strike", "Protection"], ["First strike", "Protection from red", "Protection from blue"]),
])
def test_a_listed_keyword_is_the_cards_own_only_on_a_keyword_line(name, text, type_line, listed, kept):
    result = compile_card(name, text, type_line, keywords=listed, power="3", toughness="3")
    assert result.card.get("keywords") == kept


def test_odric_has_neither_hexproof_nor_indestructible():
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Murder"], "mana_pool": "{B}{B}{B}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "odric", "card": "Odric, Blood-Cursed", "controller": "Bob"}]}, [CARDS])
    [result] = pysolver.api.next_states(board, ["cast", "Murder", "target=odric", "resolve"])
    assert list(result.events) == [
        "Alice casts Murder as murder targeting Odric, Blood-Cursed (odric), paying {B}{B}{B} (CR 601.2)",
        "murder (Murder) resolves (CR 608.2)", "destroy Odric, Blood-Cursed (odric) (CR 701.7a)",
        "Murder is put into Alice's graveyard (CR 608.2n)"]
