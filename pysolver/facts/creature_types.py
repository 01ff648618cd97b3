"""The creature types (CR 205.3m) as facts, for the rules that ask which of an object's
subtypes are creature types (pysolver/data/creature-types.yaml)."""

from __future__ import annotations

import json
from clingo import Function, String, Symbol

from pysolver.data import creature_types


# The amounts that read creature types (asp/mana_amounts.lp).
READERS = ('"creatures_sharing_a_type"',)


def reads_creature_types(card) -> bool:
    """The card's data (its own abilities or granted ones) has an amount that reads them."""
    text = json.dumps(card.data.get("abilities", []))
    return any(reader in text for reader in READERS)


def creature_type_facts() -> list[Symbol]:
    return [Function("creature_type", [String(name)]) for name in creature_types()]
