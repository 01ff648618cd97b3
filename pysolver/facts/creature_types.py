"""The creature types (CR 205.3m) as facts, for the rules that ask which of an object's
subtypes are creature types (pysolver/data/creature-types.yaml)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from clingo import Function, String, Symbol

DATA = Path(__file__).resolve().parent.parent / "data" / "creature-types.yaml"

# The amounts that read creature types (asp/mana_amounts.lp).
READERS = ('"creatures_sharing_a_type"',)


@cache
def creature_types() -> tuple[str, ...]:
    import yaml  # only when a board reads creature types (issue 16: a JSON board needs no PyYAML)

    return tuple(yaml.safe_load(DATA.read_text("utf-8"))["creature_types"])


def reads_creature_types(card) -> bool:
    """The card's data (its own abilities or granted ones) has an amount that reads them."""
    text = json.dumps(card.data.get("abilities", []))
    return any(reader in text for reader in READERS)


def creature_type_facts() -> list[Symbol]:
    return [Function("creature_type", [String(name)]) for name in creature_types()]
