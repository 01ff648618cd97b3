"""Mana spent only to activate abilities (CR 106.6, 602.2b) may pay a mana ability's own cost: the
payment search spends restricted mana only on spells, so it refuses where such mana could pay one."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import LimitExceeded

CARDS = Path(__file__).parent / "cases" / "payment" / "restriction-cards.yml"
REFUSAL = ("<board>: incomplete: grove's mana ability 1 adds mana restricted by 'Spend this mana only to activate "
           "abilities.', which may pay an ability's mana cost (CR 106.6, 602.2b); the payment search spends "
           "restricted mana only on spells")


def _board():
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "grove", "card": "Test Ability Grove", "controller": "Alice"},
        {"id": "elf", "card": "Skyshroud Elf", "controller": "Alice"}]}, [CARDS])


def test_available_refuses_mana_for_abilities_that_may_pay_a_mana_ability():
    """The Grove's {C}{C} may pay Skyshroud Elf's "{1}: Add {R} or {W}" twice over: available
    answered {G} + {C}{C} (restricted) before, missing the pools that spend it on the Elf (a
    silent wrong answer found by helper s40-probe: The Enigma Jewel and a Signet)."""
    with pytest.raises(LimitExceeded) as caught:
        pysolver.available(_board(), "Alice")
    assert str(caught.value) == REFUSAL


def test_next_refuses_to_activate_with_it():
    with pytest.raises(LimitExceeded) as caught:
        pysolver.api.next_states(_board(), ["activate", "elf", "2"])
    assert str(caught.value) == REFUSAL


def test_can_activate_reads_it():
    """can-activate's own check of the rules (asp/legality.lp) reads the restriction: yes."""
    assert pysolver.can_activate(_board(), "elf", 2).can_activate
