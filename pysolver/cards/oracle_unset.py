"""Concepts of Un-set cards that the Comprehensive Rules don't define (CR 100.1 covers the rules
of the game; these cards' own rules are jokes outside them): a mana ability that depends on one
can't be modelled exactly, so its card is refused with the concept named."""

from __future__ import annotations

import re

UNDEFINED = "an Un-set concept the Comprehensive Rules don't define"
# The words of each concept, and what it is.
CONCEPTS = (
    (re.compile(r"\byour guild's colors?\b"), "a guild joined by Pledge"),
    (re.compile(r"\b(?:cool|cooler|coolness)\b"), "coolness"),
    (re.compile(r"^\d+ points?(?: each)? → "), "a Legacy option bought with points during deckbuilding"),
)


def unset_concept(line: str) -> str | None:
    """The reason a line of a mana ability can't be compiled: the Un-set concept it uses, or None."""
    for pattern, concept in CONCEPTS:
        if pattern.search(line):
            return f"{concept}, {UNDEFINED}"
    return None
