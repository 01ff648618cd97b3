"""A permanent's own replacement of being put into a graveyard (CR 614.1a, 614.6, 700.4): what
the Oracle compiler makes of it (pysolver/cards/oracle_replace.py) and where pysolver next puts
the card.  The answers with triggers are ruling cases: tests/cases/next/exiled-instead.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards import oracle


def compile_text(text: str, type_line: str = "Creature — Spirit"):
    return oracle.compile_card("Test Spirit", text, type_line)


@pytest.mark.parametrize("text, whence", [
    ("If Test Spirit would be put into a graveyard from anywhere, exile it instead.", "anywhere"),
    ("If this creature would die, exile it instead.", "dies"),
])
def test_its_own_exile_instead(text, whence):
    result = compile_text(text)
    assert result.ok, result.ignored
    assert result.card["exiled_instead_of_graveyard"] == whence


@pytest.mark.parametrize("text", [
    # (its own library instead compiles, refused by next: tests/test_library_instead.py; other objects exiled
    # instead: tests/test_others_exiled.py)
    "If a creature an opponent controls would die, put it on top of its owner's library instead.",
    "If a creature dealt damage by this creature this turn would die, exile it instead.",
])
def test_other_destinations_and_other_objects_stay_not_understood(text):
    result = compile_text(text)
    assert result.status == "partial" and len(result.ignored) == 1


def test_an_instant_s_sentence_is_not_read_as_a_permanent_s():
    result = compile_text("If Test Spirit would be put into a graveyard from anywhere, exile it instead.", "Instant")
    assert "exiled_instead_of_graveyard" not in result.card
