"""An independent check of could-produce on simple cards, written from the templates alone.

Written without the Oracle compiler (pysolver/cards/oracle.py), from the simplest
forms of mana abilities: ``{T}: Add {X}`` (one or more symbols), ``{T}: Add one mana
of any color``, ``{T}: Add {X} or {Y}`` (or ``{X}, {Y}, or {Z}``), and the intrinsic
ability of each basic land type (CR 305.6).  A card is checked only when every line of
its text is one of those templates, a keyword line, "... enters tapped", or a line
without any word that could change mana (Add, mana, produce, a land type, type,
ability, lose, become, land, color, instead): then what it could produce alone on a
battlefield (CR 106.7) is the union of the templates' types.
"""

from __future__ import annotations

import re

BASIC = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
ORDER = "WUBRGC"
FIXED = re.compile(r"\{T\}: Add ((?:\{[WUBRGC]\})+)\.")
ANY_COLOR = re.compile(r"\{T\}: Add one mana of any color\.")
CHOICE = re.compile(r"\{T\}: Add (\{[WUBRGC]\}(?:, \{[WUBRGC]\})*,? or \{[WUBRGC]\})\.")
HARMLESS = re.compile(r"(?:This (?:land|artifact|creature) enters tapped\.|"
                      r"(?:Flying|Haste|Vigilance|Reach|Trample|Defender|Deathtouch|Lifelink|Menace|"
                      r"Hexproof|Indestructible|Shroud|First strike)"
                      r"(?:, (?:flying|haste|vigilance|reach|trample|defender|deathtouch|lifelink|"
                      r"menace|hexproof|indestructible|shroud|first strike))*)")

# A line with none of these words can't change what the card could produce alone.
MAY_CHANGE_MANA = re.compile(r"\b(?:[Aa]dd|mana|produce|Plains|Island|Swamp|Mountain|Forest|types?|"
                             r"abilit(?:y|ies)|[Ll]oses?|becomes?|[Ll]ands?|colou?rs?|instead)\b")


def expected_types(type_line: str, text: str) -> tuple[str, ...] | None:
    """The types a card with only simple mana abilities could produce alone, or None when
    the card is not made only of the simple templates."""
    found: set[str] = set()
    subtypes = type_line.partition("—")[2].split()
    found |= {BASIC[s] for s in subtypes if s in BASIC}
    for raw in (text or "").split("\n"):
        line = re.sub(r"\s*\([^()]*\)", "", raw).strip()
        if not line:
            continue
        if FIXED.fullmatch(line):
            found |= set(re.findall(r"\{([WUBRGC])\}", line))
        elif ANY_COLOR.fullmatch(line):
            found |= set("WUBRG")
        elif CHOICE.fullmatch(line):
            found |= set(re.findall(r"\{([WUBRGC])\}", line.split(": ", 1)[1]))
        elif HARMLESS.fullmatch(line) or not MAY_CHANGE_MANA.search(line):
            continue
        else:
            return None
    if not found:
        return None
    return tuple(sorted(found, key=ORDER.index))
