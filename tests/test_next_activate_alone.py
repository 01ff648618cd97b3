"""pysolver next activating one mana ability (CR 605.3a): its own acts are searched, so another mana ability whose
cost no rule models (Cryptex's "Collect evidence 3") changes nothing where no mana is paid
(tests/cases/next/mana-ability-beside-unmodelled.yaml), and still refuses where mana in the cost is paid by the
search over every mana ability (601.2g, 602.2b: whether it could pay is unknown)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.api import next_states
from pysolver.errors import PysolverError

CARDS = Path(__file__).parent / "cases" / "next" / "mana-ability-beside-unmodelled.yml"


def test_mana_in_the_cost_is_still_paid_by_every_mana_ability():
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "cryptex", "card": "Cryptex", "controller": "Alice"},
                        {"id": "mountain", "card": "Mountain", "controller": "Alice"},
                        {"id": "cataracts", "card": "Cascading Cataracts", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(PysolverError) as caught:
        next_states(board, ["activate", "cataracts", "2"])
    assert "cryptex (Cryptex) ability 1: the cost 'Collect evidence 3' is not modelled" in str(caught.value)
