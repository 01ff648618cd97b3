"""Oracle compiler form for abilities that trigger on cards leaving a graveyard (issue 13):
"Whenever one or more cards leave your graveyard", "Whenever one or more creature cards leave your
graveyard" (once for each event, however many cards, CR 603.2c) and "Whenever a card leaves your
graveyard" (once for each card, 603.2); "Whenever one or more cards are put into exile from your graveyard": only the
cards exiled from it (``to: exile``, CR 406.2).

`pysolver next` produces the event: a card cast for its flashback cost moves from its owner's
graveyard to the stack (601.2a, 702.34a), and cards are exiled from a graveyard to pay a spell's
costs (delve, 702.66a; "Exile a card from your graveyard", 601.2h); the trigger is compiled into the
trigger machinery (asp/player_events.lp).  Its effect is the ability's ``do`` where a form models it;
otherwise only its text, which `next` refuses to resolve.  An effect that reads the event ("those
cards", "one of them") keeps only its text.  Called by pysolver.cards.oracle for a line no other
form read; returns (compiled data, why) or None."""

from __future__ import annotations

import re
from typing import Any, Callable

from pysolver.cards import patterns as rx
from pysolver.cards.oracle_triggers import about_the_event, resolution

LEAVES = re.compile(r"Whenever (?P<count>one or more|a|an) (?:(?P<noun>[\w\-]+) )?cards? "
                    r"(?:leaves?|(?P<exile>(?:is|are) put into exile from)) "
                    r"(?P<whose>your|an opponent's|a player's) graveyard, (?P<effect>.+)")
WHOSE = {"your": "you", "an opponent's": "opponent", "a player's": "any"}
# The keys of a filter the rules judge on a card (card_fails/2, asp/filter_conditions.lp).
CARD_KEYS = {"types", "not_types", "subtypes", "supertypes", "not_supertypes", "colors", "colorless", "multicolored",
             "max_mana_value", "min_mana_value"}
# What reads the cards that left: "those cards", "among them", "one of them".
ABOUT_THE_CARDS = re.compile(r"\b(?:those cards|that card|them|they|among them)\b")


def graveyard_leave_form(bare: str, name: str, nouns: Callable[[str], dict[str, Any] | None],
                         do_forms: Callable[[str], list[dict[str, Any]] | None]
                         ) -> tuple[list[tuple[str, Any]], str] | None:
    """CR 603.2, 603.2c: "Whenever [one or more / a] [creature] card[s] leave[s] [your] graveyard,
    [effect]".  ``nouns`` reads a noun ("creature") as a filter (oracle.noun_filter), of which only
    a card's characteristics are kept; ``do_forms`` an effect as the ability's ``do``."""
    m = LEAVES.fullmatch(bare)
    if not m or rx.search(r"\btriggers only\b|\bduring\b|\bthis turn\b", bare):
        return None  # a limit on how often (read after it, oracle_cast.once_each_turn), a turn (oracle_turn_events)
    effect = m.group("effect")
    if rx.match(r"if\b", effect):
        return None  # an intervening "if" (CR 603.4): not read here
    spec: dict[str, Any] = {}
    if m.group("noun"):
        found = nouns(m.group("noun"))
        if not found or set(found) - CARD_KEYS:
            return None
        spec = found
    batch = m.group("count") == "one or more"
    when: dict[str, Any] = {"event": "leave_graveyard", "whose": WHOSE[m.group("whose")]}
    if spec:
        when["filter"] = spec
    if batch:
        when["batch"] = True
    if m.group("exile"):  # "are put into exile from your graveyard": only the cards exiled (CR 406.2)
        when["to"] = "exile"
    on_the_event = bool(ABOUT_THE_CARDS.search(effect)) or about_the_event(effect)
    triggered = {"when": when, **resolution(effect, name, do_forms, on_the_event)}
    whose = {"you": "its controller's", "opponent": "an opponent's", "any": "a"}[when["whose"]]
    kind = (" of that kind" if spec else "") + (" put into exile" if m.group("exile") else "")
    return ([("ability", {"triggered": triggered})],
            (f"a triggered ability when cards{kind} leave {whose} graveyard, once for each event however many "
             "cards (CR 603.2, 603.2c)" if batch else
             f"a triggered ability each time a card{kind} leaves {whose} graveyard (CR 603.2)")
            + (": next casts a card for its flashback cost from a graveyard (to the stack) and exiles cards from one "
               "to pay costs (702.34a, 702.66a, 601.2h)"))
