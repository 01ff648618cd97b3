"""Oracle compiler form of a change of devotion (issue 13): "Your devotion to each color and each
combination of colors is increased by one" -- a static ability of a permanent that adds to its
controller's devotion (CR 700.5), read where devotion is counted (asp/mana_production.lp)."""

from __future__ import annotations

from typing import Any

from pysolver.cards import patterns as rx

NUMBERS = {"one": 1, "two": 2, "three": 3}


def devotion_increase(bare: str) -> tuple[list[tuple[str, Any]], str] | None:
    """The card's ``devotion_increase``: N more devotion to each color for its controller."""
    m = rx.fullmatch(r"Your devotion to each color and each combination of colors is increased by (one|two|three)",
                     bare)
    if not m:
        return None
    return ([("card", {"devotion_increase": NUMBERS[m.group(1)]})],
            "its controller's devotion to each color is greater (CR 700.5): mana amounts of devotion read it")
