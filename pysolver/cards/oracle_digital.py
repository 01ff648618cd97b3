"""Actions of digital-only cards (MTG Arena's Alchemy), which the Comprehensive Rules don't define.

A card is refused whole (unsupported) when one of its sentences uses such an action in a way
that can change what a query reads: a card conjured onto the battlefield, into exile or a
graveyard, a characteristic changed "perpetually", an intensity (which sets an amount of mana),
double team, or the action followed by one that moves the card on (put, cast, discard...).

A sentence whose digital action only moves cards between a library, a hand and outside the
game -- "seek a card" (one at random from the library into the hand), "draft a card from ~'s
spellbook" (into the hand), "conjure a card ... into your hand" or "into your library" --
changes no battlefield, characteristic or mana, exactly like drawing a card (CR 121.1).  Such a
sentence is left to the compiler's other forms (an "enters" trigger keeps it as its text, which
`pysolver next` refuses to resolve: a board's hand and library, which `next` reads, stay as they
were), and where no form reads it (its event is none a query produces), it is irrelevant for that
reason (``HAND_OR_LIBRARY``).  A spellbook is read only as the one a card is drafted from:
"conjure ~'s spellbook into your library" puts a list of cards no card data holds into the
library, and refuses the card like the other digital actions.
"""

from __future__ import annotations

import re

from pysolver.cards import patterns as rx

# The digital-only actions and the words that name them.
DIGITAL = re.compile(r"\b(conjures?|perpetually|seeks?|intensif(?:y|ies)|intensity|spellbook|double team)\b",
                     re.I)
# What a digital action may do and still touch nothing any query reads.
MOVES_CARDS = re.compile(r"\b(?:seeks?|drafts?|conjures?)\b", re.I)
# Words that, after a digital action in its sentence, take the card (or another) where queries
# read it, or change a characteristic: the battlefield, exile, a graveyard, counters, a cast...
LEAVES_HAND_OR_LIBRARY = re.compile(
    r"\b(?:battlefield|exiled?|graveyards?|perpetually|intensif(?:y|ies)|intensity|double team|cloak|"
    r"manifest|attach(?:ed)?|put|puts|cast|play|discard|sacrifice|counters?|instead|mana|life|"
    r"tapped|untap|gains?|loses?|becomes?|copy|token)\b", re.I)
# Where a conjured card may go: a hand or a library.
INTO_HAND_OR_LIBRARY = re.compile(r"\binto (?:your|their|its owner's|that player's|each player's) "
                                  r"(?:hand|library)\b|\binto the top \w+ cards of (?:your|their) library\b")

HAND_OR_LIBRARY = ("a digital-only action (MTG Arena) that only moves cards between a library, a hand and "
                   "outside the game (seek, draft from a spellbook, conjure into a hand or library): like "
                   "drawing a card (CR 121.1) it touches nothing a query reads, and a board states the hand")


def _sentences(body: str) -> list[str]:
    """The sentences of a card's text, quoted abilities split off too (an action inside a
    granted ability counts as much as one outside)."""
    parts: list[str] = []
    for line in body.split("\n"):
        parts.extend(p for p in rx.split(r'(?<=[.!?])\s+|"', line) if p.strip())
    return parts


def split_action(sentence: str) -> tuple[str, str] | None:
    """(what comes before the sentence's first digital action: its trigger, cost or condition;
    the action and the rest), or None without one."""
    if DIGITAL.search(sentence) is None:
        return None
    start = min(m.start() for m in (DIGITAL.search(sentence), MOVES_CARDS.search(sentence)) if m)
    return sentence[:start], sentence[start:]


def moves_cards_only(sentence: str) -> bool:
    """The sentence's digital actions only move cards between a library, a hand and outside
    the game, and nothing after them in the sentence takes a card elsewhere."""
    parts = split_action(sentence)
    if parts is None:
        return False
    action = parts[1]
    if any(word.lower() not in ("seek", "seeks", "conjure", "conjures", "spellbook")
           for word in DIGITAL.findall(action)):
        return False
    if LEAVES_HAND_OR_LIBRARY.search(action) or not MOVES_CARDS.match(action):
        return False
    for conjured in rx.finditer(r"\bconjures? ", action, re.I):  # each conjure names its zone
        if not INTO_HAND_OR_LIBRARY.search(action[conjured.end():].split(",")[0]):
            return False
    for drafted in rx.finditer(r"\bdrafts? ", action, re.I):  # a draft takes from a spellbook into the hand
        if not rx.match(r"a card from ~'s spellbook\b", action[drafted.end():]):
            return False
    # A spellbook only as the one a card is drafted from: "conjure ~'s spellbook into your library"
    # puts every card of a list no card data holds into a library, which the board holds and
    # `pysolver next` draws from (docs/board-format.md): not one of the moves above.
    drafted_from = rx.findall(r"\bdrafts? a card from ~'s spellbook\b", action, re.I)
    return len(rx.findall(r"\bspellbook\b", action, re.I)) == len(drafted_from)


def digital_problem(body: str) -> str | None:
    """Why the card is refused for a digital-only action, naming the first one that can change
    what a query reads; None when there is none (or each only moves cards as above)."""
    for sentence in _sentences(body):
        m = DIGITAL.search(sentence)
        if m and not moves_cards_only(sentence):
            return (f"a digital-only action '{m.group(1).lower()}' (MTG Arena), which the Comprehensive "
                    "Rules don't define, in a sentence that can change the battlefield, a characteristic "
                    "or mana")
    return None
