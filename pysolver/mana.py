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


# Up to this many mana of one type are written as repeated symbols; more as a
# count ({G}×43046721), so that writing an amount costs the same at any size.
REPEAT_LIMIT = 10


def type_symbols(mana_type: str, count: int) -> str:
    """``("G", 3)`` -> ``{G}{G}{G}``; ``("G", 43046721)`` -> ``{G}×43046721``."""
    if count <= REPEAT_LIMIT:
        return f"{{{mana_type}}}" * count
    return f"{{{mana_type}}}×{count}"


def vector_symbols(amounts: dict[str, int]) -> str:
    """A multiset of mana as symbols: ``{"G": 2, "B": 1}`` -> ``{B}{G}{G}`` (counts beyond
    REPEAT_LIMIT of one type as ``{G}×N``)."""
    return "".join(type_symbols(t, amounts.get(t, 0)) for t in TYPES if amounts.get(t, 0) > 0)
