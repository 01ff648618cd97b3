"""A legendary card's shortened name (CR 201.5c): "Rasputin enters with seven dream counters
on it" on Rasputin Dreamweaver is the card itself; a first word that is a type, an article, the
start of another name or of a keyword is never taken for one (pysolver/cards/oracle_names.py)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_names import short_names

RASPUTIN = ("Rasputin enters with seven dream counters on it.\nRemove a dream counter from Rasputin: Add {C}.\n"
            "Rasputin can't have more than seven dream counters on it.")


@pytest.mark.parametrize(("name", "text", "expected"), [
    ("Rasputin Dreamweaver", RASPUTIN, ["Rasputin"]),
    ("Tivadar of Thorn", "First strike, protection from red\nWhen Tivadar enters, destroy target Goblin.", ["Tivadar"]),
    ("King Darien XLVIII", "{3}{G}{W}: Put a +1/+1 counter on King Darien and create a 1/1 white Soldier "
     "creature token.", ["King Darien"]),  # "King" alone is followed by the rest of the name
    ("Sliver Queen", "{2}: Create a 1/1 colorless Sliver creature token.", []),  # a creature type
    ("Marit Lage's Slumber", "If you do, create Marit Lage, a legendary 20/20 black Avatar creature token.",
     []),  # another object's name, and a possessive
    ("The Mox Painter", "Then if you control all ten, create a Mox Lotus token. The ten are Amber.", []),
    ("Space Beleren", "Space sculptor\n[+1]: Creatures in each sector can be blocked this turn only by creatures "
     "in the same sector.", []),  # not a name: a word it qualifies follows
    ("Myojin of Night's Reach and Grim Betrayal", "Remove an indestructible counter from Myojin of Night's "
     "Reach Grim Betrayal: Each opponent discards their hand.", []),
    ("Jace, the Mind Sculptor", "Jace deals 2 damage.", []),  # a comma: its part before it is read elsewhere
])
def test_short_names(name, text, expected):
    assert short_names(name, text) == expected


def test_a_shortened_name_is_the_card_itself():
    result = compile_card("Rasputin Dreamweaver", RASPUTIN, "Legendary Creature — Human Wizard", power="4",
                          toughness="1")
    assert result.card["enters_with_counters"] == [{"kind": "dream", "count": 7}]
    assert [s["text"] for s in result.sentences][:2] == ["~ enters with seven dream counters on it.",
                                                         "Remove a dream counter from ~: Add {C}."]


def test_a_shortened_name_only_on_a_legendary_card():
    result = compile_card("Rasputin Dreamweaver", RASPUTIN, "Creature — Human Wizard", power="4", toughness="1")
    assert "enters_with_counters" not in result.card
