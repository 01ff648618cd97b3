"""Keywords a sentence classified irrelevant may still give (issue 13: no silent drop).

"~ has flying as long as an artifact card is in your graveyard" changes no query by itself, but a
filter that reads the keyword does: "target creature with flying" (CR 115.1, 702.9), "for each creature
you control with defender" (Overgrown Battlement).  The compiled card keeps each such keyword with its
sentences (card data ``unread_keyword_grants``); a board on which another card reads one of them refuses
the card as partial (pysolver/consistency.py, check_unread_grants), and --allow-partial names them.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from pysolver.cards import patterns as rx

# What "touches nothing" says of a sentence (oracle._irrelevant_kind): the only irrelevant kind whose
# sentences may give a keyword to permanents on a board (the others never apply there: reminder text, a
# spell's effect, loyalty and combat-only abilities, triggers no query fires).
TOUCHES_NOTHING = "touches nothing pysolver reasons about"
# "has", "have", "gains": a keyword given (CR 613.1f); not one denied or ignored ("as though it didn't
# have defender", "can't have flying", "don't have").
GIVES = re.compile(r"\b(?:has|have|gains?)\b(?P<given>[^.\"]*)")
NOT_GIVEN = re.compile(r"\bas though (?:it|they) (?:didn't|did not|weren't|had no)\b[^.]*"
                       r"|\b(?:can't|cannot|don't|doesn't|didn't|do not|does not) have\b[^.]*")


def unread_keyword_grants(sentences: Iterable[dict[str, Any]], keywords: Iterable[str]) -> dict[str, list[str]]:
    """{keyword: [sentence, ...]} for each keyword of ``keywords`` that an irrelevant sentence gives."""
    words = sorted({k.lower() for k in keywords}, key=len, reverse=True)
    found: dict[str, list[str]] = {}
    for sentence in sentences:
        if sentence["class"] != "irrelevant" or not sentence["why"].startswith(TOUCHES_NOTHING):
            continue
        text = NOT_GIVEN.sub("", sentence["text"])
        for given in GIVES.finditer(text):
            for word in words:
                if rx.search(rf"\b{re.escape(word)}\b", given.group("given"), re.IGNORECASE):
                    texts = found.setdefault(word, [])
                    if sentence["text"] not in texts:
                        texts.append(sentence["text"])
    return found
