"""The keywords a card face states (CR 702.1, 712.8a-b: a face has only its own abilities).

MTGJSON's ``keywords`` lists the keywords of the whole card for some faces: the front face of a
transforming or melding card may list its back face's flying, haste, flash or indestructible.
Kept, they would give the face abilities it lacks (can-activate's haste, next cast's flash).  A
listed keyword stays only where the face's own text names it; a keyword line of the text adds
the ones the list misses (pysolver/cards/oracle.py).

It lists a keyword the text names anywhere, too: in a choice ("your choice of flying, vigilance, or
lifelink"), a counter ("a deathtouch counter"), a search ("a creature card with hexproof"), a count
("the number of abilities from among flying, first strike, ..."), a grant to others, or a shortened
name (Storm, Queen of Wakanda's "Storm").  A keyword ability a rule reads as the object's own (OWN) is
the face's only where a line of its text states it as a keyword (CR 702.1: a piece of a keyword line,
alone or with its parameter)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pysolver.cards import patterns as rx

# Keywords named by a family word the text spells out in full (CR 702.14, 702.29e).
FAMILIES = {"landwalk": r"\w+walk", "cycling": r"\w*cycling", "typecycling": r"\w+cycling",
            "landcycling": r"\w+cycling"}
# Keyword abilities a rule reads of the object that has them: damage (deathtouch, lifelink, infect, wither:
# CR 120.3), targets (hexproof, shroud, ward, protection: 115.4, 702.11b, 702.18a, 702.21a, 702.16b),
# destruction (indestructible, 702.12b), summoning sickness (haste, 302.6), casting it (flash, split second,
# convoke, delve, improvise, affinity: 601.2, 702.61a), its cast triggers (storm, prowess, cascade), its
# types and colors (changeling, devoid: 702.73a, 702.114a), and the filters that name a keyword ("creature
# with flying", 109.2).
OWN = frozenset({
    "flying", "reach", "first strike", "double strike", "deathtouch", "lifelink", "haste", "hexproof",
    "indestructible", "infect", "wither", "shroud", "trample", "vigilance", "menace", "defender", "flash",
    "split second", "storm", "prowess", "cascade", "changeling", "devoid", "ward", "protection", "fear",
    "intimidate", "shadow", "horsemanship", "skulk", "convoke", "delve", "improvise", "affinity",
})
# What may follow a keyword on its line: nothing, its cost or number, or its quality (CR 702.1).
PARAMETER = r"(?:\s*—|\s+\{|\s+\d|\s+X\b|\s+from\b|\s+for\b)"


def _on_a_keyword_line(keyword: str, text: str, listed: Sequence[str]) -> bool:
    """Whether a line of ``text`` (reminder text aside) states ``keyword`` as a keyword: one of the pieces, between
    commas or semicolons, that begin the line and are each a ``listed`` keyword, alone or followed by its
    parameter (a list of abilities in a sentence, "from among flying, first strike, ...", begins otherwise)."""
    names = "|".join(sorted(map(re.escape, {keyword, *listed}), key=len, reverse=True))
    for line in text.split("\n"):
        for piece in rx.split(r"[,;] ", rx.sub(r"\([^()]*\)", "", line).strip().rstrip(".")):
            stated = rx.fullmatch(rf"(?i)({names})(?:{PARAMETER}.*)?", piece.strip())
            if stated is None:
                break
            if stated.group(1).lower() == keyword.lower():
                return True
    return False


def stated_keywords(keywords: Sequence[str], text: str, name: str) -> list[str]:
    """The listed ``keywords`` that the face's ``text`` names (its ``name`` aside), in their order; one of
    OWN only where a line states it as a keyword."""
    text = text.replace(name, "~")
    kept = []
    for keyword in keywords:
        word = FAMILIES.get(keyword.lower(), re.escape(keyword))
        if not rx.search(rf"(?<![\w-]){word}(?:s|es|ed|d|ing)?(?![\w-])", text, re.IGNORECASE):
            continue
        if keyword.lower() in OWN and not _on_a_keyword_line(keyword, text, keywords):
            continue
        kept.append(keyword)
    return kept
