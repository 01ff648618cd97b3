"""Sentences about a player's state that no board records, or that replace an event no
query applies yet, or that use a term the Comprehensive Rules don't define (issue 13): they stay
"not understood", each with its precise reason
instead of "no form of the compiler reads it".  Called by pysolver.cards.oracle for a line
no form read; imports nothing of the package."""

from __future__ import annotations

import re

# (pattern over the line, why it is not understood)
REASONS = (
    (re.compile(r"\byou get (?:a|an|one|two|three|four|five|\d+|X) rad counters?\b"),
     "getting rad counters (CR 122.1i, 725.1), an action next doesn't follow (a board records them: players[]."
     "counters)"),
    (re.compile(r"\bIf you would gain life\b[^.]*\binstead\b"),
     "a replacement effect on gaining life (CR 614.1a, 119.10) other than twice that much or that much plus N "
     "(oracle_replace.py), which no rule applies yet"),
    (re.compile(r"\bIf you would draw a card\b[^.]*\binstead\b"),
     "a replacement effect on drawing a card (CR 614.11, 121.6) other than two with an empty hand "
     "(oracle_replace.py), which no rule applies yet"),
    (re.compile(r"\b(?:enters|becomes|is|isn't) prepared\b|\bunprepared\b"),
     "\"prepared\": a status of a permanent the Comprehensive Rules this project follows (February 7, 2025) "
     "don't define (no rule says what it changes)"),
    (re.compile(r"\bha(?:s|ve) all activated abilities of (?:all )?(?:[\w-]+ )*cards? in (?:all |your |an? )?"
                r"(?:\w+'s? )?graveyards?\b"),
     "it has the activated abilities of cards in graveyards (CR 613.1f, 602.1): a card moved to or from a "
     "graveyard while a cost is paid (a sacrifice, a discard, CR 601.2h, 602.2b) changes which abilities it has "
     "mid-payment, which no query follows"),
    (re.compile(r"\bwhere X is the number of familiars you control\b"),
     "\"familiars\" are named only by reminder text (a list of creature types and a word in a "
     "name), which the compiler leaves out"),
)


def player_state_reason(line: str) -> str | None:
    """Why the line is not understood, when it is one of the known forms above; else None."""
    for pattern, why in REASONS:
        if pattern.search(line):
            return why
    return None
