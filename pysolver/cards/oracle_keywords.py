"""Keywords of a keyword line that a query reaches but no rule models (issue 13: no silent drop).

A keyword line ("Flying, persist") becomes the card's keywords (has_keyword), a compilation
for the keywords a rule reads and for the many that touch nothing a query reads (combat,
abilities that work from a hand or a graveyard).  A keyword that is a trigger on an event a
query produces, a replacement of such an event, or a change to what a spell costs or how it is
paid is not: no rule models it, so its piece of the line is not understood (the card is partial)
instead of compiled and then ignored."""

from __future__ import annotations

import re

from pysolver.protection import split as split_quality

UNMODELLED = {
    # Triggers and replacements on entering or dying (`next`, CR 603.6a, 603.6c, 614.1c).
    "persist": "702.79", "undying": "702.93", "afterlife": "702.135", "modular": "702.43",
    "evolve": "702.100", "exploit": "702.110", "fabricate": "702.123", "riot": "702.136",
    "backup": "702.165", "living weapon": "702.92", "soulshift": "702.46", "bloodthirst": "702.54",
    "sunburst": "702.44", "amplify": "702.38", "devour": "702.82", "graft": "702.58",
    "champion": "702.72", "haunt": "702.55", "tribute": "702.104", "hideaway": "702.75",
    "partner with": "702.124j", "ravenous": "702.156", "for mirrodin!": "702.163",
    "offspring": "702.175", "squad": "702.157",
    # Triggers and replacements on casting, resolving or discarding (`next cast`, cleanup).
    "prowess": "702.108", "cascade": "702.85", "storm": "702.40", "extort": "702.101",
    "rebound": "702.88", "split second": "702.61", "madness": "702.35",
    # Steps (`turn`, `next`).
    "vanishing": "702.63", "fading": "702.32", "phasing": "702.26",
    # What a spell costs and how it is paid (`pay --spell`).
    "affinity": "702.41", "convoke": "702.51", "delve": "702.66", "improvise": "702.126",
}


def unmodelled(name: str) -> str | None:
    """Why a keyword (in lower case) of a keyword line is not understood, or None."""
    rule = UNMODELLED.get(name)
    if rule is None:
        return None
    return (f"{name}: a keyword whose trigger, replacement or cost a query reaches (CR {rule}), which "
            "pysolver doesn't model")


# Protection and hexproof from a quality (CR 702.16a, 702.11d; pysolver/protection.py): a
# keyword line's piece "protection from red and from blue" is the keywords of each quality
# (702.16g); a quality the rules can't judge ("from Zombies", "from the chosen color") leaves
# the piece not understood.
QUALITY_PIECE = re.compile(r"(?:[Pp]rotection|[Hh]exproof) from .+")
# What a source lists for such a keyword (MTGJSON: "Protection", "Hexproof from"; and
# "Hexproof" beside "Hexproof from", though the card has no hexproof of its own).
BARE = {"protection", "hexproof from"}


def quality_keywords(piece: str) -> list[str] | None:
    """``Protection from black and from red`` -> ["Protection from black", "Protection from red"];
    None when the piece isn't such a keyword or one of its qualities isn't judged."""
    if not QUALITY_PIECE.fullmatch(piece):
        return None
    found = split_quality(piece)
    return None if found is None else [k[0].upper() + k[1:] for k in found]


def quality_reason(piece: str) -> str | None:
    """Why a keyword line's piece of protection or hexproof from a quality is not understood."""
    if not QUALITY_PIECE.fullmatch(piece) or split_quality(piece) is not None:
        return None
    return (f"{piece}: a quality the rules here can't judge (only colors, multicolored, monocolored, colorless, "
            "card types and everything are: CR 702.16a, 702.11d)")


def with_qualities(keywords: list[str], pieces: list[str], oracle: str) -> list[str]:
    """The card's keywords with each judged quality piece's keywords instead of the bare names a
    source lists (kept for an unjudged one, so that a query meeting it refuses)."""
    judged = [k for piece in pieces for k in quality_keywords(piece) or []]
    if not judged:
        return keywords
    unjudged = any(quality_reason(piece) for piece in pieces)
    own_hexproof = re.search(r"(?:^|\n|, )[Hh]exproof(?:\n|,|$| \()", oracle) is not None
    kept = [k for k in keywords if (k.lower() not in BARE or unjudged)
            and not (k.lower() == "hexproof" and not own_hexproof)]
    return kept + [k for k in judged if k not in kept]
