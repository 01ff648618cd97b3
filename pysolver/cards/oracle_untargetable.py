"""Oracle compiler form of "~ can't be the target of ..." (issue 13): a static ability by which
what it affects can't be the target of spells, of abilities, or of both, maybe only of those
with a quality (a color, "nongreen", a card type, "Aura") or only of those its controller's
opponents control (CR 115.1, 702.16b's and 702.11d's targeting part as a rule-modifying effect
of its own).  The data (`cant_be_targeted`) is read by asp/targets.lp.  Called by
pysolver.cards.oracle with the compiler's reader of a static ability's subject (this module
imports nothing of the package but the leaf pysolver.protection); returns (compiled data, why)
or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.protection import COLORS, creature_type

QUALITY = r"(?:(?P<{name}>[A-Za-z]+) )?"
WHOSE = r"(?P<{name}> your opponents control)?"
FORMS = [
    # "spells or abilities [your opponents control]", "white spells or abilities from white sources"
    ("both", re.compile(QUALITY.format(name="q1") + r"spells or abilities(?: from " + QUALITY.format(name="q2")
                        + r"sources)?" + WHOSE.format(name="w1"))),
    # "nongreen spells your opponents control or abilities from nongreen sources your opponents control"
    ("both", re.compile(QUALITY.format(name="q1") + r"spells" + WHOSE.format(name="w1") + r" or abilities from "
                        + QUALITY.format(name="q2") + r"sources" + WHOSE.format(name="w2"))),
    ("spells", re.compile(QUALITY.format(name="q1") + r"spells" + WHOSE.format(name="w1"))),
    ("abilities", re.compile(r"abilities(?: from " + QUALITY.format(name="q1") + r"sources)?"
                             + WHOSE.format(name="w1"))),
]
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
              "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery"}


def quality(word: str | None) -> dict[str, str] | None:
    """``white`` -> {"color": "W"}; ``nongreen`` -> {"not_color": "G"}; ``artifact`` ->
    {"card_type": "Artifact"}; ``Aura`` or a creature type -> {"subtype": ...}; None: not read.
    No word: {} (any spell or ability)."""
    if word is None:
        return {}
    if word in COLORS:
        return {"color": COLORS[word].upper()}
    if word.startswith("non") and word[3:] in COLORS:
        return {"not_color": COLORS[word[3:]].upper()}
    if word in CARD_TYPES:
        return {"card_type": CARD_TYPES[word]}
    if word == "Aura" or (word[:1].isupper() and creature_type(word) == word):
        return {"subtype": word}
    return None


def cant_be_targeted(bare: str, subject: Callable[[str], dict[str, Any] | None]):
    """CR 115.1: "~ can't be the target of white spells or abilities from white sources",
    "~ can't be the target of abilities your opponents control", "Creatures can't be the
    targets of spells": a static ability (its `cant_be_targeted`), or None."""
    m = rx.fullmatch(r"(.+?) can't be the targets? of (.+)", bare)
    if not m:
        return None
    static = subject(m.group(1))
    if static is None:
        return None
    for by, form in FORMS:
        found = form.fullmatch(m.group(2))
        if not found:
            continue
        words = [found.groupdict().get(q) for q in ("q1", "q2")]
        whose = [found.groupdict().get(w) for w in ("w1", "w2") if w in form.groupindex]
        if len({w for w in words if w}) > 1 or len(set(whose)) > 1:
            return None  # two different qualities or controllers: not one restriction
        if by == "both" and "q2" in form.groupindex and words[0] != words[1] and None in words:
            return None  # "white spells or abilities": the abilities' sources unsaid
        judged = quality(next((w for w in words if w), None))
        if judged is None:
            return None
        ban: dict[str, Any] = {"by": by, "whose": "opponent" if whose[0] else "any", **judged}
        static["cant_be_targeted"] = ban
        return ([("ability", {"static": static})],
                "a static ability: what it affects can't be the target of those spells or abilities (CR 115.1)")
    return None
