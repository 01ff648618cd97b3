"""Choices, chance tables, modes and digital-only actions (issue 13): the fixture
tests/fixtures/cards/compiled-choices.yaml is exactly what the compiler makes (its boards:
tests/cases/oracle/choices.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from helpers import compile_stored

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "compiled-choices.yaml"


@pytest.mark.parametrize("card", yaml.safe_load(FIXTURE.read_text("utf-8"))["cards"],
                         ids=lambda card: card["name"])
def test_the_fixture_is_what_the_compiler_makes(card):
    result = compile_stored(card)
    assert (result.status, result.problems) == ("ok", [])
    assert result.card == card
