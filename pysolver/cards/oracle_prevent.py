"""Prevention effects the queries never meet (issue 13, CR 615): a static ability that prevents
only combat damage ("Prevent all combat damage that would be dealt to and dealt by ~", "... to
attacking creatures you control", "... by enchanted creature").  Combat damage is dealt only in
the combat damage step (CR 510.1, 510.2), and no query of pysolver declares attackers or
blockers or deals combat damage, so no answer changes with it: irrelevant, with that reason.
Prevention of damage of every kind ("Prevent all damage that would be dealt to you") is not
this form, nor is "If ~ would deal damage" (any damage): mana abilities, triggers and resolving
spells deal damage the queries follow (CR 120.3), so it stays not understood.  Also "If ~ would deal
combat damage ..., ... instead" and "..., prevent N of that damage" (614.1a).  This module imports
nothing of the package."""

from __future__ import annotations

import re

COMBAT_PREVENTION = re.compile(r"Prevent all combat damage that would be dealt (?:to and dealt by|to|by) "
                               r"(?![^.]*\b(?:this turn|target|and (?!dealt by)|gains?|gets?|loses?)\b)[^.;:\"]+")
# CR 614.1a, 615.1a: a replacement or prevention effect whose event is combat damage: "If ~ would deal combat
# damage to a player, it deals double that damage to that player instead", "If a creature would deal combat
# damage to you, prevent 1 of that damage", with a condition before it too ("As long as ~ is untapped, if a
# creature would deal combat damage to you, prevent 1 of that damage").
COMBAT_REPLACEMENT = re.compile(r"(?:As long as [^,.;:\"]+, i|I)f (?:[^,.;:\"]+? )?(?:would deal combat damage|"
                                r"would be dealt combat damage)(?: to [^,.;:\"]+)?, "
                                r"(?:prevent [^.;:\"]+|[^.;:\"]+ instead)")
# CR 614.1a: combat damage dealt to another permanent or player instead ("As long as ~ is untapped, all combat
# damage that would be dealt to you by unblocked creatures is dealt to ~ instead"), whatever its condition.
COMBAT_REDIRECT = re.compile(r"(?:As long as [^,.;:\"]+, a|A)ll combat damage that would be dealt to [^,.;:\"]+ "
                             r"is dealt to [^,.;:\"]+ instead")
# CR 615.1a, 508.1, 509.1: damage to attacking or blocking creatures, or from the creatures a creature blocks:
# "Prevent all damage that would be dealt to attacking creatures you control", "Prevent all damage that would be
# dealt to ~ by creatures it's blocking" (any damage, but only while creatures attack or block).
COMBAT_OBJECTS = re.compile(r"Prevent all damage that would be dealt (?:to (?:attacking|blocking|attacking or "
                            r"blocking) creatures(?: you control)?|to ~ by creatures it's blocking)")
WHY_IN_COMBAT = ("a prevention of damage to or from attacking or blocking creatures only (CR 615.1a): a creature "
                 "attacks or blocks only in combat (508.1, 509.1), and no board states attackers or blockers")
WHY = ("a prevention of combat damage only (CR 615.1a): combat damage is dealt only in the combat damage step "
       "(510.1, 510.2), and no query declares attackers or blockers or deals combat damage")
WHY_REPLACED = ("a replacement or prevention of combat damage only (CR 614.1a, 615.1a): combat damage is dealt only "
                "in the combat damage step (510.1, 510.2), and no query declares attackers or blockers or deals "
                "combat damage")


def combat_prevention(bare: str) -> str | None:
    """Why a permanent's static ability that prevents or replaces only combat damage concerns no query, or None."""
    if COMBAT_PREVENTION.fullmatch(bare):
        return WHY
    if COMBAT_OBJECTS.fullmatch(bare):
        return WHY_IN_COMBAT
    return WHY_REPLACED if COMBAT_REPLACEMENT.fullmatch(bare) or COMBAT_REDIRECT.fullmatch(bare) else None
