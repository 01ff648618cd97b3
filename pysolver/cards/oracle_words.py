"""Words of the compiler's forms (issue 13).  The word before an activated ability's cost, "[word]
— [cost]: [effect]": an ability word (CR 207.2c) or a flavor word (207.2d) has no rules meaning;
Exhaust (702.177a) limits the ability to one activation; Boast (702.142a) to once each turn and to a creature
that attacked this turn, which no board records; other words (Power-up, Forecast, Channel...) are keywords
with rules of their own, which these forms don't read.  Counts written as
words ("if you control seven or more lands")."""

from __future__ import annotations

import re
from typing import Any

# CR 207.2c: the ability words.
ABILITY_WORDS = frozenset((
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "domain",
    "eerie", "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "formidable", "grandeur",
    "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant",
    "magecraft", "metalcraft", "morbid", "pack tactics", "paradox", "parley", "radiance", "raid", "rally",
    "revolt", "secret council", "spell mastery", "strive", "survival", "sweep", "tempting offer", "threshold",
    "undergrowth", "valiant", "will of the council"))
# CR 702: keywords and other words written like an ability word that do have rules meaning.
MEANINGFUL = frozenset(("max speed", "forecast", "channel", "level up", "legacy", "station", "power-up",
                        "exhaust", "waterbend", "earthbend", "airbend", "firebend"))
# CR 702.142a: what a boast ability adds to "[Cost]: [Effect]", kept unjudged (can-activate refuses it).
BOAST = ("boast: activate only if this creature attacked this turn (which no board records) and only once each turn "
         "(CR 702.142a)")
# CR 207.2d: a flavor word is tailored to one ability: two or more words, none a keyword.
FLAVOR = re.compile(r"[A-Z][\w'\-!,]*(?: [A-Za-z][\w'\-!,]*)+")


def prefix_meaning(word: str) -> dict[str, Any] | None:
    """What the word before an activated ability adds to it: {} (nothing: an ability or flavor
    word), the one-activation limit of Exhaust (CR 702.177a), or None (a word with rules meaning
    no form reads, or a single word that may be one)."""
    lower = word.lower()
    if lower == "exhaust":
        return {"activation_restriction": "Activate only once."}
    if lower == "boast":  # "Activate only if this creature attacked this turn and only once each turn"
        return {"unjudged": [BOAST]}
    if lower in MEANINGFUL:
        return None
    if lower in ABILITY_WORDS or FLAVOR.fullmatch(word):
        return {}
    return None


COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "twenty": 20}


def count_word(word: str) -> int | None:
    """``seven`` -> 7, ``20`` -> 20: a count in "if you control seven or more lands"; None otherwise."""
    return int(word) if word.isdigit() else COUNT_WORDS.get(word)
