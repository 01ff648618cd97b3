""""When ~ is put into your graveyard from the battlefield" (issue 13; CR 603.6c, 603.10a, 400.3): its own
put_into_graveyard with `graveyard: you`, judged on its owner as it last existed (asp/zone_change.lp
owner_misses).  Cases: tests/cases/next/own-graveyard.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import compile_stored

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "owner"), [
    ("When this creature is put into your graveyard from the battlefield, you gain 1 life.", "you"),
    ("When this creature is put into an opponent's graveyard from the battlefield, you gain 1 life.", "opponent"),
])
def test_its_own_owners_graveyard(text, owner):
    result = compile_card("Watcher", text, "Creature — Elf", power="1", toughness="1")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["when"] == {"event": "put_into_graveyard", "graveyard": owner}


def test_own_graveyard_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load((CASES / "own-graveyard.yml").read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)
