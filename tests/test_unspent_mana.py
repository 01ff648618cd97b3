"""What empties from a mana pool as a step ends (CR 500.4, 106.4, 614.1a): the forms the compiler reads.  The
ruling cases are tests/cases/next/unspent-mana.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize(("text", "spec"), [
    ("If you would lose unspent mana, that mana becomes colorless instead.",
     {"whose": "you", "how": "colorless", "mana": "all"}),
    ("Players don't lose unspent mana as steps and phases end.", {"whose": "any", "how": "kept", "mana": "all"}),
    ("You don't lose unspent green mana as steps and phases end.", {"whose": "you", "how": "kept", "mana": "g"}),
])
def test_unspent_mana_forms(text, spec):
    result = compile_card("Test Well", text, "Artifact")
    assert (result.status, result.card["abilities"]) == ("ok", [{"unspent_mana": spec}])


@pytest.mark.parametrize("text", [
    "You don't lose unspent red mana as steps end.",  # steps only: the phases' ends empty it
    "If a player would lose unspent mana, that mana becomes colorless instead.",
    "Players don't lose unspent mana as steps and phases end while you control a Forest.",
])
def test_near_forms_left_not_understood(text):
    assert compile_card("Test Well", text, "Artifact").status == "partial"
