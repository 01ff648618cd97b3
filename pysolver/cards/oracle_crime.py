"""Oracle compiler form for abilities that trigger on a crime (issue 13): "Whenever you commit a crime",
"Whenever an opponent commits a crime", "Whenever a player commits a crime" (CR 700.13, 603.2).

A player commits a crime as they cast a spell, activate an ability or put a triggered ability on the stack
that targets an opponent, anything an opponent controls or a card in an opponent's graveyard (700.13).
`pysolver next` judges it on the targets chosen (asp/player_events.lp): a spell cast or an ability
activated puts the trigger on the stack; a triggered ability's targets that are a crime are refused.  An
effect that reads the event ("that player", "that spell") keeps only its text, which `next` refuses to
resolve.  Called by pysolver.cards.oracle for a line no other form read; returns (compiled data, why) or
None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import resolution

WHO = {"you commit": "you", "an opponent commits": "opponent", "a player commits": "any"}
CRIME = re.compile(r"Whenever (?P<who>you commit|an opponent commits|a player commits) a crime, (?P<effect>.+)")
# What reads the event itself: the player who committed it, the spell or ability, its targets.
ABOUT_THE_EVENT = re.compile(r"\b(?:that player|they|them|their|that spell|that ability|its targets?|"
                             r"the targets?)\b")


def crime_form(bare: str, name: str, do_forms: Callable[[str], list[dict[str, Any]] | None]
               ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 700.13, 603.2: "Whenever [you commit / an opponent commits / a player commits] a crime, [effect]".
    ``do_forms`` reads an effect as the ability's ``do`` ([] or None when no form models it)."""
    m = CRIME.fullmatch(bare)
    if not m or rx.search(r"\btriggers only\b", bare):
        return None  # a limit on how often (read after it, oracle_cast.once_each_turn)
    effect = m.group("effect")
    if rx.match(r"if\b", effect):
        return None  # an intervening "if" (CR 603.4): not read here
    whose = WHO[m.group("who")]
    triggered = {"when": {"event": "crime", "whose": whose},
                 **resolution(effect, name, do_forms, bool(ABOUT_THE_EVENT.search(effect)))}
    player = {"you": "its controller", "opponent": "an opponent", "any": "a player"}[whose]
    return ([("ability", {"triggered": triggered})],
            f"a triggered ability when {player} commits a crime: casts a spell, activates an ability or puts a "
            "triggered ability on the stack that targets an opponent, what an opponent controls or a card in an "
            "opponent's graveyard (CR 700.13, 603.2)")
