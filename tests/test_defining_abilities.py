"""Characteristic-defining abilities of a card's own colors and creature types (CR 604.3), compiled from Oracle
text (pysolver/cards/oracle_static.py defines_itself): "~ is all colors" (the card's colors, 105.2), "~ is every
creature type" (changeling, 702.73a), "~ is colorless" (devoid, 702.114a).  The ruling cases are
tests/cases/oracle/defining-abilities.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize("text, type_line, key, value", [
    ("Test Sphinx is all colors.", "Artifact Creature — Sphinx", "color_indicator", ["W", "U", "B", "R", "G"]),
    ("Test Sphinx is every creature type.", "Creature — Illusion", "keywords", ["Changeling"]),
    ("Test Sphinx is colorless.", "Creature — Knight", "keywords", ["Devoid"]),
    ("Flying\nTest Sphinx is every creature type.", "Creature — Illusion", "keywords", ["Flying", "Changeling"]),
])
def test_what_defines_itself_compiles(text, type_line, key, value):
    result = compile_card("Test Sphinx", text, type_line)
    assert result.ok, result.ignored
    assert result.card[key] == value


@pytest.mark.parametrize("text, type_line", [
    ("Test Sphinx is every creature type.", "Artifact"),  # CR 205.3d: no creature, no creature type
    ("Test Sphinx is all colors as long as you control a Plains.", "Creature — Sphinx"),  # a condition: no CDA
    ("Test Sphinx is the chosen color.", "Creature — Sphinx"),
])
def test_other_self_definitions_stay_not_understood(text, type_line):
    result = compile_card("Test Sphinx", text, type_line)
    assert result.status == "partial" and result.ignored == [text.replace("Test Sphinx", "~")]
