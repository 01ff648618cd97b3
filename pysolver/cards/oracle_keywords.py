"""Keywords of a keyword line that a query reaches but no rule models (issue 13: no silent drop).

A keyword line ("Flying, persist") becomes the card's keywords (has_keyword), a compilation
for the keywords a rule reads and for the many that touch nothing a query reads (combat,
abilities that work from a hand or a graveyard).  A keyword that is a trigger on an event a
query produces, a replacement of such an event, or a change to what a spell costs or how it is
paid is not: no rule models it, so its piece of the line is not understood (the card is partial)
instead of compiled and then ignored."""

from __future__ import annotations

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
