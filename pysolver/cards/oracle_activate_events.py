"""Oracle compiler form for abilities that trigger on a player activating an ability (issue 13):
"Whenever you activate an ability that isn't a mana ability", "Whenever an opponent activates an
ability of an artifact, creature, or land that isn't a mana ability", "Whenever a player activates
an ability of a creature, if it isn't a mana ability" (CR 602.2i, 603.2).

`pysolver next` activates an ability that isn't a mana ability (``activate ID N``), and the ability
triggers as the activation is complete (602.2i; asp/player_events.lp).  The activations of mana
abilities (while paying, or ``activate`` for mana) are events too, which these forms leave out: a
sentence without "that isn't a mana ability" is not read.  An effect that reads the event ("that
player", "copy it") keeps only its text, which `next` refuses to resolve.  Called by
pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import resolution

WHO = {"you activate": "you", "an opponent activates": "opponent", "a player activates": "any"}
ACTIVATES = re.compile(r"Whenever (?P<who>you activate|an opponent activates|a player activates) an ability"
                       r"(?: of (?P<noun>.+?)(?: on the battlefield)?)?"
                       r"(?: that isn't a mana ability,|, if it isn't a mana ability,) (?P<effect>.+)")
# What reads the event itself: the player who activated, the ability.
ABOUT_THE_EVENT = re.compile(r"\b(?:that player|it|its|they|them|their|that ability)\b")


def activation_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                    do_forms: Callable[[str], list[dict[str, Any]] | None]
                    ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 602.2i, 603.2: "Whenever [you / an opponent / a player] activate(s) an ability [of (noun)] that
    isn't a mana ability, [effect]".  ``nouns`` reads a noun phrase as a filter (oracle.noun_filter), or
    None; ``do_forms`` an effect as the ability's ``do`` ([] or None when no form models it)."""
    m = ACTIVATES.fullmatch(bare)
    if not m or rx.search(r"\btriggers only\b", bare):
        return None  # a limit on how often (read after it, oracle_cast.once_each_turn)
    effect = m.group("effect")
    if rx.match(r"if\b", effect):
        return None  # another intervening "if" (CR 603.4): not read here
    spec: dict[str, Any] = {}
    if m.group("noun"):
        found = nouns(m.group("noun"))
        if found is None:
            return None
        spec = found
    whose = WHO[m.group("who")]
    when: dict[str, Any] = {"event": "activate", "filter": spec, "whose": whose}
    triggered = {"when": when, **resolution(effect, name, do_forms, bool(ABOUT_THE_EVENT.search(effect)))}
    player = {"you": "its controller", "opponent": "an opponent", "any": "a player"}[whose]
    return ([("ability", {"triggered": triggered})],
            f"a triggered ability when {player} activates an ability that isn't a mana ability"
            + (" of a permanent of that kind" if spec else "") + " (CR 602.2i, 603.2)")
