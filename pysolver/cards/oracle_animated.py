"""Oracle compiler form of a permanent that is a creature while a condition holds (issue 13):
"During turns other than yours, ~ is a 2/3 Gargoyle artifact creature with flying", "During turns
other than yours, ~ is an artifact creature", "As long as ~ has three or more +1/+1 counters on it,
it's a 4/4 creature in addition to its other types".

One effect in several layers (CR 613.6), each part while the condition holds (611.3a): the card
type Creature and the creature types it adds (layer 4, 613.1d), its base power and toughness
(layer 7b, 613.4b) and its keywords (layer 6, 613.1f).  Layer 4 reads only a condition no layer
changes (whose turn it is, counters on it, cards in a hand or a graveyard, life, devotion, being
untapped: early_condition_fails, asp/static_conditions.lp); any other leaves the line not
understood.  What it keeps (205.1b): "an artifact creature" keeps every card type and subtype it
had; "a Gargoyle artifact creature" all but its creature types, which it replaces (read only for a
card with no creature type of its own); "... creature in addition to its other types" keeps them
all.  "~ is a 2/2 creature" alone sets its card types (205.1a): not this form.  Called by
pysolver.cards.oracle for a line no other form read; it returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards.oracle_pt import PtWords, keywords_granted
from pysolver.cards.oracle_static import EARLY, static_condition

Form = tuple[list[tuple[str, Any]], str]

ANIMATED = re.compile(
    r"(?:During (?P<during>your turn|turns other than yours)|As long as (?P<before>[^,]+)), "
    r"(?:~ is|it's|it is) an? (?:(?P<power>\d+)/(?P<toughness>\d+) )?(?P<subtypes>(?:[A-Z][\w'\-]* )*)"
    r"(?P<types>(?:artifact )?)creature(?P<addition> in addition to its other types)?"
    r"(?: with (?P<keywords>[a-z][a-z ,]*?))?")
DURING = {"your turn": "your_turn", "turns other than yours": "other_turns"}  # CR 102.1: the active player's turn
# The static ``if`` values layer 4 may read (asp/static_conditions.lp early_condition_fails).
EARLY_IFS = ("untapped", "your_turn", "other_turns")


def animated_self(bare: str, card: dict[str, Any], words: PtWords,
                  is_creature_type: Callable[[str], bool]) -> Form | None:
    """CR 613.1d, 205.1b, 613.4b, 613.1f, 611.3a: the static abilities (the types added, then its
    base power and toughness and keywords), or None when the line is not this form."""
    m = ANIMATED.fullmatch(bare)
    if not m or not (m.group("types") or m.group("addition")):
        return None  # CR 205.1a: "is a creature" alone sets its card types
    if m.group("during"):
        condition: dict[str, Any] | None = {"if": DURING[m.group("during")]}
    else:
        condition = static_condition(m.group("before"), words.static)
    if condition is None or not (set(condition) <= EARLY or condition.get("if") in EARLY_IFS):
        return None
    subtypes = m.group("subtypes").split()
    own_creature_types = [s for s in card.get("subtypes", []) if is_creature_type(s)]
    if not all(is_creature_type(s) for s in subtypes) or (subtypes and own_creature_types and
                                                          not m.group("addition")):
        return None  # 205.1b: its own creature types replaced: not read
    keywords = keywords_granted(m.group("keywords"), words)
    stated = m.group("power") is not None
    if keywords is None or (not stated and not isinstance(card.get("power"), int)) or (
            not stated and not isinstance(card.get("toughness"), int)):
        return None  # a creature with no power and toughness the rules know
    self_: dict[str, Any] = {"affects": {}, "whose": "any", "self": True}
    added = ["Creature"] + (["Artifact"] if m.group("types") and "Artifact" not in card.get("types", []) else [])
    types: dict[str, Any] = {**self_, "add_types": added, **condition}
    if subtypes:
        types["add_subtypes"] = subtypes
    compiled: list[tuple[str, Any]] = [("ability", {"static": types})]
    rest: dict[str, Any] = {}
    if stated:
        rest["base_pt"] = {"power": int(m.group("power")), "toughness": int(m.group("toughness"))}
    if keywords:
        rest["grant_keywords"] = keywords
    if rest:
        compiled.append(("ability", {"static": {**self_, **rest, **condition}}))
    return compiled, ("while its condition holds, it is a creature in addition to its types (layer 4, CR 205.1b, "
                      "613.1d, 611.3a)" + (" with that base power and toughness (613.4b)" if stated else "")
                      + (" and those keywords (613.1f)" if keywords else ""))
