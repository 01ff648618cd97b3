"""Every compiled card a test stores is what the Oracle compiler makes (issue 13: built-in and test
cards are compiled cards).

A card file (``pysolver-cards/1``) under tests/ that gives a card its ``oracle`` text beside its
definition stores the compiler's output for that text and those characteristics: compiled again,
it must come out the same and ``ok``.  One test over every such file, so a case file a new form
brings is checked without a test of its own.  (Cards given by their Oracle text only,
``pysolver-oracle/1``, are compiled as they load and must compile ``ok`` there.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from helpers import compile_stored, status_as_expected

TESTS = Path(__file__).parent

# Files that hold partial cards on purpose: tests/cases/oracle/ reads what the compiler makes of a
# card with a sentence it doesn't understand (each is still its output, with no problem).
PARTIAL_ALLOWED = {"fixtures/cards/compiled.yaml"}

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where PyYAML has it


def _stored_card_files() -> list[Path]:
    """Each test process collects this: only a file whose text names the format and an ``oracle``
    key is parsed (parsing all 410 YAML files under tests/ took 2-3 s of CPU a process)."""
    files = []
    for path in sorted([*TESTS.glob("cases/**/*.y*ml"), *TESTS.glob("fixtures/**/*.y*ml")]):
        text = path.read_text("utf-8")
        if "pysolver-cards/1" not in text or "oracle" not in text:
            continue
        document = yaml.load(text, Loader=LOADER)
        if isinstance(document, dict) and document.get("format") == "pysolver-cards/1" and any(
                "oracle" in card for card in document.get("cards", [])):
            files.append(path)
    return files


STORED = _stored_card_files()


def test_the_stored_card_files_are_found():
    """The walk finds the case files and fixtures this test exists for (a change of layout would
    otherwise leave it checking nothing)."""
    names = {path.relative_to(TESTS).as_posix() for path in STORED}
    assert {"fixtures/cards/compiled.yaml", "fixtures/cards/compiled-mana.yaml",
            "cases/next/trigger-effects.yml", "cases/payment/test-cards.yml"} <= names
    assert len(STORED) > 60


@pytest.mark.parametrize("path", STORED, ids=lambda path: path.relative_to(TESTS).as_posix())
def test_stored_cards_are_what_the_compiler_makes(path):
    partial_allowed = path.relative_to(TESTS).as_posix() in PARTIAL_ALLOWED
    for card in yaml.load(path.read_text("utf-8"), Loader=LOADER)["cards"]:
        if "oracle" not in card:
            continue  # a card defined by hand, with no Oracle text to compile
        result = compile_stored(card)
        if partial_allowed:
            assert result.problems == [], card["name"]
        else:
            assert status_as_expected(card["name"], result), (card["name"], result.ignored, result.problems)
        assert result.card == card, card["name"]
