"""The creature types (CR 205.3m) as facts, for the rules that ask which of an object's
subtypes are creature types (pysolver/data/creature-types.yaml)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import yaml
from clingo import Function, String, Symbol

# The amounts that read creature types (asp/mana_amounts.lp).
READERS = ('"creatures_sharing_a_type"',)


@cache
def creature_types() -> tuple[str, ...]:
    text = resources.files("pysolver.data").joinpath("creature-types.yaml").read_text("utf-8")
    return tuple(yaml.safe_load(text)["creature_types"])


def reads_creature_types(card) -> bool:
    """The card's data (its own abilities or granted ones) has an amount that reads them."""
    text = json.dumps(card.data.get("abilities", []))
    return any(reader in text for reader in READERS)


def creature_type_facts() -> list[Symbol]:
    return [Function("creature_type", [String(name)]) for name in creature_types()]
