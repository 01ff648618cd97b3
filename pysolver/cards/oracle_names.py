"""A legendary card's shortened name (CR 201.5c: "Text printed on some cards refers to that card
by a shortened version of its name"): "Rasputin enters with seven dream counters" on Rasputin
Dreamweaver, "Return Arcanis to its owner's hand" on Arcanis the Omnipotent, "Put a +1/+1 counter
on King Darien" on King Darien XLVIII.  The Oracle compiler (oracle.normalize) reads such a name
as the card itself, like its full name (201.5)."""

from __future__ import annotations

import re
from functools import cache

from pysolver.cards import patterns as rx

# Words a name may start with that are never a name of their own.
NOT_NAMES = {"A", "An", "The", "It", "Its", "This", "That", "Each", "All", "Another", "Target", "Other"}
TYPE_WORDS = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle", "Instant", "Sorcery",
              "Kindred", "Tribal", "Legendary", "Basic", "Snow", "World", "Token", "Emblem"}
# Words joining a name's parts: a shortened name doesn't end on one ("Myojin of").
JOINING = {"of", "the", "and", "from", "at", "in", "on", "to", "for", "with", "a", "an"}
# What follows a use of a name: punctuation, the next word, or the end (patterns.word_uses).
FOLLOWED = re.compile(r"(\s*[^\s\w]|\s+[\w']+|$)")


@cache
def _creature_types() -> frozenset[str]:
    from pysolver.data import creature_types

    return frozenset(creature_types())


def short_names(name: str, text: str, keywords: tuple[str, ...] = ()) -> list[str]:
    """The shortened names of a legendary card whose name has no comma (its part before the
    comma is read elsewhere): each of its name's leading words ("Rasputin", "King Darien")
    the text uses as a name -- never a type (205.2a, 205.3m: "Sliver", "Dragon"), an article or
    pronoun, the start of one of its keywords, or the start of a longer name (every use of it
    in the text followed by no capitalized word: "Marit" of "Marit Lage" is another object)."""
    words = name.split()
    if "," in name or len(words) < 2:
        return []
    rest = text.replace(name, "")
    found = []
    for size in range(1, len(words)):
        short = " ".join(words[:size])
        last = words[size - 1]
        if last in JOINING or last.endswith("'s") or (
                size == 1 and (short in NOT_NAMES or short in TYPE_WORDS or short in _creature_types())):
            continue
        if any(keyword.lower().startswith(short.lower()) for keyword in keywords):
            continue
        after = [rest[start + len(short):stop] for start, stop in rx.word_uses(rest, short, FOLLOWED)]
        if after and all(_as_a_name(word) for word in after):
            found.append(short)
    return found


# What follows a name used as one: a verb or a word after a subject or an object ("Rasputin
# enters", "counter on Kang.", "Drizzt's power", "Return Arcanis to its owner's hand").
AFTER_A_NAME = {"enters", "entered", "deals", "dealt", "attacks", "attacked", "blocks", "blocked", "can", "can't",
                "is", "isn't", "was", "wasn't", "to", "must", "and", "or", "has", "had", "gets", "becomes",
                "remains", "started", "as", "on", "during", "equal", "this", "dies", "died", "leaves", "left",
                "gains", "loses", "would", "doesn't", "untaps", "fights", "with", "in", "into", "onto", "under",
                "at", "for", "if", "unless", "until", "by", "when", "whenever", "that", "than"}


def _as_a_name(after: str) -> bool:
    """Whether what follows a use of the short name is what follows a name (punctuation, the
    end, a possessive or a verb), not the rest of another name or a noun it qualifies."""
    word = after.strip()
    return not word[:1].isalnum() or word.startswith("'s") or word in AFTER_A_NAME
