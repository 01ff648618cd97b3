"""The keywords a card face states (CR 702.1, 712.8a-b: a face has only its own abilities).

MTGJSON's ``keywords`` lists the keywords of the whole card for some faces: the front face of a
transforming or melding card may list its back face's flying, haste, flash or indestructible.
Kept, they would give the face abilities it lacks (can-activate's haste, next cast's flash).  A
listed keyword stays only where the face's own text names it; a keyword line of the text adds
the ones the list misses (pysolver/cards/oracle.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pysolver.cards import patterns as rx

# Keywords named by a family word the text spells out in full (CR 702.14, 702.29e).
FAMILIES = {"landwalk": r"\w+walk", "cycling": r"\w*cycling", "typecycling": r"\w+cycling",
            "landcycling": r"\w+cycling"}


def stated_keywords(keywords: Sequence[str], text: str, name: str) -> list[str]:
    """The listed ``keywords`` that the face's ``text`` names (its ``name`` aside), in their order."""
    text = text.replace(name, "~")
    kept = []
    for keyword in keywords:
        word = FAMILIES.get(keyword.lower(), re.escape(keyword))
        if rx.search(rf"(?<![\w-]){word}(?:s|es|ed|d|ing)?(?![\w-])", text, re.IGNORECASE):
            kept.append(keyword)
    return kept
