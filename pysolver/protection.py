"""Protection (CR 702.16) and hexproof from a quality (702.11d): the qualities a keyword names.

A keyword is kept as its words in lower case ("protection from red"); this module reads the
quality out of it for the card compiler (which splits "protection from red and from blue" into
two keywords, 702.16g) and for the facts (keyword_quality/3, read by asp/protection.lp).  A
quality the rules here can't judge ("from the chosen color", "from Arcane", "from a player")
is None: the compiler leaves such a piece not understood, and the facts mark it unjudged, so a
query that meets it refuses.  It imports only the list of creature types."""

from __future__ import annotations

import re

KINDS = ("protection", "hexproof")  # "protection from X" (702.16a), "hexproof from X" (702.11d)
# CR 105.1: the five colors, as the facts name them (mana types w, u, b, r, g).
COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
# CR 702.16a: a card type as a quality ("from creatures": creature permanents and creature
# spells, and any other source of that card type).
CARD_TYPES = {"artifacts": "Artifact", "battles": "Battle", "creatures": "Creature", "enchantments": "Enchantment",
              "instants": "Instant", "lands": "Land", "planeswalkers": "Planeswalker", "sorceries": "Sorcery"}
# CR 105.2b, 105.2c: two or more colors, exactly one, none; 702.16j: everything.
COUNTS = ("multicolored", "monocolored", "colorless", "everything")
# CR 702.16h: "from each color" / "from all colors": one protection for each color.
EACH_COLOR = ("each color", "all colors")

PHRASE = re.compile(r"(protection|hexproof) from (.+)")


# Plurals of creature types that don't add "s" or "es" (CR 205.3m names the types).
IRREGULAR = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf", "mice": "mouse",
             "fungi": "fungus", "octopi": "octopus", "oxen": "ox", "homunculi": "homunculus", "sphinxes": "sphinx"}


def creature_type(word: str) -> str | None:
    """CR 205.3m, 702.16a: ``Zombies`` -> "Zombie", ``Kavu`` -> "Kavu": the creature type a
    (plural) word names, in any case; None if it names none."""
    from pysolver.data import creature_types

    table = {name.lower(): name for name in creature_types()}
    lower = word.lower()
    for candidate in (lower, IRREGULAR.get(lower, ""), lower[:-1] if lower.endswith("s") else "",
                      lower[:-3] + "y" if lower.endswith("ies") else "", lower[:-2] if lower.endswith("es") else ""):
        if candidate in table:
            return table[candidate]
    return None


def quality(word: str) -> tuple[str, ...] | None:
    """``red`` -> ("color", "r"); ``creatures`` -> ("card_type", "Creature"); ``multicolored``
    -> ("multicolored",); ``zombies`` -> ("subtype", "Zombie"); None for a quality not judged
    here."""
    lower = word.lower()
    if lower in COLORS:
        return ("color", COLORS[lower])
    if lower in CARD_TYPES:
        return ("card_type", CARD_TYPES[lower])
    if lower in COUNTS:
        return (lower,)
    if " " not in word and "-" not in word:
        subtype = creature_type(word)
        if subtype is not None:
            return ("subtype", subtype)
    return None


def split(text: str) -> list[str] | None:
    """CR 702.16g, 702.16h: ``protection from black and from red`` -> ["protection from black",
    "protection from red"]; ``protection from each color`` -> one for each color.  Lower case;
    None when it isn't such a phrase or one of its qualities isn't judged here."""
    m = PHRASE.fullmatch(text[0].lower() + text[1:]) if text else None
    if not m:
        return None
    kind, rest = m.groups()
    found: list[str] = []
    for word in re.split(r",? and (?:from )?|, (?:from )?", rest):
        if word in EACH_COLOR:
            found += [f"{kind} from {color}" for color in COLORS]
        elif word in (*COLORS, *CARD_TYPES, *COUNTS) or (word[:1].isupper() and quality(word) is not None):
            found.append(f"{kind} from {word}")  # a creature type is capitalized: "from Zombies"
        else:
            return None
    return found


def keyword_quality(keyword: str) -> tuple[str, tuple[str, ...] | None] | None:
    """A keyword of one quality (as split gives it) -> (its kind, its quality, or None when the
    quality isn't judged here: bare "protection", "hexproof from the chosen color"); ("chosen_color",)
    for "protection from the chosen color", the color chosen as the keyword's source entered (CR
    607.1), which asp/protection.lp judges per source; None for
    a keyword that is neither protection nor hexproof from a quality."""
    lower = keyword.lower()
    if lower in ("protection", "hexproof from"):  # a source's bare name for it
        return (lower.split()[0], None)
    if lower == "protection from the chosen color":  # CR 702.16a, 607.1: judged per source (asp/protection.lp)
        return ("protection", ("chosen_color",))
    if lower.startswith("protection "):
        m = PHRASE.fullmatch(lower)
        return ("protection", quality(m.group(2)) if m else None)
    m = PHRASE.fullmatch(lower)
    if m and m.group(1) == "hexproof":
        return ("hexproof", quality(m.group(2)))
    return None
