"""Mana types: symbols as players write them and their order."""

from __future__ import annotations

from typing import Iterable

TYPES = ("W", "U", "B", "R", "G", "C")  # CR 106.1b
TYPE_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def sort_types(types: Iterable[str]) -> list[str]:
    return sorted(set(types), key=TYPES.index)


def symbols(types: Iterable[str]) -> str:
    """``["G", "U"]`` -> ``{U}{G}`` in WUBRG order."""
    return "".join(f"{{{t}}}" for t in sort_types(types))


def vector_symbols(amounts: dict[str, int]) -> str:
    """A multiset of mana as symbols: ``{"G": 2, "B": 1}`` -> ``{B}{G}{G}``."""
    return "".join(f"{{{t}}}" * amounts.get(t, 0) for t in TYPES)
