"""The rules stay general: no card name in asp/, and every file cites the CR."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pysolver.cards import builtin_library

ASP = Path(__file__).resolve().parent.parent / "asp"
RULE_FILES = sorted(p for p in ASP.glob("*.lp") if p.name not in ("main.lp", "input.lp"))
# Basic land types are rules concepts (CR 205.3i, 305.6), not cards.
CONCEPTS = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"}


@pytest.mark.parametrize("path", RULE_FILES + [ASP / "input.lp"], ids=lambda p: p.name)
def test_no_card_name_in_the_rules(path):
    text = path.read_text(encoding="utf-8")
    named = sorted(name for name in builtin_library().cards
                   if name not in CONCEPTS and re.search(rf"\b{re.escape(name)}\b", text))
    assert named == []


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.name)
def test_every_rules_file_cites_rule_numbers(path):
    assert re.search(r"CR \d{3}\.\d+", path.read_text(encoding="utf-8"))


def test_main_includes_every_rules_file():
    included = re.findall(r'#include "([^"]+)"', (ASP / "main.lp").read_text(encoding="utf-8"))
    assert set(included) == {p.name for p in RULE_FILES} | {"input.lp"}
